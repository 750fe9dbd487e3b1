// The header of every page about one user: their id and the tabs of what can be done with their memory.

import { u } from "./api.js";
import { h } from "./dom.js";

const TABS = [
  ["memory", "Memory", ""],
  ["reviews", "Review queue", "/reviews"],
  ["dreams", "Dreams", "/dreams"],
  ["transfer", "Export & import", "/transfer"],
  ["forget", "Forget user", "/forget"],
];

export function userHeader(user, current, title) {
  return h(
    "div",
    { class: "page-head" },
    h("p", { class: "crumbs" }, h("a", { href: "#/" }, "Users"), " / ", h("a", { href: `#/users/${u(user)}` }, user)),
    h("h1", {}, title),
    h(
      "nav",
      { class: "tabs", "aria-label": `${user}'s memory` },
      TABS.map(([key, label, suffix]) =>
        h("a", { href: `#/users/${u(user)}${suffix}`, "aria-current": key === current ? "page" : false }, label),
      ),
    ),
  );
}

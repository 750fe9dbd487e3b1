// The console's router: each hash path (#/users/alice/...) renders one page into <main>.

import { ApiError, configure, hasToken, setToken, startSignIn, usesSignIn } from "./api.js";
import { alertBox, field, h } from "./dom.js";
import { cardPage } from "./card.js";
import { dreamsPage, reportPage } from "./dreams.js";
import { memoryPage } from "./memory.js";
import { reviewsPage } from "./reviews.js";
import { forgetPage, transferPage } from "./transfer.js";
import { usersPage } from "./users.js";

const ROUTES = [
  [/^\/?$/, usersPage, "users"],
  [/^\/reviews$/, (ctx) => reviewsPage({ ...ctx, user: null }), "reviews"],
  [/^\/users\/([^/]+)$/, (ctx, user) => memoryPage({ ...ctx, user }), "users"],
  [/^\/users\/([^/]+)\/memories\/([^/]+)$/, (ctx, user, id) => cardPage({ ...ctx, user, id }), "users"],
  [/^\/users\/([^/]+)\/reviews$/, (ctx, user) => reviewsPage({ ...ctx, user }), "users"],
  [/^\/users\/([^/]+)\/dreams$/, (ctx, user) => dreamsPage({ ...ctx, user }), "users"],
  [/^\/users\/([^/]+)\/dreams\/([^/]+)$/, (ctx, user, run) => reportPage({ ...ctx, user, run }), "users"],
  [/^\/users\/([^/]+)\/transfer$/, (ctx, user) => transferPage({ ...ctx, user }), "users"],
  [/^\/users\/([^/]+)\/forget$/, (ctx, user) => forgetPage({ ...ctx, user }), "users"],
];

let rendering = 0;

function signIn(retry, refused) {
  if (usesSignIn()) {
    setToken(null);
    return h(
      "div",
      { class: "card narrow" },
      h("h1", {}, "Sign in"),
      h("p", {}, "The console reads memory as an operator of this tenant: sign in with your operator account."),
      h("button", { type: "button", onclick: () => startSignIn() }, "Sign in"),
    );
  }
  const input = h("input", { type: "password", name: "token", autocomplete: "off", required: true });
  const form = h(
    "form",
    {
      class: "card narrow",
      onsubmit: (e) => {
        e.preventDefault();
        setToken(input.value.trim());
        retry();
      },
    },
    h("h1", {}, "Sign in"),
    h("p", {}, "This Reverie service asks for a bearer token. Paste the admin token (REVERIE_API_TOKEN); it is kept for this tab only."),
    refused ? alertBox("That token was not accepted: paste the admin token.") : null,
    field("Admin token", input),
    h("button", { type: "submit" }, "Sign in"),
  );
  return form;
}

export async function render() {
  const main = document.getElementById("main");
  const path = decodeURIComponent(location.hash.replace(/^#/, "")) || "/";
  const ticket = ++rendering;
  const refresh = () => render();
  for (const [pattern, page, nav] of ROUTES) {
    const match = path.match(pattern);
    if (!match) continue;
    for (const a of document.querySelectorAll("[data-nav]")) {
      if (a.dataset.nav === nav) a.setAttribute("aria-current", "page");
      else a.removeAttribute("aria-current");
    }
    main.setAttribute("aria-busy", "true");
    try {
      const node = await page({ refresh }, ...match.slice(1));
      if (ticket !== rendering) return; // a newer navigation won
      main.replaceChildren(node);
    } catch (err) {
      if (ticket !== rendering) return;
      if (err instanceof ApiError && err.status === 401) main.replaceChildren(signIn(refresh, hasToken()));
      else main.replaceChildren(alertBox(err instanceof ApiError ? `${err.status}: ${err.message}` : String(err)));
    } finally {
      main.removeAttribute("aria-busy");
    }
    const heading = main.querySelector("h1");
    if (heading) document.title = `${heading.textContent} · Reverie console`;
    return;
  }
  main.replaceChildren(alertBox(`No page at ${path}`), h("p", {}, h("a", { href: "#/" }, "All users")));
}

window.addEventListener("hashchange", () => {
  const status = document.getElementById("status");
  if (status.dataset.fresh) delete status.dataset.fresh;
  else status.replaceChildren();
  render().then(() => document.getElementById("main").focus({ preventScroll: true }));
});
configure()
  .then(render)
  .catch((err) => document.getElementById("main").replaceChildren(alertBox(String(err.message || err))));

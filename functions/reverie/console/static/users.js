// Users: every user with counts, searchable and sortable; the tenant's health at a glance above them.

import { get, localFigure, u } from "./api.js";
import { badge, field, h, table, time, when } from "./dom.js";

const COLUMNS = [
  ["user_id", "User", "text"],
  ["memories", "Memories", "num"],
  ["sessions", "Sessions", "num"],
  ["last_update", "Last update", "text"],
  ["pending_sessions", "Sessions to dream", "num"],
  ["open_reviews", "Open reviews", "num"],
];

function injected(stats) {
  if (!stats) return "on AWS: the InjectedTokens metric of the tenant's dashboard";
  if (!stats.contexts) return "no context served since the service started";
  return `mean ${stats.injected_tokens_mean}, p95 ${stats.injected_tokens_p95} over ${stats.contexts} contexts since ${when(stats.since)}`;
}

function health(o, stats) {
  const last = o.last_dream;
  const item = (label, value) => h("div", { class: "stat" }, h("dt", {}, label), h("dd", {}, value));
  return h(
    "section",
    { class: "card", "aria-labelledby": "health-h" },
    h("h2", { id: "health-h" }, `Health of tenant ${o.tenant_id}`),
    h(
      "dl",
      { class: "stats" },
      item("Users", String(o.users.length)),
      item("Cards by status", Object.keys(o.cards_by_status).length
        ? h("span", {}, Object.entries(o.cards_by_status).map(([k, v]) => h("span", { class: "pair" }, badge(k), ` ${v}`)))
        : "none"),
      item("Waiting for a dream", `${o.pending_sessions} sessions, ${o.pending_tokens.toLocaleString()} tokens`),
      item("Open reviews", String(o.open_reviews)),
      item("Injections into contexts", `${o.injections.toLocaleString()} card hits`),
      item("Injected tokens per context", injected(stats)),
      item(
        "Last dream",
        last
          ? h("span", {}, h("a", { href: `#/users/${u(last.user_id)}/dreams/${u(last.run_id)}` }, `${last.user_id}, ${when(last.started_at)}`), " ", badge(last.status))
          : "none yet",
      ),
      item("Runs (last 200)", Object.entries(o.runs_by_status).map(([k, v]) => `${k} ${v}`).join(", ") || "none"),
    ),
  );
}

export async function usersPage() {
  const [o, stats] = await Promise.all([get("/overview"), localFigure("context-stats.json")]);
  let sortKey = "user_id";
  let ascending = true;
  const search = h("input", { type: "search", name: "user-search", placeholder: "alice", autocomplete: "off" });
  const holder = h("div");

  const draw = () => {
    const needle = search.value.trim().toLowerCase();
    const rows = o.users
      .filter((x) => x.user_id.toLowerCase().includes(needle))
      .sort((a, b) => {
        const x = a[sortKey] ?? "";
        const y = b[sortKey] ?? "";
        const order = x < y ? -1 : x > y ? 1 : 0;
        return ascending ? order : -order;
      });
    const headers = COLUMNS.map(([key, label]) =>
      h(
        "th",
        { scope: "col", "aria-sort": key === sortKey ? (ascending ? "ascending" : "descending") : "none" },
        h("button", {
          type: "button",
          class: "sort",
          onclick: () => {
            ascending = key === sortKey ? !ascending : true;
            sortKey = key;
            draw();
            holder.querySelector(`[data-sort="${key}"]`).focus();
          },
          "data-sort": key,
        }, label, h("span", { "aria-hidden": "true" }, key === sortKey ? (ascending ? " ▲" : " ▼") : "")),
      ),
    );
    const body = rows.map((x) =>
      h(
        "tr",
        {},
        h("th", { scope: "row" }, h("a", { href: `#/users/${u(x.user_id)}` }, x.user_id)),
        h("td", { class: "num" }, x.memories),
        h("td", { class: "num" }, x.sessions),
        h("td", {}, time(x.last_update)),
        h("td", { class: "num" }, x.pending_sessions ? `${x.pending_sessions} (${x.pending_tokens.toLocaleString()} tokens)` : "0"),
        h("td", { class: "num" }, x.open_reviews ? h("a", { href: `#/users/${u(x.user_id)}/reviews` }, x.open_reviews) : "0"),
      ),
    );
    holder.replaceChildren(
      table(`${rows.length} of ${o.users.length} users`, headers, body.length ? body : h("tr", {}, h("td", { colspan: 6 }, "No user matches.")), "users"),
    );
  };
  search.addEventListener("input", draw);
  draw();
  return h(
    "div",
    {},
    h("h1", {}, "Users"),
    health(o, stats),
    h("section", { class: "card", "aria-labelledby": "users-h" }, h("h2", { id: "users-h" }, "Every user"), field("Search users by id", search), holder),
  );
}

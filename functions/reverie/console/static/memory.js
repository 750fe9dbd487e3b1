// A user's memory: the cards with filters, the fixed block as the context shows it, and a box that asks
// the service for the context an agent would get.

import { getAll, post, q, u } from "./api.js";
import { cardSummary, LAYERS, sections, STATUSES, TYPES } from "./common.js";
import { field, h, select } from "./dom.js";
import { userHeader } from "./nav.js";

const LIMIT = 1000;
const RETIRED = new Set(["superseded", "archived", "rejected"]);
const retired = (card) => (RETIRED.has(card.status) ? 1 : 0);

function contextView(user, ctx) {
  const citations = ctx.citations.map((c) =>
    h(
      "li",
      {},
      `[${c.handle}] `,
      c.kind === "memory" ? h("a", { href: `#/users/${u(user)}/memories/${u(c.memory_id)}` }, c.memory_id) : `raw turn ${c.memory_id}`,
      c.evidence.length ? ` — evidence ${c.evidence.map((e) => `${e.session_id}/${e.event_id}`).join(", ")}` : "",
    ),
  );
  return h(
    "div",
    { class: "context" },
    h("p", { class: "muted" }, `${ctx.tokens} of ${ctx.budget_tokens} tokens, ${ctx.memory_ids.length} memories`),
    h("pre", { tabindex: "0", "aria-label": "The context block" }, ctx.context || "(no memories for this query)"),
    citations.length ? h("h3", {}, "Citations") : null,
    citations.length ? h("ol", { class: "citations" }, citations) : null,
  );
}

async function fixedBlock(user) {
  const ctx = await post(`/users/${u(user)}/context/preview`, { query: "", budget_tokens: 600 });
  const fixed = sections(ctx.context).find((s) => s.title.startsWith("Preferences"));
  return h(
    "section",
    { class: "card", "aria-labelledby": "fixed-h" },
    h("h2", { id: "fixed-h" }, "Preferences and current plan"),
    h("p", { class: "muted" }, "The fixed block every context carries, as the agent reads it."),
    fixed ? h("pre", { tabindex: "0" }, fixed.lines.join("\n").trim()) : h("p", {}, "No standing preference or plan."),
  );
}

function agentBox(user) {
  const query = h("textarea", { name: "query", rows: 2, maxlength: 4000, required: true });
  const budget = h("input", { type: "number", name: "budget", min: 64, max: 32000, value: "600", required: true });
  const out = h("div", { "aria-live": "polite" });
  const form = h(
    "form",
    {
      onsubmit: async (e) => {
        e.preventDefault();
        out.replaceChildren(h("p", {}, "Asking…"));
        try {
          const ctx = await post(`/users/${u(user)}/context/preview`, { query: query.value, budget_tokens: Number(budget.value) });
          out.replaceChildren(contextView(user, ctx));
        } catch (err) {
          out.replaceChildren(h("p", { class: "note error", role: "alert" }, err.message));
        }
      },
    },
    field("What the agent is about to do or was asked", query),
    field("Budget (tokens)", budget),
    h("button", { type: "submit" }, "Show the context"),
  );
  return h(
    "section",
    { class: "card", "aria-labelledby": "agent-h" },
    h("h2", { id: "agent-h" }, "What would the agent see?"),
    h("p", { class: "muted" }, "Runs the agent's recall; a preview, so it does not count as a use of the cards."),
    form,
    out,
  );
}

export async function memoryPage({ user }) {
  const state = { type: "", status: "", layer: "", text: "" };
  const list = h("div", { class: "memories", "aria-live": "polite" });
  let cards = [];

  const draw = () => {
    const needle = state.text.trim().toLowerCase();
    const shown = cards
      .filter((c) => !needle || [c.statement, c.key, c.memory_id].join(" ").toLowerCase().includes(needle))
      .sort((a, b) => retired(a) - retired(b)); // current cards first, each group newest change first
    list.replaceChildren(
      h("p", { class: "count" }, `${shown.length} of ${cards.length} memories`),
      ...(shown.length ? shown.map((c) => cardSummary(user, c)) : [h("p", {}, "No memory matches these filters.")]),
    );
  };
  let asked = 0;
  const load = async () => {
    const ticket = ++asked;
    const found = await getAll(`/users/${u(user)}/memories${q({ type: state.type, status: state.status, layer: state.layer, limit: LIMIT })}`, "memories");
    if (ticket !== asked) return; // a later filter's answer is the one to show
    cards = found.items;
    draw();
  };
  const typeSel = select("type", [["", "any type"], ...TYPES.map((t) => [t, t])], "");
  const statusSel = select("status", [["", "any status"], ...STATUSES.map((s) => [s, s])], "");
  const layerSel = select("layer", [["", "any layer"], ...LAYERS], "");
  const text = h("input", { type: "search", name: "text", autocomplete: "off" });
  for (const [control, key] of [[typeSel, "type"], [statusSel, "status"], [layerSel, "layer"]]) {
    control.addEventListener("change", () => {
      state[key] = control.value;
      load();
    });
  }
  text.addEventListener("input", () => {
    state.text = text.value;
    draw();
  });
  await load();
  const fixed = await fixedBlock(user);
  return h(
    "div",
    {},
    userHeader(user, "memory", `${user}'s memory`),
    h(
      "div",
      { class: "columns" },
      h(
        "section",
        { class: "card wide", "aria-labelledby": "cards-h" },
        h("h2", { id: "cards-h" }, "Memories"),
        h("form", { class: "filters", role: "search", onsubmit: (e) => e.preventDefault() },
          field("Type", typeSel), field("Status", statusSel), field("Layer", layerSel), field("Text contains", text)),
        list,
      ),
      h("div", { class: "side" }, fixed, agentBox(user)),
    ),
  );
}

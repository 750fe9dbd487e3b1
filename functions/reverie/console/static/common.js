// Pieces several pages share: the memory types and statuses, a card's summary, the context's sections.

import { u } from "./api.js";
import { badge, h, time } from "./dom.js";

export const TYPES = ["fact", "preference", "constraint", "skill", "procedure", "correction", "plan", "episode"];
export const STATUSES = ["hypothesis", "verified", "conflicting", "superseded", "archived", "rejected"];
export const LAYERS = [["L3", "L3 knowledge"], ["L2", "L2 notes"]];

export function cardBadges(card) {
  return h(
    "span",
    { class: "badges" },
    badge(card.type, "type"),
    badge(card.status),
    badge(card.layer === "L3" ? "L3 knowledge" : "L2 note", card.layer),
    card.review_status === "edited" ? badge("edited by a person", "edited") : null,
    card.review_status === "human_approved" ? badge("approved by a person", "edited") : null,
  );
}

export function cardSummary(user, card, extra = null) {
  const facts = [
    ["Confidence", card.confidence.toFixed(2)],
    ["Created", time(card.created_at)],
    ["Updated", time(card.updated_at)],
    ["Valid until", time(card.valid_until)],
    ["Version", String(card.version)],
  ];
  return h(
    "article",
    { class: "memory", "data-memory-id": card.memory_id },
    h("h3", {}, h("a", { href: `#/users/${u(user)}/memories/${u(card.memory_id)}` }, card.statement)),
    cardBadges(card),
    card.key ? h("p", { class: "muted" }, `key: ${card.key}`) : null,
    h("dl", { class: "facts" }, facts.map(([k, v]) => h("div", {}, h("dt", {}, k), h("dd", {}, v)))),
    extra,
  );
}

// The context block's sections, by their "## " headings.
export function sections(text) {
  const found = [];
  let current = null;
  for (const line of text.split("\n")) {
    if (line.startsWith("## ")) {
      current = { title: line.slice(3), lines: [] };
      found.push(current);
    } else if (current) current.lines.push(line);
  }
  return found;
}

export function evidenceText(refs) {
  return refs.map((r) => `${r.session_id}/${r.event_id}`).join(", ");
}

// The review queue: conflicts, quarantined text and proposed corrections, each with both sides and their
// evidence; approve (keeping one of two), reject or edit.

import { get, post, q, u } from "./api.js";
import { cardBadges } from "./common.js";
import { alertBox, field, h, say, time, uid } from "./dom.js";
import { evidenceView } from "./events.js";
import { userHeader } from "./nav.js";

const WHY = {
  conflict: "Two memories disagree and the dream could not settle it.",
  quarantine: "Text that reads like instructions came from a source that is not trusted to give them.",
  correction: "A tool or a document proposes to change a value a person gave.",
};

async function side(item, memoryId) {
  let card;
  try {
    card = await get(`/users/${u(item.user_id)}/memories/${u(memoryId)}`);
  } catch (err) {
    return h("div", { class: "side-card" }, h("p", { class: "muted" }, `${memoryId}: ${err.message}`));
  }
  return h(
    "div",
    { class: "side-card", "data-memory-id": memoryId },
    h("p", { class: "statement" }, h("a", { href: `#/users/${u(item.user_id)}/memories/${u(memoryId)}` }, card.statement)),
    cardBadges(card),
    h("p", { class: "muted" }, `source ${card.source.kind} (trust ${card.source.trust}) · confidence ${card.confidence.toFixed(2)} · v${card.version}`),
    card.supersedes ? h("p", { class: "muted" }, `proposes to replace ${card.supersedes}`) : null,
    h("details", {}, h("summary", {}, `Evidence (${card.evidence_refs.length})`), ...(await evidenceView(item.user_id, card.evidence_refs))),
  );
}

function decide(item, body, done) {
  return async () => {
    try {
      await post(`/users/${u(item.user_id)}/reviews/${u(item.item_id)}`, body);
      say(`Review item ${item.item_id}: ${body.action === "approve" ? "approved" : body.action === "reject" ? "rejected" : "edited"}.`);
      done();
    } catch (err) {
      say(err.message, "error");
    }
  };
}

async function itemView(item, done) {
  const sides = await Promise.all(item.memory_ids.map((id) => side(item, id)));
  const many = item.memory_ids.length > 1;
  const actions = h("div", { class: "actions" });
  if (many) {
    item.memory_ids.forEach((id, i) => {
      sides[i].append(h("button", { type: "button", onclick: decide(item, { action: "approve", keep: id }, done) }, "Keep this one"));
    });
  } else {
    actions.append(h("button", { type: "button", onclick: decide(item, { action: "approve" }, done) }, "Approve"), " ");
  }
  actions.append(h("button", { type: "button", class: "danger", onclick: decide(item, { action: "reject" }, done) }, many ? "Reject all" : "Reject"));
  const statement = h("textarea", { name: "statement", rows: 2, required: true, maxlength: 2000 });
  const pick = many
    ? h(
        "fieldset",
        {},
        h("legend", {}, "The card that stands"),
        item.memory_ids.map((id, i) => {
          const rid = uid("keep");
          return h("div", {}, h("input", { type: "radio", name: `keep-${item.item_id}`, value: id, id: rid, checked: i === 0 }), h("label", { for: rid }, ` ${id}`));
        }),
      )
    : null;
  const edit = h(
    "details",
    { class: "edit" },
    h("summary", {}, "Edit instead"),
    h(
      "form",
      {
        onsubmit: (e) => {
          e.preventDefault();
          const keep = many ? e.target.querySelector("input[type=radio]:checked").value : undefined;
          decide(item, { action: "edit", statement: statement.value, keep }, done)();
        },
      },
      pick,
      field("Corrected statement", statement),
      h("button", { type: "submit" }, "Save and approve"),
    ),
  );
  return h(
    "article",
    { class: "card review", "data-item-id": item.item_id },
    h("h2", {}, `${item.reason[0].toUpperCase()}${item.reason.slice(1)} · ${item.user_id}`),
    h("p", {}, WHY[item.reason] || ""),
    item.detail ? h("p", { class: "reason" }, item.detail) : null,
    h("p", { class: "muted" }, "Raised ", time(item.created_at), item.run_id ? [" by run ", h("a", { href: `#/users/${u(item.user_id)}/dreams/${u(item.run_id)}` }, item.run_id)] : ""),
    h("div", { class: "sides" }, sides),
    actions,
    edit,
  );
}

export async function reviewsPage({ user, refresh }) {
  const path = user ? `/users/${u(user)}/reviews` : `/reviews`;
  const { items } = await get(path + q({ status: "open" }));
  const views = await Promise.all(items.map((item) => itemView(item, refresh)));
  return h(
    "div",
    {},
    user ? userHeader(user, "reviews", `${user}'s review queue`) : h("h1", {}, "Review queue"),
    views.length ? views : h("p", { class: "card" }, "Nothing waits for review."),
  );
}

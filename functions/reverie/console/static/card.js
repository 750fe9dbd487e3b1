// One memory: its content, its version history (who or which run changed what, and why), its evidence in
// the conversations it came from, an edit form that names the version it read, and delete.

import { ApiError, del, get, patch, u } from "./api.js";
import { cardBadges, TYPES } from "./common.js";
import { alertBox, field, h, say, select, time } from "./dom.js";
import { evidenceView } from "./events.js";
import { userHeader } from "./nav.js";

const COMPARED = ["statement", "type", "status", "layer", "key", "confidence", "valid_until", "review_status", "superseded_by", "condition", "action", "outcome"];

async function runReasons(user, versions) {
  const reasons = new Map(); // "version" -> {run, kind, stage, reason}
  const runs = [...new Set(versions.map((v) => v.dream_run_id).filter(Boolean))];
  for (const run of runs) {
    try {
      const report = await get(`/users/${u(user)}/dreams/${u(run)}`);
      for (const c of report.changes) {
        if (c.memory_id === versions[0].memory_id) reasons.set(c.after_version, { run, ...c });
      }
    } catch {
      /* a run since deleted: the version still names it */
    }
  }
  return reasons;
}

function author(v, prev, change) {
  if (change) return [`dream run `, h("a", { href: `#/users/${u(v.user_id)}/dreams/${u(change.run)}` }, change.run), ` (${change.stage}, ${change.kind})`];
  if (v.review_status === "edited" && (!prev || prev.review_status !== "edited" || v.statement !== prev.statement || v.type !== prev.type || v.valid_until !== prev.valid_until))
    return ["a person (edit)"];
  if (v.review_status === "human_approved" && (!prev || prev.review_status !== "human_approved")) return ["a person (review)"];
  if (!prev) return v.dream_run_id ? [`dream run ${v.dream_run_id}`] : [`a direct write through the API (source: ${v.source.kind})`];
  return ["the service (feedback, review or a later run's bookkeeping)"];
}

function historyView(versions, reasons) {
  return h(
    "ol",
    { class: "history", reversed: true },
    [...versions].reverse().map((v) => {
      const prev = versions.find((x) => x.version === v.version - 1);
      const change = reasons.get(v.version);
      const diffs = prev ? COMPARED.filter((k) => JSON.stringify(v[k]) !== JSON.stringify(prev[k])) : [];
      return h(
        "li",
        { "data-version": v.version },
        h("p", {}, h("strong", {}, `Version ${v.version}`), " · ", time(v.updated_at), " · by ", ...author(v, prev, change)),
        change ? h("p", { class: "reason" }, `Why: ${change.reason}`) : null,
        prev
          ? diffs.length
            ? h("ul", { class: "diff" }, diffs.map((k) => h("li", {}, h("code", {}, k), `: ${fmt(prev[k])} → ${fmt(v[k])}`)))
            : h("p", { class: "muted" }, "No field of the content changed.")
          : h("p", {}, `“${v.statement}” `, cardBadges(v)),
      );
    }),
  );
}

function fmt(value) {
  if (value === null || value === undefined || value === "") return "—";
  return typeof value === "string" ? `“${value}”` : JSON.stringify(value);
}

function toLocalInput(iso) {
  return iso ? iso.slice(0, 16) : "";
}

function editForm(user, card, refresh, draft) {
  const statement = h("textarea", { name: "statement", rows: 3, required: true, maxlength: 2000, value: draft?.statement ?? card.statement });
  const type = select("type", TYPES.map((t) => [t, t]), draft?.type ?? card.type);
  const validUntil = h("input", { type: "datetime-local", name: "valid_until", value: draft?.valid_until ?? toLocalInput(card.valid_until) });
  const out = h("div", { "aria-live": "polite" });
  const form = h(
    "form",
    {
      class: "edit",
      onsubmit: async (e) => {
        e.preventDefault();
        const changes = {};
        if (statement.value !== card.statement) changes.statement = statement.value;
        if (type.value !== card.type) changes.type = type.value;
        if (validUntil.value !== toLocalInput(card.valid_until)) changes.valid_until = validUntil.value ? `${validUntil.value}:00Z` : null;
        if (!Object.keys(changes).length) {
          out.replaceChildren(h("p", { class: "note" }, "Nothing changed."));
          return;
        }
        try {
          const saved = await patch(`/users/${u(user)}/memories/${u(card.memory_id)}`, { expected_version: card.version, ...changes });
          say(`Saved as version ${saved.version}: marked edited, no dream will rewrite it.`);
          refresh();
        } catch (err) {
          if (err instanceof ApiError && err.status === 409) {
            const keep = { statement: statement.value, type: type.value, valid_until: validUntil.value };
            out.replaceChildren(
              alertBox(
                `This memory changed meanwhile: you read version ${card.version}, someone or a dream has written a newer one. Nothing was saved.`,
                h("button", { type: "button", onclick: () => refresh({ draft: keep }) }, "Reload the current version (your text is kept)"),
              ),
            );
          } else out.replaceChildren(alertBox(err.message));
        }
      },
    },
    h("p", { class: "muted" }, `Editing version ${card.version}. A saved edit is verified, marked edited, and never rewritten by a dream.`),
    field("Statement", statement),
    field("Type", type),
    field("Valid until (UTC, empty: no end)", validUntil),
    h("button", { type: "submit" }, "Save edit"),
    out,
  );
  return form;
}

function deleteBox(user, card) {
  const out = h("div", { "aria-live": "polite" });
  const confirmRow = h(
    "div",
    { class: "confirm", hidden: true },
    h("p", {}, "Delete every version of this memory and its search entry? Its evidence stays in the raw log."),
    h("button", {
      type: "button",
      class: "danger",
      onclick: async () => {
        try {
          await del(`/users/${u(user)}/memories/${u(card.memory_id)}`);
          say(`Deleted memory ${card.memory_id}.`);
          location.hash = `#/users/${u(user)}`;
        } catch (err) {
          out.replaceChildren(alertBox(err.message));
        }
      },
    }, "Delete for good"),
    " ",
    h("button", { type: "button", onclick: () => { confirmRow.hidden = true; } }, "Cancel"),
  );
  return h(
    "div",
    {},
    h("button", { type: "button", class: "danger", onclick: () => { confirmRow.hidden = false; confirmRow.querySelector("button").focus(); } }, "Delete this memory"),
    confirmRow,
    out,
  );
}

export async function cardPage({ user, id, refresh }) {
  const draft = cardPage.draft;
  cardPage.draft = null;
  const card = await get(`/users/${u(user)}/memories/${u(id)}`);
  const versions = (await get(`/users/${u(user)}/memories/${u(id)}/history`)).versions;
  const reasons = await runReasons(user, versions);
  const evidence = await evidenceView(user, card.evidence_refs);
  const reload = (opts = {}) => {
    cardPage.draft = opts.draft || null;
    refresh();
  };
  return h(
    "div",
    {},
    userHeader(user, "memory", "Memory"),
    h(
      "section",
      { class: "card", "aria-labelledby": "stmt-h" },
      h("h2", { id: "stmt-h", class: "statement" }, card.statement),
      cardBadges(card),
      h(
        "dl",
        { class: "facts" },
        [
          ["Id", card.memory_id],
          ["Version", String(card.version)],
          ["Confidence", card.confidence.toFixed(2)],
          ["Source", `${card.source.kind} (trust ${card.source.trust})`],
          ["Key", card.key || "—"],
          ["Created", time(card.created_at)],
          ["Updated", time(card.updated_at)],
          ["Valid until", time(card.valid_until)],
          ["Injected", `${card.hit_count} times`],
          card.superseded_by ? ["Superseded by", h("a", { href: `#/users/${u(user)}/memories/${u(card.superseded_by)}` }, card.superseded_by)] : null,
          card.derived_from.length ? ["Derived from", card.derived_from.join(", ")] : null,
        ]
          .filter(Boolean)
          .map(([k, v]) => h("div", {}, h("dt", {}, k), h("dd", {}, v))),
      ),
      card.condition ? h("p", {}, h("b", {}, "When: "), card.condition) : null,
      card.action ? h("p", {}, h("b", {}, "Do: "), card.action) : null,
      card.outcome ? h("p", {}, h("b", {}, "Outcome: "), card.outcome) : null,
    ),
    h(
      "div",
      { class: "columns" },
      h(
        "div",
        { class: "wide" },
        h("section", { class: "card", "aria-labelledby": "hist-h" }, h("h2", { id: "hist-h" }, `History (${versions.length} versions)`), historyView(versions, reasons)),
        h("section", { class: "card", "aria-labelledby": "ev-h" }, h("h2", { id: "ev-h" }, "Evidence in its conversation"), ...evidence),
      ),
      h(
        "div",
        { class: "side" },
        h("section", { class: "card", "aria-labelledby": "edit-h" }, h("h2", { id: "edit-h" }, "Edit"), draft ? h("p", { class: "note" }, "Current version loaded; your text is kept in the form.") : null, editForm(user, card, reload, draft)),
        h("section", { class: "card", "aria-labelledby": "del-h" }, h("h2", { id: "del-h" }, "Delete"), deleteBox(user, card)),
      ),
    ),
  );
}

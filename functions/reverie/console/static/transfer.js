// Export and import a user's memory (JSON Lines), and forget a user with a typed confirmation.

import { del, post, raw, u } from "./api.js";
import { alertBox, field, h, say, table } from "./dom.js";
import { userHeader } from "./nav.js";

const CHUNK_BYTES = 400_000; // requests stay well under the API's body limit; the import is idempotent

function exportBox(user) {
  const events = h("input", { type: "checkbox", name: "events" });
  const out = h("div", { "aria-live": "polite" });
  const button = h("button", {
    type: "button",
    onclick: async () => {
      out.replaceChildren(h("p", {}, "Exporting…"));
      try {
        const text = await raw("GET", `/users/${u(user)}/export${events.checked ? "?events=true" : ""}`);
        const header = JSON.parse(text.split("\n", 1)[0]);
        const url = URL.createObjectURL(new Blob([text], { type: "application/x-ndjson" }));
        const link = h("a", { href: url, download: `reverie-${user}.jsonl`, class: "button" }, `Download reverie-${user}.jsonl`);
        out.replaceChildren(h("p", {}, `${header.cards} cards, ${header.versions} versions, ${header.events} events. `), link);
        link.click();
      } catch (err) {
        out.replaceChildren(alertBox(err.message));
      }
    },
  }, "Export");
  return h(
    "section",
    { class: "card" },
    h("h2", {}, "Export"),
    h("p", {}, "Every version of every card this user wrote, with its evidence references, as JSON Lines."),
    h("div", { class: "check" }, events, h("label", { for: (events.id = "export-events") }, " Include the raw events (the conversations)")),
    button,
    out,
  );
}

function chunks(lines) {
  const out = [];
  let current = [];
  let size = 0;
  for (const line of lines) {
    if (current.length && (size + line.length > CHUNK_BYTES || current.length >= 4000)) {
      out.push(current);
      current = [];
      size = 0;
    }
    current.push(JSON.parse(line));
    size += line.length;
  }
  if (current.length) out.push(current);
  return out;
}

function importBox(user) {
  const file = h("input", { type: "file", name: "file", accept: ".jsonl,.ndjson,application/x-ndjson,application/json" });
  const out = h("div", { "aria-live": "polite" });
  const form = h(
    "form",
    {
      onsubmit: async (e) => {
        e.preventDefault();
        if (!file.files.length) return;
        out.replaceChildren(h("p", {}, "Importing…"));
        try {
          const lines = (await file.files[0].text()).split("\n").filter((l) => l.trim());
          const total = { cards_created: 0, versions_added: 0, versions_unchanged: 0, events_stored: 0, events_duplicate: 0, conflicts: [] };
          for (const records of chunks(lines)) {
            const done = await post(`/users/${u(user)}/import`, { records });
            for (const k of Object.keys(total)) total[k] = k === "conflicts" ? total[k].concat(done[k]) : total[k] + done[k];
          }
          out.replaceChildren(
            h("dl", { class: "facts", "aria-label": "Import report" },
              Object.entries(total).filter(([k]) => k !== "conflicts").map(([k, v]) => h("div", {}, h("dt", {}, k.replace(/_/g, " ")), h("dd", {}, String(v))))),
            total.conflicts.length ? h("div", { class: "note error" }, h("p", {}, "Left alone:"), h("ul", {}, total.conflicts.map((c) => h("li", {}, c)))) : h("p", { class: "note ok" }, "Imported with no conflict."),
          );
          say("Import finished.");
        } catch (err) {
          out.replaceChildren(alertBox(err instanceof SyntaxError ? `Not a JSON Lines export: ${err.message}` : err.message));
        }
      },
    },
    field("Export file (JSON Lines)", file),
    h("button", { type: "submit" }, "Import"),
  );
  return h(
    "section",
    { class: "card" },
    h("h2", {}, "Import"),
    h("p", {}, `Into ${user}: the same ids and versions; what is already held is left as it is, so importing twice changes nothing.`),
    form,
    out,
  );
}

export async function transferPage({ user }) {
  return h("div", {}, userHeader(user, "transfer", `Export & import ${user}'s memory`), h("div", { class: "columns even" }, exportBox(user), importBox(user)));
}

function deletionReport(user, done) {
  const rows = Object.entries(done.stores).map(([name, s]) =>
    h("tr", {}, h("th", { scope: "row" }, name), h("td", { class: "num" }, s.removed ?? "—"), h("td", { class: "num" }, s.remaining ?? "—"), h("td", {}, s.compacted ? "yes" : "no"), h("td", {}, s.note)),
  );
  return h(
    "section",
    { class: "card", "aria-labelledby": "report-h" },
    h("h2", { id: "report-h" }, `Deletion report for ${user}`),
    h("p", { class: done.remaining === 0 ? "note ok" : "note error" },
      `${done.events} events, ${done.memories} memories and ${done.index_docs} search documents removed; ${done.remaining} records remain.`),
    done.shared_cards.length ? h("p", {}, `Shared cards they wrote, deleted with them: ${done.shared_cards.join(", ")}`) : null,
    table("Every store", ["Store", "Removed", "Remaining", "Compacted", "Note"], rows),
  );
}

export async function forgetPage({ user }) {
  const typed = h("input", { type: "text", name: "confirm", autocomplete: "off", spellcheck: "false" });
  const button = h("button", { type: "submit", class: "danger", disabled: true }, `Forget ${user}`);
  const out = h("div", { "aria-live": "polite" });
  typed.addEventListener("input", () => {
    button.disabled = typed.value !== user;
  });
  const form = h(
    "form",
    {
      onsubmit: async (e) => {
        e.preventDefault();
        if (typed.value !== user) return;
        button.disabled = true;
        try {
          const done = await del(`/users/${u(user)}`);
          form.closest("section").replaceWith(deletionReport(user, done));
          say(`${user} is forgotten.`);
        } catch (err) {
          out.replaceChildren(alertBox(err.message));
          button.disabled = false;
        }
      },
    },
    h("p", {}, `This deletes everything Reverie holds about ${user}: raw events, every card and version, the shared cards they wrote, search documents, cached vectors, queued sessions, dream runs and review items. It cannot be undone: export first if the memory must be kept.`),
    field(`Type ${user} to confirm`, typed),
    button,
    out,
  );
  return h("div", {}, userHeader(user, "forget", `Forget ${user}`), h("section", { class: "card danger-zone" }, form));
}

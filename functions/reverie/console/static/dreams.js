// Dreams: a user's runs, starting one and watching it, a run's report as a readable list of changes, and
// rolling a run back as a unit.

import { get, getAll, post, q, u } from "./api.js";
import { alertBox, badge, h, say, table, time } from "./dom.js";
import { userHeader } from "./nav.js";

const STAGES = ["select", "verify", "restructure", "decay"];
// What each kind of change means to a reader (the run records added, updated, superseded, ...).
const KINDS = {
  added: ["Added", "new cards"],
  updated: ["Fused or updated", "richer cards, more evidence or confidence"],
  superseded: ["Superseded", "replaced by a newer version of the same slot"],
  rejected: ["Retired", "shown wrong or fully absorbed"],
  archived: ["Archived", "expired or pruned to the budget"],
  decayed: ["Decayed", "confidence lowered: unused or unverified"],
  conflicted: ["Conflicts", "could not be settled: sent to review"],
  queued: ["Sent to review", "a person must decide"],
};

function duration(run) {
  const ms = Object.values(run.durations_ms || {}).reduce((a, b) => a + b, 0);
  return ms ? `${(ms / 1000).toFixed(1)} s` : "—";
}

function changeCounts(run) {
  const parts = Object.entries(run.counts || {}).filter(([k, v]) => v && /^(restructure|decay)\./.test(k));
  return parts.length ? parts.map(([k, v]) => `${k.split(".")[1]} ${v}`).join(", ") : "no change";
}

function tokens(run) {
  const t = run.reasoner_tokens || {};
  return `${t.calls || 0} calls, ${(t.input || 0) + (t.output || 0)} tokens`;
}

function watch(user, runId, out, done) {
  const progress = h("progress", { max: STAGES.length, value: 0, "aria-label": "Dream progress" });
  const label = h("span", {}, "starting…");
  out.replaceChildren(h("p", {}, `Run ${runId}: `, label), progress);
  const tick = async () => {
    try {
      const { run } = await get(`/users/${u(user)}/dreams/${u(runId)}`);
      progress.value = run.stages_done.length;
      label.textContent = run.status === "running" ? `running, done: ${run.stages_done.join(", ") || "nothing yet"}` : run.status;
      if (run.status === "running") setTimeout(tick, 500);
      else done(run);
    } catch (err) {
      out.append(alertBox(err.message));
    }
  };
  tick();
}

export async function dreamsPage({ user, refresh }) {
  const { runs } = await get(`/users/${u(user)}/dreams${q({ limit: 50 })}`);
  const out = h("div", { "aria-live": "polite" });
  const start = h("button", {
    type: "button",
    onclick: async () => {
      start.disabled = true;
      try {
        const started = await post(`/users/${u(user)}/dreams`, {});
        if (!started.run_id) {
          out.replaceChildren(h("p", {}, "Started in the cloud; the run appears below once it has a name."));
          return;
        }
        watch(user, started.run_id, out, (run) => {
          say(`Dream ${run.run_id} ${run.status}.`, run.status === "succeeded" ? "ok" : "error");
          location.hash = `#/users/${u(user)}/dreams/${u(run.run_id)}`;
        });
      } catch (err) {
        out.replaceChildren(alertBox(err.status === 409 ? "A dream for this user is already running." : err.message));
        start.disabled = false;
      }
    },
  }, "Start a dream now");
  const rows = runs.map((r) =>
    h(
      "tr",
      {},
      h("th", { scope: "row" }, h("a", { href: `#/users/${u(user)}/dreams/${u(r.run_id)}` }, time(r.started_at))),
      h("td", {}, r.trigger),
      h("td", {}, badge(r.status)),
      h("td", { class: "num" }, duration(r)),
      h("td", {}, changeCounts(r)),
      h("td", {}, tokens(r)),
    ),
  );
  return h(
    "div",
    {},
    userHeader(user, "dreams", `${user}'s dreams`),
    h("section", { class: "card" }, h("h2", {}, "Dream now"), h("p", { class: "muted" }, "Consolidates what the sessions recorded since the last standing run."), start, out),
    h(
      "section",
      { class: "card" },
      h("h2", {}, "Runs"),
      runs.length
        ? table(`${runs.length} runs, newest first`, ["Started", "Trigger", "Status", "Duration", "Changes", "Reasoner"], rows)
        : h("p", {}, "No dream has run for this user yet."),
    ),
  );
}

async function statements(user) {
  const found = await getAll(`/users/${u(user)}/memories${q({ limit: 1000 })}`, "memories");
  return new Map(found.items.map((c) => [c.memory_id, c]));
}

export async function reportPage({ user, run: runId, refresh }) {
  const { run, changes } = await get(`/users/${u(user)}/dreams/${u(runId)}`);
  const cards = await statements(user);
  const groups = new Map();
  for (const c of changes) {
    if (!groups.has(c.kind)) groups.set(c.kind, []);
    groups.get(c.kind).push(c);
  }
  const out = h("div", { "aria-live": "polite" });
  const confirmRow = h(
    "div",
    { class: "confirm", hidden: true },
    h("p", {}, "Undo every change of this run? Cards it wrote go back to their previous versions; what it added is rejected and not promoted again without new evidence."),
    h("button", {
      type: "button",
      class: "danger",
      onclick: async () => {
        try {
          const done = await post(`/users/${u(user)}/dreams/${u(runId)}/rollback`, {});
          say(`Rolled back: ${done.restored} restored, ${done.rejected} rejected, ${done.skipped} skipped.`);
          refresh();
        } catch (err) {
          out.replaceChildren(alertBox(err.message));
        }
      },
    }, "Roll back this run"),
    " ",
    h("button", { type: "button", onclick: () => { confirmRow.hidden = true; } }, "Cancel"),
  );
  const canRollBack = run.status === "succeeded";
  const sessions = Object.keys((run.inputs && run.inputs.sessions) || {});
  return h(
    "div",
    {},
    userHeader(user, "dreams", `Dream report`),
    h(
      "section",
      { class: "card" },
      h("h2", {}, `Run ${run.run_id} `, badge(run.status)),
      h(
        "dl",
        { class: "facts" },
        [
          ["Trigger", run.trigger],
          ["Started", time(run.started_at)],
          ["Finished", time(run.finished_at)],
          ["Duration", duration(run)],
          ["Stages", STAGES.map((s) => `${s} ${run.durations_ms?.[s] ? Math.round(run.durations_ms[s]) + " ms" : "—"}`).join(" · ")],
          ["Sessions read", sessions.join(", ") || "none"],
          ["Reasoner", tokens(run)],
          run.rolled_back_at ? ["Rolled back", time(run.rolled_back_at)] : null,
          run.error ? ["Error", run.error] : null,
        ]
          .filter(Boolean)
          .map(([k, v]) => h("div", {}, h("dt", {}, k), h("dd", {}, v))),
      ),
      canRollBack ? h("button", { type: "button", class: "danger", onclick: () => { confirmRow.hidden = false; confirmRow.querySelector("button").focus(); } }, "Roll back…") : null,
      confirmRow,
      out,
    ),
    h(
      "section",
      { class: "card report" },
      h("h2", {}, `${changes.length} changes`),
      changes.length ? null : h("p", {}, "This run changed nothing."),
      [...groups].map(([kind, items]) => {
        const [title, hint] = KINDS[kind] || [kind, ""];
        return h(
          "section",
          { class: `group k-${kind}` },
          h("h3", {}, `${title} (${items.length})`, hint ? h("small", {}, ` — ${hint}`) : null),
          h(
            "ul",
            {},
            items.map((c) => {
              const card = cards.get(c.memory_id);
              return h(
                "li",
                {},
                card ? h("a", { href: `#/users/${u(user)}/memories/${u(c.memory_id)}` }, card.statement) : h("span", { class: "muted" }, `${c.memory_id} (deleted since)`),
                h("span", { class: "muted" }, ` · ${c.stage}, v${c.before_version ?? "–"} → v${c.after_version}`),
                h("br"),
                h("span", { class: "reason" }, c.reason),
              );
            }),
          ),
        );
      }),
    ),
  );
}

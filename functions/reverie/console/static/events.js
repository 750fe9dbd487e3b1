// A session's events as a conversation, with the cited ones marked: a card's evidence in its context.

import { get, u } from "./api.js";
import { h, when } from "./dom.js";

const WINDOW = 3; // events shown on each side of a cited one in a long session

function line(e) {
  switch (e.kind) {
    case "message":
      return [h("b", {}, e.speaker || e.role), ": ", e.text];
    case "tool_call":
      return [h("b", {}, "tool call"), ` ${e.tool}(${JSON.stringify(e.args)})`];
    case "tool_result":
      return [h("b", {}, `tool ${e.tool}`), e.ok ? ` ok: ${e.output}` : ` failed: ${e.error || e.output}`];
    case "feedback":
      return [h("b", {}, `feedback (${e.signal}, ${e.source})`), `: ${e.text}`];
    case "note":
      return [h("b", {}, `note (${e.type}, ${e.source})`), `: ${e.text}`];
    case "tag":
      return [h("b", {}, "tags"), `: ${e.tags.join(", ")}`];
    case "session_end":
      return [h("b", {}, "session ended"), `: ${e.outcome}`];
    default:
      return [h("b", {}, e.kind)];
  }
}

export async function evidenceView(user, refs) {
  const bySession = new Map();
  for (const ref of refs) {
    if (!bySession.has(ref.session_id)) bySession.set(ref.session_id, new Set());
    bySession.get(ref.session_id).add(ref.event_id);
  }
  const blocks = [];
  for (const [session, cited] of bySession) {
    let events = [];
    try {
      events = (await get(`/users/${u(user)}/sessions/${u(session)}/events`)).events;
    } catch (err) {
      blocks.push(h("p", { class: "note error" }, `Session ${session}: ${err.message}`));
      continue;
    }
    const marks = events.map((e) => cited.has(e.event_id));
    const near = events.map((_, i) => events.length <= 12 || marks.some((m, j) => m && Math.abs(i - j) <= WINDOW));
    const items = [];
    events.forEach((e, i) => {
      if (!near[i]) {
        if (near[i - 1]) items.push(h("li", { class: "gap" }, "…"));
        return;
      }
      items.push(
        h(
          "li",
          { class: marks[i] ? "cited" : "", "data-event-id": e.event_id },
          h("span", { class: "when" }, when(e.ts)),
          " ",
          marks[i] ? h("strong", { class: "cite-mark" }, "cited ") : null,
          ...line(e),
        ),
      );
    });
    const missing = [...cited].filter((id) => !events.some((e) => e.event_id === id));
    blocks.push(
      h(
        "section",
        { class: "session" },
        h("h3", {}, `Session ${session}`),
        h("ol", { class: "conversation", "aria-label": `Session ${session}` }, items),
        missing.length ? h("p", { class: "muted" }, `Not in the log any more: ${missing.join(", ")}`) : null,
      ),
    );
  }
  return blocks.length ? blocks : [h("p", {}, "This memory cites no evidence.")];
}

"""What was said that no dream has consolidated yet: the raw turns recall shows until their cards exist.

A session's turns become cards only when a dream consumes it; until then (the dream is queued, running or
failed, or was rolled back) recall would show nothing of it. So recall also reads the user's recent events
that no standing run has consolidated (the rule of `dream.select.pending_sessions`: a session's events
after the last time a succeeded, not rolled back, run consolidated it) and offers the turns that share
words with the query, as reference.

Only what people said is offered: user and assistant messages and the user's or the agent's explicit
notes; never tool calls or results, system messages, documents, or notes from (or quoting) a tool or a
document, or relaying a takeover whoever declares them. What
the agent said or noted is dropped when it reads like an instruction (an agent relays what tools and pages
told it); the user's own words are kept, shown as reference only. Every text is masked for secrets first.

Cost on the hot path: one read of the user's events of the last `window` (an indexed range in SQLite,
27 µs an event with its parse: 0.01 ms for a user quiet in the window, ~40 ms for one who logged 1,500
events in it), and only when something was said there, the run history (`consolidated_until`: `list_runs`
of up to 10,000 runs, O(the user's runs): 9 ms for 500 runs in SQLite; on DynamoDB a query and a batch
read per hundred runs). No embedding: turns are scored by the words they share with the query.
Not `pending_sessions`: it lists every session the user ever had (`LogStore.sessions`, 136 ms for
100,000 events in SQLite) and drops the consolidated times this needs; material older than the window is
the dream's backlog, not recall's. On S3, `read_user` lists the user's prefix and reads every batch an
instance has not cached yet, whatever `since` says. A port method for "the events of the sessions still
pending" (or a pending marker the capture sets and the dream clears) would make all of it O(pending).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import TypeGuard

from reverie.domain.events import Event, MessageEvent, NoteEvent, event_text
from reverie.domain.guards import looks_like_instruction, mask_secrets
from reverie.domain.models import EvidenceRef, Scope, SourceKind, Trust
from reverie.domain.restatement import terms
from reverie.domain.trust import written_source
from reverie.services.admin import API_SESSION
from reverie.services.backends import Backends
from reverie.services.context_render import RawTurn
from reverie.services.dream.select import consolidated_until

MAX_SESSIONS = 5  # the newest pending sessions offered; older ones wait for the dream that is behind
RECENT_EVENTS = 200  # the last turns of a session scored against the query
MAX_CHARS = 400  # a longer turn is cut: a raw line points into the log, it does not replay it
SPOKEN_NOTES = frozenset({SourceKind.USER, SourceKind.AGENT})


def unconsolidated_turns(
    b: Backends, query: str, scope: Scope, limit: int, window: timedelta
) -> list[RawTurn]:
    """At most `limit` turns said in the last `window` that no dream has consolidated and that share a
    word with `query` (stemmed content words): the most shared first, then the newest; masked, each
    citing its event.

    Only the caller's own tenant and user are read (the log is partitioned by both). Without a run store
    nothing can have been consolidated, so every recent turn counts as pending."""
    wanted = terms(query)
    if not wanted or limit <= 0:
        return []
    recent = b.log.read_user(scope.tenant_id, scope.user_id, since=b.clock() - window)
    said = [e for e in recent if spoken(e)]
    if not said:
        return []
    done = consolidated_until(b.runs, scope.tenant_id, scope.user_id) if b.runs is not None else {}
    scored: list[tuple[int, datetime, RawTurn]] = []
    for events in _newest_sessions(_pending(said, done)):
        for event in events[-RECENT_EVENTS:]:
            text = event_text(event)
            shared = len(wanted & terms(text))
            if shared and not _relayed_instruction(event, text):
                scored.append((shared, event.ts, raw_turn(event)))
    scored.sort(key=lambda item: (-item[0], -item[1].timestamp(), item[2].label))
    return [turn for _, _, turn in scored[:limit]]


def _pending(
    events: Sequence[MessageEvent | NoteEvent], done: dict[str, str]
) -> dict[str, list[MessageEvent | NoteEvent]]:
    """Per session, in time order, the events after the time a standing run consolidated it up to (the
    comparison `pending_sessions` makes). Memories written directly (`API_SESSION`) are cards already."""
    pending: dict[str, list[MessageEvent | NoteEvent]] = {}
    for event in events:
        if event.session_id != API_SESSION and event.ts.isoformat() > done.get(event.session_id, ""):
            pending.setdefault(event.session_id, []).append(event)
    return pending


def _newest_sessions(
    pending: dict[str, list[MessageEvent | NoteEvent]],
) -> list[list[MessageEvent | NoteEvent]]:
    newest = sorted(pending.values(), key=lambda events: events[-1].ts, reverse=True)
    return newest[:MAX_SESSIONS]


def spoken(event: Event) -> TypeGuard[MessageEvent | NoteEvent]:
    """A user or assistant message, or a note of the user or the agent: nothing from tools or documents,
    nor a note that quotes them or relays a takeover (the server's reading, `domain.trust`)."""
    if isinstance(event, MessageEvent):
        return event.role in ("user", "assistant") and bool(event.text.strip())
    if not isinstance(event, NoteEvent):
        return False
    source = written_source(event.source, event.text)
    return source.kind in SPOKEN_NOTES and source.trust is not Trust.UNTRUSTED


def _relayed_instruction(event: MessageEvent | NoteEvent, text: str) -> bool:
    """Instruction-like text the agent said or noted (it may repeat a tool's or a page's words)."""
    by_agent = (isinstance(event, MessageEvent) and event.role == "assistant") or (
        isinstance(event, NoteEvent) and event.source is SourceKind.AGENT
    )
    return by_agent and looks_like_instruction(text)


def raw_turn(event: MessageEvent | NoteEvent, max_chars: int = MAX_CHARS) -> RawTurn:
    """The event as a raw turn: who said it and what, masked for secrets, on one line, cut to `max_chars`."""
    if isinstance(event, MessageEvent):
        who, said = event.speaker or event.role, event.text
    else:
        who, said = f"{event.source.value} note", event.text
    said = " ".join(mask_secrets(said).text.split())  # masked before it is cut: no half secret survives
    if len(said) > max_chars:
        said = said[: max_chars - 1].rstrip() + "…"
    ref = EvidenceRef(session_id=event.session_id, event_id=event.event_id)
    return RawTurn(ref=ref, at=event.ts, who=" ".join(mask_secrets(who).text.split()), text=said)

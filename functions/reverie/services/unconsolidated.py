"""What was said that no dream has consolidated yet: the raw turns recall shows until their cards exist.

A session's turns become cards only when a dream consumes it; until then (the dream is queued, running or
failed, or was rolled back) recall would show nothing of it. So recall also reads the user's recent events
that no standing run has consolidated (the rule of `dream.select.pending_sessions`: a session's events
after the last time a succeeded, not rolled back, run consolidated it) and offers the turns that bear on
the query, as reference, found on two paths fused as recall fuses the cards' keyword and vector paths
(`fuse_scores`, recall's weights): a turn found by either may be offered, the best fused first, then the
newest.
- Words: the turns that share a stemmed content word with the query.
- Meaning: "you know I moved to Ghent, right?" shares no word with "Which city does Wout live in?". The
  newest `MEANING_TURNS` pending turns are compared with the query's vector, the one recall's vector path
  computed (`VectorPath.vector`, never embedded again here), and those at or above the embedder's
  `related_cosine` are found: the cosine above which a question and a turn are likelier related than not
  for that model (`reverie bench meaning-floor`; MiniLM 0.167: 0.81 of LoCoMo's evidence turns kept, 0.12
  of other conversations' turns let through). An embedder that declares none has no meaning path.

Only what people said is offered: user and assistant messages and the user's or the agent's explicit
notes; never tool calls or results, system messages, documents, or notes from (or quoting) a tool or a
document, or relaying a takeover whoever declares them. What
the agent said or noted is dropped when it reads like an instruction (an agent relays what tools and pages
told it); the user's own words are kept, shown as reference only. Every text is masked for secrets first,
and what is embedded is that masked line, as shown: no secret goes to the embedding service.

Cost on the hot path: one read of the user's events of the last `window` (an indexed range in SQLite,
27 µs an event with its parse: 0.01 ms for a user quiet in the window, ~40 ms for one who logged 1,500
events in it; memories written directly are dropped before the trust reading of `spoken`, ~0.2 ms an
event), and only when something was said there, the run history (`consolidated_until`: `list_runs`
of up to 10,000 runs, O(the user's runs): 9 ms for 500 runs in SQLite; on DynamoDB a query and a batch
read per hundred runs). Not `pending_sessions`: it lists every session the user ever had
(`LogStore.sessions`, 136 ms for 100,000 events in SQLite) and drops the consolidated times this needs;
material older than the window is the dream's backlog, not recall's. On S3, `read_user` lists the user's
prefix and reads every batch an instance has not cached yet, whatever `since` says. A port method for "the
events of the sessions still pending" (or a pending marker the capture sets and the dream clears) would
make all of it O(pending).

The meaning path embeds at first recall, not at capture. A turn is embedded only when a recall meets it
while it is pending: most sessions are dreamt at their end before anyone asks, and their turns need no
vector then; a user with nothing pending costs no embedding at all. At capture every turn would cost a
call (a round trip on the write path, every input token billed on Bedrock) and a place to keep the
vector beside an immutable log event (none exists; Titan's 1,024 floats are 4 kB a turn, several times
the turn itself). What recall embeds is bounded
and cached: at most `MEANING_TURNS` texts, in one batch call, then held by content hash for the process
(`turn_vectors`), so asking again while the session stays pending costs a lookup. `reverie bench
pending-latency` (40 pending turns, MiniLM int8, load ~5 on 2 cores): recall p50 with the vectors held is
×1.02 that of words only (24 ms); the first recall to meet 20 new turns ×2.94 (+46 ms, the batch); one
turn alone costs ~2.5 ms, what capture would pay for every event. On a short-lived Lambda instance the first recall
of each instance pays for the turns (Titan: one InvokeModel per distinct text, in parallel up to the
embedder's `max_workers`), then the memo serves them. Titan declares no `related_cosine` yet (not measured
here: no account), so there the meaning path stays off until it is measured as MiniLM's was.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import timedelta
from typing import TypeGuard

from reverie.domain.events import Event, MessageEvent, NoteEvent, event_text
from reverie.domain.guards import looks_like_instruction, mask_secrets
from reverie.domain.models import EvidenceRef, Scope, SourceKind, Trust
from reverie.domain.ranking import fuse_scores
from reverie.domain.restatement import terms
from reverie.domain.search import SearchHit
from reverie.domain.trust import written_source
from reverie.services.admin import API_SESSION
from reverie.services.backends import Backends
from reverie.services.context_render import RawTurn
from reverie.services.dream.select import consolidated_until
from reverie.services.turn_vectors import unit, vectors_of

MAX_SESSIONS = 5  # the newest pending sessions offered; older ones wait for the dream that is behind
RECENT_EVENTS = 200  # the last turns of a session scored against the query
MAX_CHARS = 400  # a longer turn is cut: a raw line points into the log, it does not replay it
# The newest pending turns compared by meaning: a session's last ten exchanges, what the next session most
# likely asks after. It bounds a recall's embedding to one batch of 20 texts (Titan: 20 calls) the first
# time it meets them; older pending turns are still found by their words, and the dream is due for them.
MEANING_TURNS = 20
SPOKEN_NOTES = frozenset({SourceKind.USER, SourceKind.AGENT})
PATH_WEIGHTS: Mapping[str, float] = {"text": 1.0, "vector": 1.0}  # recall's default weights of the two

Said = MessageEvent | NoteEvent


def unconsolidated_turns(
    b: Backends,
    query: str,
    scope: Scope,
    limit: int,
    window: timedelta,
    query_vector: Callable[[], Sequence[float]] | None = None,
    weights: Mapping[str, float] = PATH_WEIGHTS,
) -> list[RawTurn]:
    """At most `limit` turns said in the last `window` that no dream has consolidated and that share a
    word with `query` (stemmed content words) or, among the newest `MEANING_TURNS`, are close to it in
    meaning (cosine with `query_vector()` at least the embedder's `related_cosine`): the best by the two
    fused with `weights` first, then the newest; masked, each citing its event.

    `query_vector` gives the query's embedding (recall's, asked only when some turn is pending); without
    it, or when the embedder declares no `related_cosine`, turns are found by their words only. Only the
    caller's own tenant and user are read (the log is partitioned by both). Without a run store nothing
    can have been consolidated, so every recent turn counts as pending."""
    wanted = terms(query)
    floor = b.embedder.related_cosine if query_vector is not None else None
    if limit <= 0 or not (wanted or floor is not None):
        return []
    recent = b.log.read_user(scope.tenant_id, scope.user_id, since=b.clock() - window)
    # Memories written directly (`API_SESSION`) are cards already: dropped before the costlier `spoken`.
    said = [e for e in recent if e.session_id != API_SESSION and spoken(e)]
    if not said:
        return []
    done = consolidated_until(b.runs, scope.tenant_id, scope.user_id) if b.runs is not None else {}
    pending = [e for events in _newest_sessions(_pending(said, done)) for e in events[-RECENT_EVENTS:]]
    offered: dict[str, tuple[Said, RawTurn]] = {}
    by_words: list[SearchHit] = []
    for event in pending:
        text = event_text(event)
        shared = len(wanted & terms(text))
        if shared and not _relayed_instruction(event, text):
            turn = raw_turn(event)
            offered[turn.label] = (event, turn)
            by_words.append(SearchHit(memory_id=turn.label, score=float(shared)))
    by_meaning: list[SearchHit] = []
    if floor is not None and query_vector is not None:
        by_meaning = _close_in_meaning(b, pending, query_vector, floor, offered)
    if not offered:
        return []
    fused = fuse_scores({"text": by_words, "vector": by_meaning}, weights, depth=len(pending) + 1).scores
    best = sorted(offered, key=lambda label: (-fused[label], -offered[label][0].ts.timestamp(), label))
    return [offered[label][1] for label in best[:limit]]


def _close_in_meaning(
    b: Backends,
    pending: Sequence[Said],
    query_vector: Callable[[], Sequence[float]],
    floor: float,
    offered: dict[str, tuple[Said, RawTurn]],
) -> list[SearchHit]:
    """The newest `MEANING_TURNS` pending turns (no instruction the agent relayed) whose shown line is at
    least `floor` close to the query; each is added to `offered`. The lines are embedded (through the
    memo) before the query's vector is awaited: on a second core they overlap with it."""
    newest: list[tuple[Said, RawTurn]] = []
    for event in sorted(pending, key=lambda e: e.ts, reverse=True):
        if len(newest) == MEANING_TURNS:
            break
        turn = raw_turn(event)
        if turn.text.strip() and not _relayed_instruction(event, event_text(event)):
            newest.append((event, turn))
    if not newest:
        return []
    rows = vectors_of(b.embedder, [turn.text for _, turn in newest])
    cosines = rows @ unit(query_vector())
    hits: list[SearchHit] = []
    for (event, turn), cosine in zip(newest, cosines.tolist(), strict=True):
        if cosine >= floor:
            offered.setdefault(turn.label, (event, turn))
            hits.append(SearchHit(memory_id=turn.label, score=cosine))
    return hits


def _pending(events: Sequence[Said], done: dict[str, str]) -> dict[str, list[Said]]:
    """Per session, in time order, the events after the time a standing run consolidated it up to (the
    comparison `pending_sessions` makes). Memories written directly (`API_SESSION`) are cards already."""
    pending: dict[str, list[Said]] = {}
    for event in events:
        if event.session_id != API_SESSION and event.ts.isoformat() > done.get(event.session_id, ""):
            pending.setdefault(event.session_id, []).append(event)
    return pending


def _newest_sessions(pending: dict[str, list[Said]]) -> list[list[Said]]:
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

"""Two sources that give one thing two values, reported in the conversation and left open: two claims on one
slot, so that the dream shows them conflicting, with a review item, instead of keeping one silently, or none.

When someone in the session (the agent, having read its tools, or the user) says that two sources disagree
and what each says ("the booking page says $40 a head, but the price list says $35"; "the two letters
disagree: BK-4410 from the bank, BK-4401 from the insurer"; see `disagreements`), each value is its source's
claim about one thing. The agent's report is only what it read: each value must be found in a source the
session holds before it (a tool's output, or a message pasted into the chat), the sentence there that gives
it, or the report is not kept; a user's own report is their word about what each source says.

Each claim stays its source's (a tool's output; someone else's word relayed by the user), attributed to it
("(according to the booking page)"), on low trust: never the user's own fact. What else the session read
from that source that gives the value (a record's field the agent told, a quoted sentence relayed) is the
same claim and is taken into it, not kept beside it. The two share one slot: the key one of them already had,
or one named after what they are about.

The user's next message may settle it: naming one value alone ("it's $35"), or one source as right or
wrong ("the price list is right", "go with the bank", "the insurer has a typo"). The chosen value is then the
user's word (citing the source and their reply) and the other is left out. Taking it in ("ok", "I'll ask
them") settles nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from reverie.adapters.local.rules.claims import attributed_to
from reverie.adapters.local.rules.disagreements import Report, Said, gives, normal, reported_at, values
from reverie.adapters.local.rules.disputed_topic import bare, head, on_topic, topic, unit_only
from reverie.adapters.local.rules.doses import dose_key
from reverie.adapters.local.rules.language import sentences, slug, subject_of
from reverie.adapters.local.rules.named_speaker import desubjectivise
from reverie.adapters.local.rules.session_base import RELAYED_CONFIDENCE, Analysis, Dropped
from reverie.adapters.local.rules.timestamps import spoken_date
from reverie.domain.dream import Candidate
from reverie.domain.events import Event, MessageEvent, ToolResultEvent
from reverie.domain.guards import mask_secrets
from reverie.domain.models import EvidenceRef, MemoryType, Source, SourceKind, Trust
from reverie.domain.restatement import terms
from reverie.domain.text import MONTH_NAME

SETTLED_CONFIDENCE = 0.6  # the value the user chose: their word, as a statement of their own
_QUOTE_RE = re.compile(r"^[\s>]+")
_QUOTED_LINE_RE = re.compile(r"^\s*>")
_RIGHT = r"(?:right|correct|accurate|up\s+to\s+date|current|the\s+right\s+one|the\s+one)"
_WRONG = r"(?:wrong|incorrect|out\s+of\s+date|outdated|old|a\s+typo|has\s+a\s+typo|made\s+a\s+typo|mistaken)"
# "the price list is right", "the bank's correct", "go with the insurer", "trust the invoice".
_CHOSEN_RE = re.compile(
    rf"\b(?P<who>[\w'. -]{{2,40}}?)(?:'s|\s+is|\s+was|\s+are|\s+were)\s+{_RIGHT}\b"
    r"|\b(?:go\s+with|use|trust|believe)\s+(?P<used>[\w'. -]{2,40})",
    re.I,
)
_REFUSED_RE = re.compile(
    rf"\b(?P<who>[\w'. -]{{2,40}}?)(?:'s|\s+is|\s+was|\s+has|\s+made)\s+{_WRONG}\b", re.I
)
_ATTRIBUTED_RE = re.compile(r"\((?:according\s+to|per|from|as\s+(?:per|of))\s[^)]+\)$", re.I)
_NOT_VALUE_RE = re.compile(r"\bnot\s+(?P<value>\S+)", re.I)
_MONTH_RE = re.compile(MONTH_NAME + r"[.,]?", re.I)
_ISO_DATE_RE = re.compile(r"(?<![\d-])\d{4}-\d\d-\d\d(?![\d-])")


@dataclass(frozen=True)
class _Side:
    said: Said
    event: Event  # where the value was read (or the report itself, on the user's word)
    sentence: str | None  # the sentence of that source that gives it


def _spoken(text: str) -> str:
    """`text` with its ISO dates as people say them ("2026-08-31" → "31 August 2026"), so that a value reported
    as said ("31 August") is found where a system wrote it."""
    return _ISO_DATE_RE.sub(lambda m: spoken_date(m.group(0)) or m.group(0), text)


def _sources(before: Sequence[Event]) -> list[tuple[Event, str]]:
    """What the session read before the report: tool outputs and what the user pasted (their sentences)."""
    out: list[tuple[Event, str]] = []
    for e in before:
        text = (
            _spoken(e.output)
            if isinstance(e, ToolResultEvent) and e.ok
            else e.text
            if isinstance(e, MessageEvent) and e.role == "user"
            else ""
        )
        for line in text.splitlines():
            out.extend((e, s) for s in sentences(_QUOTE_RE.sub("", line)) if s.strip())
    return out


def _quoted(event: MessageEvent) -> list[tuple[Event, str]]:
    """The sentences the user quoted in the report's own message ("> Confirming ... on Wednesday 15 May")."""
    if event.role != "user":
        return []
    lines = [_QUOTE_RE.sub("", line) for line in event.text.splitlines() if _QUOTED_LINE_RE.match(line)]
    return [(event, s) for line in lines for s in sentences(line) if s.strip()]


_YOUR_RE = re.compile(r"\baccording to your ")


def _read(value: str, other: str, read: list[tuple[Event, str]]) -> tuple[Event, str] | None:
    """The latest source sentence that gives `value` and not `other` (but for `other` as the end of the range
    `value` starts: "14:00-15:00" gives the start 14:00, not a second time)."""
    for event, sentence in reversed(read):
        if gives(sentence, value) and (not gives(sentence, other) or _range_end(sentence, value, other)):
            return event, sentence.strip().rstrip(" .")
    return None


def _range_end(sentence: str, start: str, end: str) -> bool:
    """`sentence` gives a range from `start` to `end` ("14:00-15:00", "14:00 to 15:00")."""
    return re.search(rf"{re.escape(start)}\s*(?:-|–|to|until)\s*{re.escape(end)}", sentence) is not None


def _named(text: str, said: Said) -> bool:
    """Whether `text` names the source of `said` (its last word: "the booking page" → "page")."""
    own = terms(said.source) - {"the", "their", "our", "my", "your"}
    return bool(own and own & terms(text))


def _settled(reply: str, report: Report) -> Said | None:
    """The side the user's reply chooses, or None when it leaves the disagreement open."""
    sides = (report.first, report.second)
    denied = {normal(m.group("value")) for m in _NOT_VALUE_RE.finditer(reply)}
    named = [s for s in sides if gives(reply, s.value) and normal(s.value) not in denied]
    if len(named) == 1:
        return named[0]
    for found in _CHOSEN_RE.finditer(reply):
        chosen = [s for s in sides if _named(found.group("who") or found.group("used"), s)]
        if len(chosen) == 1:
            return chosen[0]
    for found in _REFUSED_RE.finditer(reply):
        refused = [s for s in sides if _named(found.group("who"), s)]
        if len(refused) == 1:
            return next(s for s in sides if s is not refused[0])
    return None


def _gives(candidate: Candidate, side: _Side, other: Said, since: Sequence[Event]) -> bool:
    """`candidate` is what the session read from `side`'s source giving its value: it cites that source, or
    what was said between it and the report (the agent's note of it)."""
    spoken = _spoken(candidate.statement)
    cited = {r.event_id for r in candidate.evidence_refs}
    around = {e.event_id for e in since[next(i for i, e in enumerate(since) if e is side.event) :]}
    return (
        candidate.type is MemoryType.FACT
        and bool(cited & around)
        and gives(spoken, side.said.value)
        and not gives(spoken, other.value)
    )


def _statement(side: _Side, other: Said, taken: list[Candidate], thing: str | None = None) -> str:
    """The claim in its source's words when the session kept them from that source, else as reported,
    attributed (a user's own report is said again whole: "the physio says 6" is 6 weeks off running), or as
    the value of the `thing` the message named before, when neither clause names one (`disputed_topic`)."""
    if thing is not None:
        body = on_topic(thing, side.said)
    elif taken and side.sentence is not None and not _report_again(taken[0], side.said):
        body = taken[0].statement.rstrip(" .")
    elif side.said.thing or not other.thing:  # a value with its unit alone ("500 mg"): the source's sentence
        named = side.said.thing and not unit_only(side.said)
        body = side.said.rest if named or side.sentence is None else side.sentence
    else:  # "..., but the website says €260": the value of the thing the other clause names
        body = other.rest.replace(other.value, side.said.value, 1)
    if (it := _IT_RE.match(body)) and (of := _thing_of(side.said.source) or _thing_of(other.source)):
        body = of + body[it.end() - 1 :]  # "it starts at 6" after "the invite for Gran's party says 7pm"
    body = body[:1].upper() + body[1:]
    whose = attributed_to(body) or _ATTRIBUTED_RE.search(body)
    return mask_secrets(body if whose else f"{body} (according to {side.said.source})").text


_IT_RE = re.compile(r"^it\s", re.I)
# A source named by what it is for: "the invite for Gran's party", "the letter about my scan".
_FOR_THING_RE = re.compile(r"\b(?:for|about|of)\s+(?P<thing>(?:the\s+|my\s+|our\s+)?\S.{2,40})$", re.I)


def _thing_of(source: str) -> str | None:
    found = _FOR_THING_RE.search(source)
    return found.group("thing") if found else None


def _report_again(candidate: Candidate, said: Said) -> bool:
    """`candidate` only says the report's clause again ("The 20th (according to the venue)"): the source's
    own sentence, when the session read it, says more."""
    return terms(candidate.statement) <= terms(f"{said.rest} according to {said.source} so")


def _content(text: str) -> str:
    """The words of `text` that say something, without its values or the months of its dates ("the reunion is
    on the 8th" → "reunion", "my birthday is 4 March" → "birthday")."""
    return " ".join(w for w in text.split() if terms(w) and not values(w) and not _MONTH_RE.fullmatch(w))


def _key(sides: tuple[_Side, _Side], taken: list[Candidate], user: str, thing: str | None = None) -> str:
    """The slot both claims share: the one the session already gave them, else what they are about."""
    keys = {c.key for c in taken}
    if len(keys) == 1 and None not in keys:
        return str(keys.pop())
    if thing is not None:
        return f"{subject_of(user)}.{slug(_content(head(thing)), 3) or 'disputed_value'}"
    read = {dose_key(s.sentence) if s.sentence else None for s in sides}  # both read as one medicine's dose
    if len(read) == 1 and None not in read:
        return str(read.pop())
    rest = next(
        (
            _content(s.said.rest.replace(s.said.value, " "))
            for s in sides
            if s.said.thing and not unit_only(s.said)
        ),
        None,
    )  # a worded value ("Friday") is no part of the slot's name, as a value with digits is not
    if rest is None:  # "ERC-2291 from Dr. Banerjee": what both sources' sentences speak of
        shared = terms(sides[1].sentence or "") - terms(user)
        words = (sides[0].sentence or "").split()
        rest = " ".join(w for w in words if not values(w) and (t := terms(w)) and t <= shared)
    return f"{subject_of(user)}.{slug(rest, 3) or 'disputed_value'}"


def _both(candidate: Candidate, event: Event, report: Report) -> bool:
    """Whether `candidate` is the reporting message's sentence giving both values."""
    both = all(gives(candidate.statement, s.value) for s in (report.first, report.second))
    return both and any(r.event_id == event.event_id for r in candidate.evidence_refs)


def _source(side: _Side) -> Source:
    if isinstance(side.event, ToolResultEvent):
        return Source(kind=SourceKind.TOOL, name=side.event.tool)
    return Source(kind=SourceKind.USER, trust=Trust.LOW)  # someone else's word, relayed by the user


def _refs(events: Sequence[Event], *more: Sequence[EvidenceRef]) -> list[EvidenceRef]:
    found = [EvidenceRef(session_id=e.session_id, event_id=e.event_id) for e in events]
    return list(dict.fromkeys([*found, *(r for refs in more for r in refs)]))


def _sides(report: Report, event: MessageEvent, before: Sequence[Event]) -> tuple[_Side, _Side] | None:
    """Each side of `report` with the source it was read in; None when the agent reported a value that no
    source gave (its own words are no source); a user's own report is their word."""
    # what the user pasted above the report in the same message, quoted ("> Confirming ... 15 May"): read too
    read = _sources(before) + _quoted(event)
    sides: list[_Side] = []
    for said, other in ((report.first, report.second), (report.second, report.first)):
        found = _read(said.value, other.value, read)
        if found is None and event.role == "assistant":
            return None
        sides.append(_Side(said, *(found or (event, None))))
    return sides[0], sides[1]


def _claim(
    side: _Side, statement: str, key: str, cited: list[Event], taken: list[Candidate], settled: bool
) -> Candidate:
    """One side as a candidate: its source's claim, or, `settled`, the user's word."""
    return Candidate(
        type=MemoryType.FACT,
        statement=statement,
        key=key,
        evidence_refs=_refs(cited, *(c.evidence_refs for c in taken)),
        source=Source(kind=SourceKind.USER, name=f"settled by the user ({side.said.source})"[:200])
        if settled
        else _source(side),
        confidence=SETTLED_CONFIDENCE if settled else RELAYED_CONFIDENCE,
        observed_at=cited[1].ts,  # when it was reported (`cited` is source, report, reply)
        salience=0.55,
    )


def with_disagreements(events: Sequence[Event], analysis: Analysis, user: str) -> Analysis:
    """`analysis` with each disagreement between two sources reported in the session as two claims on one
    slot, or, settled by the user's reply, as the value they chose (see the module)."""
    candidates, dropped = list(analysis.candidates), list(analysis.dropped)
    done: set[frozenset[str]] = set()
    for n, event in enumerate(events):
        if not isinstance(event, MessageEvent) or event.role not in ("user", "assistant"):
            continue
        said = sentences(event.text)
        for i in range(len(said)):
            report = reported_at(said, i, event.text)
            pair = frozenset(normal(s.value) for s in (report.first, report.second)) if report else None
            if (
                report is None
                or pair is None
                or pair in done
                or (sides := _sides(report, event, events[:n])) is None
            ):
                continue
            done.add(pair)
            reply = next(
                (e for e in events[n + 1 :] if isinstance(e, MessageEvent) and e.role == "user"), None
            )
            chosen = _settled(reply.text, report) if reply is not None else None
            taken = [
                [c for c in candidates if _gives(c, s, o.said, events[: n + 1])]
                for s, o in zip(sides, sides[::-1], strict=True)
            ]
            if all(taken) and len(keys := {c.key for t in taken for c in t}) == 1 and None not in keys:
                continue  # the session already holds them as two claims on one slot
            # the thing the message named before, when both give their values bare (`disputed_topic`)
            thing = (
                topic(said[:i])
                if event.role == "user" and bare(report.first) and bare(report.second) and not any(taken)
                else None
            )
            # the report itself, kept whole, is the disagreement: not a fact beside it
            candidates = [c for c in candidates if not _both(c, event, report)]
            key = _key(sides, [c for t in taken for c in t], user, thing)
            for side, opposite, mine in zip(sides, sides[::-1], taken, strict=True):
                candidates = [c for c in candidates if c not in mine]
                statement = _statement(side, opposite.said, mine, thing)
                if event.role == "assistant":  # "your GP portal" in the agent's words is the user's
                    statement = _YOUR_RE.sub("according to the user's ", statement)
                else:  # "my birthday is 4 March (according to my passport)": the speaker's, by name
                    statement = desubjectivise(statement, user)
                    statement = statement[:1].upper() + statement[1:]
                if chosen is not None and chosen is not side.said:
                    dropped.append(
                        Dropped(event.session_id, event.event_id, statement, "the user chose the other value")
                    )
                    continue
                cited = [side.event, event, *([reply] if chosen is not None and reply is not None else [])]
                candidates.append(_claim(side, statement, key, cited, mine, settled=chosen is not None))
    return replace(analysis, candidates=candidates, dropped=dropped)

"""Recurring situations: when episodes from different sessions are one situation, and the procedure that
generalises them. Pure rules, no I/O; the dream's restructure stage writes what they compute.

A card describes a situation when it has a `condition` and is an episode, a procedure or a tool's failure
fact. Two cards describe the same situation when they name the same tool (or both none) and their
conditions are the same once what varies between occurrences is masked: measures, decimals and versions,
long numbers, hex ids and hashes, dates and times, paths, URLs, e-mail addresses, line numbers, process
ids and attempt counts, and the words every error says ("error", "failed"). Quoted names, error codes and
short integers (an exit code, a port, an HTTP status) are kept: they tell one error from another, and
merging two errors is worse than missing a repetition.

Equal signatures, not a similarity threshold: the grouping stays a partition, independent of the order
cards are read in and stable from one run to the next, so the procedure's key can be derived from it. A
vector similarity would not do: the error messages of one tool share most of their words (npm's E404 and
ERESOLVE differ in one token), and a tool's failures seen once live in L2, which the index does not hold.
"""

from __future__ import annotations

import difflib
import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from reverie.domain.guards import looks_like_instruction, mask_secrets
from reverie.domain.models import (
    MAX_STATEMENT_CHARS,
    EvidenceRef,
    MemoryCard,
    MemoryType,
    Source,
    SourceKind,
    Trust,
)
from reverie.domain.text import content_words

KEY_PREFIX = "recurring."
MIN_SESSIONS = 2
SITUATION_TYPES = frozenset({MemoryType.EPISODE, MemoryType.PROCEDURE, MemoryType.FACT})
# With a fix: promoted as an instruction, surer with every repetition (2 sessions 0.8 ... 5 and more 0.95).
FIXED_BASE, STEP, CEILING = 0.75, 0.05, 0.95
# Without a fix ("it keeps failing"): kept below recall's reference threshold (0.6), so it is shown as
# reference, never as an instruction (2 sessions 0.45 ... 4 and more 0.55).
KNOWN_ISSUE_BASE, KNOWN_ISSUE_CEILING = 0.4, 0.55
GAP = "…"

_VARIABLE_RE = re.compile(
    r"""(?ix)
      \[redacted:[a-z_]+\]                                            # what the guards masked
    | \b[a-z][a-z0-9+.-]*://\S+                                     # URLs
    | \b[\w.+-]+@[\w-]+\.[\w.-]+                                     # e-mail addresses
    | (?:~|\.{1,2})?/[\w.@~+-]+(?:/[\w.@~+-]*)+                      # paths (two segments or more)
    | \b[a-z]:\\\S+                                                  # Windows paths
    | \b\d{4}-\d{2}-\d{2}(?:[t\s]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:z|[+-]\d{2}:?\d{2})?)?\b  # dates, times
    | \b\d{1,2}:\d{2}(?::\d{2})?\b                                   # clock times
    | \b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b  # UUIDs
    | \b(?=[a-f]*\d)(?=\d*[a-f])[0-9a-f]{7,}\b                       # hex ids and hashes
    | \b\d+(?:\.\d+)?\s*(?:ms|s|secs?|seconds?|mins?|minutes?|h|hours?|b|bytes|[kmgt]i?b|%)(?!\w)  # measures
    | \b\d+(?:\.\d+)+\b                                              # decimals, versions, IP addresses
    | \b\d{5,}\b                                                     # long numbers (ids, sizes, pids)
    | \b(?:line|col|column|offset|pid|attempt)\s*[:#]?\s*\d+\b          # where and which try
    """
)
# Words any error message says: they tell nothing about which error it is.
_GENERIC = frozenset(
    "error errors err fail fails failed failing failure fatal exception exceptions when with".split()
)
_TOKEN_RE = re.compile(r"\w+|[^\w\s]|\s+")
_GAPS_RE = re.compile(rf"{GAP}(?:[^\w\s]{{1,2}}{GAP})+|(?:{GAP}\s*){{2,}}")
_SLUG_RE = re.compile(r"[^a-z0-9_.-]+")


def terms(text: str) -> tuple[str, ...]:
    """The words that identify a condition (or a fix), without its variable parts: sorted, unique."""
    masked = _VARIABLE_RE.sub(" ", text.lower())
    return tuple(sorted({w for w in content_words(masked) if len(w) > 1 and w not in _GENERIC}))


@dataclass(frozen=True, order=True)
class Situation:
    """What recurs: a tool ("" when none is named) and the identifying words of its condition."""

    tool: str
    words: tuple[str, ...]

    @property
    def digest(self) -> str:
        return hashlib.sha256(f"{self.tool}|{' '.join(self.words)}".encode()).hexdigest()[:16]

    @property
    def key(self) -> str:
        """The procedure's key: a later repetition finds (and revises) the card by it."""
        return f"{KEY_PREFIX}{self.tool or 'any'}.{self.digest[:12]}"

    @property
    def fingerprint(self) -> str:
        """The procedure's identity in change records and rollback memory (like a candidate's)."""
        return f"recurring-{self.digest}"


def is_procedure_of_repeats(card: MemoryCard) -> bool:
    """A procedure this module wrote (it is never a source of another one)."""
    return card.type is MemoryType.PROCEDURE and (card.key or "").startswith(KEY_PREFIX)


def tool_of(card: MemoryCard) -> str:
    return _SLUG_RE.sub("-", (card.source.name or "").lower()).strip("-")[:80]


def situation_of(card: MemoryCard) -> Situation | None:
    """The situation a card describes, or None: a card without a condition, another type, a fact that no
    tool reported (a fact with a condition is a failure only when a tool reported it), a procedure of
    repeats itself, or a condition made only of variable parts."""
    if card.type not in SITUATION_TYPES or not card.condition or is_procedure_of_repeats(card):
        return None
    if card.type is MemoryType.FACT and card.source.kind is not SourceKind.TOOL and not card.source.name:
        return None
    words = terms(card.condition)
    return Situation(tool_of(card), words) if words else None


def poisoned(card: MemoryCard) -> bool:
    """Never generalised: instruction-like text where none belongs (in a condition, which describes what
    happened and is a tool's output most of the time, or anywhere in a card from an untrusted source), and
    a procedure from an untrusted source (an extractor downgraded it: its error text read like orders)."""
    if card.condition and looks_like_instruction(card.condition):
        return True
    if card.source.trust is not Trust.UNTRUSTED:
        return False
    texts = (card.statement, card.action, card.outcome)
    return card.type is MemoryType.PROCEDURE or any(t and looks_like_instruction(t) for t in texts)


def sessions_of(cards: Sequence[MemoryCard]) -> list[str]:
    return sorted({r.session_id for c in cards for r in c.evidence_refs})


def generalise(texts: Sequence[str]) -> str:
    """One text for several that say the same with different details: where they differ, a gap (…).
    Order-free (the unique texts are aligned in sorted order); one text comes back as it is."""
    unique = sorted({" ".join(t.split()) for t in texts if t.strip()})
    if not unique:
        return ""
    merged = _TOKEN_RE.findall(unique[0])
    for text in unique[1:]:
        other = _TOKEN_RE.findall(text)
        out: list[str] = []
        for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, merged, other, autojunk=False).get_opcodes():
            if op == "equal":
                out.extend(merged[i1:i2])
            elif any(t.strip() for t in (*merged[i1:i2], *other[j1:j2])):
                out.append(GAP)
        merged = out
    return _GAPS_RE.sub(GAP, "".join(merged)).strip()


def repetition_confidence(sessions: int, fixed: bool) -> float:
    """Confidence from the number of sessions a situation was seen in (see the constants above)."""
    if fixed:
        return round(min(CEILING, FIXED_BASE + STEP * (sessions - 1)), 4)
    return round(min(KNOWN_ISSUE_CEILING, KNOWN_ISSUE_BASE + STEP * (sessions - 1)), 4)


@dataclass(frozen=True)
class Generalisation:
    """What the procedure card of a recurring situation says."""

    situation: Situation
    statement: str
    condition: str
    action: str | None
    outcome: str | None
    evidence_refs: list[EvidenceRef]
    derived_from: list[str]
    sessions: list[str]
    confidence: float
    observed_at: datetime | None
    source: Source

    def content(self) -> dict[str, object]:
        """The fields a revision compares and writes (confidence aside: it only ever rises here)."""
        return {
            "statement": self.statement,
            "condition": self.condition,
            "action": self.action,
            "outcome": self.outcome,
            "evidence_refs": self.evidence_refs,
            "derived_from": self.derived_from,
        }


def _when(card: MemoryCard) -> datetime:
    return card.observed_at or card.created_at


def _cut(text: str, limit: int = MAX_STATEMENT_CHARS) -> str:
    """Masked (a secret in a source's condition is not copied on) and within `limit` characters."""
    text = mask_secrets(text).text
    return text if len(text) <= limit else text[: limit - 1].rstrip() + GAP


def _alike(cards: Sequence[MemoryCard], field: str, like: str) -> list[str]:
    """The values of `field` that say what `like` says, details aside."""
    return [v for c in cards if (v := getattr(c, field)) and terms(v) == terms(like)]


def _fix(
    ordered: Sequence[MemoryCard], existing: MemoryCard | None, tool: str
) -> tuple[str | None, str | None, list[MemoryCard]]:
    """(action, outcome, the sources that applied that fix): the latest fix, generalised over the sources
    that applied the same one; without any, no action and the latest outcome told (or that it failed)."""
    fixed = [c for c in ordered if c.action and c.action.strip()]
    if fixed:
        latest = fixed[-1]
        carriers = [c for c in fixed if terms(c.action or "") == terms(latest.action or "")]
        action = _cut(generalise(_alike(carriers, "action", latest.action or "")).rstrip(". "))
        outcome = (
            _cut(generalise(_alike(carriers, "outcome", latest.outcome)).rstrip(". "))
            if latest.outcome
            else None
        )
        return action, outcome, carriers
    if existing is not None and existing.action:  # the sources that carried it were rejected since
        return existing.action, existing.outcome, []
    told = [c.outcome for c in ordered if c.outcome]
    return None, _cut(told[-1].rstrip(". ")) if told else (f"{tool} failed" if tool else None), []


def generalise_sources(
    situation: Situation, sources: Sequence[MemoryCard], existing: MemoryCard | None = None
) -> Generalisation:
    """The procedure for `situation` seen in `sources` (and, when it exists, its current card `existing`).

    - condition: the sources' conditions, details that differ left as gaps;
    - action and outcome: the fix of the latest source that has one (a fix that changed replaces the
      older one, as a changed value does everywhere in restructure), generalised over the sources that
      applied the same fix; without any fix, a known issue with no action;
    - evidence: the union of the existing card's and the sources'; `derived_from` the source ids (ids
      already there first, so a repeat computes the same list);
    - confidence: from the number of distinct sessions (`repetition_confidence`), at least that of the
      sources that carry the chosen fix, never lower than the existing card's.
    """
    ordered = sorted(sources, key=lambda c: (_when(c), c.memory_id))
    every = [*ordered, *([existing] if existing else [])]
    sessions = sessions_of(every)
    tool = situation.tool
    condition = _cut(generalise([c.condition for c in ordered if c.condition]).rstrip(". "))
    action, outcome, carriers = _fix(ordered, existing, tool)
    when = f'When {tool} fails with "{_cut(condition, 300)}"' if tool else f"When {_cut(condition, 300)}"
    then = _cut(action, 800) if action else "no fix is known yet"
    confidence = max(
        [
            repetition_confidence(len(sessions), fixed=action is not None),
            *(c.confidence for c in carriers),
            *([existing.confidence] if existing else []),
        ]
    )
    refs = [*(existing.evidence_refs if existing else []), *(r for c in ordered for r in c.evidence_refs)]
    derived = [*(existing.derived_from if existing else []), *(c.memory_id for c in ordered)]
    trusted = any(c.source.trust is not Trust.UNTRUSTED for c in ordered)
    return Generalisation(
        situation=situation,
        statement=_cut(f"{when} (seen in {len(sessions)} sessions): {then}."),
        condition=condition,
        action=action,
        outcome=outcome,
        evidence_refs=list(dict.fromkeys(refs)),
        derived_from=list(dict.fromkeys(derived)),
        sessions=sessions,
        confidence=round(min(CEILING if action is not None else KNOWN_ISSUE_CEILING, confidence), 4),
        observed_at=max((t for c in every if (t := c.observed_at)), default=None),
        source=Source(kind=SourceKind.AGENT if trusted else SourceKind.TOOL, name=tool or None),
    )

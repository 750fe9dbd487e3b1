"""One way of reaching someone preferred over another, said two ways: "Dot prefers email to phone calls" and
"Always email rather than ring Dot", "Text me instead of calling" and "Messages, not calls, please". Read by their
words the two share little ("prefer", "rather than", "ring" for "phone calls"); each sets one way above another,
and the ways are the same: one preference, held once.

The ways are the usual ones (a call, a text or message, an email, a letter, a video call), each by its words; the
same ways in the opposite order turn the preference round (latest wins).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.about import whom
from reverie.adapters.local.rules.verdicts import decision, replace
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.domain.restatement import stem
from reverie.ports import MergeAction, MergeDecision

_WAYS = {
    **dict.fromkeys(
        "call calls calling called ring ringing rung phone phoned phoning phone-calls".split(), "call"
    ),
    **dict.fromkeys("text texts texting texted message messages messaging sms whatsapp dm".split(), "text"),
    **dict.fromkeys("email emails emailing emailed e-mail e-mails mail".split(), "email"),
    **dict.fromkeys("letter letters post".split(), "letter"),
    **dict.fromkeys("video facetime zoom".split(), "video"),
}
_SIDE = r"(?P<{0}>[\w' -]{{1,30}}?)"
_OVER_RES = (
    re.compile(
        r"\bprefers?\s+" + _SIDE.format("a") + r"\s+(?:to|over)\s+" + _SIDE.format("b") + r"(?=[,.;!]|$)",
        re.I,
    ),
    re.compile(
        _SIDE.format("a") + r"\s+(?:rather\s+than|instead\s+of)\s+" + _SIDE.format("b") + r"(?=[,.;!]|$)",
        re.I,
    ),
)
_KINDS = frozenset({MemoryType.PREFERENCE, MemoryType.CONSTRAINT, MemoryType.FACT})


def _way(side: str) -> str | None:
    found = {_WAYS[w] for w in re.findall(r"[\w-]+", side.lower()) if w in _WAYS}
    return found.pop() if len(found) == 1 else None


def ways(statement: str) -> tuple[str, str] | None:
    """(the way preferred, the way below it), when the statement sets one usual way above another."""
    for pattern in _OVER_RES:
        if (
            (found := pattern.search(statement))
            and (a := _way(found.group("a")))
            and (b := _way(found.group("b")))
        ):
            return (a, b) if a != b else None
    return None


def preferred_over(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held card of the same person setting the same way above the same other (see the module)."""
    if candidate.type not in _KINDS or (mine := ways(candidate.statement)) is None:
        return None
    for card in cards:
        theirs = ways(card.statement)
        if card.type not in _KINDS or theirs is None or not _same_person(candidate.statement, card.statement):
            continue
        if theirs == mine:
            return decision(MergeAction.NOOP, card, f"{card.memory_id} prefers {mine[0]} to {mine[1]} too")
        if theirs == mine[::-1]:  # "call rather than email" after "prefers email to calls": turned round
            return replace(candidate, card, f"{card.memory_id} preferred {theirs[0]} to {theirs[1]}")
    return None


def _same_person(a: str, b: str) -> bool:
    """Both are of one person: the same opening person, or one names the other's ("Always email rather than
    ring Dot", a rule for the agent, and "Dot prefers email ...")."""
    mine, theirs = whom(a), whom(b)
    return mine == theirs or mine[0] in _words(b) or theirs[0] in _words(a)


def _words(statement: str) -> frozenset[str]:
    return frozenset(stem(w.lower()) for w in re.findall(r"[\w'-]+", statement))

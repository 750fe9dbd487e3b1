"""A course, a degree or a treatment someone was on, told as over: "Sid finished the Spanish course and passed the B1
exam" after "Sid is doing a Spanish evening course at the college until June"; "Mum has completed her chemo" after
"Mum is having chemo at the Christie".

The held card says the person is doing, taking, on or in the middle of the thing; the news says they finished,
completed, dropped out of or quit it. The two name the same kind of thing by its head noun (course, degree,
treatment...) and, when the news names it more closely, share a word of that too ("Spanish"). The held card is
then no longer true: the news replaces it (latest wins), carrying how it ended.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.verdicts import replace
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.domain.restatement import stem, terms
from reverie.ports import MergeDecision

_PURSUIT = (
    r"(?P<head>course|degree|apprenticeship|programme|program|training|placement|internship|treatment|therapy|"
    r"chemo|chemotherapy|radiotherapy|physio|rehab|rotation|module|diploma|certificate|masters|master's|phd|"
    r"bootcamp|residency|fellowship|secondment)s?"
)
_OVER_RE = re.compile(
    r"^(?P<who>.+?)\s+(?:has\s+|have\s+|had\s+|just\s+|finally\s+|officially\s+)*(?:finished|completed|"
    r"dropped\s+out\s+of|quit|left|graduated\s+from|passed)\s+(?:the|my|our|his|her|their|a|an)?\s*"
    rf"(?P<what>(?:[\w'-]+\s+){{0,3}}?){_PURSUIT}\b",
    re.I,
)
_DOING_RE = re.compile(
    r"\b(?:is|are|am|'s|'re|'m)\s+(?:now\s+|still\s+|currently\s+)?(?:doing|taking|on|in\s+the\s+middle\s+of|"
    r"having|studying|halfway\s+through|partway\s+through|enrolled\s+(?:on|in))\s+(?:a|an|the|my|our|his|her|their)?\s*"
    rf"(?P<what>(?:[\w'-]+\s+){{0,4}}?){_PURSUIT}\b",
    re.I,
)
_KINDS = frozenset({MemoryType.FACT, MemoryType.PLAN})


def pursuit_ended(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held card saying the person is doing the course or treatment the candidate says is over."""
    over = _OVER_RE.match(candidate.statement.strip())
    if over is None or candidate.type not in _KINDS:
        return None
    head, named = stem(over.group("head").lower()), terms(over.group("what"))
    who = terms(over.group("who"))
    for card in cards:
        doing = _DOING_RE.search(card.statement) if card.type in _KINDS else None
        if (
            doing is not None
            and stem(doing.group("head").lower()) == head
            and named <= terms(doing.group("what")) | terms(card.statement)
            and who <= terms(card.statement[: doing.start()])
        ):
            return replace(candidate, card, f"the {doing.group('head')} of {card.memory_id} is over")
    return None

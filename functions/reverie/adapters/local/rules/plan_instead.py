"""A plan's new day said with "instead" and no name for the plan: "Going Saturday 21 March instead, same
time", "doing the 9th instead", "now Thursday 4 June instead".

The plan is the one the conversation is about, so its name is left out. Read alone, the sentence is the
speaker's plan on its new day (`moved_instead`); against what is held (`unnamed_plan_moved`), it moves the
one plan of theirs whose day is still to come when it is said: that plan, on its new day (its weekday with
it, its time kept unless a new one is given). With two such plans or none, which one moved is not known,
and the statement is kept as said.

Only a day said before "instead" is read: "I'll have the salmon instead" or "went to the cinema instead"
names no new day of a plan.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.dates import resolve_relative_dates
from reverie.adapters.local.rules.language import strip_emoji
from reverie.adapters.local.rules.plan_changes import _later_day, _on_day, _redated
from reverie.adapters.local.rules.statement_types import Speaker, Statement
from reverie.adapters.local.rules.stored_form import as_statement
from reverie.adapters.local.rules.verdicts import replace as replaced_by
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType, Status
from reverie.domain.text import MONTH_WORD
from reverie.ports import MergeAction, MergeDecision

_WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_MONTH = MONTH_WORD
# A day: "Saturday 21 March", "the 21st", "March 21", "next Friday", "tomorrow", "Thursday".
_DAY = (
    rf"(?:(?:{_WEEKDAY},?\s+)?(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?(?:\s+(?:of\s+)?{_MONTH})?"
    rf"|(?:{_WEEKDAY},?\s+)?{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?|(?:next\s+|this\s+)?{_WEEKDAY}|tomorrow)"
)
# "Going Saturday 21 March instead, same time", "so we're doing the 9th instead", "now Friday instead".
_INSTEAD_RE = re.compile(
    r"^(?:(?:so|ok|okay|now|then|and|right)[,\s]+)*(?:(?:i'm|i\s+am|we're|we\s+are|it's|it\s+is)\s+)?"
    rf"(?:(?:now|going|doing|heading|coming|travelling|traveling|flying|driving|visiting)\s+)?(?:on\s+|for\s+)?"
    rf"(?P<when>{_DAY})\s+instead\b[,;\s]*(?P<rest>[^.!?]*)[.!?]*$",
    re.I,
)


def moved_instead(text: str, who: Speaker) -> Statement | None:
    """A new day said with "instead" for a plan not named: "<speaker>'s plan is moved to <day>", or None."""
    found = _INSTEAD_RE.match(strip_emoji(text).strip())
    if found is None:
        return None
    when = _on_day(found.group("when"), who.ts)
    when = resolve_relative_dates(when, who.ts)
    rest = found.group("rest").strip(" ,;")
    said = f"My plan is moved to {when}" + (f", {rest}" if rest else "")
    result = as_statement(MemoryType.PLAN, said, who, short_ok=True)
    return result if isinstance(result, Statement) else None


# A fact kept of an arrangement ("Priyanka is visiting Mum on Saturday 7 March"): a plan, whatever its type.
_ARRANGED_RE = re.compile(r"\b(?:is|are|am)\s+(?:[a-z]+ing)\b", re.I)
_UNNAMED_RE = re.compile(
    r"^(?:my|the|(?:the\s+)?[\w-]+'s)\s+plan\s+is\s+moved\s+to\s+(?P<when>.+?)\.?$", re.I
)


def unnamed_plan_moved(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The one held plan (or arrangement kept as a fact) still to come when the candidate is said, on the
    new day the candidate gives it."""
    found = _UNNAMED_RE.match(candidate.statement.strip())
    said = candidate.observed_at
    if found is None or candidate.type is not MemoryType.PLAN or said is None:
        return None
    plans = [
        c
        for c in cards
        if (c.type is MemoryType.PLAN or (c.type is MemoryType.FACT and _ARRANGED_RE.search(c.statement)))
        and c.status is not Status.SUPERSEDED
        and (c.observed_at or c.updated_at) < said
        and _later_day(c.statement, said)
    ]
    if len(plans) != 1:
        return None
    card = plans[0]
    redated = _redated(card.statement, found.group("when"))
    if redated is None:
        return None
    verdict = replaced_by(candidate, card, f"the plan {card.memory_id} moved to another day")
    if verdict.action is not MergeAction.SUPERSEDE:
        return verdict
    return verdict.model_copy(update={"statement": redated})

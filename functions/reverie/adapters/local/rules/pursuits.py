"""One pursuit, told across clauses and sessions: what someone took up, how they do it, who joins them.

- Said in one breath, "I've started climbing, I'm doing the beginner course at the wall" is one idea: the
  second clause names the programme, course or plan through which the pursuit just begun is done
  (`continues_pursuit`), so the sentence is not split into two cards. "I've started climbing, I'm moving
  to Leeds in May" is two.
- A topic said first and taken up by "it" ("the swimming, yeah, my brother's doing it with me now") is put
  back where "it" stands ("my brother's doing the swimming with me now", `topic_taken_up`): read alone,
  "doing it" says nothing.
- Later, "the swimming" named by its activity is the swimming a held card says the same person took up or
  does (`the_pursuit`): more of that card, one richer card. Two held cards with that activity leave it
  unresolved.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.about import owner
from reverie.adapters.local.rules.polarity import opposed
from reverie.adapters.local.rules.values import other_numbers
from reverie.adapters.local.rules.verdicts import fused, join
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.ports import MergeDecision

_BEGUN = r"(?:started|begun|began|took\s+up|taken\s+up|picked\s+up|got\s+into|getting\s+into)"
# "I've started running", "we took up climbing": the speaker beginning an activity (the clause before).
_BEGUN_RE = re.compile(rf"^(?:I|we)(?:'ve|\s+have)?\s+(?:just\s+|finally\s+)?{_BEGUN}\s+\w", re.I)
# "I'm doing the beginner course", "I'm following a ten-week plan": the form the pursuit takes.
_HOW_RE = re.compile(
    r"^(?:I|we)(?:'m|'re|\s+am|\s+are)\s+(?:doing|following|using|on)\s+(?:the|a|an|this)\s+"
    r"(?:[\w-]+\s+){0,5}?(?:thing|programme|program|plan|course|challenge|app|routine|method|scheme|club)\b",
    re.I,
)


def continues_pursuit(left: str, right: str) -> bool:
    """`right` names how the pursuit `left` says the speaker just began is done: one idea with it."""
    return bool(_BEGUN_RE.match(left.strip()) and _HOW_RE.match(right.strip()))


_AUXILIARIES = "is|are|was|were|has|have|had|will|would|can|could|should|does|did|do|goes|went"
# "the running, yeah, my sister's doing it": a topic (an article and one or two words, no verb), a comma,
# maybe a word of assent, then a clause that takes the topic up with "it".
_TOPIC_RE = re.compile(
    rf"^(?P<topic>the\s+[a-z][\w-]*(?:\s+(?!(?:{_AUXILIARIES})\b)[a-z][\w-]*)?)\s*,\s*"
    r"(?:(?:yeah|yes|yep|right|so|well|anyway|ok|okay)\s*,\s*)*(?P<rest>\S.*)$",
    re.I | re.S,
)
_IT_RE = re.compile(r"\bit(?P<is>'s\b)?(?!')\b", re.I)


def topic_taken_up(sentence: str) -> str:
    """`sentence` with a topic said first and taken up by "it" put back in its place (see the module
    docstring); the sentence as it is when it has no such topic."""
    found = _TOPIC_RE.match(sentence.strip())
    if found is None:
        return sentence
    topic, rest = found.group("topic"), found.group("rest")
    it = _IT_RE.search(rest)
    if it is None:
        return sentence
    said = f"{topic} is" if it.group("is") else topic
    return rest[: it.start()] + said + rest[it.end() :]


# What a held card says its person began or does by an activity's name ("has started running", "goes
# swimming", "took up climbing"): the -ing word.
_ACTIVITY_RE = re.compile(rf"\b(?:{_BEGUN}|goes|go|went|does|do)\s+(?P<activity>[a-z]{{3,}}ing)\b", re.I)


# "the running" as a whole noun phrase ("doing the running with me"), not a noun's modifier ("the running
# club").
_THE_ACTIVITY_RE = re.compile(
    r"\bthe\s+(?P<activity>[a-z]{3,}ing)\b(?=\s*(?:[,.;:!?)]|$)|\s+(?:with|on|at|in|for|now|again|together|"
    r"too|as|and|but|so|every|each|before|after|since|is|was|has)\b)",
    re.I,
)


def the_pursuit(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The one held fact about the same person whose activity the candidate names as "the <activity>"
    (see the module docstring): the candidate fused into it."""
    if candidate.type is not MemoryType.FACT:
        return None
    person, _ = owner(candidate.statement)
    named = {m.group("activity").lower() for m in _THE_ACTIVITY_RE.finditer(candidate.statement)}
    if not person or not named:
        return None
    held = [
        (card, shared)
        for card in cards
        if card.type is MemoryType.FACT
        and owner(card.statement)[0] == person
        and (shared := named & {m.group("activity").lower() for m in _ACTIVITY_RE.finditer(card.statement)})
    ]
    if len(held) != 1:
        return None
    card, shared = held[0]
    if other_numbers(candidate.statement, card.statement) or opposed(candidate.statement, card.statement):
        return None
    activity = sorted(shared)[0]
    return fused(
        candidate, card, join(card.statement, candidate.statement), f"the {activity} of {card.memory_id}"
    )

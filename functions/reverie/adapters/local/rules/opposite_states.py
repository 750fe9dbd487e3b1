"""A state changed to its opposite, said in the opposite word: "We've started letting Pepper go outside" after
"Pepper is an indoor cat", "I've gone part-time" after "works full-time at the library", "back on day shifts"
after "works night shifts", "have their own rooms now" after "the twins share a bedroom". The news replaces the card (latest wins) rather than joining it ("... lets Pepper go
outside; ... is an indoor cat").

Only a few pairs of words that name the two sides of one state, and only when the news says a change ("started",
"gone", "now", "switched", "no longer", ...) about the same someone as the card: the same owner
and what of theirs (`about.owner`), or a name both share beyond the owner's ("Pepper"). "Ana goes running
outside" beside "Ana is an indoor climber" says no change and is left alone.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.about import names_inside, owner
from reverie.adapters.local.rules.verdicts import replace
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard
from reverie.ports import MergeDecision

# the two sides of one state
_SIDES = (
    (r"indoors?", r"outdoors?|outside"),
    (r"full[- ]time", r"part[- ]time"),
    (r"day\s+shifts?|on\s+days", r"night\s+shifts?|on\s+nights"),
    # ("the twins share a bedroom" / "have their own rooms now")
    (r"shar(?:e|es|ing)\s+(?:a\s+)?(?:bed)?room", r"(?:their|his|her|my|our)\s+own\s+(?:bed)?rooms?"),
    (
        r"a\s+manual|manual\s+(?:car|gearbox|transmission)",
        r"an\s+automatic|automatic\s+(?:car|gearbox|transmission)",
    ),
)
_PAIRS = tuple(
    (re.compile(rf"\b(?:{held})\b", re.I), re.compile(rf"\b(?:{news})\b", re.I))
    for one, other in _SIDES
    for held, news in ((one, other), (other, one))
)
_CHANGE_RE = re.compile(
    r"\b(?:started|starting|gone|going|went|switched|swapped|changed|moved|now|no\s+longer|any\s*more|"
    r"back\s+(?:on|to)|from\s+now\s+on|decided)\b",
    re.I,
)


def _same_someone(news: str, held: str) -> bool:
    mine, theirs = owner(news), owner(held)
    # (one's reading of whose may take a verb in: "Uma's twins share ..." as the twins' "shar")
    if (
        mine[0]
        and mine[0] == theirs[0]
        and (
            mine[1] == theirs[1] or (mine[1] and theirs[1] and (mine[1] <= theirs[1] or theirs[1] <= mine[1]))
        )
    ):
        return True
    shared = names_inside(news) & names_inside(held)
    return bool({n.lower() for n in shared} - {mine[0], theirs[0]})


def opposite_state(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held card whose state the candidate says changed to its opposite (see the module)."""
    news = candidate.statement
    if not _CHANGE_RE.search(news):
        return None
    for held_side, news_side in _PAIRS:
        if not news_side.search(news) or held_side.search(news):
            continue
        for card in cards:
            said = card.statement
            if held_side.search(said) and not news_side.search(said) and _same_someone(news, said):
                return replace(candidate, card, f"the opposite of what {card.memory_id} says, now")
    return None


# ... and a thing never taken, now taken: "Cy never touches coffee" / "has become a coffee person, two flat whites a
# day", "Bo never eats meat" / "started eating meat again".
_NEVER_RE = re.compile(
    r"\bnever\s+(?:touch(?:es)?|eats?|drinks?|has|have|takes?|orders?)\s+(?P<thing>[a-z]{3,})\b", re.I
)
_TAKEN_NOW_RE = re.compile(r"\b(?:become|became|started|starting|now|again|these\s+days|converted)\b", re.I)
_NOT_RE = re.compile(r"\b(?:not|never|no|don'?t|doesn'?t|didn'?t|won'?t|can'?t)\b", re.I)


def never_now(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held card saying the same someone never takes a thing, when the news says they take it now."""
    if not _TAKEN_NOW_RE.search(candidate.statement) or _NOT_RE.search(candidate.statement):
        return None
    for card in cards:
        never = _NEVER_RE.search(card.statement)
        if (
            never is not None
            and re.search(rf"\b{re.escape(never.group('thing'))}\b", candidate.statement, re.I)
            and _same_someone(candidate.statement, card.statement)
        ):
            return replace(candidate, card, f"{card.memory_id} said never, the news says now")
    return None

"""A state that ends in the event it was heading for: "is trying for a baby" ends when they "are expecting", "is
pregnant" when she "had her baby", "is learning to drive" when they "passed their driving test", "is engaged"
when they "got married", "is on the waiting list for an allotment" when they "got their allotment", "is saving
for a deposit on a house" when they "bought a house", "put an offer in on a house" when they "got the keys", "is at Leeds Uni" when they "graduated", "the driving test
is on 12 February" when they "passed their driving test", "is having the bathroom retiled" when "the bathroom is
done", "is moving to Exeter" when they "live in Exeter". The news replaces the state (latest wins) rather than
joining it ("had her baby ... and is pregnant").

Said of the same someone (the same name and the same person of theirs: "Pia's sister"), the state before the news.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.about import owner, whom
from reverie.adapters.local.rules.verdicts import replace
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard
from reverie.domain.restatement import MOVING_TO_RE, stem
from reverie.ports import MergeDecision

# (the state, the event that concludes it)
_CONCLUDED = (
    (
        re.compile(r"\b(?:is|are)\s+(?:now\s+)?(?:pregnant|expecting)\b", re.I),
        re.compile(
            r"\b(?:had|has\s+had)\s+(?:her|their|the|a)\s+baby\b|\bgave\s+birth\b|\bbaby\s+(?:was\s+born|arrived)\b",
            re.I,
        ),
    ),
    (  # trying for a baby, then expecting one
        re.compile(
            r"\btrying\s+(?:for\s+(?:a\s+)?(?:baby|another|kids|children|a\s+family)|to\s+(?:conceive|get\s+pregnant))\b",
            re.I,
        ),
        re.compile(r"\b(?:is|are)\s+(?:now\s+)?(?:pregnant|expecting)\b", re.I),
    ),
    (
        re.compile(r"\blearning\s+to\s+drive\b|\btaking\s+driving\s+lessons\b", re.I),
        # ("passed my test first time": while learning to drive, the test is the driving test)
        re.compile(r"\bpassed\s+(?:\w+\s+)?(?:driving\s+|practical\s+)?test\b", re.I),
    ),
    (
        re.compile(
            r"\b(?:is|are)\s+(?:now\s+)?(?:at|in\s+(?:his|her|their)\s+\w+\s+year\s+at)\s+(?:[A-Z][\w'-]*\s+)*"
            r"(?:[Uu]ni|[Uu]niversity|[Cc]ollege)\b|\bstud(?:ies|ying)\s+\w+\s+at\s+(?:[A-Z][\w'-]*\s+)*"
            r"(?:[Uu]ni|[Uu]niversity|[Cc]ollege)\b"
        ),
        re.compile(
            r"\bgraduated\b|\bfinished\s+(?:uni|university|college|(?:his|her|their)\s+degree)\b", re.I
        ),
    ),
    (  # a home being bought, then got or lost: "put an offer in on a house" / "got the keys"
        re.compile(
            r"\b(?:put|made|putting|making)\s+(?:in\s+)?an?\s+offer\s+(?:in\s+)?on\b|\bhouse[- ]hunting\b"
            r"|\b(?:buying|trying\s+to\s+buy)\s+(?:a|our|my|the)\s+(?:first\s+)?(?:house|flat|home)\b",
            re.I,
        ),
        re.compile(
            r"\bgot\s+the\s+keys\b|\bcompleted\s+on\b|\bmoved\s+in(?:to)?\b|\b(?:sale|purchase|offer)\s+"
            r"(?:has\s+)?fell\s+through\b|\bfell\s+through\b|\bpulled\s+out\b",
            re.I,
        ),
    ),
    (  # a job applied or interviewed for, then got or turned down
        re.compile(
            r"\b(?:interviewing|applying|applied|shortlisted|in\s+the\s+running)\s+(?:for|at|with|to)\b", re.I
        ),
        re.compile(
            r"\b(?:got|landed|accepted|took|been\s+offered|was\s+offered|turned\s+down|didn't\s+get|did\s+not\s+get)"
            r"\s+(?:the\s+|a\s+)?(?:[\w-]+\s+)?(?:job|role|position|offer)\b|\bgot\s+the\s+(?:job|role)\b",
            re.I,
        ),
    ),
    (
        re.compile(r"\b(?:is|are)\s+(?:now\s+)?engaged\b", re.I),
        re.compile(r"\bgot\s+married\b|\bgot\s+hitched\b|\bwedding\s+was\b", re.I),
    ),
)


# A waiting list, left when what it was for is got: "on the waiting list for an allotment" / "got my allotment";
# waiting for an operation, when it was had: "is waiting for a hip replacement" / "had her hip done"; getting
# quotes for a thing, when one was chosen: "getting quotes for a new kitchen" / "went with Howdens for the kitchen";
# training for a race, when it was run: "training for my first 10k" / "did the 10k on Sunday".
# ... and so is saving up for it: "saving for a deposit on a house" / "bought a house in Stockport"
_WAITING_RE = re.compile(
    r"\b(?:on\s+(?:the|a|their|his|her)\s+waiting\s+list|saving(?:\s+up)?|waiting|getting\s+quotes|shopping\s+around|"
    r"looking\s+around|training|preparing)\s+for\s+"
    r"(?:(?:a|the)\s+deposit\s+(?:on|for)\s+)?(?:a|an|the|my|our|their|his|her)?\s*"
    r"(?:[\w-]+\s+){0,2}?(?P<what>[\w-]+)[.!]*$",
    re.I,
)
_GOT_RE = re.compile(
    r"\b(?:got|has\s+got|have\s+got|bought|has\s+bought|have\s+bought|(?:been|was|were)\s+(?:offered|given|allocated))\s+"
    r"(?:a|an|the|my|our|their|his|her)\s+(?:[\w-]+\s+){0,2}?(?P<what>[\w-]+)\b"
    # ... or had it done: "Mum had her hip done" after "is waiting for a hip replacement"
    r"|\b(?:had|has\s+had|have\s+had)\s+(?:a|an|the|my|our|their|his|her)\s+(?:[\w-]+\s+)?(?P<done>[\w-]+)\s+"
    r"(?:done|replaced|operated\s+on|fitted|removed|out)\b"
    # ... or chose who does it: "went with Howdens for the kitchen" after "getting quotes for a new kitchen"
    r"|\b(?:went|gone|going|decided\s+to\s+go)\s+with\s+[\w'& -]{2,40}?\s+for\s+(?:a|an|the|my|our)\s+(?:new\s+)?"
    r"(?P<chosen>[\w-]+)\b"
    # ... or did what one trained for: "did the 10k on Sunday" after "training for my first 10k"
    r"|\b(?:did|ran|finished|completed|smashed)\s+(?:the|my|a|their|our)\s+(?:first\s+)?(?P<ran>[\w-]+)\b",
    re.I,
)


def _waited_for(candidate: Candidate, card: MemoryCard) -> bool:
    waiting, got = _WAITING_RE.search(card.statement), _GOT_RE.search(candidate.statement)
    if waiting is None or got is None:
        return False
    if got.group(
        "done"
    ):  # the thing had done is a word of what was waited for ("hip" of "a hip replacement")
        waited = {stem(w.lower()) for w in waiting.group(0).split()[-3:]}
        return stem(got.group("done").lower()) in waited
    said = got.group("what") or got.group("chosen") or got.group("ran")
    return stem(waiting.group("what").lower()) == stem(said.lower())


def _same_someone(news: str, held: str) -> bool:
    """The same owner, or the one the news names first named in the held card as someone's ("Jake ..." /
    "Meg's son Jake ...")."""
    (mine, owned), (theirs, their_owned) = owner(news), owner(held)
    return (
        (mine, owned) == (theirs, their_owned)
        or (not owned and mine in their_owned and news[:1].isupper())
        or whom(news) == whom(held)  # "Hana ..." / "The user's best friend Hana ..."
    )


# A pregnancy ends with a child of the same person born: "I'm 6 months pregnant" / "our daughter Maya was born".
_PREGNANT_RE = re.compile(
    r"\b(?:is|are|am|'m|'re)\s+(?:now\s+)?(?:\d+\s+\w+\s+)?(?:pregnant|expecting)\b", re.I
)
_BORN_RE = re.compile(r"\b(?:was|were)\s+born\b|\barrived\b", re.I)
_CHILD = frozenset(stem(w) for w in "baby daughter son boy girl twins twin".split())


def _child_born(candidate: Candidate, card: MemoryCard) -> bool:
    (mine, owned), (theirs, their_owned) = owner(candidate.statement), owner(card.statement)
    return (
        _PREGNANT_RE.search(card.statement) is not None
        and _BORN_RE.search(candidate.statement) is not None
        and mine == theirs
        and not their_owned
        and bool(owned & _CHILD)
    )


# An event held as set for a day, then told as done: "my driving test is on 12 February" / "passed my driving test".
_SET_FOR_RE = re.compile(
    r"\b(?P<what>test|exam|interview|operation|surgery|scan|viva|appointment|audition|race|hearing)s?\s+(?:is|are)\s+"
    r"(?:on|at|in|booked)\b",
    re.I,
)


def _set_event_done(candidate: Candidate, card: MemoryCard) -> bool:
    found = _SET_FOR_RE.search(card.statement)
    (mine, owned), (theirs, their_owned) = owner(candidate.statement), owner(card.statement)
    if found is None or mine != theirs or not owned <= their_owned:  # not "the user's sister passed ..."
        return False
    what = re.escape(found.group("what"))
    done = rf"\b(?:passed|failed|had|did|sat|finished|completed|aced|smashed)\b[^.;]*\b{what}s?\b"
    return re.search(done, candidate.statement, re.I) is not None


# Work on a thing of one's own, under way, then the thing done: "having the bathroom retiled" / "the bathroom is
# done, finally".
_WORK_ON_RE = re.compile(
    r"\b(?:having|getting)\s+(?:the|our|my|their|his|her)\s+(?P<thing>[a-z]+)\s+"
    r"(?:re)?(?:[a-z]+ed|done|fixed|built|redone|dug|rewired|replumbed)\b",
    re.I,
)
_DONE_RE = r"\s+(?:is|are|was|were|has\s+been|have\s+been)\s+(?:now\s+|finally\s+|all\s+)?(?:done|finished|complete|completed|fixed|sorted|ready)\b"


def _work_done(candidate: Candidate, card: MemoryCard) -> bool:
    found = _WORK_ON_RE.search(card.statement)
    (mine, owned), (theirs, their_owned) = owner(candidate.statement), owner(card.statement)
    if found is None or mine != theirs or not owned - {found.group("thing").lower()} <= their_owned:
        return False  # (never "Ozz's sister's bathroom is done")
    return re.search(rf"\b{re.escape(found.group('thing'))}{_DONE_RE}", candidate.statement, re.I) is not None


# A move to come, then being there: "is moving to Exeter in the spring" / "lives in Exeter", "has moved to Exeter".
_THERE_RE = re.compile(
    r"\b(?:lives|live|living|has\s+moved|have\s+moved|moved|settled|settling)\s+(?:in|to|into)\s+"
    r"(?:the\s+new\s+(?:place|house|flat|home)\s+in\s+)?(?P<place>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*)*)",
    re.I,
)


def _moved_there(candidate: Candidate, card: MemoryCard) -> bool:
    coming, there = MOVING_TO_RE.search(card.statement), _THERE_RE.search(candidate.statement)
    return (
        coming is not None
        and there is not None
        and coming.group("place") == there.group("place")
        and _same_someone(candidate.statement, card.statement)
    )


def state_concluded(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held card saying the state the candidate's event concludes, of the same someone (see the module)."""
    for card in cards:
        ends = _waited_for(candidate, card) or any(
            state.search(card.statement) and event.search(candidate.statement) for state, event in _CONCLUDED
        )
        if (
            (ends and _same_someone(candidate.statement, card.statement))
            or _child_born(candidate, card)
            or _set_event_done(candidate, card)
            or _work_done(candidate, card)
            or _moved_there(candidate, card)  # "lives in Exeter" after "is moving to Exeter in the spring"
        ):
            return replace(candidate, card, f"the state {card.memory_id} says has come to its end")
    return None

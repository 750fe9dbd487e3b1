"""One candidate against its nearest current cards: add, fuse, supersede, no-op or conflict.

- Same slot (key): the same value is a no-op; the same value with more detail fuses; another value, or a
  reversal, is a change: latest wins (or a person decides). A taste's value is its direction ("loves" /
  "no longer likes"): more about a taste held the same way fuses.
- No shared slot: a denial of a card replaces it; a card saying as much makes a no-op; a statement
  about the same subject and the same specific thing ("loves jazz" / "goes to a jazz club every Friday")
  fuses into one card, and news about what a plan was for (done, cancelled, moved) supersedes the plan.

Deterministic and order-independent: neighbours are considered in `memory_id` order, so the same
candidate and the same set of cards always give the same decision.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import TypeVar

from reverie.adapters.local.rules.about import (
    contains,
    event,
    jaccard,
    name_words,
    owner,
    possessions,
    pursuit,
    subject,
    topic,
)
from reverie.adapters.local.rules.keys import same_slot, state_slot, statement_key
from reverie.adapters.local.rules.language import lowered_opening
from reverie.adapters.local.rules.one_rule import same_rule
from reverie.adapters.local.rules.plan_ends import called_off, got, same_plan, state_ended
from reverie.adapters.local.rules.remainder import carried
from reverie.adapters.local.rules.values import (
    SAME_VALUE_JACCARD,
    another_attribute_value,
    another_date,
    another_value,
    contrast_replaces,
    other_numbers,
)
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType, ReviewStatus, SourceKind, Status, Trust
from reverie.domain.restatement import negated, stem, terms
from reverie.domain.text import entities, human_date
from reverie.ports import MergeAction, MergeDecision, ReasonerUsage

DUPLICATE_JACCARD = 0.7  # no key: this similar means the same idea
NEGATION_JACCARD = 0.6  # this similar apart from a negation means one denies the other
SAME_TIME = timedelta(minutes=5)  # observations this close count as simultaneous
_USAGE = ReasonerUsage()  # no language-model call
_TRUST_RANK = {Trust.HIGH: 3, Trust.MEDIUM: 2, Trust.LOW: 1, Trust.UNTRUSTED: 0}
FUSED_MAX_CHARS = 400  # a fusion longer than this is no longer one idea: keep two cards
_Claim = TypeVar("_Claim", Candidate, MemoryCard)


def _time(card: MemoryCard) -> datetime:
    return card.observed_at or card.updated_at


def _rank(trust: Trust | None) -> int:
    return _TRUST_RANK[trust or Trust.UNTRUSTED]


def _decision(
    action: MergeAction, card: MemoryCard | None, reason: str, statement: str | None = None
) -> MergeDecision:
    return MergeDecision(
        action=action,
        target_id=card.memory_id if card else None,
        statement=statement,
        reason=reason,
        usage=_USAGE,
    )


def _replace(candidate: Candidate, card: MemoryCard, what: str) -> MergeDecision:
    """The candidate says something else than `card` about the same thing: latest wins, or a person
    decides (a card a person edited, a less trusted source, an older or simultaneous observation)."""
    if card.review_status is ReviewStatus.EDITED:
        return _decision(MergeAction.CONFLICT, card, f"{what}, but {card.memory_id} was edited by a person")
    if _one_message(candidate, card):  # "I'm not vegan any more, I eat fish again": one statement, two parts
        return _fused(
            candidate, card, join(card.statement, candidate.statement), f"{what} in the same message"
        )
    if candidate.type is MemoryType.CORRECTION or candidate.source.kind is SourceKind.HUMAN_REVIEW:
        return _decision(MergeAction.SUPERSEDE, card, f"{what}: a correction replaces {card.memory_id}")
    if _rank(candidate.source.trust) < _rank(card.source.trust):
        return _decision(
            MergeAction.CONFLICT, card, f"{what}, from a less trusted source than {card.memory_id}"
        )
    if candidate.observed_at is None:
        return _decision(MergeAction.SUPERSEDE, card, f"{what}: the new observation wins")
    delta = candidate.observed_at - _time(card)
    if abs(delta) <= SAME_TIME:
        # at the same time the more trusted source wins, if someone vouches for it: hearsay against a web
        # page is two claims nothing settles
        if _rank(candidate.source.trust) > max(_rank(card.source.trust), _rank(Trust.LOW)):
            return _decision(MergeAction.SUPERSEDE, card, f"{what}: a more trusted source at the same time")
        return _decision(MergeAction.CONFLICT, card, f"{what}: two sources disagree at the same time")
    if delta > timedelta(0):
        return _decision(MergeAction.SUPERSEDE, card, f"{what}: the newer value wins (latest wins)")
    return _decision(MergeAction.CONFLICT, card, f"{what}, but {card.memory_id} was observed later")


def _one_message(candidate: Candidate, card: MemoryCard) -> bool:
    """Both are what the user said of themselves in one message (never relayed claims, which are
    other people's and may disagree)."""
    own = (candidate.source.kind, card.source.kind) == (
        SourceKind.USER,
        SourceKind.USER,
    ) and Trust.LOW not in (
        candidate.source.trust,
        card.source.trust,
    )
    return own and bool(set(candidate.evidence_refs) & set(card.evidence_refs))


def _same_key(
    candidate: Candidate, cards: Sequence[MemoryCard], mine: frozenset[str]
) -> MergeDecision | None:
    same = [c for c in cards if same_slot(candidate.key, c.key, c.user_id or "")]
    if not same:
        return None
    best = max(same, key=lambda c: jaccard(mine, terms(c.statement)))
    theirs = terms(best.statement)
    key = candidate.key
    if negated(candidate.statement) != negated(best.statement):
        return _replace(candidate, best, f"a reversal of {key}")
    if jaccard(mine, theirs) >= SAME_VALUE_JACCARD or contains(theirs, mine):
        return _decision(MergeAction.NOOP, best, f"{best.memory_id} already says this (key {key})")
    if contains(mine, theirs):  # the same value, told with more detail: the candidate says both
        return _fused(candidate, best, candidate.statement, f"more detail about {key}")
    if ".taste." in (key or ""):  # held the same way: more about the same taste
        return _fused(candidate, best, join(best.statement, candidate.statement), f"more about {key}")
    named = _named_value(candidate.statement)
    if (
        named
        and named == _named_value(best.statement)
        and not other_numbers(candidate.statement, best.statement)
    ):
        # "back in Warsaw since Friday" beside "normally based in Warsaw": the same place, said otherwise
        return _fused(candidate, best, join(best.statement, candidate.statement), f"the same value of {key}")
    decision = _replace(candidate, best, f"a different value for {key}")
    if decision.action is MergeAction.SUPERSEDE and (
        kept := carried(best.statement, candidate.statement, key)
    ):
        # what the old card said beside the replaced value ("..., and sits in the Insights team") lives on
        return decision.model_copy(
            update={"statement": kept, "reason": f"{decision.reason}, keeping the rest"}
        )
    return decision


def _named_value(statement: str) -> frozenset[str]:
    """The names a statement gives beside whom it is about ("Warsaw" in "Dmitri is back in Warsaw")."""
    return frozenset(stem(e) for e in entities(statement)) - name_words(statement)


def _fused(candidate: Candidate, card: MemoryCard, statement: str, why: str) -> MergeDecision:
    if candidate.valid_until != card.valid_until:  # one would carry the other's expiry
        return _decision(MergeAction.ADD, None, f"{why}, but it holds for another time than {card.memory_id}")
    if card.review_status is ReviewStatus.EDITED:
        return _decision(MergeAction.NOOP, card, f"{why}, but {card.memory_id} was edited by a person")
    if len(statement) > FUSED_MAX_CHARS:
        return _decision(MergeAction.ADD, None, f"{why}, too much for one card with {card.memory_id}")
    return _decision(MergeAction.FUSE, card, f"{why}: fused with {card.memory_id}", statement)


def join(held: str, new: str) -> str:
    """Two statements about one subject as one: "The user loves jazz." + "The user goes to a jazz club
    every Friday." → "The user loves jazz and goes to a jazz club every Friday."."""
    first = held.rstrip(" .;")
    # who it is about, a name in full ("Ngozi Eze", "The user's sister")
    opening = re.match(
        r"^((?:(?i:the )[\w-]+|[A-Z][\w-]*(?: [A-Z][\w-]*){0,2}|[\w-]+)(?:'s [\w-]+)?) ", first
    )
    second = new.strip()
    if opening and second.lower().startswith(opening.group(1).lower() + " "):
        return f"{first} and {second[len(opening.group(1)) + 1 :].rstrip(' .')}."
    return f"{first}; {lowered_opening(second)}"


def _about_the_same(candidate: Candidate, card: MemoryCard) -> frozenset[str]:
    """The specific things both statements are about, when they are about the same someone (or the
    candidate's subject is something the card is about: "the user's dog" after "the user has a dog",
    "Aiko's Saturday run" after "Aiko runs every weekend"); else nothing."""
    (mine, owned), (theirs, their_owned) = owner(candidate.statement), owner(card.statement)
    if not mine or mine != theirs:
        return frozenset()
    about = topic(card.statement)
    extra = owned - their_owned
    if extra and not extra & about:
        return frozenset()  # "the user's sister ..." says nothing more about what "the user ..." says
    return (topic(candidate.statement) & about) | (extra & about)


def _plan_news(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """A later statement about what a held plan was for ("Marc's Halifax move is off", "Zoë came back
    from Patagonia") is news of the plan, not a restatement of it: the plan is over. So is the thing a plan
    to get one was for, said to be there ("The new boiler has been humming away since Tuesday" after "needs
    to get the old boiler replaced")."""
    if candidate.type is MemoryType.PLAN:
        return None  # a plan beside a plan: restated, refined or changed (see `_by_topic`)
    for card in cards:
        if (
            card.type is MemoryType.PLAN
            and (candidate.observed_at is None or candidate.observed_at > _time(card) + SAME_TIME)
            and not _other_slots(candidate, card)
            and (_about_the_same(candidate, card) or got(candidate, card))
        ):
            return _replace(candidate, card, f"news of the plan {card.memory_id}")
        if state_ended(candidate, card):
            return _replace(candidate, card, f"{card.memory_id} holds while a state lasts, and it is over")
        if called_off(candidate, card):
            return _replace(candidate, card, f"what the plan {card.memory_id} was for is off")
    return None


def _by_topic(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """A plan followed by news of it (done, cancelled, moved) is over: the news supersedes it. Two facts
    or tastes about the same specific thing fuse into one card; so does what happened in a pursuit someone
    began ("started learning the cello" / "played cello in a first concert"), each part keeping its date."""
    if candidate.type not in _FUSIBLE and candidate.type is not MemoryType.PLAN:
        return None
    for card in cards:
        if _other_slots(candidate, card) or not _about_the_same(candidate, card):
            continue  # two slots are two attributes, whatever words they share
        if card.type is candidate.type is MemoryType.PLAN and same_plan(candidate, card):
            return _decision(MergeAction.NOOP, card, f"{card.memory_id} is the same plan")
        if card.type is MemoryType.PLAN and (
            candidate.observed_at is None or candidate.observed_at > _time(card)
        ):
            return _replace(candidate, card, f"news of the plan {card.memory_id}")
        if card.type not in _FUSIBLE or candidate.type not in _FUSIBLE:
            continue
        # a change ("sold the Ibiza on 20 June") replaces the state it ends whatever numbers either names
        if not event(card.statement) and _CHANGE_RE.search(candidate.statement):
            return _replace(candidate, card, f"a change of what {card.memory_id} says")
        if (
            other_numbers(candidate.statement, card.statement)
            or candidate.valid_until != card.valid_until  # a lasting fact never joins a passing one
        ):
            continue
        happened = event(card.statement) or event(candidate.statement)
        if not _keys_allow(candidate, card) or _denies_any(candidate, card):
            continue
        if (
            happened
            and _BEGUN_RE.search(card.statement)
            and pursuit(card.statement) & (pursuit(candidate.statement) | topic(candidate.statement))
        ):
            statement = join(_dated(card), candidate.statement)
            return _fused(candidate, card, statement, "what happened in the same pursuit")
        if not happened and (_refines(candidate, card) or _describes_what_it_has(candidate, card)):
            return _fused(candidate, card, join(card.statement, candidate.statement), "the same subject")
    return None


# A pursuit someone began ("started learning the cello", "took up running"): a state that later events in
# it ("played cello in a first concert") add to; other events stay apart, each at its own date.
_BEGUN_RE = re.compile(
    r"\b(?:started|starts|began|begun|begins|took up|takes up|picked up|joined|signed up|enrolled|registered)\b",
    re.I,
)
_ABSOLUTE_DATE_RE = re.compile(
    r"\b(?:1[89]|20)\d\d\b|\b(?:january|february|march|april|may|june|july|august|september|october|"
    r"november|december)\b",
    re.I,
)


def _dated(card: MemoryCard) -> str:
    """The card's statement, with its date when it tells of something that happened and names none: a
    fused card is dated by its newest part, so an older event keeps its own date in its words."""
    statement = card.statement
    when = card.observed_at
    if when is None or not event(statement) or _ABSOLUTE_DATE_RE.search(statement):
        return statement
    return f"{statement.rstrip(' .')} on {human_date(when)}."


def _describes_what_it_has(candidate: Candidate, card: MemoryCard) -> bool:
    """The candidate is about something the card says its subject has: "Elif's cat Miso is a Maine Coon"
    after "Elif has a cat"."""
    return bool(owner(candidate.statement)[1] & possessions(card.statement))


_FUSIBLE = frozenset({MemoryType.FACT, MemoryType.PREFERENCE})


def _refines(candidate: Candidate, card: MemoryCard) -> bool:
    """The candidate adds detail to all the card says, pointing the same way: "goes to a jazz club every
    Friday" refines "loves jazz"; sharing one word of a longer card ("LGBTQ support groups" beside
    "passionate about LGBTQ rights") is another statement, not more of it."""
    about = topic(candidate.statement) | owner(candidate.statement)[1]
    return topic(card.statement) <= about and not _denies_any(candidate, card)


def _other_slots(candidate: Candidate, card: MemoryCard) -> bool:
    """Both name a slot, and not the same one: two attributes, whatever words they share."""
    keys = candidate.key and card.key
    return bool(keys) and not same_slot(candidate.key, card.key, card.user_id or "")


def _keys_allow(candidate: Candidate, card: MemoryCard) -> bool:
    """A changeable state is its own attribute: what merely shares words with it is not more of it."""
    return not (state_slot(candidate.key) or state_slot(card.key))


# A statement that reports a change replaces what it changes instead of adding to it.
_CHANGE_RE = re.compile(
    r"\b(?:switched|swapped|changed|replaced|moved (?:from|away|to)|no longer|not any ?more|stopped|quit|"
    r"gave up|left|instead of|went back to|now (?:uses?|prefers?|works?|lives?)|"
    # parting with what the card says one has: "sold the Ibiza", "gave away the piano", "got rid of the van"
    r"sold|gave away|given away|got rid of|traded in|scrapped)\b",
    re.I,
)


def _denies_any(candidate: Candidate, card: MemoryCard) -> bool:
    return negated(candidate.statement) != negated(card.statement)


def _denies(candidate: Candidate, mine: frozenset[str], card: MemoryCard) -> bool:
    """One says the opposite of the other, the whole candidate or one of its clauses ("Leila does not
    struggle with fractions (10/10); long division is her weak spot" denies "Leila struggles with adding
    fractions"): about the same subject (and key, when both have one), with nearly the same words, or one's
    words inside the other's beyond the subject itself."""
    if _other_slots(candidate, card):
        return False
    parts = [p for p in _CLAUSE_RE.split(candidate.statement) if p.strip()]
    return _denies_text(candidate.statement, mine, card) or (
        len(parts) > 1 and any(_denies_text(p, terms(p), card) for p in parts)
    )


_RULES = frozenset({MemoryType.CONSTRAINT, MemoryType.PROCEDURE})


def _comparable(candidate: Candidate, card: MemoryCard) -> bool:
    """Whether a value of one can be another value of the other: a fact ("is based in Warsaw") is no other
    value of a rule ("While in Nairobi, put calls in Nairobi time"); a correction may replace either."""
    if candidate.type is MemoryType.CORRECTION or card.type is MemoryType.CORRECTION:
        return True
    return (candidate.type in _RULES) == (card.type in _RULES)


_CLAUSE_RE = re.compile(r"\s*;\s*|,?\s+but\s+")


def _denies_text(statement: str, mine: frozenset[str], card: MemoryCard) -> bool:
    if negated(statement) == negated(card.statement):
        return False
    shared = subject(statement) & subject(card.statement)
    if not shared:
        return False  # "Gina has had tough times" says nothing about "Jon won't give up"
    theirs = terms(card.statement)
    if jaccard(mine, theirs) >= NEGATION_JACCARD:
        return True
    # beside who it is about, named in full or not ("Kofi Boateng's Corolla isn't diesel" / "Kofi's Toyota
    # Corolla runs on diesel")
    who = shared | name_words(statement) | name_words(card.statement)
    return contains(theirs - who, mine - who) or contains(mine - who, theirs - who)


def _by_text(candidate: Candidate, cards: Sequence[MemoryCard], mine: frozenset[str]) -> MergeDecision | None:
    for card in cards:
        if _denies(candidate, mine, card):
            return _replace(candidate, card, f"negates {card.memory_id}")
        if _comparable(candidate, card) and (
            another_value(candidate.statement, card.statement)
            or another_attribute_value(candidate.statement, card.statement)
            or another_date(candidate.statement, card.statement)
            or contrast_replaces(candidate.statement, card.statement)
        ):
            return _replace(candidate, card, f"another value than {card.memory_id} for the same thing")
    scored = [(jaccard(mine, terms(c.statement)), c) for c in cards]
    best_score, best = max(scored, key=lambda s: s[0], default=(0.0, None))
    if best is None:
        return None
    theirs = terms(best.statement)
    if best_score < DUPLICATE_JACCARD and not (contains(theirs, mine) or contains(mine, theirs)):
        containing = next((c for c in cards if contains(terms(c.statement), mine)), None)
        contained = next((c for c in cards if contains(mine, terms(c.statement))), None)
        best = containing or contained
        if best is None:
            return None
        theirs = terms(best.statement)
    if other_numbers(candidate.statement, best.statement):
        return None  # "record number 3" beside "record number 7": two things, however alike the words
    if mine <= theirs or (not theirs < mine and len(mine) <= len(theirs)):
        return _decision(MergeAction.NOOP, best, f"{best.memory_id} already says as much")
    if best.review_status is ReviewStatus.EDITED:
        return _decision(MergeAction.NOOP, best, f"adds detail, but {best.memory_id} was edited by a person")
    return _decision(MergeAction.FUSE, best, f"adds detail to {best.memory_id}", candidate.statement)


def _one_rule(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The candidate is a held rule or procedure in other words (see `one_rule`)."""
    found = same_rule(candidate, cards)
    if found is None:
        return None
    how, card = found
    if how == "said" or candidate.type is MemoryType.PROCEDURE:  # one procedure per situation
        return _decision(MergeAction.NOOP, card, f"{card.memory_id} is the same rule or procedure")
    return _fused(candidate, card, candidate.statement, f"the rule of {card.memory_id}, said with more")


_VALUE_RE = re.compile(r"\d[\d.,:/]*(?:st|nd|rd|th|am|pm|[a-z]{1,3}\b)?", re.I)


def _same_message_value(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """A fact drawn from the very message a held fact was written from, about the same person and giving the
    same values (its numbers and dates, no other): the held card in other words ("Noor's salary lands on the
    25th" beside the agent's "Noor is paid on the 25th of each month", both citing one message)."""
    values = frozenset(v.lower() for v in _VALUE_RE.findall(candidate.statement))
    if candidate.type is not MemoryType.FACT or not values:
        return None
    for card in cards:
        if (
            card.type is MemoryType.FACT
            and card.status is Status.VERIFIED
            and set(candidate.evidence_refs) == set(card.evidence_refs)
            and owner(candidate.statement)[0] == owner(card.statement)[0] != ""
            and frozenset(v.lower() for v in _VALUE_RE.findall(card.statement)) == values
            and negated(candidate.statement) == negated(card.statement)
            and not _other_slots(candidate, card)
        ):
            return _decision(
                MergeAction.NOOP,
                card,
                f"{card.memory_id} was written from the same message with the same values",
            )
    return None


def _slotted(claim: _Claim) -> _Claim:
    """A claim held or written without a slot, with the one its statement names ("Ingrid works at
    Spotify" → `ingrid.employer`): a direct write changes by the same rules as what was said."""
    if claim.key is not None or (key := statement_key(claim.statement)) is None:
        return claim
    return claim.model_copy(update={"key": key})


def decide(candidate: Candidate, neighbours: Sequence[MemoryCard]) -> MergeDecision:
    """What to do with `candidate` given the most similar current cards (see the module docstring)."""
    cards = sorted(
        (_slotted(c) for c in neighbours if c.status is not Status.SUPERSEDED), key=lambda c: c.memory_id
    )
    candidate = _slotted(candidate)
    if candidate.correction_of:
        target = next((c for c in cards if c.named_by(candidate.correction_of)), None)
        if target is not None:
            if target.review_status is ReviewStatus.EDITED:
                return _decision(
                    MergeAction.CONFLICT, target, f"corrects {target.memory_id}, which a person edited"
                )
            return _decision(MergeAction.SUPERSEDE, target, f"corrects {target.memory_id}")
    mine = terms(candidate.statement)
    decision = _same_key(candidate, cards, mine) if candidate.key else None
    if decision is None:
        decision = _plan_news(candidate, cards)
    if decision is None:
        decision = _one_rule(candidate, cards)
    if decision is None:
        decision = _by_text(candidate, cards, mine)
    if decision is None:
        decision = _by_topic(candidate, cards)
    if decision is None:
        decision = _same_message_value(candidate, cards)
    if decision is None:
        decision = _decision(MergeAction.ADD, None, "nothing like it is known")
    return decision

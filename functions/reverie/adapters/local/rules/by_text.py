"""One candidate against held cards with no slot in common: read from the words of both.

A denial of a card, whole or in one of its clauses, replaces it; another value for the same thing (a
value, an attribute's value, a date, a frequency, a due date, the card a "..., not <value>" puts right,
two people's claims that disagree) replaces it; a card saying as much makes a no-op; a statement with
the card's words and more adds detail to it (never across two people, never against other numbers).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.about import contains, jaccard, name_words, subject
from reverie.adapters.local.rules.claims import claims_disagree
from reverie.adapters.local.rules.due import another_due_date, same_due_date
from reverie.adapters.local.rules.frequency import another_frequency
from reverie.adapters.local.rules.keys import other_slots, state_slot
from reverie.adapters.local.rules.kin_words import as_relation
from reverie.adapters.local.rules.polarity import opposed
from reverie.adapters.local.rules.the_user import the_user_named
from reverie.adapters.local.rules.their_people import user_and_their_person
from reverie.adapters.local.rules.values import (
    another_attribute_value,
    another_date,
    another_value,
    most_contrasted,
    other_numbers,
)
from reverie.adapters.local.rules.verdicts import decision as _decision
from reverie.adapters.local.rules.verdicts import replace
from reverie.adapters.local.rules.who_they_are import with_who_they_are, without_who_they_are
from reverie.adapters.local.rules.whose import other_people
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType, ReviewStatus
from reverie.domain.restatement import leaves, terms
from reverie.ports import MergeAction, MergeDecision

DUPLICATE_JACCARD = 0.7  # no key: this similar means the same idea
NEGATION_JACCARD = 0.6  # this similar apart from a negation means one denies the other


def _denies(candidate: Candidate, mine: frozenset[str], card: MemoryCard) -> bool:
    """One says the opposite of the other, the whole candidate or one of its clauses ("Leila does not
    struggle with fractions (10/10); long division is her weak spot" denies "Leila struggles with adding
    fractions"): about the same subject (and key, when both have one), with nearly the same words, or one's
    words inside the other's beyond the subject itself."""
    if other_slots(candidate.key, card.key, card.user_id or ""):
        return False
    if user_and_their_person(candidate.statement, card.statement):
        return False  # "The user is not diabetic" says nothing of "The user's dad is diabetic"
    parts = [p for p in _CLAUSE_RE.split(candidate.statement) if p.strip()]
    return _denies_text(candidate.statement, mine, card) or (
        len(parts) > 1 and any(_denies_text(p, terms(p), card) for p in parts)
    )


_RULES = frozenset({MemoryType.CONSTRAINT, MemoryType.PROCEDURE})


def _two_states(candidate: Candidate, card: MemoryCard) -> bool:
    """Both name a known changeable state (employer, workplace, home...), and not the same one; a slot named
    loosely ("size" beside "shoe_size") may be one attribute said two ways."""
    return (
        state_slot(candidate.key)
        and state_slot(card.key)
        and other_slots(candidate.key, card.key, card.user_id or "")
    )


def _comparable(candidate: Candidate, card: MemoryCard) -> bool:
    """Whether a value of one can be another value of the other: a fact ("is based in Warsaw") is no other
    value of a rule ("While in Nairobi, put calls in Nairobi time"); a correction may replace either."""
    if candidate.type is MemoryType.CORRECTION or card.type is MemoryType.CORRECTION:
        return True
    return (candidate.type in _RULES) == (card.type in _RULES)


_CLAUSE_RE = re.compile(r"\s*;\s*|,?\s+but\s+")


def _denies_text(statement: str, mine: frozenset[str], card: MemoryCard) -> bool:
    if not opposed(statement, card.statement):  # clause by clause: "teaches Mon-Wed; Thursday non-teaching"
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


def _compared(statement: str) -> frozenset[str]:
    """What a statement says, for comparing: without who the brackets say someone is, a relative by the
    relation ("Ravi's mum" is "Ravi's mother")."""
    return as_relation(terms(without_who_they_are(statement)))


def by_text(candidate: Candidate, cards: Sequence[MemoryCard], mine: frozenset[str]) -> MergeDecision | None:
    """What `candidate` (its terms `mine`) is to `cards` by their words (see the module docstring); None
    when no card is like it."""
    contrasted = most_contrasted(candidate.statement, [c for c in cards if _comparable(candidate, c)])
    for card in cards:
        if same_due_date(candidate.statement, card.statement):
            return _decision(
                MergeAction.NOOP, card, f"{card.memory_id} says the same thing is due the same day"
            )
        if _denies(candidate, mine, card):
            return replace(candidate, card, f"negates {card.memory_id}")
        # two known states are two things ("is a first officer" and "is based at LGW"), whatever they share
        if (
            _comparable(candidate, card)
            and not _two_states(candidate, card)
            and (
                another_value(candidate.statement, card.statement)
                or another_attribute_value(candidate.statement, card.statement)
                or another_date(candidate.statement, card.statement)
                or another_frequency(candidate.statement, card.statement)
                or another_due_date(candidate.statement, card.statement)
                or card is contrasted  # the card the "..., not <value>" puts right
                or claims_disagree(candidate.statement, card.statement)
            )
        ):
            return replace(candidate, card, f"another value than {card.memory_id} for the same thing")
    alike = [c for c in cards if not other_people(candidate.statement, c.statement)]  # never two people's
    # compared by what they say, not by who the brackets say someone is ("Amélie (Zoë's daughter) is ...")
    mine = the_user_named(_compared(candidate.statement), alike)  # "the user ..." beside "Rohan ..."
    scored = [(jaccard(mine, _compared(c.statement)), c) for c in alike]
    best_score, best = max(scored, key=lambda s: s[0], default=(0.0, None))
    if best is None:
        return None
    theirs = _compared(best.statement)
    if best_score < DUPLICATE_JACCARD and not (contains(theirs, mine) or contains(mine, theirs)):
        containing = next((c for c in alike if contains(_compared(c.statement), mine)), None)
        contained = next((c for c in alike if contains(mine, _compared(c.statement))), None)
        best = containing or contained
        if best is None:
            return _more_of_main_clause(candidate, alike, mine)
        theirs = _compared(best.statement)
    if other_numbers(candidate.statement, best.statement):
        return None  # "record number 3" beside "record number 7": two things, however alike the words
    if leaves(candidate.statement) and not leaves(best.statement):
        return None  # "Isla has given up ballet" says the opposite of "Isla does ballet", in the same words
    if mine <= theirs or (not theirs < mine and len(mine) <= len(theirs)):
        return _decision(MergeAction.NOOP, best, f"{best.memory_id} already says as much")
    if best.review_status is ReviewStatus.EDITED:
        return _decision(MergeAction.NOOP, best, f"adds detail, but {best.memory_id} was edited by a person")
    statement = with_who_they_are(candidate.statement, best.statement)  # "Amélie (Zoë's daughter) has ..."
    return _decision(MergeAction.FUSE, best, f"adds detail to {best.memory_id}", statement)


_MAIN_END_RE = re.compile(r",\s+(?=[a-z])")  # "plays bass in The Lowland Hum, been with them three years"
# What something is done for, after what is done: "swims to keep fit", "reads to unwind", "runs for fun".
_PURPOSE_RE = re.compile(
    r",?\s+(?=(?:in\s+order\s+)?to\s+(?:keep|stay|get|lose|build|relax|unwind|de-?stress|switch\s+off|clear|help|"
    r"improve|save|earn|pay|meet|cope|manage|sleep|wind\s+down)\b|for\s+(?:fun|pleasure|fitness|(?:my|his|her|their)\s+"
    r"(?:health|back|knees?|mental\s+health|sanity))\b)",
    re.I,
)


_OBJECT_OPENS = r"(?:a|an|the|my|his|her|their|our|its|this|that|some)"


def _main_and_rest(statement: str) -> tuple[str, str] | None:
    """A statement's main clause and what follows it (after its first comma, or what it is done for), or
    None for one clause."""
    for split in (_MAIN_END_RE, _PURPOSE_RE):
        found = split.search(statement)
        if found is not None:
            return statement[: found.start()], statement[found.end() :].strip().rstrip(" .")
    return None


def _more_of_main_clause(
    candidate: Candidate, cards: Sequence[MemoryCard], mine: frozenset[str]
) -> MergeDecision | None:
    """The one card whose main clause (before its first comma, or what it is done for) the candidate says
    whole and adds to ("In The Lowland Hum the user plays a fretless Fender Jazz bass" beside "The user plays
    bass in The Lowland Hum, been with them three years"; "Elsa swims 40 lengths before work on Mondays"
    beside "Elsa swims to keep fit"): more detail about what it says first; the candidate and the card's
    other clauses as one card. Never against other numbers; None unless exactly one card fits."""
    fits = []
    for card in cards:
        parts = _main_and_rest(card.statement)
        if parts is None:
            continue  # one clause: the whole-statement reading above has said what it is
        main, rest = parts
        said = _compared(main)
        # (who does it and what they do is enough before what it is done for, unless the news gives the verb
        # a thing to act on: "runs a bakery" is another sense of "runs for fun")
        least = 3
        if _PURPOSE_RE.search(card.statement):  # (`main` ends before the first comma: it holds none)
            verb = main.split()[-1]
            least = (
                3 if re.search(rf"\b{re.escape(verb)}\s+{_OBJECT_OPENS}\b", candidate.statement, re.I) else 2
            )
        if len(said) >= least and said < mine and not other_numbers(candidate.statement, card.statement):
            fits.append((card, f"{candidate.statement.rstrip(' .')}, {rest}."))
    if len(fits) != 1 or fits[0][0].review_status is ReviewStatus.EDITED:
        return None
    card, statement = fits[0]
    return _decision(MergeAction.FUSE, card, f"adds detail to what {card.memory_id} says first", statement)

"""Whether two statements say the same thing, by meaning and by words: for restructure (a candidate against
held cards) and the self-audit (held cards against each other). Deterministic: no reasoner call."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from reverie.domain.denial import repeats_denied
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType, Status
from reverie.domain.restatement import (
    absorbed_but_a_word,
    adds_no_name,
    adds_no_number,
    is_kin,
    leaves,
    moving_to,
    negated,
    restates,
    says_over,
    terms,
)

PARAPHRASE_COSINE = 0.86
RESTATED_COSINE = 0.78  # two rules this close that restate each other ("never X" / "do not X") are one
# Resting on one message, a statement all of whose words but one are in the other's is absorbed by it even
# when the other says more (a rule built on the fact: "takes the 07:40 ferry, so no meetings before 9"),
# which moves it this far in meaning; the words decide, this only rules out what is about something else.
SAME_SOURCE_COSINE = 0.55
# Rule-like types that restate one another ("never X" as a constraint, a correction or a preference).
RULE_TYPES = frozenset({MemoryType.CONSTRAINT, MemoryType.CORRECTION, MemoryType.PREFERENCE})


def cosine_of(a: Sequence[float], b: Sequence[float]) -> float:
    dot = sum(x * y for x, y in zip(a, b, strict=True))
    norms = math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b))
    return dot / norms if norms else 0.0


def paraphrase_of(
    candidate: Candidate,
    cards: Sequence[MemoryCard],
    cosine: dict[str, float],
    status: Status = Status.VERIFIED,
) -> MemoryCard | None:
    """A current card saying the same thing in other words, adding no number (another date is another
    event, a new one is a detail the reasoner merges), of a compatible type, and not two versions of one keyed attribute (same key: the
    reasoner decides, a changed value is no paraphrase): very close in meaning (MiniLM cosine >=
    PARAPHRASE_COSINE; a changed value such as another city scores ~0.8), or, for two rule-like cards,
    close (>= RESTATED_COSINE) and the same rule in other words: pointing the same way, mostly the same
    terms; or, for any two cards, close (or resting on the same message) and all one says in the other but for
    one common word. Deterministic, so no reasoner call is spent on it. Only cards of `status` count (a held
    hypothesis is compared with others by `corroboration`)."""
    if candidate.correction_of is not None:
        return None
    for card in sorted(cards, key=lambda c: (-cosine.get(c.memory_id, 0.0), c.memory_id)):
        close = cosine.get(card.memory_id, 0.0)
        if close < SAME_SOURCE_COSINE:
            break
        rules = {card.type, candidate.type} <= RULE_TYPES
        same_source = set(candidate.evidence_refs) <= set(card.evidence_refs)
        if close < RESTATED_COSINE and not same_source:
            continue
        absorbed = absorbed_but_a_word(candidate.statement, card.statement, same_source)
        # a plain fact may be absorbed by a rule that states it ("Npm doesn't understand Alice's workspace:
        # dependencies" by the correction "Alice's repositories use pnpm, not npm: npm fails on ..."; "levels
        # are taken 6 to 14 hours after the first dose" by the procedure saying it in other words), never a
        # rule by a fact (it would stop being followed)
        stated_by_rule = candidate.type is MemoryType.FACT and card.type in RULE_TYPES | {
            MemoryType.PROCEDURE
        }
        same_family = (
            rules
            or card.type is candidate.type
            or (absorbed and candidate.type is MemoryType.FACT)
            or (stated_by_rule and close >= PARAPHRASE_COSINE)
        )
        # Same key: the reasoner judges whether the value changed. Different keys (two namings of one
        # attribute, e.g. a note's key and one derived from a message) do not stop a paraphrase.
        keys_agree = card.key is None or candidate.key is None or card.key != candidate.key
        said = (
            # MiniLM finds "is not a paramedic any more" close to "is a paramedic": a denial is no paraphrase
            (close >= PARAPHRASE_COSINE and negated(candidate.statement) == negated(card.statement))
            or (rules and restates(candidate.statement, card.statement))
            or absorbed
        )
        # "speaks Japanese fluently" beside "speaks Japanese" is close in meaning, yet says more: a detail for
        # the reasoner to fuse, never a restatement to drop
        says_more = terms(candidate.statement) > terms(card.statement)
        if (
            said
            and not says_more
            and same_family
            and keys_agree
            and card.status is status
            and adds_no_number(candidate.statement, card.statement)
            and adds_no_name(candidate.statement, card.statement)  # "in Vancouver" after "in Canada"
            # "want US English, not British" is close to "want British English": the value denied is no paraphrase
            and not repeats_denied(candidate.statement, card.statement)
            # "has left fraud" is close to "moved to the fraud team" by meaning and by words: leaving is
            # the opposite of holding, though no negation is written
            and (leaves(candidate.statement) == leaves(card.statement) or same_source)
            # "the loft conversion is finished" is close to the plan "getting a loft conversion done": its end
            and not (card.type is MemoryType.PLAN and says_over(candidate.statement))
            # "lives in Exeter" is close to "is moving to Exeter in the spring": the move made, no restatement
            and not (moving_to(card.statement) and not moving_to(candidate.statement))
            # "is a paramedic" is close to "is a paediatrician": another thing someone is, no restatement
            and not other_kind(candidate.statement, card.statement)
            # "Ezra's partner does the school run now" is close to "Ezra does the school run": someone else
            and not _other_person(candidate.statement, card.statement)
        ):
            return card
    return None


# What someone or something is, named by a noun after "is a": "Ona is a paramedic", "Rex is an old greyhound".
_IS_A_RE = re.compile(
    r"\b(?:is|are|am)\s+(?:now\s+)?(?:an?|the)\s+(?:[a-z-]+\s+){0,2}?(?P<head>[a-z-]{3,})\b(?![\w-])"
)


def other_kind(new: str, known: str) -> bool:
    """Both say what their subject is with a noun after "is a", and the nouns differ, neither said in the other
    statement: "Ona is a paramedic" against "Ona is a paediatrician" (close in meaning, another value)."""
    mine, theirs = _IS_A_RE.search(new), _IS_A_RE.search(known)
    if mine is None or theirs is None:
        return False
    a, b = mine.group("head").lower(), theirs.group("head").lower()
    return a != b and a not in known.lower() and b not in new.lower()


# A statement's subject named by relation to someone: "Ezra's partner does ...", "The user's mum lives ...".
_KIN_SUBJECT_RE = re.compile(r"^(?P<owner>[\w' -]+?)'s\s+(?P<kin>[a-z]+)\b")


def _subject(statement: str) -> str | None:
    """The relation a statement's subject is named by ("partner" for "Ezra's partner does ..."), or None when it
    opens with someone named (or a thing)."""
    found = _KIN_SUBJECT_RE.match(statement)
    return found.group("kin") if found and is_kin(found.group("kin")) else None


def _other_person(new: str, known: str) -> bool:
    """One statement is about someone named by relation whom the other never mentions: "Ezra's partner does the
    school run now" beside "Ezra does the school run" (not beside "Yan has a son named Alfie" for "Yan's son")."""
    mine, theirs = _subject(new), _subject(known)
    if mine == theirs:
        return False
    return bool(
        (mine and not re.search(rf"\b{mine}\b", known, re.I))
        or (theirs and not re.search(rf"\b{theirs}\b", new, re.I))
    )

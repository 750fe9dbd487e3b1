"""Two rules resting on one reason: "The user is allergic to peanuts, so no peanut oil" and "Peanuts cause an
allergic reaction (hives) in Jiwoo, so avoid them in recipes" are one rule about one allergy, written twice.

A rule often gives its reason and what follows from it, joined by ", so". When all one rule's reason says is
in the other's (beside whom both are about, "the user" and the user's name being one person), both are that
reason's rule: one card, the one with the fuller reason, with what the other says follows added to it
unless it says it already. Never two people's rules, never a rule against its own denial, never two reasons
that each say something the other does not ("has a meeting on Friday" / "has a meeting on Monday").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.about import contains
from reverie.adapters.local.rules.polarity import opposed
from reverie.adapters.local.rules.the_user import as_one_person, user_names
from reverie.adapters.local.rules.verdicts import decision, fused
from reverie.adapters.local.rules.whose import other_people, people
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.domain.restatement import terms
from reverie.ports import MergeAction, MergeDecision

RULE_TYPES = frozenset({MemoryType.CONSTRAINT, MemoryType.PREFERENCE})
REASON_WORDS = 2  # what the smaller reason must say beside whom it is about
# ", so no peanut oil", "; so avoid them", "; avoid them" (not "so much", "so far": no consequence)
_SO_RE = re.compile(
    r"\s*[,;]\s*so\s+(?!(?:much|many|far|long|often|that)\b)"
    # ... or what to do, after a semicolon: "has a red-green colour vision deficiency; distinguish series with ..."
    r"|\s*;\s+(?=(?:please\s+)?(?:don't|never|always|avoid|use|keep|make|distinguish|add|include|skip|check|give|"
    r"show|write|put|stick|label|mark)\b)",
    re.I,
)


def reason_and_result(statement: str) -> tuple[str, str]:
    """A rule's reason and what it says follows ("" when it gives no ", so ...")."""
    parts = _SO_RE.split(statement.strip().rstrip("."), maxsplit=1)
    return (parts[0], parts[1]) if len(parts) == 2 else (parts[0], "")


def _parts(said: frozenset[str]) -> frozenset[str]:
    """Terms with a hyphenated one read as its parts ("red-green" says what "red/green" does)."""
    return frozenset(part for term in said for part in term.split("-") if part)


def _who(reason: str, their_reason: str, user_id: str) -> frozenset[str]:
    """Whom both reasons are about: the user however named, and anyone both name."""
    return frozenset({"user", *user_names(user_id)}) | (people(reason)[1] & people(their_reason)[1])


def _two_people(a: str, b: str) -> bool:
    """Two people's rules: each names someone the other does not mention at all (an opening "Shellfish
    cause ..." is read as a name, but "Ines is allergic to shellfish" mentions it)."""
    return other_people(a, b) and not (people(a)[1] <= terms(b) and people(b)[1] <= terms(a))


def same_reason(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held rule resting on the candidate's reason (see the module docstring): nothing new when it says
    all the candidate does, one richer card otherwise; None when no held rule rests on it."""
    if candidate.type not in RULE_TYPES:
        return None
    reason, result = reason_and_result(candidate.statement)
    for card in cards:
        their_reason, their_result = reason_and_result(card.statement)
        if (
            card.type not in RULE_TYPES
            or not (result or their_result)  # no reason given: what the words say is judged elsewhere
            or _two_people(candidate.statement, card.statement)
            or opposed(candidate.statement, card.statement)
        ):
            continue
        user = card.user_id or ""
        mine = _parts(as_one_person(terms(reason), terms(their_reason), user))
        theirs = _parts(as_one_person(terms(their_reason), terms(reason), user))
        who = _who(reason, their_reason, user)
        if contains(theirs, mine) and len(mine - who) >= REASON_WORDS:
            said = terms(card.statement) | theirs
            if not result or terms(result) <= said:
                return decision(MergeAction.NOOP, card, f"{card.memory_id} is the rule of the same reason")
            statement = f"{card.statement.strip().rstrip('.')}; {result.strip()}."
            return fused(candidate, card, statement, f"the rule of {card.memory_id}'s reason, with more")
        if contains(mine, theirs) and len(theirs - who) >= REASON_WORDS:
            said = terms(candidate.statement) | mine
            statement = candidate.statement
            if their_result and not terms(their_result) <= said:
                statement = f"{statement.strip().rstrip('.')}; {their_result.strip()}."
            return fused(candidate, card, statement, f"{card.memory_id}'s reason, said with more")
    return None

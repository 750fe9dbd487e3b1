"""A tool said a thing was not there ("404 account not found: 'Brightwell Ltd'", "no such user: jdoe",
"Unknown customer 'Acme Foods'"), and a later claim states something held about that very thing ("Brightwell
Ltd's account manager: Tom Reyes", from the same lookup a week on): the failure was a moment (an index not yet
synced, a record not yet created), not a fact about the thing. The failure is retired; the claim is kept.

Only a tool failure held as such (its key is a failure's, `tools.build_failure`) that names what it could not
find (in quotes, or in capitals after the words saying so), and only a later claim that names it whole and
does not itself say it is missing ("Brightwell Ltd still has no account" retires nothing).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.verdicts import decision
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard
from reverie.ports import MergeAction, MergeDecision

FAILURE_KEY_PREFIX = "failure."  # the slot `tools.build_failure` gives a failure no success followed
# A tool's words for "not there": "not found", "no such ...", "does not exist", "unknown <thing>", "no record
# of ...".
_NOT_THERE_RE = re.compile(
    r"\b(?:not\s+found|no\s+such|(?:does|do)\s*(?:n't|\s+not)\s+exist|not\s+exist|"
    # "unknown customer", "unknown host": a thing not known; an unknown error is no thing's absence
    r"unknown(?!\s+(?:error|exception|failure|problem|issue|reason|status|cause|response))|no\s+(?:record|"
    r"entry|match|matches|results?|account|user|customer|contact)\s+(?:for|of|named|called|matching))\b",
    re.I,
)
_QUOTED_RE = re.compile(r"['\"‘“`](?P<name>[^'\"’”`]{2,80})['\"’”`]")
# A name in capitals right after the words saying it is missing ("unknown customer Acme Foods").
_CAPITALISED_AFTER_RE = re.compile(
    r"^[\s:,-]*(?:[a-z]+\s+){0,2}?(?P<name>[A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*){0,4})"
)


def _missing_name(statement: str) -> str | None:
    """What a failure says it could not find: the quoted name near the words saying so, else the capitalised
    name right after them; None when the failure says nothing is missing."""
    missing = _NOT_THERE_RE.search(statement)
    if missing is None:
        return None
    after = _QUOTED_RE.search(statement, missing.end())  # "not found: 'X'", else "'X' not found"
    before = [q for q in _QUOTED_RE.finditer(statement) if q.end() <= missing.start()]
    quoted = after or (before[-1] if before else None)
    if quoted is not None:
        return quoted.group("name").strip()
    after = _CAPITALISED_AFTER_RE.match(statement[missing.end() :])
    return after.group("name") if after else None


def _names(statement: str, name: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", statement, re.I) is not None


def found_later(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held tool failure that said the thing the candidate now states something about was not there
    (see the module); None when there is none."""
    if (candidate.key or "").startswith(FAILURE_KEY_PREFIX) or _NOT_THERE_RE.search(candidate.statement):
        return None
    for card in cards:
        if not (card.key or "").startswith(FAILURE_KEY_PREFIX):
            continue
        if card.observed_at and candidate.observed_at and card.observed_at >= candidate.observed_at:
            continue  # a failure after the claim is news of its own, not one the claim puts right
        name = _missing_name(card.statement)
        if name and _names(candidate.statement, name):
            why = f"{card.memory_id} said {name} was not there; it is now known to be"
            return decision(MergeAction.RETIRE, card, why)
    return None

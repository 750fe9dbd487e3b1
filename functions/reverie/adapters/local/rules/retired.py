"""A retirement ends the work held as a role as well as the employer: "Dad retired last month" after "my dad works
as a bus driver". Retiring sets the employer slot (working for no one: "I'm retired"), and a role said with no
employer ("works as a bus driver") sits in the job-title slot; the news replaces that card too, for the same
person (not "retired from the board": one post of several).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.keys import same_slot
from reverie.adapters.local.rules.verdicts import replace
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard
from reverie.ports import MergeDecision

_RETIRED_RE = re.compile(r"\bretired\b(?!\s+from\b)", re.I)


def retired_from_role(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held card on the job title of whoever the candidate says retired (see the module)."""
    key = candidate.key or ""
    if not key.endswith(".employer") or not _RETIRED_RE.search(candidate.statement):
        return None
    role = key.removesuffix("employer") + "job_title"
    for card in cards:
        if same_slot(role, card.key, card.user_id or ""):
            return replace(candidate, card, f"retired: the work {card.memory_id} says is over")
    return None

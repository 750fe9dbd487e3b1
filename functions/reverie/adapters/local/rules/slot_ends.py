"""A new value of one slot that ends another slot of the same person, one way only:

- a move of home ends whom one lived with: "Mum moved into a care home in Didsbury" after "Mum lives with us"
  (`home_city` ends `household`; "my flatmate Jo lives with me" leaves the city one lives in as it was);
- a retirement ends the work held as a role as well as the employer: "Dad retired last month" after "my dad
  works as a bus driver" (`employer` ends `job_title`; not "retired from the board": one post of several).

The news, said as that change, replaces the same person's card in the slot it ends (latest wins).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.keys import same_slot
from reverie.adapters.local.rules.verdicts import replace
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard
from reverie.ports import MergeDecision

# (the candidate's attribute, how its statement says the change, the attribute it ends, why)
_ENDS = (
    (
        "home_city",
        re.compile(r"\b(?:moved|moving|relocated|gone\s+into|went\s+into|moved\s+out)\b", re.I),
        "household",
        "a move away from the household",
    ),
    ("employer", re.compile(r"\bretired\b(?!\s+from\b)", re.I), "job_title", "retired: the work"),
)


def slot_ended(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The same person's held card in the slot the candidate's change ends (see the module)."""
    owner, _, attribute = (candidate.key or "").rpartition(".")
    for changed, said, ended, why in _ENDS:
        if attribute != changed or not owner or not said.search(candidate.statement):
            continue
        for card in cards:
            if same_slot(f"{owner}.{ended}", card.key, card.user_id or ""):
                return replace(candidate, card, f"{why} {card.memory_id} says is over")
    return None

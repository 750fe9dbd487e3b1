"""More of a held pursuit, said as what is added to it: "On top of Duolingo Mark now takes evening classes at
the Instituto Camões" after "Mark has started learning Portuguese on Duolingo". The opening names the held
thing the new one goes with; one card then says both ("... on Duolingo and now takes evening classes ...").

Only an opening that adds ("on top of", "in addition to", "as well as", "besides", "alongside") and names a
thing whose every word the held card says, about the same person; two such held cards leave it unresolved.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.about import owner
from reverie.adapters.local.rules.polarity import opposed
from reverie.adapters.local.rules.verdicts import fused, join
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard
from reverie.domain.restatement import terms
from reverie.ports import MergeDecision

_ADDS = r"^(?:on\s+top\s+of|in\s+addition\s+to|as\s+well\s+as|besides|alongside)\s+"
_REST = r"(?P<rest>(?:(?-i:[A-Z])[\w'-]*|the\s+user)\b.*)$"
# "In addition to Simply Piano, Ines ...": the comma closes the thing; without one ("On top of Duolingo Mark
# ...") the first capitalised word after it opens what is said.
_ADDED_TO_RES = (
    re.compile(rf"{_ADDS}(?P<thing>[^,;]{{2,40}}),\s*{_REST}", re.I | re.S),
    re.compile(rf"{_ADDS}(?P<thing>[^,;]{{2,40}}?)\s+{_REST}", re.I | re.S),
)


def added_to(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held card whose thing the candidate says it adds to (see the module), fused with what it adds."""
    found = next((m for r in _ADDED_TO_RES if (m := r.match(candidate.statement.strip()))), None)
    if found is None:
        return None
    rest = found.group("rest")
    rest = rest[:1].upper() + rest[1:]
    person, thing = owner(rest)[0], terms(found.group("thing"))
    if not person or not thing:
        return None
    held = [c for c in cards if owner(c.statement)[0] == person and thing <= terms(c.statement)]
    if len(held) != 1 or opposed(rest, held[0].statement):
        return None
    card = held[0]
    return fused(candidate, card, join(card.statement, rest), f"more of what {card.memory_id} says")

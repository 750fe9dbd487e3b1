"""A thing renamed: "We renamed master to main" after "Our main branch is called master", "the channel was renamed
from #ops to #platform-ops". The held card that names the old name, once, as a word, is the card the rename is
about: it is put right with the new name in place (latest wins), and says the same otherwise.

Only one held card may name the old name (two, and which one is meant is not known), once; the old and the new
name must differ.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.verdicts import replace_with
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.ports import MergeDecision

_WORD = r"[#@\w](?:[\w.#/-]*[\w#/-])?"  # ("main." ends a sentence: the point is none of the name)
_NAME = rf"{_WORD}(?:\s+{_WORD}){{0,2}}?"
_RENAMED_RE = re.compile(
    rf"\b(?:renamed|re-named)\s+(?:the\s+|our\s+|my\s+|their\s+)?(?:[a-z]+\s+)?(?:from\s+)?(?P<old>{_NAME})\s+to\s+"
    rf"(?P<new>{_NAME})\s*(?:[.,;!]|$)"
    rf"|\b(?:was|were|has\s+been|have\s+been|got)\s+renamed\s+from\s+(?P<old2>{_NAME})\s+to\s+(?P<new2>{_NAME})\s*(?:[.,;!]|$)",
    re.I,
)


def renamed(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The one held card naming what the candidate says was renamed, with the new name in place (see the module)."""
    found = _RENAMED_RE.search(candidate.statement) if candidate.type is MemoryType.FACT else None
    if found is None:
        return None
    old, new = found.group("old") or found.group("old2"), found.group("new") or found.group("new2")
    if old.lower() == new.lower():
        return None
    said = re.compile(rf"(?<![\w#@/.-]){re.escape(old)}(?![\w/-]|\.\w)", re.I)
    naming = [c for c in cards if len(said.findall(c.statement)) == 1]
    if len(naming) != 1:
        return None
    card = naming[0]
    return replace_with(
        candidate, card, f"{old} in {card.memory_id} renamed {new}", said.sub(new, card.statement)
    )

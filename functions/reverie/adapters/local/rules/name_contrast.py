"""A name put right in so many words: "Sorry, I meant HSBC, not Barclays" says nothing alone, and everything about
the held card that names Barclays ("The user's husband works at Barclays"): that card, with HSBC in its place.

Read: a statement that is only "<Name>, not <Name>" or "I said <Name> but it's <Name>" (each one to three
capitalised words, so where each begins and ends is plain). Merged (`name_contrast`): the one held card naming the denied name word for word, once, and not
the given one; none, or two, and nothing is kept. Said to open a session ("Sorry, I meant HSBC, not Barclays"
with no agent turn before), it is kept all the same for the held card (`bare_name_contrast`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.request_patterns import CORRECTION_OPENER_RE
from reverie.adapters.local.rules.verdicts import decision, replace_with
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard
from reverie.ports import MergeAction, MergeDecision

_NAME = r"(?-i:[A-Z])[\w&'-]*(?:\s+(?-i:[A-Z])[\w&'-]*){0,2}"
_BARE_RE = re.compile(
    rf"^(?:(?:i\s+meant|i\s+said|it'?s|it\s+is)\s+)?(?P<new>{_NAME}),?\s+not\s+(?P<old>{_NAME})[.!]*$", re.I
)
# ... or the other way round: "I said Elm Road but it's Elm Grove"
_BUT_RE = re.compile(
    rf"^(?:i\s+said\s+)?(?P<old>{_NAME}),?\s+but\s+(?:it'?s|it\s+is|i\s+meant|i\s+mean(?:t)?)\s+(?P<new>{_NAME})[.!]*$",
    re.I,
)


def _contrast(text: str) -> re.Match[str] | None:
    return _BARE_RE.match(text) or _BUT_RE.match(text)


def bare_name_contrast(part: str) -> str | None:
    """ "HSBC, not Barclays." when `part` is only that, after a correction's opening ("Sorry, I meant ..."); None
    otherwise. Said to open a session, it is kept for the held card it puts right."""
    opened = CORRECTION_OPENER_RE.match(part.strip())
    found = _contrast((opened.group("rest") if opened else part).strip())
    return None if found is None else f"{found.group('new')}, not {found.group('old')}."


def name_contrast(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The one held card naming the name the candidate denies, with the given name in its place; a no-op when no
    one card does (the contrast alone says nothing)."""
    found = _contrast(candidate.statement.strip())
    if found is None:
        return None
    new, old = found.group("new"), found.group("old")
    named = re.compile(rf"(?<![\w-]){re.escape(old)}(?![\w-])")
    fits = [c for c in cards if len(named.findall(c.statement)) == 1 and new not in c.statement]
    if len(fits) != 1:
        return decision(MergeAction.NOOP, None, f"{new}, not {old}: no one held card names {old}")
    card = fits[0]
    return replace_with(
        candidate, card, f"{card.memory_id} names {old}, put right", named.sub(new, card.statement)
    )

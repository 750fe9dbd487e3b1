"""A child moved to another nursery, school or club, said with a pronoun: "We've moved her to Sunflowers nursery" names
no one, and the held card of the one child of the user's at a nursery ("The user's daughter goes to Little Acorns
nursery") says who: that card, with the new place in it (latest wins).

The new place is a name and the kind of place the held card names after its own name (nursery, school, college,
academy, childminder's ...); the held card is the one card of the user's people naming a place of that kind.
None, or two (two children at nurseries), and it is left to the other rules. "She's moved to Otters swim club",
said with the child as its subject, is kept for that card (`they_moved`), and is nothing without it. The new
place may be named alone ("We moved him to Hillcrest"): then the one held card of a son ("him") or a daughter
("her") at a place of those kinds is the one, and the place it names is replaced by the new name.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.verdicts import decision, one_held_value, replace_with, with_value
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.ports import MergeAction, MergeDecision

_KIND = (
    r"(?P<kind>(?:[a-z]+\s+)?(?:nursery|pre-?school|school|primary|academy|college|sixth\s+form|childminder'?s?|"
    r"club|team|squad))"
)
_PLACE = r"(?P<name>(?-i:[A-Z])[\w'&-]*(?:\s+(?-i:[A-Z])[\w'&-]*){0,3})"
_MOVED_RE = re.compile(
    rf"\b(?:moved|switched|changed|transferred|put)\s+(?:him|her|them|the\s+kids|the\s+children)\s+(?:over\s+)?"
    rf"(?:to|into)\s+(?:the\s+)?{_PLACE}\s+{_KIND}\b",
    re.I,
)
_HELD_RE = re.compile(rf"\b(?:the\s+)?{_PLACE}\s+{_KIND}\b", re.I)
# ... or said with the child as "she"/"he": "She's moved to Otters swim club, closer to home."
_THEY_MOVED_RE = re.compile(
    rf"^(?P<who>she|he|they)(?:'s|'ve|\s+has|\s+have)?\s+(?:now\s+|just\s+)?(?:moved|switched|changed)\s+(?:over\s+)?"
    rf"(?:to|into)\s+(?:the\s+)?{_PLACE}\s+{_KIND}\b",
    re.I,
)


# ... or the new place named alone, of the one child held at a place of those kinds: "We moved him to Hillcrest in
# January" after "Bexi's son Arlo is at St Peter's primary" ("him" a son, "her" a daughter).
_MOVED_BARE_RE = re.compile(
    rf"\b(?:moved|switched|changed|transferred)\s+(?P<who>him|her)\s+(?:over\s+)?(?:to|into)\s+(?:the\s+)?{_PLACE}"
    r"(?![\w'&-])(?!\s+(?-i:[A-Z]))",
    re.I,
)
_CHILD = {
    "him": re.compile(r"\b(?:son|boy|stepson)\b", re.I),
    "her": re.compile(r"\b(?:daughter|girl|stepdaughter)\b", re.I),
}


def _moved_bare(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    found = _MOVED_BARE_RE.search(candidate.statement)
    if found is None or _KIND_AFTER_RE.match(candidate.statement, found.end()):
        return None
    name, child = found.group("name"), _CHILD[found.group("who").lower()]
    fit = one_held_value(cards, _HELD_RE, of=lambda card: child.search(card.statement) is not None)
    if fit is None or fit[1].group("name") == name:
        return None
    card, held = fit
    statement = card.statement[: held.start()] + name + card.statement[held.end() :]
    return replace_with(candidate, card, f"a child of {card.memory_id}'s moved to another place", statement)


_KIND_AFTER_RE = re.compile(rf"\s+{_KIND}\b", re.I)


def they_moved(part: str) -> str | None:
    """ "She has moved to Otters swim club." when `part` says a child of the speaker's ("she", "he") moved to a
    named club, school or nursery: kept for the held card that says which child (`moved_them`); None otherwise."""
    found = _THEY_MOVED_RE.match(part.strip())
    if found is None:
        return None
    has = "have" if found.group("who").lower() == "they" else "has"
    return f"{found.group('who').capitalize()} {has} moved to {found.group('name')} {found.group('kind')}."


def moved_them(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The one held card naming a place of the kind a child was moved to (see the module), with the new one."""
    found = _MOVED_RE.search(candidate.statement) or _THEY_MOVED_RE.match(candidate.statement.strip())
    if candidate.type is not MemoryType.FACT:
        return None
    if found is None:
        return _moved_bare(candidate, cards)
    alone = found.re is _THEY_MOVED_RE  # "She has moved to ...": nothing without the card it is about
    kind, name = found.group("kind").lower(), found.group("name")

    def other_place(said: str) -> list[re.Match[str]]:  # the held place of that kind, under another name
        held = _HELD_RE.search(said)
        return [held] if held and held.group("kind").lower() == kind and held.group("name") != name else []

    fit = one_held_value(cards, other_place)
    if fit is None and alone:
        return decision(MergeAction.NOOP, None, "a pronoun's move that no one held card answers for")
    if fit is None:
        return None
    card, held = fit
    statement = with_value(card.statement, held, "name", name)
    return replace_with(candidate, card, f"a child of {card.memory_id}'s moved to another {kind}", statement)

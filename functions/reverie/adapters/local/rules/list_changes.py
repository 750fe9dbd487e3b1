"""An edit of a list (`list_edits`: "The van list now has dried mango instead of Haribo.") against the held
card that holds that list (`item_lists`: "Van snacks are always: crisps, Haribo, flapjacks."): latest wins,
and the new version is the whole list with the edit made ("Van snacks are always: crisps, dried mango,
flapjacks."), so one card says what the list is now and the replaced item is current nowhere.

The held list is the one that has the item taken out (by its words: "the flapjacks" is "flapjacks") and,
when the edit names its list ("the van list"), whose intro shares a word with that name; an addition needs
the name. An edit of an unnamed list that no held list matches edits nothing that is known: it waits rather
than becoming a card of its own ("The list now has oat bars instead of flapjacks" says nothing alone).
"""

from __future__ import annotations

from collections.abc import Sequence

from reverie.adapters.local.rules.item_lists import held_items, written
from reverie.adapters.local.rules.list_edits import edit_of
from reverie.adapters.local.rules.verdicts import decision, replace_with
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.domain.restatement import stem
from reverie.ports import MergeAction, MergeDecision

_ARTICLES = frozenset({"the", "a", "an", "some"})
_LIST_WORDS = frozenset({"list", "my", "our", "the"})


def _words(text: str) -> frozenset[str]:
    return frozenset(stem(w) for w in text.lower().replace("&", " ").split() if w not in _ARTICLES)


def _at(items: list[str], item: str) -> int | None:
    """Where `item` stands in `items` (by its words: "the flapjacks" is "flapjacks"), or None."""
    mine = _words(item)
    for n, held in enumerate(items):
        if _words(held) == mine or (mine and mine <= _words(held)):
            return n
    return None


def _named(name: str, intro: str) -> bool:
    """The list's name ("van list") shares a word with the card's intro ("Van snacks are always")."""
    words = _words(name) - {stem(w) for w in _LIST_WORDS}
    return not words or bool(words & _words(intro))


def _edited(items: list[str], old: str | None, new: str | None) -> list[str] | None:
    if old is not None:
        at = _at(items, old)
        if at is None:
            return None
        return items[:at] + ([new] if new else []) + items[at + 1 :]
    if new is None or _at(items, new) is not None:
        return None
    return [*items, new]


def list_change(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held list the candidate edits, superseded by the list edited (see the module); None when the
    candidate is no edit of a list."""
    edit = edit_of(candidate.statement)
    if edit is None:
        return None
    name, old, new = edit
    for card in cards:
        held = (
            held_items(card.statement, prose=True)
            if card.type in (MemoryType.FACT, MemoryType.PREFERENCE)
            else None
        )
        if held is None or (old is None and name == "list") or not _named(name, held[0]):
            continue
        items = _edited(held[1], old, new)
        if items is None:
            continue
        return replace_with(
            candidate, card, f"an edit of the list {card.memory_id} holds", written(held[0], items)
        )
    if name == "list":
        return decision(MergeAction.NOOP, None, "edits a list, and no list held has that item")
    return None

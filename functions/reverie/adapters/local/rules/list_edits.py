"""An edit of a held list, said item by item, read as the statement of what the list now has.

People change a standing list one item at a time: "swap flapjacks -> the oat bars", "replace the cheddar
with brie", "Haribo is out (gelatine), put dried mango on the van list instead", "drop the crisps from the
kit list", "add sun cream to the packing list". Each is said as a request, yet it states what the list
holds from now on, so it is kept as that statement, in one wording the merge reads (`list_changes`):

- a swap: "The van list now has dried mango instead of Haribo." ("The list" when no list is named);
- a removal: "The kit list no longer has the crisps.";
- an addition: "The packing list now also has sun cream." (only with the list named: "add sun cream" alone
  is a task for now).

The reason said beside it ("Femi went vegan so ...", "..., nobody eats them") is not the edit: what comes
before "so" is read on its own, what follows a comma after the edit is left out.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.longevity import one_off

# An item: a few words ("Haribo", "the Tesco oat bars", "salt & vinegar crisps").
_ITEM = r"(?:the\s+|some\s+|a\s+|an\s+)?[\w&'-]+(?:\s+[\w&'-]+){0,4}?"
_LIST = r"(?:the\s+|my\s+|our\s+)?(?P<list>(?:[\w'-]+\s+){0,3}?(?:list|order|rider|kit|staples))"
_OPENING = r"^(?:(?:ok|okay|also|and|oh|so|then|now|please|pls)\b[\s,]*)*"
_TAIL = r"(?:\s+(?:please|pls|too|as\s+well))?(?:\s*\([^)]*\))?(?=$|[,;.!]|\s+(?:because|cos|since|as)\b)"
_SWAP_RE = re.compile(
    _OPENING + r"(?:swap|switch|change|replace|sub)(?:\s+out)?\s+(?P<old>" + _ITEM + r")"
    r"\s*(?:->|→|=>|\bfor\b|\bwith\b|\bto\b)\s*(?P<new>"
    + _ITEM
    + r")(?:\s+(?:on|in)\s+"
    + _LIST
    + r")?"
    + _TAIL,
    re.I,
)
# "Haribo is out (gelatine), put dried mango on the van list instead".
_OUT_IN_RE = re.compile(
    _OPENING + r"(?P<old>" + _ITEM + r")\s+(?:is|are|'s|'re)\s+out\b(?:\s*\([^)]*\))?\s*[,;]?\s*(?:so\s+)?"
    r"(?:put|add|get|use|have)\s+(?P<new>" + _ITEM + r")(?:\s+(?:on|onto|in|into|to)\s+" + _LIST + r")?"
    r"\s+instead" + _TAIL,
    re.I,
)
_DROP_RE = re.compile(
    _OPENING
    + r"(?:drop|remove|take|cut|scrap|strike)\s+(?P<old>"
    + _ITEM
    + r")\s+(?:off|from|out\s+of)\s+"
    + _LIST
    + _TAIL,
    re.I,
)
_ADD_RE = re.compile(
    _OPENING + r"(?:add|put)\s+(?P<new>" + _ITEM + r")\s+(?:to|on|onto)\s+" + _LIST + _TAIL,
    re.I,
)
# The reason before the edit: "Femi went vegan so ...".
_REASON_RE = re.compile(r"^(?P<reason>.+?),?\s+so\s+(?P<rest>.+)$", re.I)
# Words that stand for a thing rather than name an item.
_NO_ITEM = frozenset(
    {"it", "them", "that", "this", "one", "new one", "another one", "something else", "those"}
)
_SWAPPED_RE = re.compile(r"^The (?P<list>.+?) now has (?P<new>.+?) instead of (?P<old>.+?)\.$")
_DROPPED_RE = re.compile(r"^The (?P<list>.+?) no longer has (?P<old>.+?)\.$")
_ADDED_RE = re.compile(r"^The (?P<list>.+?) now also has (?P<new>.+?)\.$")


def _bare(item: str) -> str:
    return re.sub(r"^(?:the|some|a|an)\s+", "", item.strip(), flags=re.I)


def _list(found: re.Match[str]) -> str:
    named = found.groupdict().get("list")
    return named.strip().lower() if named else "list"


def _edit(sentence: str) -> str | None:
    if found := _SWAP_RE.match(sentence) or _OUT_IN_RE.match(sentence):
        old, new = _bare(found.group("old")), _bare(found.group("new"))
        if old.lower() == new.lower() or {old.lower(), new.lower()} & _NO_ITEM:
            return None  # "replace the kettle with a new one": a thing, not an item of a list
        return f"The {_list(found)} now has {new} instead of {old}."
    if found := _DROP_RE.match(sentence):
        return f"The {_list(found)} no longer has {_bare(found.group('old'))}."
    if found := _ADD_RE.match(sentence):
        return f"The {_list(found)} now also has {_bare(found.group('new'))}."
    return None


def list_edit(sentence: str) -> list[str] | None:
    """The statements an edit of a list stands for (see the module): the reason said before it, if any,
    then what the list now has; None when `sentence` edits no list, or only for the occasion."""
    text = sentence.strip()
    if one_off(text):  # "just for tonight swap the beer for cider": the standing list stays as it was
        return None
    reason = _REASON_RE.match(text)
    if reason and (edit := _edit(reason.group("rest"))):
        return [reason.group("reason").strip(), edit]
    return [edit] if (edit := _edit(text)) else None


def edit_of(statement: str) -> tuple[str, str | None, str | None] | None:
    """(the list, the item it lost, the item it gained) of a statement `list_edit` wrote ("The list now has
    oat bars instead of flapjacks." → ("list", "flapjacks", "oat bars")), or None for any other."""
    if found := _SWAPPED_RE.match(statement):
        return found.group("list"), found.group("old"), found.group("new")
    if found := _DROPPED_RE.match(statement):
        return found.group("list"), found.group("old"), None
    if found := _ADDED_RE.match(statement):
        return found.group("list"), None, found.group("new")
    return None

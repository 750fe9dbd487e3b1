"""A standing list pasted under a sentence that introduces it, held as one card.

"for the tour rider, van snacks are always:" and then bullets that are bare items ("- Haribo", "- flapjacks")
is one idea: what the list holds. Its bullets are not statements of their own (a bullet "flapjacks" says
nothing), so the intro and its items are read as one sentence ("..., van snacks are always: salt & vinegar
crisps, Haribo, flapjacks"), kept when the intro says the list stands (always, usually, "my usual order", "the
kit list") and not for the occasion ("today I need to:"), and when no item is a task or a clause of its own.
A later edit of one item (`list_edits`) then supersedes the card with the list edited (`list_changes`).
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.clauses import states
from reverie.adapters.local.rules.language import compress
from reverie.adapters.local.rules.longevity import one_off
from reverie.adapters.local.rules.request_patterns import IMPERATIVE_RE
from reverie.adapters.local.rules.statement_types import Speaker, Statement
from reverie.adapters.local.rules.stored_form import salience
from reverie.domain.models import MemoryType

MAX_ITEM_WORDS = 6
MIN_ITEMS = 2
_BULLET_RE = re.compile(r"^\s*(?:[-*+•]|\d{1,2}[.)])\s+(?P<item>\S.*)$")
_EMPHASIS_RE = re.compile(r"\*\*|__|`")
# How many of an item: "2 crates of ...", "two roll mats", "6x eggs", "a dozen eggs".
_QUANTITY_RE = re.compile(
    r"^(?:\d+\s*x?|a\s+dozen|a\s+couple\s+of|one|two|three|four|five|six|seven|eight|nine|ten|twelve)\s+",
    re.I,
)
# The sentence a list hangs from: words and a colon ("van snacks are always:", "my usual order:").
_INTRO_RE = re.compile(r"^(?P<intro>[^#>:\n][^:\n]{2,100}?)\s*:\s*$")
# The intro says the list stands: a habit, a usual or standing set, a list kept.
_STANDING_RE = re.compile(
    r"\b(?:always|usually|normally|every|each\s+time|usual|regular|standard|default|go-to|staples?|list|kit|"
    r"favou?rites?)\b",
    re.I,
)
# A held list: an intro, a colon, then two or more items ("The kit list: tent, stove, two mats").
_HELD_RE = re.compile(r"^(?P<intro>[^:]{3,120}?):\s+(?P<items>[^:]+?)\.?$")
# ... or said after its verb: "My usual order is a flat white, a croissant and a juice".
_PROSE_RE = re.compile(
    r"^(?P<intro>[^:,]{3,80}?\b(?:is|are|includes?|has|have))\s+(?P<items>[^:.;]+?(?:,|\s+and\s+)[^:.;]+?)\.?$"
)
_SPLIT_RE = re.compile(r",\s+(?:and\s+)?|\s+and\s+")


def _item(text: str) -> str | None:
    """A bullet as a bare item ("**Haribo**" → "Haribo"), or None when it is a task or a statement."""
    item = compress(_EMPHASIS_RE.sub("", text)).rstrip(" .;,")
    if not item or ":" in item or len(item.split()) > MAX_ITEM_WORDS or IMPERATIVE_RE.match(item):
        return None
    return None if states(_QUANTITY_RE.sub("", item)) else item  # "2 crates of water": a count, no subject


def _standing(intro: str) -> bool:
    return _STANDING_RE.search(intro) is not None and not one_off(intro)


def joined_lists(text: str) -> str:
    """`text` with each standing list (an intro line ending in a colon, then bullets that are all bare items)
    written as one line: "<intro>: <item>, <item>, ..."; everything else left as it was."""
    lines = text.splitlines()
    out: list[str] = []
    n = 0
    while n < len(lines):
        intro = _INTRO_RE.match(lines[n].strip())
        items: list[str] = []
        end = n + 1
        while intro and end < len(lines) and (bullet := _BULLET_RE.match(lines[end])):
            item = _item(bullet.group("item"))
            if item is None:
                items = []
                break
            items.append(item)
            end += 1
        if (
            intro
            and len(items) >= MIN_ITEMS
            and end - n - 1 == len(items)
            and _standing(intro.group("intro"))
        ):
            out.append(f"{intro.group('intro')}: {', '.join(items)}.")
            n = end
            continue
        out.append(lines[n])
        n += 1
    return "\n".join(out)


def held_items(statement: str, prose: bool = False) -> tuple[str, list[str]] | None:
    """(the intro, the items) of a statement holding a list ("Van snacks are always: crisps, Haribo" →
    ("Van snacks are always:", ["crisps", "Haribo"])), or None when it holds none. With `prose`, a list said
    after its verb counts too ("My usual order is a flat white and a croissant" → ("My usual order is",
    ["a flat white", "a croissant"]))."""
    found = _HELD_RE.match(statement.strip()) or (_PROSE_RE.match(statement.strip()) if prose else None)
    if found is None:
        return None
    items = [i.strip() for i in _SPLIT_RE.split(found.group("items")) if i.strip()]
    if len(items) < MIN_ITEMS or any(len(i.split()) > MAX_ITEM_WORDS for i in items):
        return None
    return found.group("intro").strip() + (":" if found.re is _HELD_RE else ""), items


def written(intro: str, items: list[str]) -> str:
    """A held list as its statement, as `held_items` read it: "<intro>: <item>, <item>, ..." or, said after
    its verb, "<intro> <item>, <item> and <item>"."""
    if intro.endswith(":") or len(items) < MIN_ITEMS:
        return f"{intro} {', '.join(items)}."
    return f"{intro} {', '.join(items[:-1])} and {items[-1]}."


def held_list(sentence: str, who: Speaker) -> Statement | None:
    """A standing list said in one sentence (as `joined_lists` writes one), as a fact; None otherwise."""
    found = held_items(sentence)
    if found is None or not _standing(found[0]) or any(_item(i) is None for i in found[1]):
        return None
    intro, items = found
    text = written(intro[:1].upper() + intro[1:], items)
    return Statement(type=MemoryType.FACT, text=text, salience=salience(MemoryType.FACT, text, who))

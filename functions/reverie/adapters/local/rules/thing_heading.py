"""A sentence headed by the thing it is about: "For flat 4B at Alder House: the boiler is a Worcester Bosch 30i,
and the tenant Mrs Adeyemi works nights, so contractors should only visit after 2pm".

Someone who looks after many things of one kind (flats, units, plots, accounts) writes a note per thing, its
name first. The statements after the colon say "the boiler", "the tenant": read alone, whose boiler is not
known, and a card "The boiler is a Worcester Bosch 30i" is of no use beside the boilers of ten other flats.
So each statement after such a heading keeps it, in brackets after it ("The boiler is a Worcester Bosch 30i
(flat 4B at Alder House)"), and the statements stay apart, one idea each.

A heading is "For / Re / Regarding / About / In / At" and a thing with a name of its own, a number or a word in
capitals past its first ("flat 4B", "unit 7", "the Harlow account"), in a few words. Not one: a time ("For
today:", "For 2 weeks:", "In 2024:", "For Tuesday:"), the speaker's own ("For my easy runs: ..." scopes a
rule), a label that states something itself, or one whose rest states nothing.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.clauses import states
from reverie.domain.text import MONTH_NAMES

_HEADING_RE = re.compile(
    r"^(?P<lead>(?i:for|re|regarding|about|in|at))\s+(?P<thing>[^:;,.!?]{2,60}?)\s*:\s+(?P<rest>\S.*)$",
    re.S,
)
# A name of its own: a word with a digit ("4B", "7"), or a capitalised word after the first.
_NAMED_RE = re.compile(r"\d|\s(?-i:[A-Z])")
# What makes a heading a time or the speaker's, not a thing.
_NOT_A_THING_RE = re.compile(
    r"\b(?:i|me|my|we|us|our|you|your|now|today|tonight|tomorrow|yesterday|weekends?|this|next|last|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?|mornings?|evenings?|nights?|"
    r"(?:second|minute|hour|day|week|fortnight|month|year|term|season)s?|"
    rf"{'|'.join(MONTH_NAMES)}|(?:19|20)\d\d)\b",
    re.I,
)
_MAX_WORDS = 6


def thing_heading(sentence: str) -> tuple[str, str] | None:
    """(the thing a sentence is headed by, the rest) for "For flat 4B at Alder House: the boiler is ..." →
    ("flat 4B at Alder House", "the boiler is ..."); None when the sentence has no such heading."""
    found = _HEADING_RE.match(sentence.strip())
    if found is None:
        return None
    thing = found.group("thing").strip()
    if (
        len(thing.split()) > _MAX_WORDS
        or not _NAMED_RE.search(thing)
        or _NOT_A_THING_RE.search(thing)
        or states(thing)
        or not states(found.group("rest"))
    ):
        return None
    return thing, found.group("rest")


def of_the_heading(part: str, thing: str) -> str:
    """`part` said of the heading's `thing`: the thing in brackets after it, unless the part names it."""
    if thing.lower() in part.lower():
        return part
    return f"{part.rstrip(' .;,')} ({thing})"

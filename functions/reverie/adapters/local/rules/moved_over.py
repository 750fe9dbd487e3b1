"""Something of someone's moved from one named place or tool to another: "moved all my notes from Notion to
Obsidian" after "Kaz is using Notion for all their notes", "upgraded staging to Postgres 16" after "the staging
database is Postgres 13", "moved our daughter to Rainbow Nursery" after "Lia's
daughter's nursery is Little Acorns". What the held card says is where the thing was, and it is not there now,
so the news replaces it (latest wins).

The held card must be the same someone's and name the place the thing left (named in the news, "from
Notion", or as the subject of why after the move: "moved my accounts over to Monzo, Barclays kept charging
fees"); or, when the news names only where it went ("to Rainbow Nursery"), speak of the thing and of that
kind of place ("nursery") under another name, or of the named tool it went through ("deploys go through
Jenkins"); or, when where it went is said in common words ("moved the docs into the repo"), say where the
thing was kept by name ("our docs live in Confluence"). Moving furniture ("moved the sofa to the window") names
no place.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.verdicts import replace
from reverie.adapters.local.rules.whose import other_people
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.domain.restatement import terms
from reverie.ports import MergeDecision

# A place or a provider by its name, of one or more capitalised words ("Monzo", "King's Cross", "Oak Tree Vets").
PLACE_NAME = r"(?-i:[A-Z])[\w&'.-]*(?:\s+(?-i:[A-Z])[\w&'.-]*)*"
_PLACE_KIND = (
    r"(?:shop|store|school|nursery|gym|club|surgery|practice|office|branch|centre|center|library|church|"
    r"hospital|clinic|team|group|studio|salon|pool)\b"
)
_MOVED_RE = re.compile(
    r"\b(?:moved|migrated|switched|transferred|ported|upgraded|downgraded|updated|bumped)\s+(?:all\s+|everything\s+of\s+)?"
    r"(?:(?:my|our|their|his|her|the)\s+)?"
    rf"(?P<thing>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:over\s+|across\s+)?(?:from\s+(?P<old>{PLACE_NAME})\s+)?"
    # (the kind of place after its name: "to the British Heart Foundation shop")
    rf"(?:to|into|onto)\s+(?:the\s+)?(?P<new>{PLACE_NAME}(?:\s+v?\d[\w.]*|\s+{_PLACE_KIND})?|(?-i:[a-z])[\w-]*)",
    re.I,
)
# Where a thing is kept, by name: "our docs live in Confluence", "the photos are stored on Google Drive".
_KEPT_IN_RE = re.compile(
    rf"\b(?:live|lives|is\s+kept|are\s+kept|is\s+stored|are\s+stored|sit|sits)\s+(?:in|on)\s+{PLACE_NAME}"
)
_KINDS = frozenset({MemoryType.FACT, MemoryType.PREFERENCE})


# The one it left, named after the move as the subject of why ("moved my accounts over to Monzo, Barclays
# kept charging fees", "switched supplier to EDF, Octopus put the rates up"); not one kept on ("moved my
# savings to Marcus, Monzo is still my main account").
_LEFT_RE = re.compile(rf"^(?P<left>{PLACE_NAME})\s+(?-i:[a-z])[\w']+\b")
_KEPT_ON_RE = re.compile(r"\b(?:still|also|too|as\s+well|as\s+before)\b", re.I)


def _left_named(statement: str, moved: re.Match[str]) -> str | None:
    """The name of what the thing was moved from, when the clause after the move names it as the subject of
    why: not the place it went, nor one it stays with."""
    _, comma, after = statement[moved.end() :].partition(", ")
    left = _LEFT_RE.match(after) if comma else None
    name = None if left is None else re.sub(r"'s$", "", left.group("left"))  # "Vodafone's contract ended"
    if name is None or _KEPT_ON_RE.search(after) or _named(name, statement[: moved.end()]):
        return None
    return name


def cause_names_what_was_left(first: str, second: str) -> bool:
    """`second` is why the move `first` tells was made, naming what was left ("Moved all my accounts over to
    Monzo" + "Barclays kept charging fees"): one statement, the old name being the news's other half."""
    moved = _MOVED_RE.search(first)
    return moved is not None and _left_named(f"{first[: moved.end()]}, {second}", moved) is not None


def _named(name: str, text: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text) is not None


def moved_over(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held card saying where the thing the candidate moved was (see the module)."""
    found = _MOVED_RE.search(candidate.statement)
    if found is None or candidate.type not in _KINDS:
        return None
    old, new = found.group("old") or _left_named(candidate.statement, found), found.group("new")
    thing, kind = terms(found.group("thing")), terms(new.split()[-1].lower())
    for card in cards:
        if (
            card.type not in _KINDS
            or other_people(candidate.statement, card.statement)
            or _named(new, card.statement)
        ):
            continue
        said = terms(card.statement)
        if old:
            if _named(old, card.statement):
                return replace(candidate, card, f"what {card.memory_id} says was where it is no longer")
            continue
        # where it went named only: the card speaks of the thing, and of that kind of place ("nursery") or of
        # the tool it went through ("deploys go through Jenkins")
        kind_held = kind <= said and len(new.split()) > 1
        # ... or another version of what it runs: "upgraded staging to Postgres 16" after "... is Postgres 13"
        version = _VERSION_RE.match(new)
        other_version = version is not None and re.search(
            rf"(?<![\w-]){re.escape(version.group('name'))}\s+v?\d", card.statement
        )
        # ... or, moved to a place named in common words ("into the repo"), where it was kept by name
        kept = new[:1].islower() and _KEPT_IN_RE.search(card.statement) is not None
        if thing <= said and (kind_held or other_version or kept or _THROUGH_RE.search(card.statement)):
            return replace(candidate, card, f"what {card.memory_id} says was where it is no longer")
    return None


_VERSION_RE = re.compile(r"^(?P<name>.+?)\s+v?\d[\w.]*$")
# What a thing goes through or runs on, named: "deploys go through Jenkins", "the blog runs on WordPress".
_THROUGH_RE = re.compile(rf"\b(?:through|via|runs\s+on|run\s+on|hosted\s+on|uses|using)\s+{PLACE_NAME}")

"""A thing named later by a definite noun phrase ("the scope", "Ines's board") that a held card already holds.

"The <noun> is ..." said with no one's name on it and nothing before it in the session points at something already
known (that is what "the" presupposes). Two ways of naming a held thing are read here, both from the words
alone:

- by the head of a held compound: English compounds end in their head, and a clipped word is one too, so
  "the scope" takes up a held "telescope", "the ball" a held "football", "the board" a "skateboard";
- as the product of a held activity: "the loaves are a dark rye, baked in a cast iron pot" names what
  "bakes bread every Sunday" makes, through its participle ("baked" ↔ "bakes"); "the scarves, knitted in
  merino" what "knits on the train" makes.

A named owner's thing ("Ines's board is ...") is read the same way, from the held cards that name the owner.
A thing may also be named by its kind ("the race" for a held marathon, `kinds`), and told apart by a clause
that says what the held card says of it ("the bakery where I work is called ..." takes up "works in a bakery";
"the car that I sold" does not take up "drives a car to work": selling is not said of it).

Only one held fact may answer: two held telescopes, or two held things baked, leave it unresolved (a new
card). A candidate with numbers of its own that disagree with the card's, or one that opposes it, points
at no card (`the_thing_held`); nor does "The user ...", the speaker (`pointer.names_the_speaker`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.kin_words import same_relative
from reverie.adapters.local.rules.kinds import of_its_kind
from reverie.adapters.local.rules.pointer import Pointer, Way, at_odds, names_the_speaker, only_one
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.domain.restatement import stem, terms

# "The scope is ...", "The new loaves are ...": a definite subject (up to two modifiers, then its noun).
# "The variety of the tomatoes is ...": the thing is the one after "of the" (what it has is said of it).
# "Biscuit's tablet is ...": a named owner's thing, taken up only from a held card that names the owner.
# "The bakery where the user works is ...": the thing, told apart by what the held card says of it.
_THE_THING_RE = re.compile(
    r"^(?:The|(?P<owner>[A-Z][\w-]+)'s)\s+(?:[a-z]{3,}\s+of\s+the\s+)?(?P<kind>(?:[a-z][\w-]*\s+){0,2}?)"
    r"(?P<noun>[a-z]{3,})(?:\s+(?:where|that|which|who)\s+(?P<which>[^,;.!?]{3,60}))?"
    # what the thing does, as well as what it is: "the chickens lay about three eggs a day"
    r"\s+(?:is|are|was|were|has|have|lives|live|sits|sit|lay|lays|laid|eat|eats|ate|need|needs|cost|costs|"
    r"sleep|sleeps|slept|get|gets|got|love|loves|hate|hates|run|runs|ran|take|takes|took|weigh|weighs|"
    # ... or when and where it happens: "the running club meets on Tuesday nights"
    r"meet|meets|met|start|starts|open|opens|train|trains|play|plays)\b"
)
_WORD_RE = re.compile(r"[a-z]+")
# A participle of the thing's making: "baked", "knitted", "brewed", "grown", "woven", "sewn".
_PARTICIPLE_RE = re.compile(r"\b(?P<verb>[a-z]{3,}(?:ed|en|wn))\b")
_NOT_MAKING = frozenset({"used", "called", "named", "based", "kept", "seen", "been", "given", "taken"})
_SPEAKER = "user"  # how cards call the speaker: no word that tells a thing apart
_HEAD_MIN = 4  # "scope", "ball", "board": a clipped head this long names its compound


def _heads(noun: str, words: set[str]) -> bool:
    """A held word is `noun`'s compound or full form ("telescope" for "scope"), the noun itself, or another
    word for the same relative ("mother" for "mum")."""
    base = stem(noun)
    return any(
        stem(word) == base
        or same_relative(noun, word)
        or (len(noun) >= _HEAD_MIN and len(word) > len(noun) + 2 and stem(word).endswith(base))
        for word in words
    )


def _made_by(statement: str, words: set[str]) -> bool:
    """The statement's participle ("baked") is a verb the held words say is done ("bakes", not "baked")."""
    made = {
        stem(m.group("verb"))
        for m in _PARTICIPLE_RE.finditer(statement)
        if m.group("verb") not in _NOT_MAKING
    }
    # a held activity is one the person does ("bakes"), not a past event ("rented a car in Crete")
    return bool(made & {stem(word) for word in words if not word.endswith(("ed", "en"))})


def _told_apart_by(which: str, held: str) -> bool:
    """What tells the thing apart ("where the user is working") is said of it by the held card too ("has
    worked in a bakery"): a word besides the speaker's in common."""
    return bool((terms(which) & terms(held)) - {_SPEAKER})


def _kind_fits(candidate: Candidate, found: re.Match[str]) -> bool:
    """A fact takes up a held thing; so does what is to be done with a named owner's thing from now on
    ("Biscuit's tablet is pimobendan, 5 mg morning and evening from now on"), read as a rule of its own."""
    if candidate.type is MemoryType.FACT:
        return True
    return candidate.type is MemoryType.CONSTRAINT and found.group("owner") is not None


def the_thing_held(candidate: Candidate, cards: Sequence[MemoryCard]) -> Pointer | None:
    """The one held fact that holds the thing the candidate names as "The <noun>" (see the module)."""
    found = _THE_THING_RE.match(candidate.statement)
    if found is None or names_the_speaker(found.group("noun")) or not _kind_fits(candidate, found):
        return None
    noun, owner, which = found.group("noun"), found.group("owner"), found.group("which")
    kind = terms(found.group("kind"))  # "the chess club" is no running club held
    card = only_one(
        [
            card
            for card in cards
            if card.type is MemoryType.FACT
            and (owner is None or re.search(rf"\b{re.escape(owner)}\b", card.statement))
            and (which is None or _told_apart_by(which, card.statement))
            and not kind - terms(card.statement.replace("-", " "))
            and (
                _heads(noun, words := set(_WORD_RE.findall(card.statement.lower())))
                or of_its_kind(noun, words)  # "the race" for a held marathon (`kinds`)
                or _made_by(candidate.statement.lower(), words)
            )
        ]
    )
    if card is None or at_odds(candidate.statement, card.statement):
        return None
    return Pointer(card, Way.HELD_THING, candidate.statement, f"the {noun} of {card.memory_id}")

"""A place held as a kind, then told by its name: "The user volunteers at a food bank" and "The user does Saturday
mornings at the Hillside food bank" are one place of one person, the second naming which (a detail that refines
the held memory): one card, not two beside each other.

The held fact says where its person does something as "at a <kind>" (one to three words); the new one, about the
same person, says "at [the] <Name> <kind>" with the same kind. Two held facts placing the person at that kind of
place leave it undecided (which one is named is not known), and so does another person's place.

A thing held as "a <kind>" and named again as "the <head>" by the same person is that thing too ("Fay sings in a
community choir", then "Fay sings alto in the choir"): said with "the", it is the one already known. The new
card says the held one's words in its place ("Fay sings alto in a community choir.").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.about import owner, whom
from reverie.adapters.local.rules.verdicts import fused, join
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.domain.restatement import terms
from reverie.ports import MergeDecision

_KIND = r"(?P<kind>(?:[a-z][a-z-]* ){0,2}[a-z][a-z-]*)"
# "at a food bank", "at an animal shelter" (where the clause ends, or a time or a purpose follows)
_AT_A_RE = re.compile(
    rf"\bat (?:a|an) {_KIND}(?=\s*(?:[,.;!]|$)|\s+(?:on|every|in|near|for|as|with|twice|once)\b)"
)
# "at the Hillside food bank", "at Hillside food bank"
_AT_NAMED_RE = re.compile(rf"\bat (?:the )?(?-i:[A-Z])[\w'&-]*(?: (?-i:[A-Z])[\w'&-]*){{0,2}} {_KIND}\b")


def named_place(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The one held fact placing the same person at a place of the kind the candidate names (see the module),
    fused with it."""
    named = _AT_NAMED_RE.search(candidate.statement)
    who = owner(candidate.statement)[0]
    if candidate.type is not MemoryType.FACT or named is None or not who:
        return None
    kind = named.group("kind")
    held = [
        card
        for card in cards
        if card.type is MemoryType.FACT
        and owner(card.statement)[0] == who
        and (at := _AT_A_RE.search(card.statement)) is not None
        and (at.group("kind") == kind or kind.endswith(" " + at.group("kind")))
    ]
    if len(held) != 1:
        return None
    card = held[0]
    return fused(
        candidate, card, join(card.statement, candidate.statement), f"the {kind} {card.memory_id} names"
    )


# "in a community choir", "with a local running club": a thing introduced, its head last
_IN_A_RE = re.compile(
    # (or a plural with no article: "in raised beds")
    r"\b(?:at|in|with|for|to|on|into) (?P<a>(?:(?:a|an) (?=[a-z])|(?=(?:[a-z][a-z-]* ){0,2}[a-z][a-z-]*s\b))"
    r"(?P<kind>(?:(?!(?:near|in|at|on|by|for|with|to|from)\b)[a-z][a-z-]* ){0,2}[a-z][a-z-]*))"
    r"(?=\s*(?:[,.;!]|$)|\s+(?:on|every|in|near|for|as|with|twice|once|at|by|since|and)\b)"
)
# "in the choir": a thing named as known, a time ("in the morning") aside
_IN_THE_RE = re.compile(
    r"\b(?:at|in|with|for|to|on|into|from) (?P<the>the (?:[a-z][a-z-]* )??(?P<head>[a-z][a-z-]*))\b"
    # its head last ("the choir director" is someone)
    r"(?! (?!(?:on|in|at|every|for|with|and|to|from|near|by|since|twice|once|now|the|a|an|i|we|my|our)\b)[a-z])"
    r"(?<!morning)(?<!afternoon)(?<!evening)(?<!night)(?<!weekend)(?<!week)(?<!end)(?<!moment)(?<!past)(?<!future)"
)


def named_again(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The one held fact of the same person that introduced the thing the candidate names with "the" (see the
    module), fused with it."""
    again = _IN_THE_RE.search(
        candidate.statement[:1].lower() + candidate.statement[1:]
    )  # "In the ..." opening
    # whose, after the place when it opens the sentence ("In the raised beds the user has ...")
    opening = again is not None and again.start() == 0
    who = whom(candidate.statement[again.end() :].strip(" ,") if again and opening else candidate.statement)
    if candidate.type is not MemoryType.FACT or again is None or not who[0]:
        return None
    head = again.group("head")
    held = [
        (card, a)
        for card in cards
        if card.type is MemoryType.FACT
        and whom(card.statement) == who
        and (a := _IN_A_RE.search(card.statement)) is not None
        and a.group("kind").split()[-1] == head
    ]
    if len(held) != 1:
        return None
    card, introduced = held[0]
    said = (
        candidate.statement[: again.start("the")]
        + introduced.group("a")
        + candidate.statement[again.end("the") :]
    )
    said = said[:1].upper() + said[1:]  # "In raised beds ...", opening the sentence
    statement = said if terms(card.statement) <= terms(said) else join(card.statement, candidate.statement)
    return fused(candidate, card, statement, f"the {head} {card.memory_id} introduced")

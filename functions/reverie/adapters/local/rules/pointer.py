"""A statement's pointer at a held card, and the tests every way of finding one shares.

A statement often names a held thing without the words its card uses: "that job we inherited", "the
scope", "training is Thursdays", or an agent's note cites the very message the statement is drawn from. The
ways of finding which card are read in one order by `pointed_at`; each gives a `Pointer`: the card, the
way, the statement with the thing named as the card names it, and why.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TypeVar

from reverie.adapters.local.rules.polarity import opposed
from reverie.adapters.local.rules.values import other_numbers
from reverie.domain.models import MemoryCard
from reverie.domain.restatement import stem

_T = TypeVar("_T")


class Way(Enum):
    """How a statement points at a held card (see `pointed_at` for the order they are tried in)."""

    DEMONSTRATIVE = "demonstrative"  # "that job we inherited": the job a held card names (`referents`)
    PRONOUN = "pronoun"  # "it's plot 14B" opening a session: the one thing held someone has (`held_it`)
    RECORD = "record"  # the agent's note citing the very message (`agent_record`)
    HELD_THING = "held thing"  # "the scope": a held telescope (`taken_up`)
    GROUP_SESSIONS = "group sessions"  # "training is Thursdays": of the one group held (`referents`)


@dataclass(frozen=True)
class Pointer:
    """The held card a statement points at, and how."""

    card: MemoryCard
    way: Way
    statement: str  # the statement, with the thing named as the card names it
    why: str
    adds: bool = True  # False: the card already says all the statement does


def only_one(found: Sequence[_T]) -> _T | None:
    """The one thing that fits; none when nothing does or several do (then which is not known)."""
    return found[0] if len(found) == 1 else None


# "The user is ...": cards call the speaker "the user"; a statement about them names no held thing.
_THE_SPEAKER = "user"


def names_the_speaker(noun: str) -> bool:
    """`noun` ("The <noun> is ...") is how cards call the speaker, not a thing a card holds."""
    return noun.lower() == _THE_SPEAKER


# The thing itself moved elsewhere: "The office has moved to King's Cross", "the clinic relocated to Hove".
_MOVED_ELSEWHERE_RE = re.compile(r"\b(?:moved|relocated|transferred)\s+(?:over\s+)?(?:to|from)\b", re.I)


def at_odds(statement: str, held: str) -> bool:
    """The statement gives numbers of its own that the held card's disagree with, opposes it, or moves the
    thing elsewhere: not more of the same thing (the rules of change judge it)."""
    return bool(
        other_numbers(statement, held) or opposed(statement, held) or _MOVED_ELSEWHERE_RE.search(statement)
    )


def compound_apart(text: str) -> str:
    """The text with compound words apart ("car-share rota" → "car share rota"), so that each part
    counts as a word of its own when a statement's words are compared with a held card's."""
    return " ".join(w for w in re.split(r"[\s-]+", text) if w)


def word_stems(text: str) -> frozenset[str]:
    """Every word of `text` stemmed, compound words apart ("invoice-export job" → invoic, export, job)."""
    return frozenset(stem(w) for w in compound_apart(text).split())

"""Whose a statement is: the people it is about, by name, so that two people's rules or arrangements are
never read as one because they share a value.

A statement is about the person it opens with ("Tomasz wants his boxes sent to ..."), whoever owns what it
is about ("Ship Giulia's boxes to ...", "Deliver Tomasz's cases ..."), and whomever it is for ("Always book
an aisle seat for Chen"). An opening verb ("Choose an aisle seat ...") or adverb ("Always ...") is no one.
"The user" is the speaker, whose own name may be given elsewhere: two statements about the user agree, and
one about the user never differs from one naming someone.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.request_patterns import IMPERATIVE_RE
from reverie.adapters.local.rules.their_people import user_and_their_person
from reverie.adapters.local.rules.verb_forms import ADVERBS
from reverie.domain.restatement import stem, terms
from reverie.domain.text import STOP_WORDS

# A name is letters (a hyphen inside): "Q3", "R2D2" or "4B" open no person's statement.
_WORD = r"[A-Z][^\W\d_]*(?:-[^\W\d_]+)*(?![\w-])"
_NAME = rf"{_WORD}(?:\s+{_WORD}){{0,2}}"
# (a determiner first opens a thing: "The GitHub Actions runners Fed uses ...")
_OPENING_NAME_RE = re.compile(
    rf"^(?!(?:The|A|An|This|That|These|Those|Our|My|Your|Their|His|Her|Its)\s)({_NAME})(?=['’]s\b|\s|[,.:;]|$)"
)
_POSSESSOR_RE = re.compile(rf"\b({_NAME})['’]s\b")
_FOR_RE = re.compile(rf"\bfor\s+({_NAME})\b")
# Verbs a standing instruction opens with ("Keep replies short", "Send Ines's ..."): no one's name.
_INSTRUCTING = frozenset(
    """keep send ship post deliver forward book reserve order buy pay use write reply answer call text email
    remind tell ask let put give bring take choose pick avoid skip add include exclude check mention
    schedule plan make show list format sign address cc copy""".split()
)
_NO_ONE = STOP_WORDS | ADVERBS | _INSTRUCTING | frozenset("user please never don't do".split())
_USER = stem("user")
_THE_USER_RE = re.compile(r"^the\s+user\b", re.I)


def _words(name: str) -> list[str]:
    return [stem(w.lower()) for w in name.split() if w.lower() not in _NO_ONE]


def people(statement: str) -> tuple[str, frozenset[str]]:
    """The word the statement opens with if it may be a name ("" if not), and every word of the names of
    the people it is about (see the module docstring), lower-cased and stemmed."""
    text = statement.strip()
    named: list[str] = []
    opening = ""
    found = _OPENING_NAME_RE.match(text)
    if _THE_USER_RE.match(text):
        named.append(_USER)
    elif found and not IMPERATIVE_RE.match(text):
        named += _words(found.group(1))
        opening = named[0] if named else ""
    for pattern in (_POSSESSOR_RE, _FOR_RE):
        for match in pattern.finditer(text):
            named += _words(match.group(1))
    return opening, frozenset(named)


def shared_people(a: str, b: str) -> tuple[frozenset[str], bool]:
    """The name words two statements' people share, and whether both name someone. An opening word both
    share is set aside when each names someone besides: it is a verb of asking ("Deliver Tomasz's cases" /
    "Deliver Giulia's cases") or a first name two people share ("Kofi Boateng" / "Kofi Mensah")."""
    (first_a, of_a), (first_b, of_b) = people(a), people(b)
    if first_a and first_a == first_b and of_a - {first_a} and of_b - {first_b}:
        of_a, of_b = of_a - {first_a}, of_b - {first_b}
    return of_a & of_b, bool(of_a and of_b)


def other_people(a: str, b: str) -> bool:
    """Both statements name whom they are about, and no one is in both: two people's, never one card. One
    about the user and one about a person of theirs ("The user's husband ...") are two people's too."""
    shared, both = shared_people(a, b)
    return (both and not shared and _USER not in people(a)[1] | people(b)[1]) or user_and_their_person(a, b)


_CAPITALISED_RE = re.compile(r"\b[A-Z][\w-]*")


def unnamed_terms(statement: str) -> frozenset[str]:
    """The statement's terms without its names (capitalised words, where a sentence opens too): what it says,
    not of whom ("Maya's daughter is allergic to peanuts": daughter, allergic, peanut)."""
    return terms(statement) - terms(" ".join(_CAPITALISED_RE.findall(statement)))


_OPENING_POSSESSOR_RE = re.compile(r"^\s*(?:the\s+user|(?-i:[A-Z])[\w-]*)(?=['’]s\s)", re.I)


def possessor(statement: str) -> str:
    """Whose thing `statement` opens with ("Jas's bins ...": "Jas"; "The user's rent ...": "The user"), or "" when
    it opens with no one's."""
    found = _OPENING_POSSESSOR_RE.match(statement)
    return found.group().strip() if found else ""

"""Someone of the user's: a statement that opens with a person the user names by what they are to them ("The
user's husband Tomás is lactose intolerant", "The user's dad is diabetic") is about that person, never about
the user, so it never adds to nor repeats a card about the user themselves ("The user is lactose intolerant").
A thing of the user's ("The user's gym is FitX") is still the user's.
"""

from __future__ import annotations

import re

# People named by what they are to someone.
PERSON = (
    r"(?:mum|mom|mam|dad|mother|father|parents?|wife|husband|partner|spouse|son|daughter|brother|sister|"
    r"sibling|kids?|child(?:ren)?|baby|boyfriend|girlfriend|fianc[eé]e?|friend|mate|neighbou?r|boss|manager|"
    r"colleague|flatmate|housemate|roommate|aunt|uncle|cousin|nan|gran|grandma|grandpa|grandad|grandmother|"
    r"grandfather|niece|nephew|stepson|stepdaughter|stepmother|stepfather|in-laws?|(?:mother|father|sister|"
    r"brother|son|daughter)-in-law|eldest|youngest|twins?)"
)
_THEIR_PERSON_RE = re.compile(rf"^the\s+user['’]s\s+(?:[\w-]+\s+){{0,2}}?{PERSON}\b", re.I)
_THE_USER_RE = re.compile(r"^the\s+user\b(?!['’]s)", re.I)
_SOMEONES_PERSON_RE = re.compile(
    rf"^(?P<who>the\s+user|[A-Z][\w-]*)['’]s\s+(?:[\w-]+\s+){{0,2}}?{PERSON}\b", re.I
)


_POSSESSED_PERSON_RE = re.compile(rf"['’]s\s+(?:[\w-]+\s+){{0,2}}?(?P<person>{PERSON})\b", re.I)


def persons_of(statement: str) -> frozenset[str]:
    """The people of someone's the statement names anywhere ("... for Caz's son Ayo": son)."""
    return frozenset(m.group("person").lower() for m in _POSSESSED_PERSON_RE.finditer(statement))


def their_person(statement: str) -> bool:
    """Whether `statement` opens with a person of the user's ("The user's eldest son ...")."""
    return _THEIR_PERSON_RE.match(statement.strip()) is not None


def someones_person(statement: str) -> bool:
    """Whether `statement` opens with a person someone names by what they are to them ("The user's eldest son
    ...", "Dmitri's colleague Ana ...")."""
    return _SOMEONES_PERSON_RE.match(statement.strip()) is not None


def user_and_their_person(a: str, b: str) -> bool:
    """One statement is about someone themselves ("The user ...", "Fin ...") and the other about a person of
    theirs ("The user's husband ...", "Fin's sister ...")."""
    a, b = a.strip(), b.strip()
    if (their_person(a) and _THE_USER_RE.match(b)) or (their_person(b) and _THE_USER_RE.match(a)):
        return True
    for one, other in ((a, b), (b, a)):
        found = _SOMEONES_PERSON_RE.match(one)
        person = found.group(0).split()[-1] if found else ""
        # ... unless the other speaks of that person too ("Lia moved their daughter to ...")
        if found and re.match(rf"{re.escape(found.group('who'))}\b(?!['’]s)", other, re.I):
            return not re.search(rf"\b{re.escape(person)}\b", other, re.I)
    return False

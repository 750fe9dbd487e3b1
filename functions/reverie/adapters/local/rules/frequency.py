"""How often: a value like any other ("takes the tablets once daily" / "two times per day", "runs three
times a week" / "every day", "at nursery four days a week"). Two statements saying the same thing but for how often give one thing two
values: a change (or a misrecording), not two facts. Used by the merge (`merge`)."""

from __future__ import annotations

import re
from fractions import Fraction

from reverie.adapters.local.rules.about import contains, event, jaccard, name_words, subject, whom
from reverie.domain.restatement import negated, terms
from reverie.domain.validity import NUMBERS

SAME_REST_JACCARD = 0.8  # beside how often, this similar means the same sentence
SAME_THING_SHARE = 2 / 3  # of the same one's thing, this much of the shorter's other words in the longer

# How many times: the number words (domain.validity.NUMBERS) and the adverbs of repetition.
_COUNTS = {**NUMBERS, "once": 1, "twice": 2, "thrice": 3}
_UNITS = {"day": "day", "night": "day", "morning": "day", "week": "week", "month": "month", "year": "year"}
_ADVERBS = {"daily": "day", "nightly": "day", "weekly": "week", "monthly": "month", "yearly": "year"}
_ADVERBS["annually"] = "year"
_ADVERBS["fortnightly"] = "fortnight"
_DAYS = r"monday|tuesday|wednesday|thursday|friday|saturday|sunday"
_COUNT = r"(?P<n>once|twice|thrice|one|two|three|four|five|six|seven|eight|nine|ten|\d+)"
_UNIT = r"(?P<unit>day|night|morning|week|month|year)s?"
# "every Tuesday" (once a week), "every other Friday" (once a fortnight)
# ("on Tuesdays", one weekday said in the plural, is every Tuesday; "on Tuesdays and Thursdays" is not once a week)
_WEEKDAY_RE = re.compile(
    rf"\bevery\s+(?P<other>other\s+|second\s+|alternate\s+)?(?:{_DAYS})s?\b"
    rf"|\bon\s+(?:{_DAYS})s\b(?!\s*(?:,|and\b|&|or\b)\s*(?:{_DAYS}))",
    re.I,
)
# "two times per day", "3x a week", "once a month", "twice daily", "every other day", "every day", "weekly"
_FREQUENCY_RE = re.compile(
    # "four days a week", "two evenings a week": as many times a week
    rf"\b(?:{_COUNT}(?:\s*(?:times?|x|days?|nights?|evenings?|mornings?|afternoons?|sessions?|shifts?))?\s+"
    rf"(?:(?:a|an|per|each|every)\s+{_UNIT}|(?P<adv>daily|nightly|weekly|"
    rf"monthly|yearly|annually))|every\s+(?P<other>other\s+)?{_UNIT.replace('unit', 'unit2')}|"
    rf"(?P<adv2>daily|nightly|weekly|fortnightly|monthly|yearly|annually))\b",
    re.I,
)


def how_often(statement: str) -> tuple[tuple[Fraction, str], str] | None:
    """How many times per unit (day, week, month, year) the statement says, and the statement without it;
    None when it names no frequency."""
    found = _FREQUENCY_RE.search(statement)
    day = _WEEKDAY_RE.search(statement)
    if found is None and day is None:
        return None
    rest = _WEEKDAY_RE.sub(" ", _FREQUENCY_RE.sub(" ", statement))  # "weekly now, every Tuesday": all of it
    if day is not None and (found is None or day.start() < found.start()):  # "every other Tuesday"
        return (Fraction(1, 2) if day.group("other") else Fraction(1), "week"), rest
    if found is None:
        return None
    if found.group("unit2"):  # "every day", "every other week"
        times = Fraction(1, 2) if found.group("other") else Fraction(1)
        return (times, _UNITS[found.group("unit2").lower()]), rest
    if found.group("adv2"):
        adverb = _ADVERBS[found.group("adv2").lower()]
        if adverb == "fortnight":  # "fortnightly": every other week
            return (Fraction(1, 2), "week"), rest
        return (Fraction(1), adverb), rest
    n = found.group("n").lower()
    times = Fraction(int(n)) if n.isdigit() else Fraction(_COUNTS[n])
    unit = (
        _UNITS[found.group("unit").lower()] if found.group("unit") else _ADVERBS[found.group("adv").lower()]
    )
    return (times, unit), rest


def another_frequency(a: str, b: str) -> bool:
    """The same statement with another frequency: "Lina takes metformin 500 mg once daily" against "Lina
    takes metformin 500 mg two times per day, with breakfast" (what is done, to what, by whom: the same,
    one saying more); not two events ("ran twice a week in 2019"), nor a denial of the other."""
    mine, theirs = how_often(a), how_often(b)
    if mine is None or theirs is None or mine[0] == theirs[0]:
        return False
    if negated(a) != negated(b) or event(a) or event(b):
        return False
    if _two_people(a, b):  # "Ana runs ..." / "Bak runs ...": two people's
        return False
    who = name_words(a) | name_words(b) | _relations(a) | _relations(b)  # "Lou's daughter Ada": who, not what
    rest_a, rest_b = terms(mine[1]) - who, terms(theirs[1]) - who
    if not rest_a or not rest_b:
        return False
    # one person's one activity, by its verb alone ("Bak runs three times a week" / "Bak is running five ...")
    one_verb = min(rest_a, rest_b, key=len)
    same_doer = bool(name_words(a)) and name_words(a) == name_words(b) and len(one_verb) == 1
    return (
        jaccard(rest_a, rest_b) >= SAME_REST_JACCARD
        or contains(rest_a, rest_b)
        or contains(rest_b, rest_a)
        or (same_doer and one_verb <= rest_a and one_verb <= rest_b)
        or _same_thing(a, b, rest_a, rest_b)
    )


def _two_people(a: str, b: str) -> bool:
    """Both name whom they are about, and not the same person ("the user", whose name may be either, agrees with
    any name: "The user waters ..." and "Alice waters ..." may be one person)."""
    mine, theirs = whom(a), whom(b)
    if not mine[0] or not theirs[0] or (_USER in (mine[0], theirs[0]) and mine[1] == theirs[1]):
        return False
    # ... nor when one names the other's person ("The landlord put Bea's rent up" is of Bea's rent)
    named_a, named_b = terms(a), terms(b)
    return mine != theirs and mine[0] not in named_b and theirs[0] not in named_a


_USER = "user"
# A relation naming whom a statement is about: "Lou's daughter Ada", "my husband Tom".
_RELATION_RE = re.compile(
    r"(?:\b(?-i:[A-Z])[\w-]*'s|\b(?:my|our|his|her|their))\s+(?P<kin>[a-z]+)\s+(?-i:[A-Z])", re.I
)


def _relations(statement: str) -> frozenset[str]:
    return frozenset(w for m in _RELATION_RE.finditer(statement) for w in terms(m.group("kin")))


def _same_thing(a: str, b: str, rest_a: frozenset[str], rest_b: frozenset[str]) -> bool:
    """Both about the same one's thing ("Efua's piano lesson ..." / "Efua's piano is weekly now, ...") and
    most of what the shorter says besides how often is said by the other too (one says more of why)."""
    shared = rest_a & rest_b
    smaller = min(len(rest_a), len(rest_b))
    thing = subject(a)
    return (
        len(thing) == 2
        and thing == subject(b)
        and len(shared) >= 2
        and len(shared) >= SAME_THING_SHARE * smaller
    )

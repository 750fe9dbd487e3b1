"""When something is due is one fact about it, however it is worded: "Chidi's rent is due on the 1st of
each month", "Rent payment deadline: first day of every month" and "The council tax is payable on the 1st
monthly" each give a thing owed and the day it falls due. Two statements giving the same thing the same
day are one fact (a duplicate, for the merge and the self-audit); the same thing with another day is
another value of it (a change)."""

from __future__ import annotations

import re

from reverie.domain.restatement import negated, stem, terms

_ORDINALS = {
    w: n
    for n, w in enumerate(
        "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth".split(), start=1
    )
}
_WEEKDAYS = "monday tuesday wednesday thursday friday saturday sunday".split()
# "X is due / payable (on) D", "X deadline: D", "X's due date is D", "X payment date: D"
_DUE_RE = re.compile(
    r"^(?P<thing>.+?)\s+(?:(?:is|are|falls?)\s+(?:due|payable)(?:\s+on)?|(?:'s\s+)?(?:deadline|due date|"
    r"payment date|payment day)\s*(?::|is|are|falls on)(?:\s+on)?)\s+(?P<when>.+)$",
    re.I,
)
_DAY_OF_MONTH_RE = re.compile(
    r"^(?:the\s+)?(?:(?P<n>\d{1,2})(?:st|nd|rd|th)?|(?P<word>" + "|".join(_ORDINALS) + r"))(?:\s+day)?"
    r"(?:\s+of\s+(?:each|every|the)\s+month|\s+monthly|\s+every\s+month|\s+each\s+month)",
    re.I,
)
_WEEKDAY_RE = re.compile(r"^(?:(?:on\s+)?(?:each|every)\s+)?(?P<day>" + "|".join(_WEEKDAYS) + r")s?", re.I)
# Words that only say that something is owed or when, not what: "rent payment deadline" is about rent.
_OWED = frozenset(stem(w) for w in "payment payments pay bill due deadline date day the my our".split())


def due_date(statement: str) -> tuple[frozenset[str], tuple[str, int]] | None:
    """The thing a statement says is due, and the recurring day it falls due, said as nothing but that day (("month", 1) for "the 1st of
    each month", ("week", 4) for "every Friday"); None when it says no such thing."""
    found = _DUE_RE.match(statement.strip().rstrip("."))
    if found is None:
        return None
    when = found.group("when").strip()
    day = _DAY_OF_MONTH_RE.fullmatch(when)
    if day is not None:
        n = int(day.group("n")) if day.group("n") else _ORDINALS[day.group("word").lower()]
        value = ("month", n)
    elif weekday := _WEEKDAY_RE.fullmatch(when):
        value = ("week", _WEEKDAYS.index(weekday.group("day").lower()))
    else:
        return None
    thing = terms(_OWNER_RE.sub("", found.group("thing"))) - _OWED
    return (thing, value) if thing else None


# Whose it is ("Chidi's", "Ama Owusu's"): not what is due.
_OWNER_RE = re.compile(r"^(?:[A-Z][\w-]*\s+){0,2}?[A-Z][\w-]*'s\s+")


def _owner(statement: str) -> str:
    found = _OWNER_RE.match(statement.strip())
    return found.group(0).lower() if found else ""


def _due_pair(a: str, b: str) -> tuple[tuple[str, int], tuple[str, int]] | None:
    """The two days, when both statements say when the same thing is due (the things one names all in the
    other's), and neither denies what the other says."""
    mine, theirs = due_date(a), due_date(b)
    if mine is None or theirs is None or negated(a) != negated(b):
        return None
    if _owner(a) and _owner(b) and _owner(a) != _owner(b):
        return None  # Ada's rent and Ben's rent
    if not (mine[0] <= theirs[0] or theirs[0] <= mine[0]):
        return None
    return mine[1], theirs[1]


def same_due_date(a: str, b: str) -> bool:
    """Both say the same thing falls due on the same recurring day."""
    pair = _due_pair(a, b)
    return pair is not None and pair[0] == pair[1]


def another_due_date(a: str, b: str) -> bool:
    """Both say when the same thing falls due, on different days."""
    pair = _due_pair(a, b)
    return pair is not None and pair[0] != pair[1]

"""The shapes of a clause that decide how it joins the one before it: a clause saying only when ("..., we play
on Sunday mornings"), a habit with its "I" left out ("..., go 3x a week"), a verb whose subject is the clause
before's ("rent is 950, goes out on the 1st"), and a label saying what the statements after it are for ("For
the meal plan: ..."). Read by `clauses`.
"""

from __future__ import annotations

import re

# What the speaker does again and again, their "I" left out as chat leaves it: "go 3x a week at the castle",
# "train twice a week", "swim every morning" (things an agent is never asked to do).
_HABIT_AFTER_RE = re.compile(
    r"^(?:go|train|swim|run|climb|boulder|play|practi[sc]e|cycle|walk|lift|row|dance|sing|volunteer|work\s+out)\b"
    r"(?=[^.;]*\b(?:\d+\s*x|once|twice|three\s+times|every|each|a\s+week|per\s+week|daily|weekly|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)days)\b)",
    re.I,
)
# Verbs that open a clause whose subject is the one before, left out ("rent is 950, goes out on the 1st"):
# never the plural thing a bare clause names.
SAID_OF_IT = frozenset(
    """goes does comes gets runs makes takes works lives needs wants says has pays costs starts ends leaves
    arrives opens closes finishes happens renews expires lands moves changes""".split()
)
_PURSUIT_RE = re.compile(
    r"\b(?:with|into|love|like|enjoy|doing|started|(?:taken|took|picked)\s+up)\s+([a-z]{3,}ing)\b", re.I
)
# A clause that says only when the speaker (and those with them) do what the clause before named: its verb
# has no object, and all that follows it tells the day or the time ("we meet every other Thursday").
_ONLY_WHEN_RE = re.compile(
    r"^(?:we|i|they)\s+(?:(?:usually|normally|always|mostly|often|all)\s+)?(?!(?:am|are|have|had|was|were)\b)"
    r"[a-z]+\s+(?P<when>(?:on|every|each|at|most|twice|once|in)\b.*?)[.!]*$",
    re.I,
)
_WHEN_WORDS = frozenset(
    """on every each at most twice once in the a other week weeks weekly month monthly day days daily morning
    mornings afternoon afternoons evening evenings night nights weekend weekends weekday weekdays monday mondays
    tuesday tuesdays wednesday wednesdays thursday thursdays friday fridays saturday saturdays sunday sundays
    am pm noon from to until till and or early late first last second third fourth""".split()
)


def only_when(clause: str) -> bool:
    """The clause says only when the speaker does what the clause before it named (see above)."""
    found = _ONLY_WHEN_RE.match(clause.strip())
    if found is None:
        return False
    words = re.findall(r"[a-z]+|\d+", found.group("when").lower())
    return all(w in _WHEN_WORDS or w.isdigit() for w in words)


def habit_after(left: str, right: str) -> str | None:
    """`right` said as the speaker's habit when it is one with its "I" left out ("go 3x a week at the castle"),
    the pursuit `left` names put in where "go" has no object of its own ("I go bouldering 3x a week ..."); None
    when it is no such clause."""
    if not _HABIT_AFTER_RE.match(right):
        return None
    pursuit = _PURSUIT_RE.search(left) if re.match(r"go\s+(?!\w+ing\b)", right, re.I) else None
    return f"I go {pursuit.group(1)} {right[3:]}" if pursuit else f"I {right}"


# A label naming what the statements after it are for ("For the meal plan", "For my CV"), not a time or an
# occasion they hold for ("For the next two weeks", "For this reply", "For now"): a label, set apart.
_PURPOSE_RE = re.compile(
    r"^for\s+(?:the|my|our|your)\s+(?!(?:next|coming|rest|whole|time|moment|duration|first|last)\b)"
    r"(?:[\w-]+\s+){0,3}?(?P<noun>[\w-]+)$",
    re.I,
)
# ... a time or an occasion, or "for the record", which says the statement after it is meant to be kept
_NO_PURPOSE = frozenset(
    "now today tonight day days week weeks weekend weekends month months year years moment while holiday holidays "
    "summer winter spring autumn term semester evening morning night trip visit stay reply email message one "
    "record records".split()
)


def names_its_purpose(label: str) -> bool:
    """The label before a colon says what the statements after it are for (see above)."""
    found = _PURPOSE_RE.match(label)
    return found is not None and found.group("noun").lower() not in _NO_PURPOSE

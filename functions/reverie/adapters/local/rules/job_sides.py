"""A job's two sides, what someone works as and where: "Ana works as a chef at Dishoom" holds `ana.job_title` and
says where she works too (`ana.employer`), so a new employer replaces it; "Ole's wife is a junior doctor at St
Thomas'" holds `ole.wife.employer` and says what she works as, so "Ole's wife is a GP now" replaces it.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.keys import attribute_key, in_first_person, statement_key
from reverie.adapters.local.rules.slot_table import SLOTS
from reverie.adapters.local.rules.slot_words import OCCUPATION


def states_also(statement: str, key: str | None) -> bool:
    """The statement, whose own slot is one side of a job, also gives the other side that `key` names, of the
    same someone: "Ana works as a chef at Dishoom" (`ana.job_title`) says where she works too (`ana.employer`),
    so a new employer replaces it."""
    if key is not None and key.count(".") > 1:
        return _theirs_also(statement, key)
    said = in_first_person(statement.strip())
    if said is None or key is None:
        return False
    subject, _, attribute = key.partition(".")
    own = attribute_key(*said)
    # only a job's two sides: "moved over to the Ads team" reads as a move of home too, but is none
    if said[1] != subject or attribute not in _JOB or own is None or own.partition(".")[2] not in _JOB:
        return False
    return any(name == attribute and pattern.search(said[0]) for pattern, name in SLOTS)


_JOB = frozenset({"employer", "job_title"})
# A job's two sides said of someone: what they work as ("is a junior doctor"), where ("at St Thomas'").
_SIDES = {
    "job_title": re.compile(r"\b(?:is|'s)\s+(?:now\s+)?(?:a|an)\s+(?:[\w-]+\s+){0,2}" + OCCUPATION, re.I),
    "employer": re.compile(r"\b(?:works?|is|'s)\b[^.;]*?\b(?:at|for)\s+(?-i:[A-Z])"),
}


def _theirs_also(statement: str, key: str) -> bool:
    """`states_also` for a person of someone's (`user.wife.job_title`): the statement's own slot is the other side
    of the same person's job ("Ole's wife is a junior doctor at St Thomas'" holds `ole.wife.employer` and says
    what she works as too)."""
    path, _, attribute = key.rpartition(".")
    own = statement_key(statement)
    if own is None or attribute not in _JOB:
        return False
    own_path, _, own_attribute = own.rpartition(".")
    (who, _, whose), (own_who, _, own_whose) = path.partition("."), own_path.partition(".")
    same_person = whose == own_whose and (who == own_who or "user" in (who, own_who))
    return same_person and own_attribute in _JOB and _SIDES[attribute].search(statement) is not None

"""The value a statement says is not the case: "Sprints end on Fridays, not Thursdays" denies Thursdays;
"Zainab goes to Greenhill Primary, not St Anne's (her cousin's school)" denies St Anne's. A card that
states the denied value is what the statement corrects; a card built on it and repeating it is wrong too. A
statement may also deny a held one outright, in its own words and with nothing instead ("The user is not coeliac"
after "The user is coeliac"): what rested on the held one alone then rests on nothing."""

from __future__ import annotations

import re

from reverie.domain.restatement import CONTRAST, negated, terms

_ASIDE_RE = re.compile(r"\s*\([^)]*\)")  # "(her cousin's school)": said beside the value, not the value
# the value after ", not", up to the end of its clause (a dot or colon inside an address, a comma inside
# an amount, "£1,205", is no end)
_CONTRAST_RE = re.compile(
    rf"^(?P<said>.+?){CONTRAST}\s+(?P<instead>(?:[^,;:.]|[.:](?=\w)|,(?=\d{{3}}\b))+)", re.I
)


def without_asides(statement: str) -> str:
    """`statement` without its bracketed asides ("(St Anne's timetable)": where a value was read)."""
    return _ASIDE_RE.sub("", statement).strip()


def contrast(statement: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """What `statement` says and the value it says instead is not the case, as terms: ("Sprints end on
    Fridays", "Thursdays"); None when it contrasts nothing."""
    found = _CONTRAST_RE.match(without_asides(statement))
    if found is None:
        return None
    return terms(found.group("said")), terms(found.group("instead"))


def repeats_denied(statement: str, held: str) -> bool:
    """`held` states the value `statement` denies, beside its asides ("Pick-up at St Anne's is 3:15pm"
    after "she goes to Greenhill, not St Anne's"), and not the value `statement` gives instead."""
    found = contrast(statement)
    if found is None:
        return False
    said, denied = found
    theirs = terms(held)
    return bool(denied) and denied <= theirs and not (said - denied) <= theirs


def denied_outright(held: str, statement: str) -> bool:
    """`statement` says `held` is not so, in the same words and giving nothing instead ("The user is not
    coeliac" after "The user is coeliac"); a changed value ("... is on Thursdays" / "not Tuesdays") is not."""
    return negated(statement) and not negated(held) and terms(statement) == terms(held)

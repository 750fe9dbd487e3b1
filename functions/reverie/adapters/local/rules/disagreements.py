"""A sentence that reports two sources giving one thing two values: "the price list says $35 a head, but the
booking page says $40"; "the two letters disagree: BK-4410 from the bank, BK-4401 from the insurer"; "they
don't match: the lease says 12 months, while the landlord's email says 6".

Read as two clauses, each naming a source and one value of the same kind (two amounts, two codes of one
shape, two times): either each clause has a verb of saying ("X says ...", "Y lists ...") and what else the
clauses say of their values is the same thing, or the sentence first says that they disagree and then gives the
values one by one ("... disagree: A from X, B from Y", "... disagree: A (X) and B (Y)"). What else a clause says beside its value is the thing
("a head" for "$35 a head"); two clauses about two other things that nothing says disagree ("$35 for adults,
but ... $20 for children") are no disagreement. `disputed_values` decides what becomes of one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from reverie.adapters.local.rules.both_saying import both_saying, said_as_date
from reverie.adapters.local.rules.paired_sources import paired
from reverie.adapters.local.rules.reported import only_unsure
from reverie.domain.restatement import terms

# A value: an amount, a number, a code, a time or a date written with digits ("€1,450", "ERC-2291", "9:40").
VALUE_RE = re.compile(r"(?<![\w.,])[€$£¥#]?(?:[A-Za-z]{1,8}[-/]?)?\d(?:[\d.,:/-]*\d)?(?:[A-Za-z%]{1,4}\b)?")
_SAYS = (
    r"(?:says?|said|shows?|showed|shown|has|have|had|lists?|listed|gives?|gave|states?|stated|reads?|"
    r"puts?|quotes?|quoted|records?|recorded|mentions?|mentioned|writes?|wrote|reports?|reported|"
    r"claims?|claimed|confirms?|confirmed|has\s+got|is\s+showing|"
    # files and settings: ".tool-versions pins Python 3.11.7", "pyproject.toml requires 3.12"
    r"pins?|pinned|requires?|required|specifies|specified|sets|declares?|declared|expects?|expected|"
    # people: "Arjun texted ...", "Priti is adamant it's ...", "my brother reckons ..."
    r"texted|messaged|emailed|insists?|insisted|reckons?|reckoned|swears?|swore|told\s+(?:me|us)|tells\s+(?:me|us)|"
    r"(?:is|was)\s+(?:adamant|sure|certain|convinced|positive))"
)
# a source ends in a noun, not a determiner ("the report says": "report" is no verb there)
_NOT_DETERMINER = "".join(rf"(?<!\b{d})" for d in "the a an my our your their his her its this that".split())
_SAID_RE = re.compile(
    rf"^(?P<source>\S.*?){_NOT_DETERMINER}\s+{_SAYS}\s+(?:(?:that\s+)?(?:it|they)(?:'s|'re|\s+is|\s+are|\s+was|\s+at|\s+as)\s+|"
    r"that\s+)?(?P<rest>\S.*)$",
    re.I,
)
_FROM_RE = re.compile(
    r"^(?P<rest>\S.*?)\s+(?:from|in|on|per|according\s+to|by|off)\s+(?P<source>\S.*)$", re.I
)
_LABELLED_RE = re.compile(r"^(?P<source>[^:]{2,40}):\s+(?P<rest>\S.*)$")
# "31 August (CRM)": the value, its source in brackets after it
_BRACKETED_RE = re.compile(r"^(?P<rest>[^()]*?\S)\s*\((?P<source>[^()]{2,40})\)$")
_CONTRAST_RE = re.compile(r",?\s+(?:but|while|whereas|yet)\s+|;\s+", re.I)
_LISTED_RE = re.compile(r",?\s+(?:and|but|while|whereas|yet)\s+|[;,]\s+", re.I)
# The sentence first saying that what was read disagrees: "The two emails disagree:", "They don't match:".
_DISAGREE_HEAD_RE = re.compile(
    r"^(?P<head>[^:]*\b(?:(?:don't|doesn't|do\s+not|does\s+not|didn't|did\s+not)\s+(?:match|agree|line\s+up|"
    r"tally|add\s+up)|disagree\w*|conflict\w*|contradict\w*|mismatch\w*|inconsisten\w*|discrepanc\w*|"
    r"differ(?:s|ed)?|different\s+(?:numbers|values|amounts|figures|dates|times))[^:]*):\s*(?P<body>\S.*)$",
    re.I,
)
# Not the thing a value is of: small words, and the words of a date ("Monday 15 June" is one value).
_FUNCTION_WORDS = frozenset(
    "the a an it its is are was per each every monday tuesday wednesday thursday friday saturday sunday "
    "jan feb mar apr may jun jul aug sep sept oct nov dec january february march april june july august "
    "september october november december".split()
)


@dataclass(frozen=True)
class Said:
    """One source's value, as the sentence gives it."""

    source: str  # "the booking page", "Dr. Osei"
    value: str  # "$40"
    rest: str  # the clause without its source: "$35 a head"
    thing: frozenset[str]  # what else the clause says of the value ("head")


@dataclass(frozen=True)
class Report:
    """Two sources giving one thing two values."""

    first: Said
    second: Said

    @property
    def thing(self) -> frozenset[str]:
        return self.first.thing or self.second.thing


# A range of two times written as one ("14:00-15:00"): each end is a value of its own.
_TIME_RANGE_RE = re.compile(r"^(\d{1,2}[:.]\d{2})[-–](\d{1,2}[:.]\d{2})$")


def values(text: str) -> list[str]:
    """The values `text` gives, as written ("€240", "ERC-2291"; both ends of "14:00-15:00")."""
    found: list[str] = []
    for m in VALUE_RE.finditer(text):
        ends = _TIME_RANGE_RE.match(m.group(0))
        found.extend(ends.groups() if ends else [m.group(0)])
    return found


def gives(text: str, value: str) -> bool:
    """Whether `text` gives `value`: a value with digits among its values ("€1,450" in "a deposit of
    £1,450"), a worded one as a whole phrase ("A negative" in "Blood group: A negative.")."""
    if VALUE_RE.fullmatch(value):
        return normal(value) in {normal(v) for v in values(text)} or said_as_date(text, value)
    return re.search(rf"(?<!\w){re.escape(value)}(?!\w)", text, re.I) is not None


# A worded value a source says, whole: "A negative", "Tuesday", "Baker Street" (capitalised, a few words).
_WORDED_RE = re.compile(r"^(?-i:[A-Z])[\w'-]*(?:\s+[\w'-]+){0,2}$")
# Two sources' clauses side by side with a comma: "the portal says A positive, the app says A negative".
_COMMA_RE = re.compile(r",\s+(?=\S)")


# The first clause may name the thing before its value ("the report deadline is Friday", "[my passport has]
# my surname as Kowalska"); the second, only the value ("but the brief says Monday"): the thing is said once
# for both.
_THING_IS_RE = re.compile(
    r"^(?P<thing>(?:the|my|our|their|his|her)\s.{1,40}?)\s+(?P<be>is|are|was|'s|as)\s+(?P<value>\S.*)$", re.I
)

_AT_RE = re.compile(r"^(?:in|at|on)\s+(?=[A-Z])")
_ON_A_DAY_RE = re.compile(
    r"^(?P<thing>\S.{1,60}?)\s+(?:on\s+)?(?P<value>(?:mon|tues|wednes|thurs|fri|satur|sun)days?)$", re.I
)


def _worded(text: str) -> Report | None:
    """Two sources each saying a worded value of one thing, contrasted ("X says A positive, but Y says A
    negative", or with a comma): a clause each, each with its verb of saying and nothing but the value after
    it (the first may name the thing: "X says the deadline is Friday, but Y says Monday"); None otherwise."""
    clauses = _CONTRAST_RE.split(text)
    if len(clauses) != 2:
        clauses = _COMMA_RE.split(text)
    if len(clauses) != 2:
        return None
    said = []
    for position, clause in enumerate(clauses):
        found = _SAID_RE.match(clause.strip(" ,.;:!?"))
        rest = found.group("rest").strip() if found else ""
        named = _THING_IS_RE.match(rest) if position == 0 else None
        # ... or say what happens, on a day: "the council website says recycling goes out on Thursday"
        named = named or (_ON_A_DAY_RE.match(rest) if position == 0 else None)
        value = named.group("value").strip() if named else rest
        value = _AT_RE.sub("", value, count=1)  # "in Sintra", "at Jo's": the place is the value
        if (
            found is None
            or not _WORDED_RE.match(value)
            or values(value)
            or len(found.group("source").split()) > 6
        ):
            return None
        thing = frozenset(terms(named.group("thing"))) if named else frozenset()
        if named is not None and named.groupdict().get("be", "").lower() == "as":  # "my surname is Kowalska"
            rest = f"{named.group('thing')} is {named.group('value')}"
        said.append(Said(source=_lowered(found.group("source").strip()), value=value, rest=rest, thing=thing))
    first, second = said
    one, other = first.value.lower(), second.value.lower()
    agree = re.search(rf"\b{re.escape(one)}\b", other) or re.search(rf"\b{re.escape(other)}\b", one)
    return None if agree else Report(first, second)  # "Friday" and "Friday too" agree


def normal(value: str) -> str:
    """A value as compared: lower case, letters and digits only ("€1,450" → "1450")."""
    return re.sub(r"[^0-9a-z]", "", value.lower())


def value_kind(value: str) -> str:
    """What kind of value: a time of day ("8:10"), a number of any length, or a code's shape ("ERC-2291" →
    "aaa9999")."""
    if re.fullmatch(
        r"\d{1,2}:\d{2}(?:\s*[ap]\.?m\.?)?|\d{1,2}\s*[ap]\.?m\.?", value.strip(), re.I
    ):  # "8:10", "9pm"
        return "time"  # "the 36 leaves at 8:10": the 36 is no time
    shape = re.sub(r"[a-z]", "a", re.sub(r"\d", "9", normal(value)))
    return "number" if set(shape) == {"9"} else shape


def _said(clause: str, saying: bool, kind: str | None = None) -> Said | None:
    clause = clause.strip(" ,.;:!?")
    for pattern in (_SAID_RE,) if saying else (_SAID_RE, _FROM_RE, _LABELLED_RE, _BRACKETED_RE):
        found = pattern.match(clause)
        if found is None:
            continue
        # "Same as yesterday: the inventory says 14.9": the source is what follows the opening
        source, rest = found.group("source").rsplit(":", 1)[-1].strip(), found.group("rest").strip()
        # a clause giving more than the other's kind of value ("'appt 03/10 11am'" against "03/12"): its own
        given = [v for v in values(rest) if kind is None or value_kind(v) == kind]
        if len(given) != 1 or values(source) or len(source.split()) > 6:
            continue
        thing = terms(re.sub(VALUE_RE, " ", rest)) - _FUNCTION_WORDS  # a time beside the value is no thing
        return Said(source=_lowered(source), value=given[0], rest=rest, thing=frozenset(thing))
    return None


def _lowered(source: str) -> str:
    """ "The website" → "the website"; a name keeps its capital."""
    first, _, tail = source.partition(" ")
    return (
        f"{first.lower()} {tail}".strip()
        if first.lower() in ("the", "their", "our", "my", "your")
        else source
    )


def reported(sentence: str) -> Report | None:
    """The disagreement `sentence` reports between two sources, or None when it reports none."""
    text = sentence.strip().rstrip(".!?")
    # "..., no idea which is right": the speaker's doubt after the two clauses is no part of the second
    head_part, comma, doubt = text.rpartition(",")
    if comma and only_unsure(doubt):
        text = head_part.rstrip()
    if pair := paired(text):  # "A and B disagree (X vs Y)": they disagree: X from A; Y from B
        text = "They disagree: " + "; ".join(f"{value} from {source}" for source, value in pair)
    head = _DISAGREE_HEAD_RE.match(text)
    # without saying that they disagree, two sources' clauses are contrasted ("X says A, but Y says B"),
    # each saying what its source says; "X has A, and Y says B" lists two things
    clauses = _LISTED_RE.split(head.group("body")) if head else _CONTRAST_RE.split(text)
    saying = head is None
    valued = [c for c in clauses if values(c)]
    if head is None and len(valued) != 2:  # "the office says the 14th and the coaches say the 15th"
        valued = [c for c in both_saying(text) or [] if values(c)]
    if len(valued) != 2:
        return _worded(text) if head is None and not values(text) else None
    found = [_said(c, saying) for c in valued]
    # one clause gives a value and a time or a count beside it ("'appt 03/10 11am'" against "03/12")
    if len([s for s in found if s is not None]) == 1:
        known = next(s for s in found if s is not None)
        found = [s or _said(c, saying, value_kind(known.value)) for s, c in zip(found, valued, strict=True)]
    said = [s for s in found if s is not None]
    if len(said) != 2:
        return None
    first, second = said
    if normal(first.value) == normal(second.value) or _kind(first) != _kind(second):
        return None
    if head is None and _two_things(first, second):
        return None  # two things, each with its own value ("$35 for adults, ... $20 for children")
    return Report(first, second)


def reported_at(said: list[str], i: int, text: str) -> Report | None:
    """The disagreement reported by `said[i]` (a sentence of `text`, as `language.sentences` splits it), or by
    it and the next clause when `text` joins the two with a semicolon or a dash ("The venue's page says
    load-in 17:30; the promoter's email says 18:30"): two sources' clauses set side by side in one sentence."""
    found = reported(said[i])
    if found is not None or i + 1 >= len(said):
        return found
    joined = re.search(rf"{re.escape(said[i])}\s*(?:;|[—–-]{{1,2}})\s+{re.escape(said[i + 1])}", text)
    return reported(f"{said[i]}; {said[i + 1]}") if joined else None


def _kind(said: Said) -> str:
    """The kind of the value a clause gives: an hour said bare after "at" ("it starts at 6") is a time."""
    value = said.value.strip()
    if value.isdigit() and 1 <= int(value) <= 12 and re.search(rf"\bat\s+{value}\b", said.rest):
        return "time"
    return value_kind(value)


def _two_things(first: Said, second: Said) -> bool:
    """Each clause says what its value is of, and not the same thing; a value written with one word of its
    own on both sides ("net 30" / "45 days", "12 months" / "6 mo") says only how it is written: its unit."""
    if not (first.thing and second.thing) or first.thing & second.thing:
        return False
    return not all(len(re.sub(VALUE_RE, " ", s.rest).split()) == 1 for s in (first, second))

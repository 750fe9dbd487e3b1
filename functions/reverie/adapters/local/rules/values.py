"""Two statements giving one thing two values: another number or date for one state ("the limit is 25 MB"
/ "50 MB"), another value of one named attribute ("the base URL is https://api-v1..." / "...api-v2..."),
another cause of one effect. Used by the rule reasoner: another value is a change, not a new fact."""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.about import contains, event, jaccard, name_words, owner
from reverie.domain.denial import contrast, without_asides
from reverie.domain.models import MemoryCard
from reverie.domain.restatement import negated, stem, terms
from reverie.domain.text import MONTH_NAME, MONTH_NAMES, entities
from reverie.domain.validity import named_days

SAME_VALUE_JACCARD = 0.8  # same key: this similar means the same value


def other_numbers(a: str, b: str) -> bool:
    """Both name numbers (a date, an amount, a version) and neither's are all in the other's."""
    mine, theirs = set(_NUMBER_RE.findall(a)), set(_NUMBER_RE.findall(b))
    return bool(mine and theirs) and not (mine <= theirs or theirs <= mine)


_NUMBER_RE = re.compile(r"\d+")
# A code of letters and digits: a postcode's half, a flight, a plate ("2AB", "LS6", "BA283", "KX19").
_CODE_RE = re.compile(r"\b(?=[a-z]*\d)(?=\d*[a-z])[a-z0-9]{2,}\b", re.I)


def other_codes(a: str, b: str) -> bool:
    """Both name codes of letters and digits and neither's are all in the other's: "LS6 2AD" is another
    postcode than "LS6 2AB", whatever numbers the two share."""
    mine, theirs = {c.lower() for c in _CODE_RE.findall(a)}, {c.lower() for c in _CODE_RE.findall(b)}
    return bool(mine and theirs) and not (mine <= theirs or theirs <= mine)


# A calendar date or a year: "2 May 2027", "May 2027", "9 May", "2027".
_CALENDAR_RE = re.compile(
    rf"\b(?:\d{{1,2}}(?:st|nd|rd|th)?\s+{MONTH_NAME}(?:\s+\d{{4}})?|{MONTH_NAME}\s+\d{{1,2}}(?:st|nd|rd|th)?"
    rf"(?:,?\s+\d{{4}})?|{MONTH_NAME}\s+\d{{4}}|(?:19|20)\d\d)\b",
    re.I,
)


def other_amounts(a: str, b: str) -> bool:
    """Both name dates and their dates differ, or both name other numbers (an amount, a dose, a version)
    and those differ (`other_numbers`, each kind apart): "started in the week before 2 May 2027" and "is
    5 mg" give no two values of one thing, "on 9 May" and "on 12 May" do."""
    dates_a, dates_b = _CALENDAR_RE.findall(a), _CALENDAR_RE.findall(b)
    if other_numbers(" ".join(dates_a), " ".join(dates_b)):
        return True
    return other_numbers(_CALENDAR_RE.sub(" ", a), _CALENDAR_RE.sub(" ", b))


_ASIDE_RE = re.compile(r"\s*\([^)]*\)")  # "(config/production.yaml)": where it was read, not what it says


# A number or date that is the value of what the sentence names ("the limit is 25 MB", "runs version 2.8.0",
# "port: 5432", "expires in March 2027").
_MONTH = MONTH_NAME


_VALUE_RE = re.compile(
    # (a value given roughly: "goes to bed around midnight", "is about 40"; one lived on: "is on 38k")
    r"(?:\b(?:is|are|was|were|of|at|to|in|on|version|v|around|about|roughly|approximately)\b\s*:?|[:=])\s*"
    r"(?:(?:around|about|roughly|approximately)\s+)?(?:v?\d|" + _MONTH + r"\b)"
    # a named thing's version or number ("needs Node 20", "runs Python 3.11", "uses Postgres 15")
    r"|\b(?-i:[A-Z])[\w+-]*\s+v?\d",
    re.I,
)


# The numbers, dates and how often or from when a value holds ("a month", "every day", "from Monday"), and how
# roughly ("around midnight"): what two values of one thing may differ in without being about another thing.
_DATE_WORDS_RE = re.compile(
    r"\d+(?:[:.]\d\d)?\s*(?:am|pm)\b|\d+|\b(?:"
    + _MONTH
    + r"|(?:mon|tues|wednes|thurs|fri|satur|sun)days?|days?|weeks?|months?|years?|"
    r"daily|weekly|monthly|yearly|annually|every|each|per|from|starting|onwards?|"
    r"around|about|roughly|approximately)\b",  # (a value given roughly is still a value of it)
    re.I,
)


# Where a statement's value starts: a cause after "because", else the first copula ("the base URL is X",
# "port: 5432").
_CAUSE_RE = re.compile(r"\s+because\s+", re.I)


_COPULA_RE = re.compile(r"\s+(?:is|are|was|were)\s+|\s*[:=]\s+", re.I)


def _attribute_and_value(statement: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """What a statement says something of, and what it says: "The Parcelhub API base URL is https://..."
    → ({parcelhub, api, base, url}, {https, ...}); "The backup fails because the disk is full" → the
    effect and its cause. None when the attribute is only its subject ("Jon is a teacher" names no
    attribute of Jon: "Jon is a runner" is another fact, not another value), or when what follows the
    copula is a description rather than a value ("The staging cluster is fast")."""
    text = _ASIDE_RE.sub("", statement).strip().rstrip(".")
    cause = _CAUSE_RE.search(text)
    split = cause or _COPULA_RE.search(text)
    if split is None:
        return None
    attribute, said = terms(text[: split.start()]), text[split.end() :]
    value = terms(said) | frozenset(re.findall(r"\d+(?:[.,]\d+)?", said))
    who = {owner(statement)[0]} | name_words(statement)  # "Astrid Lindqvist is ..." names no attribute
    if not attribute - who or not value or not (cause or _VALUE_LIKE_RE.search(said)):
        return None
    return attribute, value


# A value rather than a description: a number, a date, an address or identifier (a dot, slash, colon or
# underscore inside a word), or a name.
_VALUE_LIKE_RE = re.compile(r"\d|\w[./:_@]\w|\b[A-Z]")


def another_attribute_value(a: str, b: str) -> bool:
    """The same attribute given two different values ("The API base URL is https://api-v1..." against
    "... is https://api-v2...", "The backup fails because the disk is full" against "... failed because
    the old key was still in the env file"), neither value inside the other, and neither an event."""
    mine, theirs = _attribute_and_value(a), _attribute_and_value(b)
    if mine is None or theirs is None or negated(a) != negated(b) or event(a) or event(b):
        return False
    (attr_a, value_a), (attr_b, value_b) = mine, theirs
    same_attribute = (
        jaccard(attr_a, attr_b) >= SAME_VALUE_JACCARD or contains(attr_a, attr_b) or contains(attr_b, attr_a)
    )
    return (
        same_attribute
        and not (value_a <= value_b or value_b <= value_a)
        and not (_narrows(a, b) or _narrows(b, a))  # "is in March" / "is 03/10 11am": the day of it
    )


def another_value(a: str, b: str) -> bool:
    """The same sentence about the same state with another number or date as its value: "The upload limit is
    25 MB" against "The upload limit is 50 MB", "Ingrid's passport expires in November 2029" against "...
    in March 2027" (not "owns record number 3" against "owns record number 7", and never two events: "ran
    the marathon in 2019" and "in 2023" both happened)."""
    a, b = _clock_words(_ASIDE_RE.sub("", a)), _clock_words(_ASIDE_RE.sub("", b))
    if not (other_numbers(a, b) and _VALUE_RE.search(a) and _VALUE_RE.search(b)) or event(a) or event(b):
        return False
    if _narrows(a, b) or _narrows(b, a):
        return False
    mine, theirs = _one_tense(_DATE_WORDS_RE.sub(" ", a)), _one_tense(_DATE_WORDS_RE.sub(" ", b))
    return jaccard(mine, theirs) >= SAME_VALUE_JACCARD or contains(mine, theirs) or contains(theirs, mine)


def _one_tense(text: str) -> frozenset[str]:
    """`text`'s terms, "going" as "go": a habit's time said as it has been lately ("has been going to bed at
    10:30") is the value of the one said plainly ("goes to bed at 11pm"); here, where both give a value of one
    thing, not a plan's "is going to"."""
    return frozenset("go" if t == "going" else t for t in terms(text))


_CLOCK_WORDS = {"midnight": "12am", "noon": "12pm", "midday": "12pm"}
_CLOCK_WORD_RE = re.compile(r"\b(?:midnight|noon|midday)\b", re.I)


def _clock_words(text: str) -> str:
    """`text` with a time said in a word as the clock says it ("at midnight" → "at 12am")."""
    return _CLOCK_WORD_RE.sub(lambda m: _CLOCK_WORDS[m.group(0).lower()], text)


# A month and no day of it, as the value: "is in March 2026", "is due in May".
_MONTH_ONLY_RE = re.compile(
    rf"\b(?:in|during|for|by)\s+(?P<month>{MONTH_NAME})(?:\s+\d{{4}})?\b(?!\s+\d{{1,2}}\b)",
    re.I,
)
_MONTH_ANY_RE = re.compile(rf"\b{MONTH_NAME}\b", re.I)


def _narrows(month: str, day: str) -> bool:
    """`month` gives only a month, and `day` a day that may fall in it: the same month named, or a date in
    figures that names none ("in March 2026" against "03/10 11am"): a detail of the same value, not another."""
    found = _MONTH_ONLY_RE.search(month)
    if found is None or _DAY_OF_MONTH_RE.search(month):
        return False
    named = {m.group(0).lower()[:3] for m in _MONTH_ANY_RE.finditer(day)}
    return not named or named == {found.group("month").lower()[:3]}


_DAY_OF_MONTH_RE = re.compile(
    rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+{MONTH_NAME}\b|\b{MONTH_NAME}\s+\d{{1,2}}(?:st|nd|rd|th)?\b", re.I
)


def contrast_replaces(new: str, held: str) -> bool:
    """`new` says which value replaces the one `held` states ("Sprints end on Fridays, not Thursdays"
    against "Nora's sprints end on Thursdays"): the contrasted value is in `held` (beside its bracketed
    asides: where a value was read is not what it says), the new one is not, and both speak of the same
    thing (a word beside the values in common)."""
    found = contrast(new)
    if found is None:
        return False
    said, instead = found
    theirs = terms(without_asides(held))
    return (
        bool(instead)
        and all(_held_as(word, theirs) for word in instead)
        and not said - instead <= theirs
        and bool((said - instead) & theirs)
    )


def _held_as(word: str, theirs: frozenset[str]) -> bool:
    """`word` is among `theirs`, or shortens one of them ("not a lab" against "is a Labrador")."""
    return word in theirs or (
        len(word) >= 3 and any(t.startswith(word) and len(t) > len(word) + 1 for t in theirs)
    )


def most_contrasted(new: str, cards: Sequence[MemoryCard]) -> MemoryCard | None:
    """Of the cards `new` puts a value right in (`contrast_replaces`), the one speaking most of what `new`
    says beside the values ("Ali's choir is on Mondays, not Tuesdays" puts right "Ali joined the choir,
    Tuesdays at 7" rather than "Ali missed the bus on Tuesday"); the first of equals, None when none. A card
    built on another that says the value too is put right through the one it was built on: the error came
    from there, and the cards derived from it follow it."""
    found = contrast(new)
    if found is None:
        return None
    said, instead = found
    scored = [
        (len((said - instead) & terms(without_asides(c.statement))), -n, c)
        for n, c in enumerate(cards)
        if contrast_replaces(new, c.statement)
    ]
    if not scored:
        return None
    best = max(scored, key=lambda s: (s[0], s[1]))[2]
    source = next((c for _, _, c in scored if c.memory_id in best.derived_from), None)
    return source or best


# A day of a month: "14 May", "May 14th", "the 21st of May".
_MONTH_TERMS = frozenset(stem(m) for m in MONTH_NAMES)
# "The go-live is 14 May", "the party's on the 21st of June": the day is the value of what the sentence names.
_DATE_IS_RE = re.compile(
    rf"\b(?:is|'s|are|will be)\s+(?:(?:due|payable|scheduled|booked|set|planned|happening)\s+(?:for\s+)?)?"
    rf"(?:on\s+)?(?:the\s+)?(?:\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}\b|{_MONTH}\s+\d{{1,2}}\b)",
    re.I,
)
SHARED_FOR_A_DATE = 2  # specific words two statements share beside their dates, a name among them


def _days(statement: str) -> frozenset[tuple[int, int]]:
    return frozenset((month, day) for month, day, _ in named_days(statement))


def another_date(a: str, b: str) -> bool:
    """Two days given for one named thing: "The Halden go-live is 14 May" against "Kenji has 21 May in his
    notes for the Halden go-live" (a name both mention, and another word beside it, neither an event, one
    saying the day is what the thing is: two dates of one happening, not two happenings). Each names days,
    none in common."""
    days_a, days_b = _days(a), _days(b)
    if not days_a or not days_b or days_a & days_b or negated(a) != negated(b) or event(a) or event(b):
        return False
    if not (_DATE_IS_RE.search(a) or _DATE_IS_RE.search(b)):
        return False  # neither says the day is what the thing is: two mentions, not two values
    named = set(entities(a)) & set(entities(b))
    shared = (terms(a) & terms(b)) - _MONTH_TERMS
    return (bool(named) and len(shared) >= SHARED_FOR_A_DATE) or _one_thing_dated(a, b)


# Whose a thing is, or which: said before it and no part of what it is ("Sam's dental check-up", "the check-up").
_DETERMINERS_RE = re.compile(r"^(?:(?:the|my|our|his|her|their|your|this|that|[\w-]+'s?)\s+)+", re.I)
# Things too general to be one thing when only one statement says which ("my meeting", "the board meeting").
_GENERIC_THINGS = frozenset(
    stem(w) for w in "appointment meeting thing event date day deadline plan call one it session".split()
)


_WHOSE_RE = re.compile(r"\b([A-Z][\w-]*)'s?\b")


def _dated_thing(statement: str) -> tuple[frozenset[str], str, frozenset[str]] | None:
    """(the words of the thing a statement gives a day as the value of, the last of them (what the thing
    is), the names it says it is whose): "Sam's dental check-up is on 2 April" → (dental, check-up;
    check-up; sam); None when it gives no such day."""
    found = _DATE_IS_RE.search(statement)
    if found is None:
        return None
    before = statement[: found.start()].strip()
    opening = _DETERMINERS_RE.match(before)
    whose = frozenset(m.lower() for m in _WHOSE_RE.findall(opening.group(0))) if opening else frozenset()
    thing = before[opening.end() :] if opening else before
    words = terms(thing)
    head = terms(thing.split()[-1]) if words else frozenset()
    return (words, next(iter(head)), whose) if len(head) == 1 else None


def _one_thing_dated(a: str, b: str) -> bool:
    """Both give a day as the value of one thing, one of them naming it more fully ("the check-up is booked
    for 9 April" against "Sam's dental check-up is on 2 April"), never two people's ("Ana's party" beside
    "Sam's party"); a general thing ("my meeting") must be named the same way in both, never one of them a
    kind of it ("the board meeting"); the fuller name must still name that thing ("the go-live dinner" is
    no "go-live")."""
    first, second = _dated_thing(a), _dated_thing(b)
    if first is None or second is None or (first[2] and second[2] and first[2] != second[2]):
        return False
    (small, _, _), (large, head, _) = sorted((first, second), key=lambda t: len(t[0]))
    return small == large or (small < large and head in small and bool(small - _GENERIC_THINGS))

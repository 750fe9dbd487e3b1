"""What happens to a booked plan after it is made: it is moved to another day, or it takes place and its
outcome is told.

- A booking for a later day ("the dentist is booked for 3 June", "Physio's scheduled Tuesday 9 Sept at 4")
  is a plan until that day, not a lasting fact (`booked_plans`).
- A thing said to be moved to another time, in text-speak or in full ("dentist pushed to the 9th, same
  time", "my viva has been moved to next Friday", "they've postponed the tasting to 3 October") is that plan
  on its new day (`moved`): said of a held plan naming the thing, it replaces it, keeping everything the
  held plan said but its day (and its time, when a new one is given) (`plan_moved`).
- A thing said to be done, passed, failed or off in text-speak, its article and verb left out ("MOT done,
  passed", "driving test passed!!", "tasting cancelled") is how it went (`outcome`), news that ends a held
  plan naming the thing, as "the dentist is done" does (`plan_moved`).
"""

from __future__ import annotations

import re
from calendar import monthrange
from collections.abc import Sequence
from dataclasses import replace
from datetime import date, datetime, timedelta

from reverie.adapters.local.rules.dates import resolve_relative_dates
from reverie.adapters.local.rules.keys import state_slot
from reverie.adapters.local.rules.language import strip_emoji
from reverie.adapters.local.rules.numeric_dates import spelled_out
from reverie.adapters.local.rules.statement_types import Speaker, Statement
from reverie.adapters.local.rules.stored_form import as_statement
from reverie.adapters.local.rules.typos import english_lexicon
from reverie.adapters.local.rules.verdicts import replace as replaced_by
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType, Status
from reverie.domain.restatement import stem, terms
from reverie.domain.text import MONTH_NAME, MONTH_WORD, MONTHS, TITLED_MONTHS
from reverie.domain.validity import named_days
from reverie.ports import MergeAction, MergeDecision

SAME_TIME = timedelta(minutes=5)  # observations this close count as simultaneous (as in `merge`)
MAX_OUTCOME_WORDS = 8  # "MOT done, passed": a text-speak outcome is short
_WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_MONTH = MONTH_WORD
# What a thing is moved to: a time, never a place ("moved to Leeds" is a house move).
_WHEN = (
    rf"(?:(?:next|this|the\s+following|coming)\s+(?:week|month|{_WEEKDAY}|spring|summer|autumn|winter)|{_WEEKDAY}|tomorrow|"
    # (a day said as one: "the 9th", "the 9", "9th", "9 March"; a bare number is an hour or an amount: "bedtime's
    # moved to 8 now", "bumped my pension up to 8%")
    rf"(?:the\s+\d{{1,2}}(?:st|nd|rd|th)?|\d{{1,2}}(?:st|nd|rd|th))(?![\d%]|\.\d|\s*(?:per\s*cent|percent)\b)"
    # (an ordinal before what it counts is no day: "moved our team to the 5th floor", "up to the 3rd row")
    r"(?!(?:st|nd|rd|th)?\s+(?:floor|storey|place|row|year|grade|level|gear|round|edition|century|street|avenue|house|door)s?\b)"
    rf"(?:\s+(?:of\s+)?{_MONTH})?|\d{{1,2}}\s+(?:of\s+)?{_MONTH}|\d{{1,2}}/\d{{1,2}}(?:/\d{{2,4}})?\b|"
    rf"{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?|"
    r"\d{1,2}[:.]\d\d|\d{1,2}\s*(?:am|pm)|(?:early|mid|late|the\s+end\s+of|the\s+start\s+of)\b|"
    r"next\s+year|(?:19|20)\d\d\b)"  # "deferred my place to 2027"
)
_THING = r"(?P<what>(?:[\w'-]+\s+){0,3}?[\w'-]+)"
# Whose: "my", "our", "the", or a name's ("Biscuit's jabs").
_OWNER = r"(?:(?P<owner>the|my|our|(?-i:[A-Z])[\w-]*'s)\s+)"
_MOVE_VERB = r"(?:pushed|moved|postponed|rescheduled|put\s+back|brought\s+forward|bumped|shifted|deferred)"
# ... and as the speaker says what they are doing: "Moving the visit to Sunday 15 March."
_MOVING_VERB = (
    r"(?:pushing|moving|postponing|rescheduling|putting\s+back|bringing\s+forward|bumping|shifting|deferring)"
)
_TO_WHEN = (
    rf"(?:\s+again)?(?:\s+(?:back\s+|forward\s+|out\s+)?(?:to|till|until)\s+"
    # "pushed again, now Halloween, the 31st": "now" and the new day, a name for it maybe said first
    rf"|\s*[,;:-]?\s*now\s+(?:(?-i:[A-Z])[\w'-]*(?:\s+[a-z]+)?,\s+)?)(?P<when>{_WHEN}.*)$"
)
# "dentist pushed to the 9th", "my viva has been moved to next Friday", "the tasting's postponed till 3 Oct"
_MOVED_RE = re.compile(
    rf"^{_OWNER}?{_THING}(?:'s|\s+(?:is|was|has\s+been|have\s+been|had\s+been|has|have|got|been|are|were))?"
    rf"\s+(?:now\s+|just\s+|all\s+)?{_MOVE_VERB}{_TO_WHEN}",
    re.I,
)
# "they've pushed my dentist to the 9th", "the vet moved Biscuit's jabs to Friday"
_MOVED_ACTIVE_RE = re.compile(
    rf"^(?P<by>(?:[\w'-]+\s+){{0,3}}?)(?:(?:has|have|had|'ve|just)\s+)?(?P<verb>{_MOVE_VERB}|{_MOVING_VERB})\s+"
    rf"{_OWNER}{_THING}{_TO_WHEN}",
    re.I,
)
_FATE = r"(?:done|finished|completed|passed|failed|cancell?ed|called\s+off|off|over)"
# ... or what was to be done to the thing, done ("passport renewed", "boiler fixed", "van sold")
_DONE_TO = (
    r"renewed|fixed|repaired|replaced|serviced|sold|painted|decorated|paid|submitted|delivered|installed|"
    r"fitted|signed|filed|sorted|collected|returned|posted"
)
# ... of which those that are no preposition ("my brother's coming over" says no outcome)
# ... and what was applied for, decided ("mortgage approved", "visa refused", "planning permission granted")
_DECIDED = r"approved|accepted|granted|refused|rejected|declined|turned\s+down|offered"
_WENT = r"(?:done|finished|completed|passed|failed|cancell?ed|called\s+off|" + _DECIDED + "|" + _DONE_TO + ")"
# "MOT done, passed", "driving test passed!!": the thing, then how it went, with no article and no verb.
_OUTCOME_RE = re.compile(
    rf"^{_OWNER}?{_THING}(?:\s+(?:is|are|was|were|has\s+been|have\s+been|got))?\s+(?P<fate>{_WENT})\b(?P<rest>[^.!?]*)[.!?]*$",
    re.I,
)
# Words that open no thing: a pronoun, a quantifier, or an idiom ("all done", "job done", "well done").
_NO_THING = frozenset(
    "i we you he she it they that this these those there here everything nothing something all half "
    "job well nearly almost just not never mostly so and but then also one".split()
)
_SUBJECTS = frozenset({"i", "we", "he", "she", "they", "you"})
_ANOTHER_CLAUSE_RE = re.compile(r"\b(?:and|but|so|because|while|when|after)\b", re.I)  # for the rules
# "Grandad passed away", "Tom passed the salt": a verb with its particle or object, no outcome of a plan
# ("The car passed its MOT": the test it passed, for `thing_went`)
_AWAY_RE = re.compile(
    r"^\s*(?:away|on|out|the|a|an|my|his|her|their|our|your|its|it|them|him|me|us|mot|service|inspection)\b",
    re.I,
)
_BOOKING_RE = re.compile(
    rf"^{_OWNER}?{_THING}(?:'s|\s+(?:is|are|has\s+been|have\s+been|got))\s+(?:now\s+|all\s+)?"
    r"(?:booked|scheduled|pencil?led)(?:\s+in)?\b",
    re.I,
)
_BOOKED_RE = re.compile(
    r"\b(?:booked|scheduled|pencil?led\s+in|reserved|arranged)\b(?!\s+(?:out|up|solid|off)\b)"
    # ... or rented for dates to come: "rented a cottage in Padstow from 10 to 17 August"
    r"|\b(?:rented|hired)\b(?=[^.;]*\bfrom\s+\d{1,2}(?:st|nd|rd|th)?\s+(?:to|till|until|-)\s+\d)",
    re.I,
)
# An appointment of a thing said to be on a day: "The van's MOT is on 2 June" (one the slot rules hold, "the user's
# interview is on 3 March", stays theirs).
_APPOINTMENT_ON_RE = re.compile(
    r"\b(?:mot|service|appointment|interview|exam|test|operation|surgery|scan|check-?up|hearing|viewing|fitting|"
    r"assessment)\s+(?:is|'s)\s+on\s+",
    re.I,
)


# Household chores named by their -ing word: done over and over, never a booked plan ("washing done", "the
# ironing's finished"). Any other -ing word is an occasion that can be booked ("tasting done", "viewing
# cancelled", "fitting done", "hearing passed").
_CHORES = frozenset(
    "washing ironing cleaning hoovering vacuuming dusting mopping tidying cooking shopping laundry dishes "
    "washing-up gardening weeding mowing packing unpacking".split()
)


def _chore(what: str) -> bool:
    return what.split()[-1].lower() in _CHORES


def _whose(owner: str | None) -> str:
    """Whose the thing is: a name's as said, else the speaker's ("the dentist" booked by them is theirs)."""
    return owner if owner and owner.endswith("'s") else "My"


def _be(what: str) -> str:
    """ "is" after one thing, "are" after a plural ("the jabs are moved")."""
    return "are" if re.search(r"[^s']s$", what) else "is"


def _opens_a_thing(what: str) -> bool:
    """`what` names a thing: no pronoun or number opens it, and no subject or verb inside makes it a clause
    ("Yesterday I passed my test": what the speaker did)."""
    words = what.lower().replace("’", "'").split()
    words[0] = words[0].split("'")[0] if words[0].endswith(("'ve", "'re", "'d", "'ll", "'m")) else words[0]
    return (
        words[0] not in _NO_THING
        and not words[0].isdigit()
        and not (_SUBJECTS | _VERBS) & set(words[1:])  # "Mum had her hip done": what someone had done
    )


_VERBS = frozenset("had has have got gets get did does was were is are made makes took takes gave".split())


def _on_day(when: str, ts: datetime) -> str:
    """ "the 21st, same time" said on 12 May → "21 May, same time": a day of the month alone is the next
    such day."""
    found = re.match(
        rf"^(?:the\s+)?(\d{{1,2}})(?:st|nd|rd|th)?\b(?!\s*(?:of\s+)?{_MONTH}|[:./]\d)", when, re.I
    )
    if found is None or not 1 <= (day := int(found.group(1))) <= 31:
        return when
    month = ts.month if day >= ts.day else ts.month % 12 + 1
    if day > monthrange(ts.year + (month < ts.month), month)[1]:  # "the 31st" said in April: May's
        month = month % 12 + 1
    return f"{day} {TITLED_MONTHS[month - 1]}{when[found.end() :]}"


# A schedule, not one day: "moved the standup to 10:00 on Mondays" changes a routine, no plan.
_RECURRING_RE = re.compile(
    r"\b(?:every|each|weekly|daily|monthly|(?:mon|tues|wednes|thurs|fri|satur|sun)days|weekdays|weekends)\b",
    re.I,
)
_CLAUSE_START_RE = re.compile(r"(?:[,;:]|\s[-–—]|\s(?:and\s+)?so)\s+")  # "... for Sat so I've moved ..."


def _clauses(text: str) -> list[str]:
    """`text`, then what follows each of its commas, colons, dashes and "so"s ("plot twist: the examiner is
    ill, viva got pushed to 17 June" → ..., "viva got pushed to 17 June"): the news may come after its cause."""
    return [text] + [text[m.end() :] for m in _CLAUSE_START_RE.finditer(text)]


def moved(text: str, who: Speaker) -> Statement | None:
    """A thing said to be moved to another time: that plan on its new day ("MOT pushed to the 21st, same
    time" on 12 May → "<speaker>'s MOT is moved to 21 May, same time"), or None."""
    text = strip_emoji(text).strip()
    found = next(
        (
            m
            for clause in _clauses(text)
            if (m := _MOVED_RE.match(clause) or _MOVED_ACTIVE_RE.match(clause))
            and _opens_a_thing(m.group("what"))
            and not _RECURRING_RE.search(m.group("when"))
        ),
        None,
    )
    if found is None:
        return None
    when = _on_day(found.group("when").strip().rstrip(".!"), who.ts)
    when = re.sub(r"^on\s+", "", resolve_relative_dates(when, who.ts))  # "next Friday" → "11 September 2026"
    what = found.group("what")
    by = _BY_WHOM_RE.match(found.groupdict().get("by") or "")
    if by and _GENERIC_RE.fullmatch(what):  # "The dentist moved my appointment": the dentist appointment
        what = f"{by.group('whom').lower()} {what}"
    verb = "deferred" if re.search(r"\bdefer", found.group(0), re.I) else "moved"  # a place deferred, as said
    said = f"{_whose(found.group('owner'))} {what} {_be(what)} {verb} to {when}"
    result = as_statement(MemoryType.PLAN, said, who, short_ok=True)
    return result if isinstance(result, Statement) else None


# Who moved a thing named only by its kind ("the dentist", "the garage" moved "my appointment"): what it is for.
_BY_WHOM_RE = re.compile(r"^(?:the|my|our)\s+(?P<whom>[a-z]+)\s+$", re.I)
_GENERIC_RE = re.compile(r"(?:appointment|booking|slot|session|reservation|visit|check-?up)s?", re.I)
_DONE_TO_RE = re.compile(_DONE_TO, re.I)
_NAME_ALONE_RE = re.compile(r"(?-i:[A-Z][a-z'-]+)")
_SENTENCE_CASED_RE = re.compile(r"(?-i:[A-Z][a-z]+)(?:\s+[a-z][\w'-]*)+$")


def outcome(text: str, who: Speaker) -> Statement | None:
    """How a thing went, said in text-speak ("MOT done passed" → "<speaker>'s MOT is done, passed"), or
    None (a sentence with an article or a verb is for the sentence rules)."""
    text = strip_emoji(text).strip()
    found = _OUTCOME_RE.match(text)
    if (
        found is None
        or len(text.split()) > MAX_OUTCOME_WORDS
        or not _opens_a_thing(found.group("what"))
        or _chore(found.group("what"))  # "the washing done": a chore, no plan's outcome
        or _AWAY_RE.match(found.group("rest"))
        or _ANOTHER_CLAUSE_RE.search(found.group("rest"))
        or _RECURRING_RE.search(found.group("rest"))  # "the bins get collected every Wednesday": a routine
    ):
        return None
    rest = found.group("rest").strip(" ,;:-")
    what = found.group("what")
    fate = found.group("fate").lower()
    if (
        not found.group("owner")
        and _NAME_ALONE_RE.fullmatch(what)
        and (_DONE_TO_RE.fullmatch(fate) or re.match(r"with\b", rest, re.I))
    ):
        return None  # "Tom paid", "Ana sold", "Ana is done with uni": someone, as likely as a thing
    if not found.group("owner") and (
        _SENTENCE_CASED_RE.match(what)
        or (what.istitle() and " " not in what and what.lower() in english_lexicon())
    ):
        what = (
            what[:1].lower() + what[1:]
        )  # "Driving test passed", "Mortgage approved": the capital is the message's
    # "approved by Nationwide": who decided goes on the verb; anything else is how it went, after a comma
    said = f"{_whose(found.group('owner'))} {what} {_be(what)} {fate}" + (
        (f" {rest}" if rest.lower().startswith("by ") else f", {rest}") if rest else ""
    )
    result = as_statement(MemoryType.FACT, said, who, short_ok=True)
    return result if isinstance(result, Statement) else None


def booked_plans(kept: list[Statement], ts: datetime) -> list[Statement]:
    """`kept` with each fact saying something is booked for a later day, or that the speaker is doing it on a
    later day ("is interviewing at Stripe on 11 February": the future said in the present), a plan (until
    that day)."""
    return [
        replace(s, type=MemoryType.PLAN, key=None)
        if s.type is MemoryType.FACT
        # a state the slot rules hold ("is starting at Pellinor Labs on 2 March": the employer) stays theirs
        and (
            _BOOKED_RE.search(s.text)
            or (_ARRANGED_RE.match(s.text) and not state_slot(s.key))
            or _GOT_ON_RE.match(s.text)
            or (_APPOINTMENT_ON_RE.search(s.text) and s.key is None)
        )
        # "is having a party on Saturday": a weekday in the present's future is the coming one
        and (
            _later_day(s.text, ts)
            or (
                # "has got a job interview at Monzo on Friday": an appointment on a weekday to come
                (_ARRANGED_RE.match(s.text) or _GOT_ON_RE.match(s.text))
                and (
                    _COMING_WEEKDAY_RE.search(s.text) or _coming_month(s.text, ts) or _later_year(s.text, ts)
                )
            )
        )
        else s
        for s in kept
    ]


# Someone doing something, in the present, on a day named: "Sam is flying to Rome on 11 February 2027".
_ARRANGED_RE = re.compile(
    r"^(?:the\s+user|(?-i:[A-Z])[\w'-]*)(?:'s\s+[a-z]+)?\s+(?:is|are)\s+(?!(?:not|still|starting|joining|moving(?!\s+house\b)|relocating|transferring|switching|leaving)\b)"
    r"[a-z]{2,}ing\b",  # ("is doing a first aid course on Friday")
    re.I,
)


# An appointment someone has on a day: "Abi has got the dentist on 3 March at 10am", "has a scan on 4 May".
_GOT_ON_RE = re.compile(
    r"^(?:the\s+user|(?-i:[A-Z])[\w'-]*)\s+(?:has|have)\s+(?:got\s+)?(?:the|a|an|their)\s+[\w -]{2,40}?\s+"
    r"(?:on|in\s+the\s+week\s+after)\s+",  # ("next week" as the statement says it: "in the week after 1 March")
    re.I,
)
_COMING_WEEKDAY_RE = re.compile(
    r"\b(?:on|this|next)\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day\b(?!s)"
    # ... what it is for: "is making brownies for Saturday's party"
    r"|\bfor\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day(?:'s)?\b(?!s)"
    # ... or a period to come: "is migrating the auth service to Rust this quarter"
    r"|\b(?:this|next)\s+(?:quarter|term|semester|sprint)\b"
    # ... "next week", as the statement says it: "in the week after 10 February 2027"
    r"|\bin\s+the\s+week\s+after\s+\d"
    # ... a season or a time ahead: "are selling the house in the spring", "is retiring next year"
    r"|\b(?:in\s+the|this|next)\s+(?:spring|summer|autumn|fall|winter)\b|\b(?:next\s+(?:month|year)|later\s+this\s+year)\b",
    re.I,
)


_IN_MONTH_RE = re.compile(
    rf"\b(?P<next>next\s+)?(?(next)|in\s+)(?:early\s+|late\s+|mid-?\s*)?(?P<month>{MONTH_NAME})\b(?!\s+\d)",
    re.I,
)


def _coming_month(text: str, ts: datetime) -> bool:
    """The text names a month ("in March") that is this one or one to come this year, or the next such month
    ("next June"): "is getting a new kitchen fitted in March", said in January; "getting married next June"."""
    if dated := _IN_MONTH_YEAR_RE.search(text):  # "in March 2027": "next month" as the statement says it
        return (int(dated.group("year")), MONTHS[dated.group("month").lower()]) >= (ts.year, ts.month)
    found = _IN_MONTH_RE.search(text)
    return found is not None and (
        bool(found.group("next")) or MONTHS[found.group("month").lower()] >= ts.month
    )


_IN_MONTH_YEAR_RE = re.compile(
    rf"\bin\s+(?:early\s+|late\s+|mid-?\s*)?(?P<month>{MONTH_NAME})\s+(?P<year>20\d\d)\b", re.I
)


_IN_YEAR_RE = re.compile(r"\bin\s+(?P<year>20\d\d)\b")


def _later_year(text: str, ts: datetime) -> bool:
    """The text names a year to come ("is retiring in 2028", said in 2027)."""
    return any(int(m.group("year")) > ts.year for m in _IN_YEAR_RE.finditer(text))


def _later_day(text: str, ts: datetime) -> bool:
    """The text names a day of a month, and every one it names is on or after `ts` (in its year when none
    is said: "booked 2 September" told on the 4th is past, not next year's)."""
    days = named_days(spelled_out(text))  # "booked for 03/14": 14 March
    try:
        return bool(days) and all(date(int(y or ts.year), m, d) >= ts.date() for m, d, y in days)
    except ValueError:  # "31 February"
        return False


def booking(text: str, who: Speaker) -> Statement | None:
    """A thing said to be booked for a later day ("Boiler service is booked 22 September, 8am"): a plan
    until that day, or None."""
    text = strip_emoji(text).strip()
    found = _BOOKING_RE.match(text)
    if found is None or not _opens_a_thing(found.group("what")) or not _later_day(text, who.ts):
        return None
    result = as_statement(MemoryType.PLAN, text, who, short_ok=True)
    return result if isinstance(result, Statement) else None


# --- the merge: news of a held plan ------------------------------------------------------------------

_STATED_MOVE_RE = re.compile(rf"^{_THING}\s+(?:is|are)\s+(?:moved|deferred)\s+to\s+(?P<when>.+?)\.?$", re.I)
_STATED_OUTCOME_RE = re.compile(
    rf"^(?:(?:the|my|our)\s+|[\w'-]+'s\s+)?{_THING}\s+(?:is|are|was|were|has\s+been|have\s+been|got)\s+(?:now\s+)?{_FATE}\b",
    re.I,
)
_OWNER_RE = re.compile(r"^(?:(?:the|my|our)\s+|(?:[\w-]+\s+)?[\w-]+'s\s+)", re.I)
# A named day, its weekday with it when said ("Saturday 7 March"): moved, the weekday goes with the day.
_DAY_RE = re.compile(
    rf"\b(?:{_WEEKDAY},?\s+(?:the\s+)?)?(?:\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}|{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?)\b",
    re.I,
)
_TIME_RE = re.compile(r"\b\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm)\b|\b\d{1,2}:\d\d\b", re.I)


def _thing(statement: str, pattern: re.Pattern[str]) -> list[str] | None:
    """The words naming the thing a move or an outcome is about, its owner left out."""
    found = pattern.match(statement.strip())
    if found is None:
        return None
    what = _OWNER_RE.sub("", found.group("what"))
    words = [stem(w) for w in re.findall(r"[a-z][\w-]*", what.lower())]
    return words or None


def _names(card: MemoryCard, thing: list[str]) -> bool:
    """The held plan names the thing: its head noun, or every other word naming it."""
    held = terms(card.statement)
    return thing[-1] in held or (len(thing) > 1 and set(thing[:-1]) <= held)


def _redated(held: str, when: str) -> str | None:
    """The held plan on its new day: its named day (and its time, if a new one is given) replaced."""
    day = _DAY_RE.search(when)
    if day is None or len(_DAY_RE.findall(held)) != 1:
        return None
    out = _DAY_RE.sub(day.group(0), held)
    new_time = _TIME_RE.search(when)
    if new_time and len(_TIME_RE.findall(out)) == 1:
        out = _TIME_RE.sub(new_time.group(0), out)
    return out


def _upcoming(card: MemoryCard) -> bool:
    """A fact about a day still to come when it was said ("my viva is on 3 June, 2pm"): a plan, whatever
    its type."""
    return _later_day(card.statement, card.observed_at or card.created_at)


def _held_plans(candidate: Candidate, cards: Sequence[MemoryCard], thing: list[str]) -> list[MemoryCard]:
    """The held plans (or facts about a day to come) naming the thing, said before the candidate."""
    return [
        c
        for c in cards
        if (c.type is MemoryType.PLAN or (c.type is MemoryType.FACT and _upcoming(c)))
        and c.status is not Status.SUPERSEDED
        and (
            candidate.observed_at is None
            or candidate.observed_at > (c.observed_at or c.updated_at) + SAME_TIME
        )
        and _names(c, thing)
    ]


def _latest(cards: list[MemoryCard]) -> MemoryCard:
    return max(cards, key=lambda c: (c.observed_at or c.updated_at, c.memory_id))


def plan_moved(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """A held plan moved to another day by a later plan naming the thing: the held plan on its new day."""
    found = _STATED_MOVE_RE.match(candidate.statement.strip())
    thing = _thing(candidate.statement, _STATED_MOVE_RE) if candidate.type is MemoryType.PLAN else None
    plans = _held_plans(candidate, cards, thing) if thing and found else []
    if not plans or found is None:
        return None
    card = _latest(plans)
    redated = _redated(card.statement, found.group("when"))
    verdict = replaced_by(candidate, card, f"the plan {card.memory_id} moved to another day")
    if redated and verdict.action is MergeAction.SUPERSEDE:
        return verdict.model_copy(update={"statement": redated})
    return verdict


def plan_went(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """A held plan over: a later statement of how the thing it names went ("the MOT is done, passed")."""
    thing = _thing(candidate.statement, _STATED_OUTCOME_RE)
    plans = _held_plans(candidate, cards, thing) if thing else []
    if not plans:
        return None
    card = _latest(plans)
    return replaced_by(candidate, card, f"how the plan {card.memory_id} went: it is over")


# An attempt that stopped, told by how long it lasted: "Quitting sugar lasted a week", "my running streak only
# lasted ten days".
_LASTED_RE = re.compile(
    r"^(?P<what>(?:my\s+)?[a-z]+ing\s+[^,.;!]{1,40}?)\s+(?:only\s+|just\s+|barely\s+)?lasted\s+"
    r"(?P<how>(?:a|one|two|three|four|five|six|\d+)\s+(?:day|week|fortnight|month)s?)\b",
    re.I,
)


def gave_up(text: str, who: Speaker) -> Statement | None:
    """What the speaker tried and stopped, said as how long it lasted ("Quitting sugar lasted a week" → "<speaker>
    gave up quitting sugar after a week"), or None."""
    found = _LASTED_RE.match(strip_emoji(text).strip())
    if found is None:
        return None
    what = re.sub(r"^my\s+", "", found.group("what").strip(), flags=re.I)
    said = f"I gave up {what[:1].lower()}{what[1:]} after {found.group('how').lower()}"
    result = as_statement(MemoryType.FACT, said, who, short_ok=True)
    return result if isinstance(result, Statement) else None

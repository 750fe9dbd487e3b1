"""Sentences about the speaker → a preference, a plan or a fact about them, or why it is not kept."""

from __future__ import annotations

import re

from reverie.adapters.local.rules.animal_named import ANIMAL
from reverie.adapters.local.rules.conditions import has_a_condition
from reverie.adapters.local.rules.doses import DOSE_UNIT
from reverie.adapters.local.rules.held_roles import holds_a_post
from reverie.adapters.local.rules.keys import answer_style_key, attribute_key, preference_key
from reverie.adapters.local.rules.named_notes import base_verb
from reverie.adapters.local.rules.nationality import says_nationality
from reverie.adapters.local.rules.patterns import FEELING_RE, OPINION_RE, REACTION_OBJECT_RE
from reverie.adapters.local.rules.request_patterns import IMPERATIVE_RE
from reverie.adapters.local.rules.speaker_patterns import (
    AT_A_LEVEL_RE,
    DOES_A_TASK_RE,
    DOING_A_THING_RE,
    FAVOURITE_RE,
    GENERIC_VERB_RE,
    GOAL_RE,
    HABIT_RE,
    HAVE_RE,
    IDENTITY_RE,
    IN_A_GROUP_RE,
    MY_ANYTHING_RE,
    NAMED_MEMBERSHIP_RE,
    NEGATED_HABIT_RE,
    NEGATED_ROUTINE_RE,
    NOT_A_FACT_VERBS,
    NOT_A_NEGATED_FACT_VERBS,
    NOT_A_PLAN_RE,
    NOT_AN_ACTIVITY_RE,
    PAST_RE,
    PERFECT_RE,
    PLAN_RE,
    PREFERENCE_RE,
)
from reverie.adapters.local.rules.statement_types import Drop, Speaker, Statement
from reverie.adapters.local.rules.stored_form import as_statement
from reverie.domain.models import MemoryType, Stability
from reverie.domain.text import MONTH_WORD

_MENTIONS_SPEAKER_RE = re.compile(r"\b(?:my|me|our|us)\b", re.I)
# "A call with my sister on Sunday", "the dentist for our youngest": a thing named, with nothing said of it (no
# verb: no auxiliary, no past in -ed), as a list of errands answers "what else do you need to fit in?".
_NOUN_PHRASE_RE = re.compile(
    r"(?:^|,\s*|\band\s+)(?:a|an|the|some|one)\s+[\w-]+(?:\s+[\w-]+)?\s+(?:with|for|at|on|in|to|from)\s", re.I
)
_PET_GOT_RE = re.compile(
    r"^(?:i|we)(?:'ve|\s+have)?\s+(?:just\s+|finally\s+)?(?:got|adopted|rescued|bought)\s+(?:a|an|the)\s+(?:[\w-]+\s+)?"
    + ANIMAL
    + r"\b"
)
# ... or what one was waiting for, got at last: "Got my allotment!", "we finally got our visas"
_OWN_GOT_RE = re.compile(
    r"^(?:i|we)(?:'ve|\s+have)?\s+(?:just\s+|finally\s+)?got\s+(?:my|our)\s+(?:[\w-]+\s+)?[\w-]{4,}[.!]*$"
)
_FELT_ABOUT_RE = re.compile(r"^(?:\s+(?:about|for|that|to|with|at|of)\b|\s*[,.!]|\s*$)")
_PREPOSITIONS = frozenset("to from at in on with by into onto for".split())
_SOME_VERB_RE = re.compile(
    r"\b(?:is|are|was|were|am|be|been|has|have|had|do|does|did|will|would|can|could|should|must|went|goes|go|"
    r"got|gets|get|made|makes|took|takes|came|comes|said|says|left|leaves|won|lost|broke|fell|ran|saw|bought|"
    r"sold|gave|found|met|kept|told|felt|became|began|brought|caught|drove|flew|grew|knew|paid|sent|spent|"
    r"stood|taught|thought|wrote|sat|hit|cost|put|quit|\w+ed|\w+'s)\b",
    re.I,
)
# On a named course of something, a drug or a regime ("I'm on prednisolone for six weeks", "we're on metformin
# 500mg", "I'm on keto until June"): the bare name, then a dose or how long or how often ("we're on buildkite"
# names a tool, not a course).
_ON_A_COURSE_RE = re.compile(
    r"^(?:i|we)(?:'m| am|'re| are) (?:now |still |currently |also )?on (?!(?:a|an|the|my|our|your|it|this|that|"
    r"board|time|track|hold|fire|top|way|here|there|mute|speaker|break|lunch|monday|tuesday|wednesday|thursday|"
    r"friday|saturday|sunday)\b)[a-z][\w-]*(?: \d[\d.]* ?(?:mg|mcg|ml|g|iu|units?)\b"
    r"|(?=\s+(?:for|from|until|till|since|twice|once|daily|every|each)\b))"
)
# What the speaker can only do: "I can only drive automatics", "we can only do weekends" (not "I can only
# guess", "I can only imagine": a remark).
_LIMIT_RE = re.compile(
    r"^(?:i|we)\s+can\s+only\s+(?!(?:guess|imagine|hope|assume|think|say|apologi[sz]e|try|wonder)\b)[a-z]+\s+\w"
    # ... or cannot do, of the body's or a condition's limits: "I can't eat spicy food", "I can't drive at night"
    # (not a rule for the agent: "I can't have gluten when you suggest recipes" is a constraint's business)
    r"|^(?:i|we)\s+(?:can'?t|cannot|can\s+not)\s+(?:eat|drink|have|take|tolerate|digest|drive|walk|climb|lift|swim|"
    r"ride|read|hear|kneel|run|cycle|fly|sit|stand\s+for|"
    # ... a food or a thing the body cannot take ("can't handle spicy food"; "can't handle it" is a mood)
    r"(?:handle|stomach)(?=\s+(?!(?:it|this|that|them|him|her|me|everything|anything|much|more|any)\b)))"
    r"\s+(?!.*\byou\b)\w"
)
# A want said for this occasion ("I'd prefer bullet points this time"; not "this time of year", "this time last
# year"): a news of a move "to York this time" is no want and keeps its "this time".
_THIS_TIME_RE = re.compile(r"\bthis\s+time\b(?!\s+(?:of|next|last|around|round|every|each)\b)")
# A named challenge or event one is doing ("I'm doing Dry January this year", "we're running the Great North
# What one needs every time something happens ("I need antihistamines if I visit anyone with a cat", "I need my
# inhaler when I run", "I need glasses for driving"); not a need of now ("I need a new oven", "I need a lift").
_LASTING_NEED_RE = re.compile(
    r"^(?:i|we) (?:always |usually |still )?need (?!.*\b(?:lift|ride|favour|hand)\b)(?:my |our |a |an |to take |"
    r"to use |to wear )?[\w' -]{2,40}?"
    r"(?: (?:if|when|whenever|every time|each time|before|after) (?:i|we) (?!(?:get|arrive|land|leave|finish|come)\b)"
    r"[a-z]+\b| for (?:driving|reading|running|"
    r"work|exercise|sleeping|flying|swimming|cycling|the gym|long drives|screens)\b)",
    re.I,
)
# Run") and a way one gets about ("I get the bus everywhere", "we take the train into town", "I get the bus now").
_DOING_NAMED_RE = re.compile(
    r"^(?:I|we)(?:'m| am|'re| are) (?:now |also |currently )?(?:doing|running|walking|cycling|riding|swimming) "
    r"(?:the )?(?-i:[A-Z])[\w'-]*",
    re.I,
)
# Whom one sees, and how often: "I see her on Thursdays", "I see my physio every two weeks".
_SEES_REGULARLY_RE = re.compile(
    r"^(?:i|we) (?:usually |also |still )?see (?:him|her|them|(?:my|our) [a-z]+|dr\.? \w+|\w+) "
    r"(?:on \w+days?|every|each|once|twice|weekly|monthly|fortnightly)\b"
)
_BY_BUS_RE = re.compile(
    # ("the 36 bus to work", "the 7:40 train into town": the route or the time named)
    r"^(?:i|we) (?:usually |mostly |always |just )?(?:get|take|catch) the (?:(?:\d{1,3}[a-z]?|\d{1,2}[:.]\d{2}) )?"
    r"(?:bus|train|tube|tram|ferry|metro)\b(?=.*\b(?:everywhere|to|into|most|every|each|home|now|instead|nowadays)\b"
    r"|.*\bthese days\b)"
    # ... or the route alone, as it is now: "I get the 38 now"
    r"|^(?:i|we) (?:now )?(?:get|take|catch) the \d{1,3}[a-z]?(?: bus| train| tram)?(?= (?:now|instead|these days)\b)"
)
# When one's day starts or ends, as a habit: "I get up at 5am every day", "I'm up at 6 most mornings", "we go to
# bed by 10".
_UP_AT_RE = re.compile(
    r"^(?:i|we)(?:'m|\s+am|'re|\s+are)?\s+(?:usually\s+|always\s+|normally\s+|generally\s+)?(?:get\s+up|wake\s+up|wake|"
    r"up|go\s+to\s+(?:bed|sleep)|in\s+bed)\s+(?:at|around|by|before)\s+(?:about\s+)?\d"
)
# Lessons or a course one is taking: "I'm doing Spanish lessons with a tutor", "we're taking salsa classes".
_TAKING_LESSONS_RE = re.compile(
    r"^(?:i|we)(?:'m| am|'re| are) (?:now |still |currently |also )?(?:doing|taking|having|having some) "
    r"(?:[\w-]+ ){0,3}?(?:lessons|classes|a course|an? (?:[\w-]+ )?course|coaching|tuition)\b"
)
# A standing one holds, said in the passive: "I'm rated about 1600 on Lichess", "I'm qualified as an electrician",
# "we're insured with Aviva" (what is said of the speaker, with what it is, where or by whom after it).
_STANDING_RE = re.compile(
    r"^(?:i|we)(?:'m| am|'re| are) (?:now |still |currently |also |fully )?(?:rated|ranked|graded|qualified|"
    r"certified|licensed|accredited|chartered|trained|vaccinated|immuni[sz]ed|insured)(?: \w+)?"
    r" (?:as|at|in|on|with|by|for|against|to|about|around|\d)"
)
# What one takes or uses again: "I'm back on oat milk", "we're back on the night bus" (a later one replaces it).
_BACK_ON_RE = re.compile(r"^(?:i|we)(?:'m| am|'re| are) (?:now )?back on (?:the |my |our )?[a-z][\w-]*")
# What one asks for because of a condition, said after it: "... btw so no milk stuff", "..., so pls no cream"
# (what they do because of it, "..., so I use oat milk", stays with it).
_ASK_AFTER_RE = re.compile(
    r"(?:\s+(?:btw|fyi))?\s*,?\s+(?:and\s+)?so\s+(?=(?:no|nothing|pls|please|plz|don'?t|do\s+not|never|avoid)\b)",
    re.I,
)
# What one cannot eat, drink or take: the ask after it follows from it ("I can't have lactose, so no milk ...").
_CANNOT_TAKE_RE = re.compile(
    r"^(?:i|we) (?:can'?t|cannot|can not|don'?t|do not|must not|mustn'?t) (?:have|eat|drink|take|tolerate|digest)\b"
)
# A want that stands ("I always want PRs squash-merged", "we generally want invoices in PDF") or that says how a
# thing is to be done ("I want my reports formatted as PDFs"): a preference, as "prefer" says one. "I want a
# new bike" (a wish) and "I want to ..." (a goal) are not.
_STANDING_WANT_RE = re.compile(
    r"^(?:i|we)\s+(?:always|generally|usually|normally)\s+(?P<verb>want)\s+(?!to\b)(?P<obj>\S.*)$"
)
_WANT_DONE_RE = re.compile(
    r"^(?:i|we)\s+(?P<verb>want)\s+(?P<obj>(?!to\b|a\b|an\b|the\b)\S+(?:\s+\S+){0,3}?\s+(?:[a-z]+-)?[a-z]{3,}ed\b.*)$"
)
# How the speaker wants a kind of thing given to them: "I want forecasts in Celsius", "we want invoices as PDFs",
# "I want replies without emoji" (a kind named in the plural, not one thing: "I want a house in Spain" is a wish).
_WANT_GIVEN_RE = re.compile(
    r"^(?:i|we)\s+(?P<verb>want)\s+(?P<obj>(?!(?:things|kids|children|friends|people|pets|cats|dogs)\b)"
    r"[a-z]{3,}s\s+(?:in|as|without|with\s+no)\s+\S.*)$"
)
# An application, a bid or a test that failed: "I didn't get the Stripe job", "we didn't get the flat on Elm
# Road", "I didn't pass my driving test".
_NOT_GOT_RE = re.compile(
    r"^(?:i|we)\s+(?:didn'?t|did\s+not|never)\s+(?:(?:get|got)\s+(?:the|a|an|my|our|that)\s+(?:[\w'-]+\s+){0,3}?"
    r"(?:job|role|position|post|offer|place|flat|house|apartment|visa|grant|promotion|scholarship|loan|mortgage|"
    r"tickets?|contract|part|tenancy|transfer|funding)|pass(?:ed)?\s+(?:the|my|our|that|his|her)\s+"
    r"(?:[\w'-]+\s+){0,3}?(?:test|exam|interview|audition|assessment|inspection|mot|probation|trial))\b"
)
# A plan that did not happen, said as such: "I didn't do the Italian course in the end", "we didn't go to Lisbon
# after all", "I didn't end up buying the van".
_NOT_AFTER_ALL_RE = re.compile(
    r"^(?:i|we)\s+(?:didn'?t|did\s+not)\s+(?:end\s+up\s+[a-z]+ing\b|[a-z]+\b.*?\b(?:in\s+the\s+end|after\s+all)\b)"
)
# When the speaker is paid: "I'm paid on the last Friday of the month", "we get paid weekly".
_PAID_RE = re.compile(
    r"^(?:i|we)(?:'m|'re|\s+am|\s+are|\s+get|\s+got|\s+usually\s+get)\s+paid\s+"
    r"(?:on|every|each|weekly|monthly|fortnightly|four-weekly)\b"
)
# Whom the speaker sees for their care, by name: "I see Dr Mensah now", "we're seeing Dr Okafor at the Royal".
_SEES_DOCTOR_RE = re.compile(
    r"^(?:i|we)(?:'m|'re|\s+am|\s+are)?\s+(?:now\s+)?(?:see|seeing)\s+(?:dr|doctor)\.?\s+\w+"
)
# What the speaker does no more: "I can't watch horror any more", "we don't eat out anymore".
_NOT_ANY_MORE_RE = re.compile(
    r"^(?:i|we)\s+(?:can'?t|cannot|can\s+not|don'?t|do\s+not|won'?t)\s+[a-z]+\b[^.;]*?\bany\s*more\b"
)
_PLEASE_TAIL_RE = re.compile(r",\s*[\w\s]{1,30}?\s+(?:please|pls|plz)\W*$", re.I)  # ", comedies please"
# A booking for a time to come ("Booked a week in Crete for late May!", "we've booked the vet for next Tuesday"):
# a plan, over once it has happened or been called off.
_BOOKED_FOR_RE = re.compile(
    r"^(?:(?:i|we)(?:'ve|\s+have)?\s+)?(?:just\s+|finally\s+|already\s+)?"
    # ... or tickets got for a day: "we've got tickets for Fontaines D.C. on 4 November"
    r"(?:booked|(?:got|bought)\s+(?:\w+\s+)?tickets?)\s+(?:\b(?:\w\.){2,}|[^.;!?])*?\b(?:for|in|on)\s+"
    rf"(?:late\s+|early\s+|mid-?\s*)?(?:next\s+\w+|this\s+(?:summer|spring|autumn|winter|weekend|year)|"
    rf"(?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:\d{{1,2}}(?:st|nd|rd|th)?\s+)?{MONTH_WORD}|"
    r"the\s+\d{{1,2}}(?:st|nd|rd|th))\b",
    re.I,
)
# Where the speaker is on days that recur ("I'm at the studio Tuesdays and Thursdays", "we're in the office
# every Monday", "I'm at the allotment most evenings", "I'm always at home on Fridays"): a habit of theirs, as "I go to the gym on Mondays" is.
_DAYS = r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?"
_THERE_ON_DAYS_RE = re.compile(
    r"^(?:i|we)(?:'m|\s+am|'re|\s+are)\s+(?:usually\s+|always\s+|normally\s+|mostly\s+)?(?:(?:at|in|on)\s+"
    r"(?:the|my|our)\s+[^,;.!?]+?|at\s+(?:home|work|school|uni|college))\s+(?:on\s+)?(?:(?:every|most|some)\s+(?:"
    + _DAYS
    + r"|days|evenings|mornings|"
    r"weekends|nights)|" + _DAYS + r"s(?:\s+and\s+" + _DAYS + r"s)?"
    # how often: "in the office five days a week", "at the allotment twice a week", "every day"
    r"|(?:(?:one|two|three|four|five|six|seven|\d)\s+(?:days?|nights?|mornings?|evenings?|times)|twice|once)"
    r"\s+(?:a|per|each)\s+(?:week|fortnight|month)|every\s+day|most\s+days|daily)\b",
    re.I,
)
SHORT_ABOUT_SPEAKER_WORDS = 10  # "My dog Max turned five last week.": short enough to be one idea


def about_speaker(clause: str, core: str, who: Speaker) -> Statement | Drop:
    """Preferences, plans and facts whose subject is the speaker."""
    lowered = core.lower()
    if _CANNOT_TAKE_RE.match(lowered):  # "I can't have lactose, so no milk in anything": what it rules out
        clause = _ASK_AFTER_RE.split(clause, maxsplit=1)[0]
    favourite = FAVOURITE_RE.match(lowered)
    if favourite:
        key = attribute_key(core, who.subject)
        return as_statement(MemoryType.PREFERENCE, clause, who, key=key, subjective=True)
    preference = (
        PREFERENCE_RE.match(lowered)
        or _STANDING_WANT_RE.match(lowered)
        or _WANT_DONE_RE.match(lowered)
        or _WANT_GIVEN_RE.match(lowered)
    )
    if preference and _THIS_TIME_RE.search(lowered):  # "I want answers in Spanish this time": for now only
        return Drop("one_off")
    if preference:
        obj = preference.group("obj").strip()
        if not obj or REACTION_OBJECT_RE.match(obj):
            return Drop("reaction")
        key = answer_style_key(obj, who.subject) or preference_key(preference.group("verb"), obj, who.subject)
        return as_statement(MemoryType.PREFERENCE, clause, who, key=key, subjective=True)
    if OPINION_RE.match(lowered):
        return Drop("opinion")
    if _BOOKED_FOR_RE.match(lowered):
        return as_statement(MemoryType.PLAN, clause, who, confidence=0.5)
    goal = GOAL_RE.match(lowered)
    plan = PLAN_RE.match(lowered) or goal
    if plan:
        if not plan.group("rest") or NOT_A_PLAN_RE.match(plan.group("rest")):
            return Drop("reaction")
        # An intention ("I'm going to ...") is soon done or dropped; a stated goal or dream holds for months.
        stability = Stability.NORMAL if goal else Stability.VOLATILE
        return as_statement(MemoryType.PLAN, clause, who, confidence=0.5, stability=stability)
    identity = IDENTITY_RE.match(lowered)
    if (
        identity
        and identity.group("ing")
        and NOT_AN_ACTIVITY_RE.search(identity.group("ing"))
        and not (identity.group("ing") == "doing" and DOING_A_THING_RE.match(lowered[identity.end() :]))
    ):
        identity = None
    if identity is None and (
        NAMED_MEMBERSHIP_RE.match(core)
        or IN_A_GROUP_RE.match(core)
        or AT_A_LEVEL_RE.match(core)
        or holds_a_post(core)
    ):
        return as_statement(MemoryType.FACT, clause, who, key=attribute_key(core, who.subject), short_ok=True)
    if FEELING_RE.match(lowered) and not identity:
        return Drop("feeling")
    if has_a_condition(core):  # "I have asthma": one word, yet a lasting fact
        return as_statement(MemoryType.FACT, clause, who, key=attribute_key(core, who.subject), short_ok=True)
    habits = (PAST_RE, PERFECT_RE, HAVE_RE, HABIT_RE, DOES_A_TASK_RE, _THERE_ON_DAYS_RE)
    if identity or any(r.match(lowered) for r in habits):
        key = attribute_key(core, who.subject)
        # "Ana is a nurse", "Ana is diabetic": one word says who she is
        # ... and "Ana is on a statin": one word, the medicine
        condition = (
            identity is not None and (identity.group("condition") or identity.group("medicine")) is not None
        )
        short_ok = (
            condition
            or (identity is not None and identity.group("what").strip() in ("a", "an"))
            or _PET_GOT_RE.match(lowered) is not None  # "We got a dog!": a new member of the household
            or _OWN_GOT_RE.match(lowered) is not None  # "Got my allotment!": what was waited for
            or DOES_A_TASK_RE.match(lowered) is not None  # "I do yoga": the practice is the whole fact
        )
        if condition:  # "im lactose intolerant btw so no milk stuff": the condition, not the ask after it
            clause = _ASK_AFTER_RE.split(clause, maxsplit=1)[0]
        return as_statement(MemoryType.FACT, clause, who, key=key, short_ok=short_ok)
    if _NOT_ANY_MORE_RE.match(lowered):  # "I can't watch horror any more since having kids": a taste reversed
        return as_statement(
            MemoryType.FACT, _PLEASE_TAIL_RE.sub("", clause), who, key=attribute_key(core, who.subject)
        )
    # "I didn't get the Stripe job": how an application ended; "I didn't do the course in the end": a plan's;
    # "I'm paid on the 25th": when the money comes; "I see Dr Mensah now": whom one sees for one's care
    if any(r.match(lowered) for r in (_NOT_GOT_RE, _NOT_AFTER_ALL_RE, _PAID_RE, _SEES_DOCTOR_RE)):
        return as_statement(MemoryType.FACT, clause, who, key=attribute_key(core, who.subject))
    negated = NEGATED_HABIT_RE.match(lowered)
    if (negated and negated.group("verb") not in NOT_A_FACT_VERBS | NOT_A_NEGATED_FACT_VERBS) or (
        NEGATED_ROUTINE_RE.match(lowered)
    ):
        return as_statement(MemoryType.FACT, clause, who, key=attribute_key(core, who.subject))
    if MY_ANYTHING_RE.match(lowered):
        return as_statement(MemoryType.FACT, clause, who, key=attribute_key(core, who.subject))
    generic = GENERIC_VERB_RE.match(lowered)
    if generic and generic.group("verb") not in NOT_A_FACT_VERBS:
        return as_statement(MemoryType.FACT, clause, who, key=attribute_key(core, who.subject))
    if _LASTING_NEED_RE.match(lowered):  # "I need antihistamines if I visit anyone with a cat": every time
        return as_statement(MemoryType.FACT, clause, who, key=attribute_key(core, who.subject))
    if (
        _DOING_NAMED_RE.match(clause)
        or _BY_BUS_RE.match(lowered)
        or _SEES_REGULARLY_RE.match(lowered)
        or _UP_AT_RE.match(lowered)
    ):  # "I'm doing Dry January", "I get the bus", "I'm doing Italian now" (one name is the whole fact)
        short = _DOING_NAMED_RE.match(clause) is not None or _UP_AT_RE.match(lowered) is not None
        return as_statement(
            MemoryType.FACT, clause, who, key=attribute_key(core, who.subject), short_ok=short
        )
    if _LIMIT_RE.match(lowered):  # "I can only drive automatics", "I can't eat spicy food": a standing limit
        return as_statement(MemoryType.FACT, clause, who, key=attribute_key(core, who.subject))
    if (
        _ON_A_COURSE_RE.match(lowered)
        or _TAKING_LESSONS_RE.match(lowered)
        or _STANDING_RE.match(lowered)
        or _BACK_ON_RE.match(lowered)
    ):
        return as_statement(MemoryType.FACT, clause, who, key=attribute_key(core, who.subject), short_ok=True)
    if says_nationality(lowered):  # "I'm Polish": who one is, for good
        return as_statement(MemoryType.FACT, clause, who, key=f"{who.subject}.nationality", short_ok=True)
    return Drop("not a statement")


# A dose one takes, said with no subject: "on 20mg citalopram since jan", "taking 5mg ramipril daily".
_ON_A_DOSE_RE = re.compile(rf"^(?:on|taking)\s+\d+(?:\.\d+)?\s*(?:{DOSE_UNIT}|g|puffs?)\s+[a-z]", re.I)


def short_about_speaker(text: str, who: Speaker) -> Statement | Drop:
    """A short sentence that mentions the speaker without "I" as its subject ("My dog Max turned five
    last week.", "The kids loved our trip to the lake."): a fact about them; anything else is dropped.
    Said to an agent, it must open with its subject: "Book me a desk" is a request for now."""
    if (
        _ON_A_DOSE_RE.match(text) and "?" not in text
    ):  # "on 20mg citalopram since jan": the subject chat leaves out
        return as_statement(MemoryType.FACT, f"I'm {text}", who)
    if "?" in text or len(text.split()) > SHORT_ABOUT_SPEAKER_WORDS or not _MENTIONS_SPEAKER_RE.search(text):
        return Drop("not a statement")
    said = f"I'm {text}"  # the subject chat leaves out
    if (felt := FEELING_RE.match(said)) and _FELT_ABOUT_RE.match(said[felt.end() :]):
        return Drop("feeling")  # "So nervous about my presentation this afternoon": how they feel now
    if who.to_agent and IMPERATIVE_RE.match(text):
        return Drop("request")
    # "Order flowers for my mum": a verb's plain form and what to do it to, and no other verb ("Ship to my usual
    # address, 14 Harbour View" says where the usual address is)
    opening, _, rest = text.partition(" ")
    if (
        who.to_agent
        and base_verb(opening)
        and rest.split(maxsplit=1)[:1] != []
        and rest.split(maxsplit=1)[0].lower() not in _PREPOSITIONS
        and not _SOME_VERB_RE.search(rest)
    ):
        return Drop("request")
    if _NOUN_PHRASE_RE.search(text) and not _SOME_VERB_RE.search(text):
        return Drop("not a statement")
    return as_statement(MemoryType.FACT, text, who)

"""How long what is said holds: for this occasion only, until a stated time, or until further notice.

"Will this still be useful in a month?" A state of now (something failing, a sore back, how a bake came
out) is not (`passing_state`). A request scoped to the occasion ("just for this reply", "for this
email only", "just this once", "for now", "today, skip the summary") is not: it stays in the raw log. A
statement scoped to a period ("until 12 June", "valid through March", "this week only", "for the next two
weeks") is, until then: it carries the moment it stops holding (`domain.validity.valid_until`), resolved
from the event's time.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from reverie.adapters.local.rules.language import strip_opening
from reverie.domain.occasion import for_the_occasion
from reverie.domain.text import MONTH_WORD


def one_off(text: str) -> bool:
    """Whether `text` is scoped to the occasion it is said on (a one-off request, not a lasting one), after
    its opening ("And today, skip ..."): `domain.occasion`."""
    return for_the_occasion(strip_opening(text))


# A rule whose only object is a pronoun: "don't rewrite it", "please don't touch them", "never change that again".
_ABOUT_IT_RE = re.compile(
    r"^(?:please\s+)?(?:(?:don't|do\s+not|never|always|stop|avoid)\s+)?(?:ever\s+)?[a-z][\w-]*"
    r"(?:\s+(?:up|out|over|down|back|around|with))?\s+(?:it|them|that|this|those|these)"
    r"(?:\s+(?:again|any\s*more|either|please|at\s+all))?[.!]*$",
    re.I,
)


def about_what_is_at_hand(rule: str) -> bool:
    """A rule naming nothing but "it" or "them" ("Don't rewrite it", "Please don't touch them"): about what was in
    front of the speaker then, which no later session can place, so no lasting rule."""
    return bool(_ABOUT_IT_RE.match(strip_opening(rule.strip())))


# A state of now that passes within days, whatever its words: something broken or failing right now ("Publishing
# is failing in CI", "the printer's not working"), a body's passing state ("my calves are tight", "I've got a
# banging headache"), something arranged for that day only ("eight people coming tonight"), or how something
# just went ("Came out perfect", "it went well"). Said as a habit
# ("my back is always stiff after a long drive") or a condition ("when the build is failing"), it lasts.
_MALFUNCTION_RE = re.compile(
    r"\b(?:is|are|'s|'re)\s+(?:still\s+|currently\s+|now\s+|totally\s+|completely\s+)?"
    r"(?:failing|broken|crashing|erroring|timing out|not working|not loading|hanging|offline|leaking|dripping|"
    r"blocked|flooding|playing up|on the blink|out of order)\b"
    r"|\b(?:stopped working|just died|has died|won't (?:start|load|boot|turn on))\b",
    re.I,
)
# What went wrong for the speaker today, gone tomorrow: not how they usually are or get about.
_MISHAP_RE = re.compile(
    # a bad head today ("got a splitting headache", "I've got a stinking cold"): not how they usually are
    r"\b(?:got|have\s+got|'ve\s+got|woke\s+up\s+with)\s+(?:a\s+|such\s+a\s+)?(?:splitting|pounding|banging|killer|"
    r"stinking|horrible|awful|raging)\s+(?:headache|migraine|cold|hangover)\b"
    # sunburnt today ("got a bit sunburnt at the beach")
    r"|\b(?:got|getting|been|am|'m)\s+(?:a\s+bit\s+|really\s+|badly\s+|so\s+)?(?:sunburnt|sunburned)\b"
    # a power cut now ("we've got a power cut, how long do freezers stay cold?")
    r"|\b(?:got|having|there'?s|there\s+is)\s+(?:a\s+)?power\s+(?:cut|outage|failure)\b"
    # a bus missed today ("just missed the bus, when's the next one?")
    r"|\bmissed\s+(?:the|my)\s+(?:bus|train|tram|flight|ferry|connection)\b"
    # locked out today ("locked out of my flat, what locksmith is open now?")
    r"|\blocked\s+(?:myself\s+)?out\b"
    # stuck on the way ("stuck in traffic on the M25", "sat in a jam on the A1")
    r"|\b(?:stuck|sat|sitting)\s+in\s+(?:traffic|a\s+(?:queue|jam|tailback))\b"
    # a journey or a delivery held up ("my flight's delayed by two hours", "the train was cancelled")
    r"|\b(?:flight|train|bus|plane|ferry|coach|connection|parcel|delivery|order)(?:'s|\s+(?:is|was|has\s+been|got))\s+"
    r"(?:\w+\s+)?(?:delayed|cancell?ed|canceled|late|diverted|held\s+up|stuck)\b",
    re.I,
)
_BODY_STATE_RE = re.compile(
    r"\b(?:my|our)\s+(?:[\w-]+\s+){0,2}?(?:[\w-]+'s|(?:is|are|feels?))\s+(?:so\s+|really\s+|a bit\s+|very\s+|super\s+|"
    r"quite\s+|pretty\s+|still\s+)?(?:tight|sore|aching|achy|stiff|swollen|hurting|bruised|itchy|numb|"
    r"killing me|blocked|throbbing)\b"
    # a body part worn out after effort, said with or without "my" ("legs are dead", "my arms feel like jelly",
    # "quads are cooked"): only of a body part ("the battery is dead", "my grandad is dead" are no such state)
    r"|(?:^|\b(?:my|our|the)\s+)(?:legs?|arms?|quads?|calves|hamstrings?|glutes|shoulders?|back|knees?|feet|"
    r"body|hips?|lungs|eyes)\s+(?:is|are|'s|'re|feels?|felt)\s+(?:so\s+|really\s+|totally\s+|completely\s+|"
    r"absolutely\s+|a bit\s+|still\s+)?(?:dead|heavy|wrecked|shot|cooked|fried|toast|destroyed|gone|"
    r"(?:like\s+)?(?:jelly|lead|concrete))\b"
    # ... the speaker's or someone named's ("Tom has a cold", "Ana's got flu")
    r"|(?:\b(?:i'?ve|i\s+have)\s+got|^(?-i:[A-Z])[a-z]+(?:'s\s+got|\s+has(?:\s+got)?))\s+(?:a|an)\s+(?:\w+\s+)?"
    r"(?:headache|hangover|cold|fever|temperature|"
    r"sore throat|upset stomach|migraine|stomach bug)\b",
    re.I,
)
# What the speaker's body is doing as they write ("I'm typing with one hand", "I'm lying on the sofa", "sitting
# on the train"): over when the message is.
_DOING_NOW_RE = re.compile(
    r"^(?:sorry[^,.;]*[,.;]\s*)?(?:i'?m|i\s+am)\s+(?:currently\s+|just\s+)?(?:typing(?!\s+(?:up|out)\b)|texting|sitting|lying|standing|"
    r"holding|queuing|queueing|waiting\s+(?:for|in|at)|stuck\s+(?:in|on|at))\b",
    re.I,
)
_OUTCOME_RE = re.compile(
    r"^(?:(?:it|that|this|they|everything|all)(?:'s|\s+has)?\s+)?(?:came out|turned out|went|worked(?: out)?|"
    r"looked|looks|tasted|tastes|smelled|smells|sounded|felt|feels|been)\s+(?:so\s+|really\s+|absolutely\s+|"
    r"just\s+|pretty\s+)?(?:perfect(?:ly)?|great|fine|well|badly|brilliant(?:ly)?|amazing|awful|lovely|ok|"
    r"okay|good|nice|delicious|terrible|wonderful|fantastic|superb|spot on|a treat|(?:like\s+)?a charm|"
    r"beautiful(?:ly)?)\b",
    re.I,
)
# How one night's sleep went ("I barely slept last night", "didn't sleep well last night", "slept badly"):
# that night's, not how the speaker sleeps (a habit says so: "I never sleep well before a race" is kept).
_ONE_NIGHT_RE = re.compile(
    r"\b(?:barely|hardly|badly|terribly|didn'?t|did\s+not|couldn'?t|could\s+not|only)\s+(?:get\s+to\s+)?"
    r"sle(?:pt|ep)\b(?:\s+(?:well|much|a\s+wink|properly))?[^,;.!?]*?\b(?:last\s+night|yesterday)\b"
    r"|\bslept\s+(?:badly|terribly|awfully|like\s+rubbish|so\s+badly)\b[^,;.!?]*?\b(?:last\s+night|yesterday)\b",
    re.I,
)
# Something arranged for the day it is said ("We've got eight people coming tonight", "my sister's staying
# over tonight", "I'm cooking for six this evening"): over by tomorrow. A change that starts that day ("I'm
# starting the new job today") or a habit ("every", "usually") lasts.
_SAME_DAY_RE = re.compile(
    r"\b(?:[a-z]+ing|over|round|around)\b[^,;.!?]*?\b(?:tonight|today|this\s+(?:morning|afternoon|evening))\b",
    re.I,
)
# ... or at a bare hour with no day ("guests coming at 7", "the plumber's arriving at half two"): an hour
# with no day, week or date is today's. A day, a date or a recurrence named makes it another day's or every one.
_AT_HOUR_RE = re.compile(
    r"\b(?:[a-z]+ing|over|round|around)\b[^,;.!?]*?\bat\s+(?:\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|o'clock)?|"
    r"half\s+(?:past\s+)?\w+|(?:a\s+)?quarter\s+(?:past|to)\s+\w+|noon|midnight)(?=\s*(?:$|[,;.!?]|tonight|today|"
    r"this\s+(?:morning|afternoon|evening)))",
    re.I,
)
_SOME_DAY_RE = re.compile(
    r"\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|tomorrow|weekends?|next|every|each|on\s+the\s+\d|"
    rf"(?!may){MONTH_WORD}|may\s+\d|\d{{1,2}}(?:st|nd|rd|th)|\d{{1,2}}/\d{{1,2}})\b",
    re.I,
)
# An amount that came in, said by its size and not counted ("we got a lot of lentils donated", "received loads
# of apples from next door"): a windfall of the week, gone once used. ("I've got a lot of ..." is having.)
_WINDFALL_RE = re.compile(
    r"(?<!\bhave )(?<!'ve )\b(?:got|received|(?:was|were)\s+given)\s+(?:so\s+many|so\s+much|too\s+many|"
    r"too\s+much|(?:a\s+)?(?:lot|lots|load|loads|ton|tons|heap|heaps|pile|piles|bunch|mass|masses)\s+of)\s+\w",
    re.I,
)
_CHANGE_ING_RE = re.compile(
    r"\b(?:start|begin|beginn|mov|join|leav|quitt|retir|graduat|switch|chang)ing\b", re.I
)
# A change said to hold from now on ("as of today", "starting tonight", "from now on", "going forward"): it
# starts now and lasts, however passing its verb sounds ("is running the audit from now on").
_FROM_NOW_RE = re.compile(
    r"\b(?:(?:as of|from|starting|beginning|effective)\s+(?:today|tonight|now|this\s+(?:morning|afternoon|"
    r"evening|week))|from now on|going forward|from here on(?: in| out)?)\b",
    re.I,
)


def from_now_on(text: str) -> bool:
    """Whether `text` says that what it tells holds from now on (see `_FROM_NOW_RE`)."""
    return _FROM_NOW_RE.search(text) is not None


# "after" a kind of thing is a condition ("stiff after a long drive"); after one past day's thing ("after
# yesterday's chaingang", "after last night's gig") it is the cause of a state of now, and passes with it.
_LASTING_RE = re.compile(
    r"\b(?:always|usually|often|every|whenever|when|if|tends? to|each time|any time|chronic)\b"
    # a test passed is passed for good: "Passed my driving test today!"
    r"|\b(?:passed|failed)\s+(?:my|the|our|his|her|their)\s+(?:[\w-]+\s+){0,3}?(?:test|exam|course|assessment)\b"
    r"|\bafter\b(?!\s+(?:yesterday|last\s+(?:night|week)|this\s+morning|today|the\s+weekend)\b)",
    re.I,
)


def after_outcome(text: str) -> str | None:
    """What follows how something just went ("Came out perfect, 175 for 55 minutes was spot on" → "175 for
    55 minutes was spot on"): "" when nothing does, None when `text` does not open with such an outcome."""
    said = strip_opening(text)
    found = _OUTCOME_RE.match(said)
    if found is None:
        return None
    return re.sub(r"^[\s,;:!.-]*(?:and\s+|but\s+|so\s+)?", "", said[found.end() :]).strip()


def passing_state(text: str) -> bool:
    """Whether `text` reports a state of now that will not matter in a month (see `_MALFUNCTION_RE` and
    below): a failure or a body's state said without a habit or a condition, or how something just went."""
    said = strip_opening(text)
    if _OUTCOME_RE.match(said):
        return True
    today = _SAME_DAY_RE.search(said) is not None or (
        _AT_HOUR_RE.search(said) is not None and _SOME_DAY_RE.search(said) is None
    )
    same_day = today and not _CHANGE_ING_RE.search(said) and not from_now_on(said)
    passing = (
        _MALFUNCTION_RE.search(said)
        or _MISHAP_RE.search(said)
        or _BODY_STATE_RE.search(said)
        or same_day
        or _WINDFALL_RE.search(said)
        or _DOING_NOW_RE.match(said)
        or _ONE_NIGHT_RE.search(said)
    )
    return bool(passing) and not _LASTING_RE.search(said)


# How someone felt at the time ("the kids were in bits", "she was gutted", "we're all over the moon"): a mood
# that passes with the day, whoever felt it. Said as a clause joined to a lasting statement ("we lost 0-4 and
# the kids were in bits"), only the mood is left out.
_MOOD = (
    r"(?:gutted|devastated|heartbroken|distraught|crushed|miserable|fuming|livid|raging|furious|buzzing|"
    r"chuffed|ecstatic|elated|over the moon|made up|delighted|upset|in (?:bits|tears|pieces|a state|a mood|"
    r"a strop|a huff|a flap|a panic|shock)|beside (?:myself|himself|herself|themselves|ourselves)|"
    r"wiped out|shattered|knackered|drained|frazzled|on cloud nine|down in the dumps|a mess|a wreck)"
)
_MOOD_CLAUSE = (
    r"(?:(?:the|my|our|his|her|their)\s+)?(?:[\w-]+\s+){0,2}?(?:was|were|is|are|'m|'re|'s|got|looked|seemed|"
    r"felt|feels?)\s+(?:(?:all|so|really|absolutely|completely|totally|a bit|pretty|quite|just)\s+)*" + _MOOD
)
_MOOD_RE = re.compile(_MOOD_CLAUSE + r"\b", re.I)
# Fed up for now, said with an intensifier ("SO done with this server today", "I'm totally sick of the app"),
# or an urge to give up said as a maybe ("might just quit", "may as well bin it"): a mood, not a decision.
_FED_UP_RE = re.compile(
    r"^(?:(?:i'?m|i\s+am|we'?re|we\s+are)\s+)?(?P<very>(?:so+|totally|completely|really|honestly|just|"
    r"absolutely)\s+)?(?:done|over|sick|fed\s+up|finished|tired)\s+(?:with|of)\b",
    re.I,
)
_FOR_TODAY_RE = re.compile(r"\b(?:today|tonight|rn|right\s+now|atm)\b", re.I)
_GIVING_UP_RE = re.compile(
    r"\b(?:might|may|could)\s+(?:just\s+|as\s+well\s+|honestly\s+)*(?:quit|give\s+up|pack\s+(?:it\s+)?in|"
    r"throw\s+in\s+the\s+towel|walk\s+away|ditch|bin|scrap|delete)\b",
    re.I,
)
_MOOD_AFTER_RE = re.compile(
    r"(?:,\s*(?:and\s+)?|\s+and\s+)(?P<mood>" + _MOOD_CLAUSE + r")\b[^,;.]*[.!]*$", re.I
)


def without_passing_mood(text: str) -> tuple[str, str | None]:
    """(`text` without a closing clause of how someone felt, that clause): "we lost 0-4 and the kids were in
    bits" → ("we lost 0-4", "the kids were in bits"); (`text`, None) when it closes with no such clause."""
    found = _MOOD_AFTER_RE.search(text)
    if found is None or not text[: found.start()].strip():
        return text, None
    return text[: found.start()].rstrip(" ,"), found.group("mood")


# A wish for rest or escape, now ("I just want to stay in bed", "I really want to go home and sleep"): how the
# speaker feels today, no plan.
_WISH_NOW_RE = re.compile(
    r"(?:^|[,;]\s*)(?:i|we)\s+(?:just\s+|really\s+|so\s+)?want\s+to\s+(?:stay\s+in\s+bed|sleep|nap|lie\s+down|"
    r"go\s+(?:home|back\s+to\s+bed)|curl\s+up|hide|cry|scream|be\s+left\s+alone|switch\s+off|hibernate)"
    r"(?=\s*(?:[.!,;]|$|\s+(?:and|today|tonight|now|all\s+day)\b))",
    re.I,
)


# News had, told by how it felt and nothing of what it was: "I've had some bad news", "we got great news today".
_NEWS_HAD_RE = re.compile(
    r"(?:^|[,;]\s*)(?:i|we)(?:'ve|\s+have)?\s+(?:just\s+)?(?:had|got|received)\s+(?:some\s+)?(?:really\s+)?(?:bad|sad|"
    r"terrible|awful|horrible|upsetting|good|great|amazing|brilliant|wonderful|big)\s+news[.!]*$",
    re.I,
)


def passing_mood(text: str) -> bool:
    """Whether `text` only says how someone felt ("the kids were over the moon", "she was in tears", "so done
    with this job today", "might just quit"), not as a habit or under a condition ("she gets upset when plans
    change" lasts)."""
    said = strip_opening(text)
    fed_up = _FED_UP_RE.match(text.strip()) or _FED_UP_RE.match(said)
    if (fed_up and (fed_up.group("very") or _FOR_TODAY_RE.search(said))) or _GIVING_UP_RE.search(said):
        return not _LASTING_RE.search(said)
    if _WISH_NOW_RE.search(said) or _NEWS_HAD_RE.search(said):  # "Rainy Monday, I just want to stay in bed"
        return not _LASTING_RE.search(said)
    return _MOOD_RE.match(said) is not None and not _LASTING_RE.search(said)


# A change one made, said before what made it ("upgraded to a Pixel 8, the iPhone battery was dead").
_CHANGE_MADE_RE = re.compile(
    r"\b(?:upgraded|switched|swapped|changed|replaced|moved|bought|traded|started)\b", re.I
)


def change_beside_its_cause(text: str, passing: Callable[[str], bool] = passing_state) -> str | None:
    """The change one made when `text` says it and then, after a comma, the passing state that made it ("Finally
    upgraded to a Pixel 8, the iPhone battery was dead" → "Finally upgraded to a Pixel 8"): the change lasts,
    its cause does not. `passing` tells a passing state. None for anything else."""
    main, _, cause = text.partition(", ")
    if cause and _CHANGE_MADE_RE.search(main) and passing(cause) and not passing(main):
        return main.rstrip(" .") + "."
    return None

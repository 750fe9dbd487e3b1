"""A request to the agent that names the day it is for ("keep your answers short today", "skip the recap
tonight, I'm wiped"): like "just for today", it holds for that day only, so it is no standing wish. A day it
starts from ("from today", "starting tonight") makes it a lasting one, and a statement about the day ("the
plumber comes today") is no request.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.language import strip_opening
from reverie.adapters.local.rules.longevity import one_off
from reverie.adapters.local.rules.others_identity import names_identity
from reverie.adapters.local.rules.request_patterns import IMPERATIVE_RE
from reverie.adapters.local.rules.verb_forms import IRREGULAR_PAST, PRESENT_EED

# A verb opening the sentence, then what it is done to, the agent's own things included ("keep your answers").
_YOUR_IMPERATIVE_RE = re.compile(
    r"^(?:please\s+)?(?!(?:i|we|you|he|she|they|it|there|my|our|his|her|their)\b)[a-z]+\s+(?:your|yours)\b",
    re.I,
)
# ... or a verb of how to answer, then a bare plural ("keep answers short today", "skip explanations tonight",
# "use bullet points this morning"): the verbs a request about the agent's replies opens with, not a name
# ("Mum comes today").
_STYLE_IMPERATIVE_RE = re.compile(
    r"^(?:please\s+)?(?:keep|make|give|write|skip|use|show|list|format|leave|cut|drop|stick\s+to|avoid|"
    r"answer\s+in|reply\s+in)\s+(?:[a-z-]+\s+)?[a-z-]+s\b",
    re.I,
)
# The day, in the request's own clause (before a full stop), not as the day it starts from.
_THE_DAY_RE = re.compile(
    r"^[^.;!?]*?(?<!\bfrom\s)(?<!\bsince\s)(?<!\bof\s)(?<!\bstarting\s)(?<!\buntil\s)(?<!\bafter\s)"
    r"\b(?:today|tonight|this\s+(?:morning|afternoon|evening))\b(?!\s+(?:on|onwards|onward)\b)",
    re.I,
)


def for_the_day(text: str) -> bool:
    """Whether `text` is a request that names the day it is for ("keep your answers short today")."""
    said = strip_opening(text.strip())
    if _TOLD_DONE_RE.match(said) and said.split()[0].lower() not in PRESENT_EED:
        return False  # "Passed my driving test today!": what the speaker did, their "I" left out
    imperative = (
        IMPERATIVE_RE.match(said)
        or _YOUR_IMPERATIVE_RE.match(said)
        or _STYLE_IMPERATIVE_RE.match(said)
        or _NONE_OF_RE.match(said)  # "No spoilers tonight please"
    )
    return bool(imperative and _THE_DAY_RE.match(said))


_NONE_OF_RE = re.compile(r"^(?:please\s+)?no\s+(?:more\s+)?[a-z]{3,}", re.I)
_TOLD_DONE_RE = re.compile(r"^(?:[a-z]{2,}ed|" + "|".join(sorted(IRREGULAR_PAST)) + r")\b", re.I)


def one_off_before(sentence: str) -> tuple[str, str]:
    """(what a request for the occasion leaves said, the request): "just this once order a pizza, Ana's vegan
    so no meat" → ("Ana's vegan so no meat", "just this once order a pizza"). Who someone is, after a comma,
    outlives the request it follows; what the occasion is ("it's for my sister's birthday", "we're staying
    there till Sunday") stays with it. (sentence, "") when there is no such clause."""
    if not (one_off(sentence) or for_the_day(sentence)):
        return sentence, ""
    pieces = sentence.split(", ")
    for n in range(1, len(pieces)):
        rest = ", ".join(pieces[n:]).strip()
        if names_identity(rest):
            return rest, ", ".join(pieces[:n])
    return sentence, ""


# What suits the speaker, said after a request: "mornings work best for me", "Fridays suit us better", "I prefer
# window seats".
_SUITS_RE = re.compile(
    r"^(?:[\w'-]+\s+){1,4}(?:work|works|suit|suits)\s+(?:me\s+|us\s+)?(?:best|better|well)(?:\s+for\s+(?:me|us))?\b"
    r"|^(?:i|we)\s+(?:(?:always|generally|usually)\s+)?(?:prefer|'d\s+rather|would\s+rather)\b",
    re.I,
)


# A verb with its particle, then what it is done to: "set up a meeting", "sort out the invoices".
_PHRASAL_RE = re.compile(
    r"^(?:please\s+)?[a-z]+\s+(?:up|out|in|on|off|down|over|back)\s+(?:a|an|the|my|our|me|us|it|some|another)\b",
    re.I,
)


def request_before(sentence: str) -> tuple[str, str]:
    """(what the speaker says suits them, the request before it): "set up a meeting with the design team this
    week, mornings work best for me" → ("mornings work best for me", "set up a meeting ... this week"). The
    request is for now; what suits them lasts. (sentence, "") when the sentence is no such pair."""
    said = strip_opening(sentence.strip())
    if not (IMPERATIVE_RE.match(said) or _PHRASAL_RE.match(said)):
        return sentence, ""
    head, comma, tail = sentence.rpartition(", ")
    if comma and _SUITS_RE.match(tail.strip()):
        return tail.strip(), head
    return sentence, ""

"""A one-word answer to the agent's question, read with the question: "yes" after "Are you vegetarian?" says
"I am vegetarian"; "2" after "How many cats?" says "I have 2 cats"; "Gdańsk area." after "Where are you
based?" says "I live in the Gdańsk area". The answer alone says nothing; the question gives it its meaning."""

from __future__ import annotations

import re

from reverie.adapters.local.rules.language import sentences

_YES_RE = re.compile(r"^(?:yes|yep|yeah|yup|ya|yes i am|i am|i do|yes i do|correct|that's right)\W*$", re.I)
_NUMBER_WORDS = "one two three four five six seven eight nine ten eleven twelve".split()
_NUMBER_RE = re.compile(
    r"^(?:about|around|roughly|just|only)?\s*(?P<n>\d{1,3}|" + "|".join(_NUMBER_WORDS) + r")\W*$", re.I
)
# "Are you vegetarian?", "Do you have any pets that need food?", "Do you drive?": a question about the one
# asked, that a "yes" turns into a statement of theirs.
_ARE_YOU_RE = re.compile(r"^(?:and\s+|so\s+)?are\s+you\s+(?P<what>[^?]{2,60})\?$", re.I)
_DO_YOU_RE = re.compile(r"^(?:and\s+|so\s+)?do\s+you\s+(?P<verb>[a-z]+)\s*(?P<what>[^?]{0,80})\?$", re.I)
# Questions a "yes" agrees to, or that ask about now: no lasting fact in them.
_NOT_ABOUT_THEM = re.compile(
    r"^(?:sure|ok|okay|ready|done|there|still|happy|fine|free|around|available|able|good|comfortable|"
    r"interested|looking|planning|going|trying|asking|thinking|talking|referring|after)\b",
    re.I,
)
_NOT_A_HABIT = frozenset(
    "want need mean mind think know remember recall understand agree see wish like hear get feel".split()
)
# "Are you sure about it?", "Do you have my number?": the answer would be about something pointed at.
_POINTING_RE = re.compile(
    r"\b(?:you|your|yours|me|my|us|our)\b|^(?:(?:\w+\s+)?(?:it|this|that|these|those|them|one))$", re.I
)
# "How many cats?", "How many people do you cook for?", "How many kids have you got?"
_HOW_MANY_RE = re.compile(
    r"^(?:and\s+|so\s+)?how\s+many\s+(?P<things>[a-z]+(?:\s+[a-z]+){0,3}?)"
    r"(?:\s+(?:do\s+you\s+(?P<verb>[a-z]+)(?P<prep>\s+(?:for|with|in|at|on|to))?|have\s+you\s+got))?\s*\?$",
    re.I,
)
_HOW_OLD_RE = re.compile(r"^(?:and\s+|so\s+)?how\s+old\s+are\s+you\s*\?$", re.I)
# "Where are you based?", "Where do you live?", "Where are you from?" (maybe one of two questions).
_WHERE_RE = re.compile(
    r"\bwhere\s+(?:are\s+you\s+(?P<from>from)|are\s+you\s+(?:based|living)|do\s+you\s+(?:live|stay))\b",
    re.I,
)
_PLACE_RE = re.compile(r"^(?:near\s+|outside\s+)?[A-ZÀ-Ž][\w'-]*(?:\s+[\w'-]+){0,3}$")
_VERB_RE = re.compile(r"\b(?:i|i'm|we|is|are|was|were|am|have|has|do|does|did|will|would)\b", re.I)
_AREA_WORDS = frozenset("area region suburbs outskirts".split())


def short_answer(part: str, question: str) -> str | None:
    """What `part` (a bare yes, number or place) says, read with the agent's `question` (see the module);
    None when `part` is more than that or the question asks nothing it could answer."""
    asked = [s.strip() for s in sentences(question) if s.rstrip().endswith("?")]
    if not asked:
        return None
    text = part.strip().rstrip(".!").strip()
    if (place := _where(text, asked[0])) is not None:
        return place
    if len(asked) != 1:  # "Are you vegetarian? Do you have pets?" "yes": which one is unsaid
        return None
    return _yes(text, asked[0]) or _how_many(text, asked[0])


def _yes(text: str, question: str) -> str | None:
    if not _YES_RE.match(text):
        return None
    if (are := _ARE_YOU_RE.match(question)) is not None:
        what = are.group("what").strip()
        if _NOT_ABOUT_THEM.match(what) or _POINTING_RE.search(what):
            return None
        return f"I am {what}"
    if (do := _DO_YOU_RE.match(question)) is not None:
        verb, what = do.group("verb").lower(), do.group("what").strip()
        if verb in _NOT_A_HABIT or _POINTING_RE.search(what):
            return None
        what = re.sub(r"^any\s+", "", what, flags=re.I)
        return f"I {verb} {what}".rstrip()
    return None


def _how_many(text: str, question: str) -> str | None:
    number = _NUMBER_RE.match(text)
    if number is None:
        return None
    n = number.group("n").lower()
    if _HOW_OLD_RE.match(question):
        return f"I am {n} years old"
    many = _HOW_MANY_RE.match(question)
    if many is None or _POINTING_RE.search(many.group("things")):
        return None
    things = many.group("things")
    verb = (many.group("verb") or "have").lower()
    if verb in _NOT_A_HABIT:
        return None
    prep = (many.group("prep") or "").strip()
    return " ".join(w for w in ("I", verb, prep, n, things) if w)


def _where(text: str, question: str) -> str | None:
    asked = _WHERE_RE.search(question)
    if asked is None or not _PLACE_RE.match(text) or _VERB_RE.search(text):
        return None
    if asked.group("from"):
        return f"I am from {text}"
    place = f"the {text}" if text.split()[-1].lower() in _AREA_WORDS else text
    return f"I live {place}" if text.split()[0].lower() in ("near", "outside") else f"I live in {place}"

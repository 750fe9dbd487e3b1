"""Something the speaker denies of themselves and gives to someone else in the same breath: "I'm not lactose
intolerant, that's my husband Tomás", "I'm not diabetic, my dad is", "we aren't vegan; Priya is". Read as
the two statements it makes ("I'm not lactose intolerant. My husband Tomás is lactose intolerant."), so the
denial puts right what was held about the speaker and the other person keeps what is theirs.

Only a short predicate (a few words, no clause of its own) and a person named after it (a name, or "my" and
who they are to the speaker) are read so; "I'm not sure, it's Tuesday" names nobody.
"""

from __future__ import annotations

import re

from reverie.domain.text import month_names

# The person: "my husband Tomás", "our eldest", "my dad", "Priya", "Dr Okafor".
_WHO = r"(?:(?i:my|our)\s+(?:[\w-]+\s+){0,2}?[\w-]+(?:\s+[A-Z][\w'-]+)?|(?:Dr\.?\s+)?[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?)"
_GIVEN_RE = re.compile(
    r"(?:^|(?<=[.!?]\s))(?P<subject>(?i:i|we))(?P<be>(?i:'m|\s+am|'re|\s+are|\s+aren't))\s+(?P<not>(?i:not)\s+)?"
    r"(?P<what>(?:[\w-]+\s+){0,3}?[\w-]+)\s*(?:[,;]|\s[-–—])\s*(?i:but\s+)?"
    rf"(?:(?i:that's|that\s+is|it's|it\s+is|that'd\s+be)\s+(?P<who>{_WHO})|(?P<whose>{_WHO})\s+(?i:is|are|does))"
    r"(?P<end>\s*(?:[.!]+|$))"
)


# Not a person: a day, a month, a time word ("I'm not sure, it's Tuesday"); not a trait: a state of mind.
_NOT_WHO_RE = re.compile(
    rf"(?:mon|tues|wednes|thurs|fri|satur|sun)days?|{month_names('may')}|today|tomorrow|tonight|yesterday|this|"
    r"that|it|there|here|fine|ok|okay",
    re.I,
)
_NOT_A_TRAIT_RE = re.compile(r"sure|certain|kidding|joking|bothered|fussed|saying|asking|aware|allowed", re.I)


def _given(match: re.Match[str]) -> str:
    if match["be"].strip().lower() != "aren't" and not match["not"]:
        return match.group()  # "I'm tired, my dad is": nothing denied
    who = match["who"] or match["whose"]
    if _NOT_WHO_RE.fullmatch(who.split()[0]) or _NOT_A_TRAIT_RE.match(match["what"]):
        return match.group()
    who = who[:1].upper() + who[1:]
    verb = "are" if re.match(r"(?i:our\s+\w+s\b)", who) and not re.search(r"\s[A-Z]", who) else "is"
    denied = f"{match['subject']}{match['be']} {match['not'] or ''}{match['what']}"
    return f"{denied}. {who} {verb} {match['what']}{match['end'].strip() or '.'}"


def with_holder_named(text: str) -> str:
    """`text` with each "I'm not X, that's my husband Tomás" said as its two statements (see the module)."""
    return _GIVEN_RE.sub(_given, text)

"""Who is responsible for what: a named person holding a piece of work is a fact that lasts.

"Fatima's taking over the billing migration from me as of today", "Tom owns the release process now",
"Priya is running the quarterly audit from now on", "Lena leads the onboarding revamp", "Ade is in charge of
the rota": who holds a thing is asked about for months ("who owns X?"), whatever tense the handover is told
in. It is kept as the plain sentence, its speaker's "me" read as their name, in the thing's slot
(`billing_migration.owner`): one holder at a time, a later handover supersedes the earlier one. Someone who
leads the speaker ("Jonas leads us now") is their team lead, in the manager slot. The thing held must be named
("Tom runs it" is not kept), and a passing activity is no role ("Tom is running late", "Ana is handling it
today" keep what the other rules make of them).
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.language import compress, slug, strip_emoji
from reverie.adapters.local.rules.longevity import from_now_on
from reverie.adapters.local.rules.statement_types import Speaker, Statement
from reverie.adapters.local.rules.stored_form import render, salience
from reverie.domain.models import MemoryType

# A named person (not a pronoun, not a sentence opener) or a team, then the verb of holding, then the thing.
_HOLDER = (
    r"^(?!(?:I|It|This|That|There|Here|He|She|They|We|You|Who|What|Everyone|Someone|Nobody|Please|Just|So|"
    r"And|But|Then|Now)\b)(?P<who>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?"
    # ... or a team: "my team", "the data team", "platform-data (my team)"
    r"|(?i:(?:my|our|the\s+[\w-]+)\s+team)|[a-z][a-z\d]*[-_][\w-]+(?:\s+\((?i:my|our)\s+team\))?)"
)
_NOW = r"(?:(?:now|officially|formally|just)\s+)*"
_HOLDS = (
    r"(?:(?:'s|\s+is|\s+are|\s+has|\s+have)\s+"
    + _NOW
    + r"(?:taking|taken|took)\s+over|\s+"
    + _NOW
    + r"(?:took|takes|take)\s+over|(?:'s|\s+is)\s+(?:now\s+)?(?:in\s+charge\s+of|responsible\s+for|"
    r"the\s+(?:owner|lead|point\s+of\s+contact)\s+(?:of|for|on))|"
    r"\s+(?:now\s+)?(?:owns|leads|heads\s+up|manages|looks\s+after|is\s+leading|is\s+heading\s+up|"
    r"is\s+managing|is\s+owning))"
)
# "runs"/"is running"/"handles" hold a thing only when said to last ("from now on", "as of today").
_HOLDS_FROM_NOW = r"\s+(?:now\s+)?(?:runs|handles|is\s+running|is\s+handling|will\s+(?:run|handle|own|lead))"
_THING = r"\s+(?P<thing>(?:the|our|my|their|all|every)\s+[\w-]+(?:[\s-]+[\w-]+)*)"
_ROLE_RE = re.compile(_HOLDER + _HOLDS + _THING)
_ROLE_FROM_NOW_RE = re.compile(_HOLDER + _HOLDS_FROM_NOW + _THING)
# Where the name of the thing held ends: "the billing migration| from me as of today".
_THING_END_RE = re.compile(
    r"\s+(?:from|as|now|since|starting|until|till|for|while|because|and|but|so|after|when)\b|[,;:.(!?]"
)
_OPENING_RE = re.compile(r"^(?:(?:so|and|also|btw|fyi|oh|ok|okay|now)\b[,\s]+)+", re.I)


def names_a_holder(clause: str) -> bool:
    """Whether `clause` opens with a named person holding a named piece of work ("Tom owns the rota")."""
    return _ROLE_RE.match(_OPENING_RE.sub("", clause.strip())) is not None


# The first comma outside brackets: where a clause joined after the handover starts.
_CLAUSE_END_RE = re.compile(r",(?![^()]*\))")


# Someone named leading the speaker's team: "Jonas leads us now", "Priya manages me": the speaker's team lead.
_LEADS_US_RE = re.compile(
    _HOLDER + r"\s+(?P<now>now\s+)?(?:leads|manages|heads\s+up|is\s+leading|is\s+managing)\s+"
    r"(?:us|me|(?:our|my)\s+team)(?P<later>\s+now)?\s*[.!]*$"
)


def leads_the_speaker(clause: str) -> bool:
    """Whether `clause` says someone named leads the speaker ("Jonas leads us now")."""
    return _LEADS_US_RE.match(_OPENING_RE.sub("", clause.strip())) is not None


def responsibility(sentence: str, who: Speaker) -> Statement | None:
    """Who holds which piece of work, when `sentence` says so (see the module); None otherwise."""
    text = _OPENING_RE.sub("", compress(strip_emoji(sentence)))
    if (lead := _LEADS_US_RE.match(text)) and lead.group("who") not in who.name.split():
        now = " now" if lead.group("now") or lead.group("later") else ""
        said = f"my team lead is {lead.group('who')}{now}"
        return Statement(
            type=MemoryType.FACT,
            text=render(said, who),
            key=f"{who.subject}.manager",
            salience=salience(MemoryType.FACT, said, who),
        )
    found = _ROLE_RE.match(text) or (_ROLE_FROM_NOW_RE.match(text) if from_now_on(text) else None)
    if found is None or found.group("who") in who.name.split():
        return None
    text = _CLAUSE_END_RE.split(text, maxsplit=1)[0]  # "..., go-live slipped to May": another idea
    thing = _THING_END_RE.split(found.group("thing"), maxsplit=1)[0].split(None, 1)[-1]
    return Statement(
        type=MemoryType.FACT,
        text=render(text, who),
        key=f"{slug(thing)}.owner",
        salience=salience(MemoryType.FACT, text, who),
    )

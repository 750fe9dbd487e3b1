"""A change of one's own state said ahead, with the day it takes effect: "From 1 March I'll be based at BRS",
"Starting next Monday I'm on nights", "As of April I will be the team lead", "I'll be working at the Leeds
branch from 3 June".

Read in the present ("I'm based at BRS"), the clause names a changeable state's slot (where one works or
lives, role, team, shifts...); the card keeps the day in its words ("From 1 March 2028, Inês is based at
BRS") and carries it as `valid_from`: the value held in that slot stays current until that day (the dream
gives its card that day as `valid_until`) and this one holds from then. Without a slot, or without a later
day, the sentence is left to the other rules (an intention, a plan, a remark).
"""

from __future__ import annotations

import re
from dataclasses import replace

from reverie.adapters.local.rules.keys import attribute_key, state_slot
from reverie.adapters.local.rules.statement_types import Speaker, Statement
from reverie.adapters.local.rules.stored_form import as_statement
from reverie.domain.models import MemoryType
from reverie.domain.text import human_date
from reverie.domain.validity import STARTS_RE, valid_from

# The speaker, then a future ("I'll be", "we will", "I'm going to be") or a present said of a later day
# ("I'm based at ...", "I start at ..."): the clause as said, and what follows the future's auxiliary.
_FUTURE_RE = re.compile(
    r"^(?P<who>i|we)\s*(?:'ll|’ll|\s+will|\s+shall|'m\s+going\s+to|\s+am\s+going\s+to|'re\s+going\s+to|"
    r"\s+are\s+going\s+to)\s+(?P<rest>\S.*)$",
    re.I,
)
# ... or in the present: "I'm based at", "we are on nights", "I work at", "I live in" (not "I got the job":
# what was done is no state said ahead)
_PRESENT_RE = re.compile(
    r"^(?:(?:i|we)(?:'m|’m|'re|’re|\s+am|\s+are|\s+(?:work|live|report|teach|lead|run|manage)\b)"
    # ... or one's own thing's new value: "our rent is £1,275", "my hours are 9 to 5"
    r"|(?:my|our)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+(?:is|are)\b)\s*\S",
    re.I,
)
_BE = {"i": "I'm", "we": "we're"}
# A new job's first day: "I start my new job at Arup on Monday", "I'm starting at Kestrel Analytics next week".
_STARTS_ON_RE = re.compile(
    r"^i(?:\s+start|'m\s+starting|\s+am\s+starting|'ll\s+start|\s+will\s+start|'m\s+joining|\s+am\s+joining)\s+"
    r"(?:(?:my|a)\s+new\s+(?:job|role|position)\s+|work\s+)?(?:at|with)\s+"
    r"(?P<where>(?-i:[A-Z])[\w&'-]*(?:\s+(?-i:[A-Z])[\w&'-]*){0,3})\s+"
    r"(?:on\s+)?(?P<when>(?:next\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day|next\s+(?:week|month)|tomorrow|"
    r"\d{1,2}(?:st|nd|rd|th)?\s+[a-z]+|the\s+\d{1,2}(?:st|nd|rd|th))[.!]?$",
    re.I,
)
_REPLACED_RE = re.compile(r"(?:\s+(?:instead\s+of|rather\s+than)|,?\s+not)\s+[^,;.!]+(?=[,;.!]|$)", re.I)


def said_ahead(text: str, who: Speaker) -> Statement | None:
    """The statement of a state that changes on a later day the sentence names (see the module docstring),
    or None."""
    # "I start my new job at Arup on Monday": works there from then
    if first_day := _STARTS_ON_RE.match(text.strip()):
        text = f"from {first_day.group('when')} I work at {first_day.group('where')}"
    ahead = valid_from(text, who.ts)
    if ahead is None:
        return None
    start, phrase = ahead
    clause = (text[: phrase.start()] + text[phrase.end() :]).strip(" ,.;")
    clause = re.sub(r"\s+,", ",", re.sub(r"\s{2,}", " ", clause))
    present = _in_the_present(clause)
    if present is None:
        return None
    # the value it replaces is the held card's until that day, not this one's: "06:45 instead of 18:30" → "06:45"
    present = _REPLACED_RE.sub("", present)
    key = attribute_key(present, who.subject)
    # one's own thing keyed by what it is ("our rent is ...") holds one value at a time, as a state does
    if not state_slot(key) and not (key and re.match(r"(?:my|our)\s", present, re.I)):
        return None
    found = as_statement(MemoryType.FACT, f"From {human_date(start)}, {present}", who, key=key, short_ok=True)
    return replace(found, valid_from=start) if isinstance(found, Statement) else None


def opens_ahead(text: str) -> bool:
    """`text` opens with the day a change takes effect, then the speaker's clause ("from 4 October I'll be
    based at Stansted"): a statement of its own, whatever label comes before it."""
    found = STARTS_RE.match(text.strip())
    return found is not None and _in_the_present(text.strip()[found.end() :].strip(" ,")) is not None


def _in_the_present(clause: str) -> str | None:
    """ "I'll be based at BRS" → "I'm based at BRS"; "we will work from Leeds" → "we work from Leeds"; a
    clause already in the present stays as it is; anything else (not the speaker's) is None."""
    future = _FUTURE_RE.match(clause)
    if future:
        who, rest = future.group("who").lower(), future.group("rest")
        if rest.lower().startswith("be "):
            return f"{_BE[who]} {rest[3:]}"
        return f"{'I' if who == 'i' else 'we'} {rest}"
    return clause if _PRESENT_RE.match(clause) else None

"""A request that ends with a fact about someone it names: "remind me to call Tomás on Friday, his surgery is
on the 14th", "book a table for Ana, her birthday is 3 May". The request is for now; the fact after it lasts
and is kept on its own, its "his"/"her"/"their" read as the one person the request named ("Tomás's surgery
is on the 14th").

The fact is a clause of its own after a comma, opening with whose thing it is (a possessive, or a name with
"'s") and saying what that thing is; a request naming nobody or several people leaves a pronoun unresolved,
and then the sentence is left as it was.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.request_patterns import IMPERATIVE_RE, WRAPPED_REQUEST_RE

_FACT_RE = re.compile(
    r",\s*(?:and\s+|since\s+|because\s+|as\s+)?(?P<fact>(?P<owner>his|her|their|my|our|(?-i:[A-Z][\w-]+)'s)\s+"
    r"(?P<thing>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:is|are|was|falls\s+on|lands\s+on)\s+\S[^,;]*?)[.!]*$",
    re.I,
)
_PRONOUNS = frozenset("his her their".split())
_WORD_RE = re.compile(r"[^\W\d_][\w'-]*")
# Capitalised words that name no one: the speaker, days, months.
_NOT_PEOPLE = frozenset(
    """i i'm i'll monday tuesday wednesday thursday friday saturday sunday january february march april may june
    july august september october november december""".split()
)


def _people(request: str) -> list[str]:
    """The names a request gives after its verb ("remind me to call Tomás on Friday" → ["Tomás"])."""
    words = _WORD_RE.findall(request)[1:]
    return list(dict.fromkeys(w for w in words if w[:1].isupper() and w.lower() not in _NOT_PEOPLE))


# A reminder asked for a fact, the fact said in it: "Remind me that my car insurance renews on 14 August",
# "don't let me forget that Ana's birthday is 3 May".
_REMIND_THAT_RE = re.compile(
    r"^(?P<request>(?:please\s+)?(?:remind\s+me|don'?t\s+let\s+me\s+forget|make\s+sure\s+i\s+remember|"
    r"help\s+me\s+remember)\s+that)\s+(?P<fact>(?:my|our|(?-i:[A-Z])[\w-]*'s|the)\s+\S.*)$",
    re.I,
)


def fact_after_request(part: str) -> tuple[str, str] | None:
    """(the request, the fact it ends with, whose thing resolved): "remind me to send Ana a card, her
    birthday is 3 May" → ("remind me to send Ana a card", "Ana's birthday is 3 May"); "remind me that my car
    insurance renews on 14 August" → the reminder, "my car insurance renews on 14 August"; None when `part`
    is no request ending with such a fact."""
    if reminder := _REMIND_THAT_RE.match(part.strip()):
        return reminder.group("request"), reminder.group("fact")
    found = _FACT_RE.search(part)
    if found is None:
        return None
    request = part[: found.start()].strip()
    if not (IMPERATIVE_RE.match(request) or WRAPPED_REQUEST_RE.match(request)) or len(request.split()) < 3:
        return None
    fact, owner = found.group("fact").strip(), found.group("owner")
    if owner.lower() in _PRONOUNS:
        named = _people(request)
        if len(named) != 1:
            return None  # whose it is stays unknown
        fact = f"{named[0]}'s{fact[len(owner) :]}"
    return request, fact[:1].upper() + fact[1:]

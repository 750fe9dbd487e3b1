"""What a leading "it" says of the thing the conversation named last: "SO done with this server today" then
"it's on a Hetzner box in Falkenstein" says where the server is; "I've got an allotment" then (a session
later) "it's plot 14B at the Hollins Road site" says which plot the allotment is.

Read alone, "it's on a Hetzner box" names no thing and is dropped; read after what was said, it is a fact
about one. Two halves, one rule of what "it" can be:

- `Antecedent` follows a session's messages (the agent's too) part by part and resolves "it's ..." to the
  one thing the latest text naming any named: "this server", "my van", or what the speaker says they have,
  run or own ("I've got an allotment"). A text naming two things leaves "it" unresolved (which is not
  known), and so does one naming none but a time ("an hour"), a person ("my sister") or plural things.
- `held_it` (a way of `pointed_at`) takes an "it" opening a session ("It is plot 14B ...", kept as
  `unresolved`) to the one held card saying what someone has, runs or owns, with the thing named as the card
  names it ("The user's allotment is plot 14B ...").

Only an "it" that says what or where the thing is counts: "it's on/in/at ..." a place, "it's called ...",
"it's (a) <something named or numbered>" ("plot 14B", "a 2019 Fiat"), "it runs / has <named or numbered>".
A dummy "it" is none of these and stays as it was: "it's raining", "it's fine", "it was a long day",
"it's 5pm", "it's Tuesday", "it's in fact ...".
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.about import GENERIC
from reverie.adapters.local.rules.amount_now import amount_now
from reverie.adapters.local.rules.it_amount import it_amount
from reverie.adapters.local.rules.language import strip_opening
from reverie.adapters.local.rules.moved_them import they_moved
from reverie.adapters.local.rules.name_contrast import bare_name_contrast
from reverie.adapters.local.rules.pronoun_contrast import pronoun_contrast
from reverie.adapters.local.rules.statement_types import Drop, Speaker, Statement
from reverie.adapters.local.rules.stored_form import as_statement
from reverie.domain.models import MemoryType
from reverie.domain.restatement import stem
from reverie.domain.text import MONTH_NAME

_LEAD = r"(?P<lead>(?:(?:and|but|so|well|ya|yeah|yes|yep|oh|also)[,.!\s]+)*)"
# "it's on a Hetzner box", "it is at the Hollins Road site", "it's called Moss Lane", "it's hosted in Leeds"
_PLACE = (
    r"(?:(?:hosted|based|located|kept|parked|stored|registered|running)\s+)?"
    r"(?:on|in|at|inside|under|near|behind|called|named|titled|about)\s+(?=(?:a|an|the|my|our)\s+\S|"
    r"(?-i:[A-Z])|\d)"
)
# After a place word: what is a manner or a time, not a place ("in fact", "at least", "on time", "in May").
_NOT_A_PLACE_RE = re.compile(
    r"(?:on|in|at)\s+(?:(?:the\s+)?(?:fact|least|most|all|once|first|last|time|general|short|particular|"
    r"case|theory|practice|total|end|meantime|morning|afternoon|evening|night|way)\b|"
    rf"(?-i:[A-Z])[a-z]+day\b|{MONTH_NAME}\b|\d{{1,2}}(?::\d\d)?\s*(?:am|pm|o'clock)?\b(?!\s*[A-Za-z])|"
    r"\d+\s+(?:sec|min|hour|day|week|month|year)s?\b)",
    re.I,
)
# "it's plot 14B", "it's a Hetzner box", "it's a 2019 Fiat Panda": a thing with a name or a number of its own
# (not "a long day", "my birthday on the 5th", "5pm", "Tuesday", "day 3").
_NAMED = (
    r"(?=(?:(?:a|an|the)\s+)?(?:(?-i:[a-z][\w-]*)\s+){0,2}(?-i:[A-Z][\w-]*[a-z])|"
    # ... or a code of capitals and digits ("it's M20 4TR", "it's BA283")
    r"(?-i:[a-z]+)\s+\d[\w.]*|(?:a|an)\s+\d{4}\s+(?-i:[A-Z])|(?-i:[A-Z]{1,4}\d[A-Z\d]*)\b)"
)
# An apology or a "no" before what is put right: "Oops, it's M20 4TR", "No, it's plot 14B".
_PUT_RIGHT_LEAD_RE = re.compile(r"^(?:oops|whoops|sorry|my\s+bad|no|nope|no\s+wait|wait)[,.!\s]+", re.I)
_IT_RE = re.compile(
    rf"^{_LEAD}it(?P<verb>['’]s|\s+is|\s+runs|\s+has)\s+(?P<rest>(?:{_PLACE}|{_NAMED})\S.*)$", re.I | re.S
)
# What makes the rest a time or a manner, not a thing: a day, a month, a feast, a number first ("it's 5pm",
# "it's only Monday", "it's like Christmas"), a word of degree or negation ("it's not Sam's", "so Friday"),
# or someone singled out ("it's Luca who reacted to it").
_WHEN_RE = re.compile(
    rf"^(?:(?:\S+\s+){{0,2}}(?:(?-i:[A-Z])[a-z]+day|(?:{MONTH_NAME}|christmas|easter)\b)|"
    r"(?:a\s+|the\s+)?(?:day|week|month|year)\s+\d|"
    r"\d|(?:not|never|just|only|so|too|very|really|like|such|all|quite|pretty|more|less|still|even)\b|"
    r"(?-i:[A-Z])[\w-]*(?:\s+(?-i:[A-Z])[\w-]*)?\s+(?:who|that)\b)",
    re.I,
)


def says_what_it_is(part: str) -> re.Match[str] | None:
    """The match when `part` opens with an "it" saying what or where a thing is (see the module
    docstring); None for any other part, a dummy "it" among them."""
    found = _IT_RE.match(part.strip())
    if found is None or _NOT_A_PLACE_RE.match(found.group("rest")) or _WHEN_RE.match(found.group("rest")):
        return None
    return found


def it_said_of(found: re.Match[str], thing: str) -> str:
    """The part `found` said of `thing` ("it's on a Hetzner box" → "the server is on a Hetzner box")."""
    verb = found.group("verb").strip().lower()
    verb = "is" if verb in ("'s", "’s", "is") else verb
    lead = found.group("lead")
    return f"{lead}{thing if lead else thing[:1].upper() + thing[1:]} {verb} {found.group('rest')}"


def unresolved(found: re.Match[str]) -> str:
    """The part with its "it" standing for a thing held from before ("It is plot 14B ..."): kept so that a
    held card can answer for it (`held_it`)."""
    return it_said_of(found, "it")


# A thing the speaker calls theirs or points at ("this server", "my allotment"), or says they have, run or
# own ("I've got an allotment", "I run a small bakery"); its words follow, up to two.
_MARKER_RE = re.compile(
    r"\b(?:(?P<det>this|my|our)|(?P<owner>i|we)(?:'ve|\s+have)?\s+(?:got|have|own|run|rent|bought|built)\s+"
    r"(?P<some>a|an))\s+(?P<words>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)",
    re.I,
)
# Words that end a thing's name: what follows it in a clause rather than names it.
_NOT_A_NAME = frozenset(
    """i we you they he she it the a an my our your their his her this that these those which who is are was
    were be been am has have had will would can could should does do did and or but so if as than then of in
    on at to for with from by about into over under after before up down out off away back around here there
    now rn today tonight yesterday tomorrow again too also just really still already very quite went got
    broke ran came took made gave kept left felt lost sold bought died fell keeps""".split()
)
# Who a thing is not: people the speaker names by what they are to them ("my sister", "our neighbour").
_PEOPLE = frozenset(
    """mum mom dad mother father parent parents wife husband partner son daughter brother sister kid kids
    child baby boyfriend girlfriend fiance fiancee friend mate neighbour neighbor boss manager colleague
    teacher doctor landlord landlady flatmate housemate roommate aunt uncle cousin nan gran grandma grandpa
    grandad niece nephew family team self""".split()
)


def thing_of(words: str) -> str | None:
    """The name of a thing that `words` open with ("server today" → "server", "small bakery in town" →
    "small bakery"), or None for a time, a person or plural things."""
    kept: list[str] = []
    opening = _WORDS_RE.match(words)
    for word in opening.group(0).split() if opening else []:
        low = word.lower()
        if low in _NOT_A_NAME or (kept and (low.endswith(("ed", "ly")) or _plural(low))):
            break
        kept.append(low)
    if not kept or _plural(kept[-1]) or kept[-1] in _PEOPLE or stem(kept[-1]) in GENERIC:
        return None
    if stem(kept[-1]) in _HOW_LONG:
        return None  # "in an hour", "for a bit": how long, not a thing
    return " ".join(kept)


_WORDS_RE = re.compile(r"[a-z][\w-]*(?:\s+[a-z][\w-]*)?", re.I)
_HOW_LONG = frozenset(stem(w) for w in ("hour", "minute", "second", "bit", "while"))


def _named_thing(found: re.Match[str]) -> str | None:
    """The thing `found` names as the speaker would ("this server" → "the server", "an allotment" they
    have → "my allotment")."""
    thing = thing_of(found.group("words"))
    if thing is None:
        return None
    det = (found.group("det") or found.group("owner")).lower()
    return f"{'the' if det == 'this' else 'our' if det in ('our', 'we') else 'my'} {thing}"


def _plural(word: str) -> bool:
    return word.endswith("s") and not word.endswith(("ss", "us", "is"))


def things_named(text: str) -> list[str]:
    """The things `text` names that an "it" after it can be (see `_MARKER_RE`), in order, each once."""
    out: list[str] = []
    for found in _MARKER_RE.finditer(text):
        thing = _named_thing(found)
        if thing is not None and thing.split(" ", 1)[1] not in {t.split(" ", 1)[1] for t in out}:
            out.append(thing)
    return out


class Antecedent:
    """The things the latest text of a session that named any named, for an "it" after it."""

    def __init__(self) -> None:
        self.things: list[str] = []
        self.heard = False  # anything said in the session yet, by anyone
        self.opening = False  # the part `resolve` read last opens the session

    def saw(self, text: str) -> None:
        """Remember what `text` names; text naming nothing keeps what was named before."""
        self.heard = True
        self.things = things_named(text) or self.things

    def kept(self, part: str, result: Statement | Drop, who: Speaker) -> Statement | Drop:
        """`result`, or, for a part opening the session with an "it" ("it's plot 14B ..."), the fact kept with
        its "it" for a held card to answer for (`held_it`). Said after anything else, an "it" the session does
        not resolve may be what that was about ("my daughter's school ... it's on Elm Road"): left out."""
        if not isinstance(result, Drop) or result.reason != "not a statement":
            return result
        if amount := it_amount(part):  # "so it's twelve hundred quid a month now": a held amount moved
            return as_statement(MemoryType.FACT, amount, who)
        if count := amount_now(part):  # "I'm 20 weeks now!": a held count moved on
            return as_statement(MemoryType.FACT, count, who, short_ok=True)
        if pronoun_contrast(said := strip_opening(part)):  # "he's in Year 5, not Year 4": for the held card
            return as_statement(MemoryType.FACT, said, who, short_ok=True)  # saying Year 4 to answer
        if named := bare_name_contrast(part):  # "Sorry, I meant HSBC, not Barclays": for the card on Barclays
            return as_statement(MemoryType.FACT, named, who, short_ok=True)
        # "She's moved to Otters swim club": for the held card of the child at a club
        if moved := they_moved(strip_opening(part)):
            return as_statement(MemoryType.FACT, moved, who, short_ok=True)
        found = says_what_it_is(_PUT_RIGHT_LEAD_RE.sub("", part.strip())) if self.opening else None
        return result if found is None else as_statement(MemoryType.FACT, unresolved(found), who)

    def resolve(self, part: str) -> str:
        """`part` with its leading "it" said as the one thing named last ("it's on a Hetzner box" → "the
        server is on a Hetzner box"); `part` as it was when it has no such "it" or which thing is not known."""
        self.opening = not self.heard
        found = says_what_it_is(part)
        if found is None or len(self.things) != 1:
            return part
        return it_said_of(found, self.things[0])

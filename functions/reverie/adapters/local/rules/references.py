"""Words that point back at something said earlier in the same message, resolved before a statement is kept.

A card is read on its own, months later: "Mine is in June, the 2nd" or "I collect him at 5:15 until then"
says nothing without the sentence before it. Within one message the speaker's own words settle it:

- "mine" / "ours" as a subject is the speaker's own of the thing just named ("14 March is my brother's
  birthday. Mine is in June" → "My birthday is in June");
- "he" / "she" / "him" / "her" is the one person the message has named so far, when it named exactly one
  ("Sami's started robotics club ... I collect him at 5:15" → "I collect Sami at 5:15");
- "them" after a verb is what the part before had that same verb act on, when that was plural ("I don't do
  the accounts, my husband does them" → "... does the accounts");
- "it's about ..." / "it's called ..." is the speaker's own thing the part before named, when it named one ("find
  me reviews for my thesis - it's about soil fungi" → "my thesis is about soil fungi");
- "until then" is the moment the message last said something holds until ("It runs until 10 July, so ...
  until then" → "until 10 July"; "closed through 04/30, ... till then" → "until 04/30").

When the message does not settle it (no person named, or two), the words are left as they were.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.kin_words import parent_word
from reverie.adapters.local.rules.life_events import whose_event
from reverie.adapters.local.rules.place_references import resolve_there, resolve_went
from reverie.adapters.local.rules.they_named import subject_named, they_said_of
from reverie.adapters.local.rules.thing_patterns import IS_AT, NOT_PEOPLE, TITLE
from reverie.domain.text import MONTH_WORD

# Someone's thing, as said: "my brother Erik's birthday", "Mum's car", "our flat" (the noun after the owner).
_OWNED_RE = re.compile(
    r"(?:\b(?!(?:that|it|what|who|where|there|here|he|she|let)'s)(?-i:[A-Z])[\w-]*'s|"
    r"\b(?:my|our|your|his|her|their)(?:\s+[a-z]+s')?)\s+(?P<thing>(?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*)"
    r"(?=\s*(?:[,.;:!?)]|$)|\s+(?:is|are|was|were|on|in|at|for|to|and|but|so)\b)",
    re.I,
)
_MINE_RE = re.compile(
    r"^(?P<lead>(?:(?:and|but|so|well|no)[,\s]+)*)(?P<own>mine|ours)(?='s\b|\s+(?:is|are|was|were)\b)", re.I
)


def thing_named(text: str) -> str | None:
    """The last thing `text` names as someone's ("... is my brother Erik's birthday" → "birthday")."""
    found = list(_OWNED_RE.finditer(text))
    return found[-1].group("thing") if found else None


def resolve_mine(part: str, before: str | None) -> str:
    """ "Mine is in June" after a part naming someone's birthday → "My birthday is in June"; `part` as it was
    when it opens with no "mine"/"ours" or nothing before names a thing."""
    found = _MINE_RE.match(part.strip())
    thing = thing_named(before) if found and before else None
    if found is None or thing is None:
        return part
    own = "My" if found.group("own").lower() == "mine" else "Our"
    rest = part.strip()[found.end() :]
    return f"{found.group('lead')}{own if not found.group('lead') else own.lower()} {thing}{rest}"


# "it's (specifically) about ...", "it's called ...", "it's on ...": a part saying what the thing is (not how it
# is: "it's cold there" stays as it was).
_IT_IS_RE = re.compile(
    r"^(?P<lead>(?:(?:and|but|so|well)[,\s]+)*)(?:it's|it\s+is)\s+(?=(?:(?:specifically|mainly|mostly|"
    r"actually|all|largely|basically)\s+)?(?:about|on|called|named|titled|in|at|for|a|an)\b)",
    re.I,
)
_MY_THING_RE = re.compile(
    r"\b(?:my|our)\s+(?P<thing>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\b(?=\s*(?:[,.;:!?]|$))", re.I
)


def resolve_it(part: str, before: str | None) -> str:
    """ "it's about X" after a part ending on the speaker's own thing ("find me reviews for my thesis") → "my
    thesis is about X": said inside a request, the detail is the speaker's; `part` as it was otherwise."""
    found = _IT_IS_RE.match(part.strip())
    owned = list(_MY_THING_RE.finditer(before)) if found and before else []
    if found is None or len(owned) != 1:
        return part
    rest = part.strip()[found.end() :]
    own = owned[0].group(0).split()[0].lower()
    return f"{found.group('lead')}{own} {owned[0].group('thing')} is {rest}"


# A person named in a message: someone's possessive ("Sami's") or a name before "has"/"got" ("Sami has started",
# "Zofia got an A").
# Words that open sentences, days, months and the speaker's own name are not people.
_PERSON_RE = re.compile(r"\b(?-i:[A-Z][a-z]+)(?='s\b|\s+has\b|\s+got\b)")
# ... or someone introduced by who they are to the speaker: "my gf Ines", "our neighbour Tobi".
_INTRODUCED_RE = re.compile(r"\b(?i:my|our)\s+[a-z]{2,20}\s+(?P<name>(?-i:[A-Z][a-z]+))\b")
# ... or someone by title and name: "Dr Katarzyna Novak", "Mrs Osei" (the surname stands for them).
_TITLED_RE = re.compile(r"\b" + TITLE + r"\s+(?:(?-i:[A-Z][a-z]+)\s+)?(?P<name>(?-i:[A-Z][a-z]+))\b")
_HE_RE = re.compile(r"\b(?P<word>he|she|him|her|his)\b(?P<contracted>'s)?", re.I)
# ... or someone by who they are to the speaker, with no name: "my mum's building", "our son". Said as such
# ("her flat" after "my mum's building" → "my mum's flat"), only by the pronoun of their sex.
_KIN_SEX = {
    **dict.fromkeys("mum mom mother sister daughter wife girlfriend gf gran granny grandma nan nana aunt auntie niece".split(), "she"),
    **dict.fromkeys("dad father brother son husband boyfriend bf grandad granddad grandpa uncle nephew".split(), "he"),
}  # fmt: skip
_KIN_REF_RE = re.compile(
    r"\b(?P<kin>(?:my|our)\s+(?P<word>" + "|".join(_KIN_SEX) + r"))\b(?!\s+(?-i:[A-Z]))(?!-in-law)", re.I
)
_PRONOUN_SEX = {"he": "he", "him": "he", "his": "he", "she": "she", "her": "she"}


def people_named(text: str, speaker_words: frozenset[str]) -> list[str]:
    """The people `text` names ("Sami's bike", "Sami has started ...", "my sister Ana"), in order, without the
    speaker; when it names no one by name, those it names by who they are to the speaker ("my mum's building":
    "my mum"), as "my wife is called Priya" names Priya once, not twice; a parent, whom no name replaces, also
    beside the names ("Dad's cardiologist is Dr Menon": Menon and my dad)."""
    out: list[str] = []
    found = sorted(
        [(m.start(), m.group(0)) for m in _PERSON_RE.finditer(text)]
        + [(m.start("name"), m.group("name")) for m in _INTRODUCED_RE.finditer(text)]
        + [(m.start(), m.group("name")) for m in _TITLED_RE.finditer(text)]
    )
    for _, name in found:
        if name not in NOT_PEOPLE and name.lower() not in speaker_words and name not in out:
            out.append(name)
    kin = list(dict.fromkeys(m.group("kin").lower() for m in _KIN_REF_RE.finditer(text)))
    # (a parent, called by what they are, is named beside anyone named by name: "Dad" and "Dr Menon" are two)
    return out + [k for k in kin if parent_word(k.split()[-1])] if out else kin


def _by_name(people: list[str]) -> list[str]:
    """`people`, only those named by name if any is: a relative said as "my wife" may be the one named later
    ("my wife is called Priya"); a parent, who is called by what they are, never is ("Dad's cardiologist is Dr
    Menon": two people)."""
    named = [p for p in people if not p.startswith(("my ", "our ")) or parent_word(p.split()[-1])]
    return named or people


_HAS_DONE_RE = re.compile(
    r"\s+(?:got|been|gone|had|done|taken|made|seen|left|lost|won|started|finished)\b"
    # ... or what they did to something: "she's entered them in the show", "he's booked a table" ("she's
    # married", "he's tired of it" are how they are)
    r"|\s+[a-z]{3,}ed\s+(?:them|it|him|her|us|me|a|an|the|my|his|their|our|some|all)\b"
)


def is_or_has(following: str) -> str:
    """What a pronoun's "'s" stands for before `following`: "has" before a participle ("she's got"), else "is"."""
    return "has" if _HAS_DONE_RE.match(following) else "is"


# Someone introduced in the part itself, before its pronoun: "... is Gosia", "... called Gosia".
_INTRODUCED_HERE_RE = re.compile(r"\b(?:is|called|named)\s+((?-i:[A-Z])[a-z]+)\b")


def resolve_person(part: str, people: list[str]) -> str:
    """ "he/she/him/her/his" → the one person the message named so far ("He's in Year 4" → "Sami is in Year 4",
    "her bike" → "Ana's bike", "his pension" → "Tomás's pension"); `part` as it was when the message named none or several."""
    words = {m.group("word").lower() for m in _HE_RE.finditer(part)}
    if len(people) != 1 or (words & {"he", "him", "his"} and words & {"she", "her"}):
        return part  # "she's lovely with him": two people, whoever was named
    (name,) = people
    first = _HE_RE.search(part)
    if first is not None and any(n != name for n in _INTRODUCED_HERE_RE.findall(part[: first.start()])):
        return part  # "our new cleaner is Gosia, she comes on Fridays": Gosia, not the one named before
    sex = _KIN_SEX.get(name.split()[-1]) if name.startswith(("my ", "our ")) else None
    if sex is not None and any(_PRONOUN_SEX[w] != sex for w in words):
        return part  # "my dad ..., her ...": someone else

    def named(match: re.Match[str]) -> str:
        word, contracted = match.group("word").lower(), match.group("contracted")
        if contracted:  # "she's got", "he's been": "has"; "she's in Year 4": "is"
            return f"{name} {is_or_has(part[match.end() :])}"
        following = part[match.end() :].lstrip()
        if word == "his":  # "his pension", "the bike is his"
            return f"{name}'s"
        if word == "her" and following[:1].isalpha() and not _NOT_A_NOUN_RE.match(following):
            return f"{name}'s"  # "her bike"
        return name

    return _HE_RE.sub(named, part)


# Words after "her" that show it is an object, not a possessive ("collect her at 5", "drop her off").
_NOT_A_NOUN_RE = re.compile(
    r"(?:at|on|in|from|to|up|off|out|after|before|every|each|until|till|and|or|a|an|the|back|home|there)\b",
    re.I,
)
_UNTIL_THEN_RE = re.compile(r"\b(?:until|till|til)\s+then\b", re.I)
# "until the end of term, which is 10 July": the date the named time falls on.
_WHICH_IS_RE = re.compile(
    r"\b(?P<until>until|till)\s+(?P<named>[^,.;]{2,40}?),\s*which\s+is\s+(?P<date>[^,.;]+)", re.I
)


def dated_until(text: str) -> str:
    """ "until the end of term, which is 10 July" → "until 10 July" (what `valid_until` can read)."""
    return _WHICH_IS_RE.sub(lambda m: f"{m.group('until')} {m.group('date').strip()}", text)


def resolve_until_then(part: str, until: str | None) -> str:
    """ "until then" → "until <the last date the message said something holds until>"."""
    return _UNTIL_THEN_RE.sub(f"until {until}", part) if until else part


_UNTIL_DATE_RE = re.compile(r"\b(?:until|till|til)\s+(?P<when>[^,.;]+)", re.I)
# "shut through 04/30", "thru the end of May": "through" before a date is "until" (never "through the park").
_THROUGH_DATE_RE = re.compile(
    r"\b(?:through|thru)\s+(?P<when>(?:the\s+)?(?:\d|(?:end|mid|mon|tue|wed|thu|fri|sat|sun)[a-z]*\b|"
    rf"{MONTH_WORD}\b)[^,.;]*)",
    re.I,
)


def until_said(text: str) -> str | None:
    """What `text` says something holds until ("... until 10 July, so ..." → "10 July", "shut through 04/30"
    → "04/30"), or None."""
    dated = dated_until(text)
    found = _UNTIL_DATE_RE.search(dated) or _THROUGH_DATE_RE.search(dated)
    if found is None or _UNTIL_THEN_RE.search(found.group(0)):
        return None
    return found.group("when").strip()


# "Sami's started robotics", "Ana's joined a choir", "Tom's been ...": a name's "'s" before a participle.
_HAS_RE = re.compile(
    r"\b(?!(?:it|that|this|there|here|what|who|he|she|let)'s)(?P<name>(?-i:[A-Z])[a-z]+)'s\s+(?P<done>(?:just\s+|finally\s+|recently\s+|also\s+)?(?:been|gone|got|"
    r"begun|become|done|taken|given|won|lost|left|started|joined|finished|moved|passed|switched|changed|"
    r"stopped|quit|signed|enrolled|booked|decided|agreed|broken|learned|learnt|outgrown|grown|recovered|"
    r"split|relocated|emigrated|graduated|resigned|retrained|returned|applied|"
    # (a verb of having, with its object: "Tom's sold his van"; "the caravan's sold." is "is")
    r"(?:bought|sold|adopted|found|had)(?=\s+[a-z])))\b",
    re.I,
)
# "Ngozi's allergic to penicillin", "my son's scared of dogs": "'s" before what someone is (an adjective and its
# preposition) is "is".
_IS_RE = re.compile(
    r"\b(?!(?:it|that|this|there|here|what|who|he|she|let)'s)(?P<who>[\w-]+)'s\s+(?=(?:very\s+|quite\s+|"
    r"severely\s+|mildly\s+|really\s+)?(?:[a-z]+(?:ic|ful|ous|ive|ent|ant|able|ible|raid|ared)|married|engaged|"
    r"related|used|addicted|devoted)\s+(?:to|of|about|with|from|on)\b)",
    re.I,
)
# "Dad's on amlodipine", "Grandma's in a care home", "my sister's off work": "'s" right before a preposition of
# where or how someone is is "is" (a possessive names its thing next; "the car is Dad's on weekdays" stays).
# A name opening a sentence, then "'s a": "Biscuit's a golden retriever", "Tom's an architect" (never whose).
_IS_A_RE = re.compile(
    r"^(?P<who>(?!(?:It|That|This|There|Here|What|Who|He|She|Let)'s)(?-i:[A-Z])[\w-]*)'s\s+(?=(?:a|an)\s)"
)
_IS_AT_RE = re.compile(
    r"(?<!\bis )(?<!\bwas )(?<!\bare )(?<!\bwere )"
    # (a place named by whose it is: "I'm at my mum's on Sunday", "round Ana's on Friday")
    + "".join(
        rf"(?<!\b{p} {d})" for p in ("at", "to", "from", "round") for d in ("my ", "our ", "his ", "her ", "")
    )
    + r"\b(?!(?:it|that|this|there|here|what|who|where|he|she|let)'s)"
    r"(?P<who>[\w-]+)'s\s+(?=" + IS_AT + ")",
    re.I,
)
# ... nor one named with a word before the name: "started at St Mary's in September", "at Uncle Joe's on Friday".
_AT_A_TITLE_RE = re.compile(r"\b(?:at|to|from|round)\s+(?-i:[A-Z])[\w.-]*\s+$", re.I)


def _is_at(found: re.Match[str]) -> str:
    if _AT_A_TITLE_RE.search(found.string, 0, found.start()):
        return found.group(0)
    return f"{found.group('who')} is "


# "The new boiler's been humming away": "'s been" is always "has been".
# "bin day's changed to Wednesday", "rent's gone up to 1,100": a thing's "'s" before a change is "has".
_THING_HAS_RE = re.compile(
    r"\b(?P<what>(?!(?:it|that|this|there|here|what|who|he|she|let)'s)[a-z][\w-]*)'s\s+"
    r"(?=(?:changed|moved|switched|gone\s+up|gone\s+down)\s+to\b"
    # "the school's changed its hours", "the gym's extended its opening times": has, of its own thing
    r"|(?:changed|extended|shortened|cut|moved)\s+(?:its|their)\b"
    # "the landlord's bumped the rent to ...", "the council's put our tax up": has, a price moved
    r"|(?:bumped|put|pushed|raised|upped|hiked|increased|cut|dropped|lowered|reduced)\s+(?:up\s+)?(?:the|my|our)\b)",
    re.I,
)
_BEEN_RE = re.compile(
    r"\b(?P<what>(?!(?:it|that|this|there|here|what|who|he|she|let)'s)[\w-]+)'s\s+been\b", re.I
)
# "It runs until 10 July", "That lasts till the end of May": how long the thing just said holds.
_LASTS_UNTIL_RE = re.compile(
    r"^(?:it|that|this|they|which)(?:'s|'re|\s+is|\s+are|\s+will)?\s+(?:runs?|lasts?|goes\s+on|continues?|"
    r"on|run|last)\s+(?:until|till)\b",
    re.I,
)


_THEN_RE = re.compile(r",\s*(?:and\s+)?(?:so|then)\s+(?P<rest>.+)$", re.I | re.S)


def lasts_until(part: str) -> tuple[str, str] | None:
    """(how long the thing said before holds, what the part goes on to say) when `part` opens with how long
    it holds: "It runs until 10 July, so I collect Sami at 5:15" → ("It runs until 10 July", "I collect Sami
    at 5:15"); None otherwise."""
    if _LASTS_UNTIL_RE.match(part.strip()) is None:
        return None
    rest = _THEN_RE.search(part)
    return (part[: rest.start()], rest.group("rest").strip()) if rest else (part, "")


_VERB_THEM_RE = re.compile(r"\b(?P<verb>[a-z]+)\s+them\b")


def _base(verb: str) -> str:
    return re.sub(r"(?<=[^s])e?s$", "", verb.lower())


def resolve_them(part: str, before: str | None) -> str:
    """ "do them" → "do the accounts" when the part before did that same verb to plural things ("I don't do
    the accounts"); `part` as it was otherwise."""
    found = _VERB_THEM_RE.search(part)
    if found is None or not before:
        return part
    verb = _base(found.group("verb"))
    for said in re.finditer(
        r"\b(?P<verb>[a-z]+)\s+(?P<thing>(?:the|those|these)\s+(?:[a-z-]+\s+){0,2}?[a-z-]+s)\b", before, re.I
    ):
        if _base(said.group("verb")) == verb and not said.group("thing").lower().endswith("ss"):
            return f"{part[: found.end('verb')]} {said.group('thing')}{part[found.end() :]}"
    return part


_CAPITALISED_RE = re.compile(r"(?<=\s)(?-i:[A-Z])[a-z]+")


def names_anyone(part: str) -> bool:
    """Whether `part` may name someone: a capitalised word past its first that is no day, month or pronoun."""
    return any(m.group(0) not in NOT_PEOPLE for m in _CAPITALISED_RE.finditer(part.strip()))


class Earlier:
    """What the parts of one message said so far, to resolve what a later part points back at."""

    def __init__(self, speaker_words: frozenset[str], carried: Sequence[str] = ()) -> None:
        self.speaker_words = speaker_words
        self.previous: str | None = None
        self.people: list[str] = []
        # whom the speaker's messages before named, for a "her birthday is ..." that names no one of its own
        self.carried = list(carried)
        self.until: str | None = None
        self.aside: str | None = None  # a part left out before any was read (a secret's clause, masked)

    def resolve(self, part: str) -> str:
        """`part` with "mine", "them", "he/she/him/her" and "until then" resolved from what was said before it (and
        a name's "'s" before a participle read as "has": "Sami's started" → "Sami has started")."""
        part = _HAS_RE.sub(r"\g<name> has \g<done>", _BEEN_RE.sub(r"\g<what> has been", part))
        part = _THING_HAS_RE.sub(r"\g<what> has ", part)  # "bin day's changed to ...": has changed
        part = _IS_AT_RE.sub(_is_at, _IS_RE.sub(r"\g<who> is ", part))
        part = _IS_A_RE.sub(r"\g<who> is ", part)  # "Biscuit's a golden retriever": is
        part = resolve_them(resolve_mine(part, self.previous), self.previous)
        part = resolve_went(resolve_it(part, self.previous), self.previous)
        part = resolve_there(part, self.previous or self.aside)  # "I'm there Tuesdays" after "... the studio"
        part = whose_event(part, self.previous)  # "the wedding is in ..." after "Javi is getting married"
        # whom the speaker named before, only while this message names no one ("..., she works nights")
        named = self.people or ([] if names_anyone(part) else self.carried)
        part = dated_until(resolve_person(part, named))
        part = they_said_of(part, subject_named(self.previous) if self.previous else None)  # "they pay ..."
        return resolve_until_then(part, until_said(part) or self.until)  # its own "until" first

    def left_out(self, part: str, secret: bool) -> None:
        """A part left out before any was read: where "there" after it is, and, a secret's clause (masked), whom
        "her" means ("The key safe code for Mum's house is [REDACTED], and her carer comes at 8am")."""
        self.aside = part
        if secret:
            self.people = _by_name(
                self.people + [p for p in people_named(part, self.speaker_words) if p not in self.people]
            )

    def said(self, part: str) -> None:
        """Remember `part` (as resolved) for the parts after it."""
        self.previous = part
        self.people = _by_name(
            self.people + [p for p in people_named(part, self.speaker_words) if p not in self.people]
        )
        self.until = until_said(part) or self.until

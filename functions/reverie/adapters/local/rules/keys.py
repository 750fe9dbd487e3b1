"""Slots: subject + the attribute a statement sets, so one changeable state has one current version
(`alice.home_city`, `caroline.relationship_status`, `user.package_manager`, `user.taste.jazz`).

A slot names a state that changes over time (where someone lives or works, employer, role, team, manager,
partner, diet, devices, tools, current project, a stated taste); a later value in the same slot supersedes
the earlier one, a reversal ("no longer", "stopped", "switched to", "left") too. What the value is and
whether it changed is the merge's business (`merge`); here only the slot is found, from the first-person
clause as said ("I moved to Berlin", "I switched from VS Code to Neovim").
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.kin_words import addressed_by_kin, relation_word
from reverie.adapters.local.rules.language import slug, subject_of
from reverie.adapters.local.rules.settling_events import settling_slot
from reverie.adapters.local.rules.slot_forms import as_one, owner_first, someone_had, their_home
from reverie.adapters.local.rules.slot_table import (
    ADVERB_RUN,
    MY_SLOT_NAMES,
    MY_SLOT_RE,
    NAMED_RE,
    SLOTS,
    SWITCHED_ATTRIBUTE_RE,
    WHO_SLOTS,
)
from reverie.adapters.local.rules.speaker_patterns import FAVOURITE_RE, KEYED_FACT_RES, MY_ATTRIBUTE_RE
from reverie.adapters.local.rules.their_people import PERSON
from reverie.adapters.local.rules.thing_patterns import VOCABULARY, VOCABULARY_RE
from reverie.adapters.local.rules.verb_forms import ADVERBS, first_person
from reverie.domain.dependent_slots import names_the_user

_USES_RE = re.compile(
    r"^(?:i|we)(?:'ve| have)? (?:\w+ )?(?:use|using|switched|moved|changed|started using|went back to)\b"
)
_SWITCH_TARGET_RE = re.compile(r"\b(?:to|for)\b(?P<target>.*)$")
# The tool one works in or is on: "I write all my code in VS Code", "we do everything in Emacs" (the tool named after it).
_WORKS_IN_RE = re.compile(
    r"^(?:i|we)(?:'ve| have)? (?:\w+ )?(?:write|code|program|edit|do (?:all|everything|most))\b.*?"
    r"\b(?:in|on|with) (?P<target>.+)$"
    # ... or is on: "I'm on a Pixel 8 now", "we're on Postgres 16"
    r"|^(?:i|we)(?:'m|'re| am| are) (?:now |still |all )?on (?P<on>.+)$"
)
_NOT_A_PLACE = frozenset("a an the my our this that home work town here there".split())
_PLACE_RE = re.compile(r"\b(?:in|to|at)\s+(?P<place>[A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)*)")
STATE_ATTRIBUTES = frozenset(
    {attribute for _, attribute in SLOTS}
    | {"manager", "partner", "job_title", "employer", "current_project", "editor", "phone", "laptop", "car"}
    | set(VOCABULARY.values())
    | {attribute for _, attribute in KEYED_FACT_RES}
)
_OBJECT_END_RE = re.compile(r"\s+(?:a|an|the|from|at|to|with|for|in|on|of|over|than|when|near)\s+|[,:;.]")
_WORD_RE = re.compile(r"[a-z0-9]+")


def vocabulary_key(text: str, subject: str) -> str | None:
    """`alice.package_manager` when the text names a known tool ("pnpm"), else None."""
    match = VOCABULARY_RE.search(text)
    return f"{subject}.{VOCABULARY[match.group(1).lower()]}" if match else None


def same_slot(key: str | None, other: str | None, user_id: str) -> bool:
    """Two keys name one slot: equal, or the same attribute of the user, whom a statement said to an agent
    calls "user", a note may call by name and a record by full name (`user.home_city`, `alice.home_city`
    and `alice_moreau.home_city` in alice's memory)."""
    if key is None or other is None:
        return False
    if key == other:
        return True
    (mine, _, attribute), (theirs, _, their_attribute) = key.partition("."), other.partition(".")
    if _one_attribute(attribute) != _one_attribute(their_attribute):
        return False
    return mine == theirs or (names_the_user(mine, user_id) and names_the_user(theirs, user_id))


# Attributes that are one: the train one takes at its time is how one gets to work ("is on the 7:15 train to
# work", then "gets the 8:02 now"; "gets the 7:40 train to work", then "drives to work now").
# One's partner and whether one has one: "I'm single", then "I've got a girlfriend now, Mia".
# The hours one works and one's working pattern: "I work 9 to 5", then "my hours have changed to 8 till 4".
_ONE_ATTRIBUTE = {
    "usual_departure": "commute",
    "relationship_status": "partner",
    **dict.fromkeys(("hours", "working_hours", "work_hours"), "shift_pattern"),
}


def _one_attribute(attribute: str) -> str:
    """The attribute as one: a booking's slot is the booking ("delivery_slot", asked as "my delivery slot", is
    what "my delivery is Friday 2-4pm now" sets)."""
    attribute = _ONE_ATTRIBUTE.get(attribute, attribute)
    return attribute.removesuffix("_slot") or attribute


def other_slots(key: str | None, other: str | None, user_id: str) -> bool:
    """Both name a slot, and not the same one: two attributes, whatever words their statements share."""
    return bool(key and other) and not same_slot(key, other, user_id)


def state_slot(key: str | None) -> bool:
    """The key names a changeable state (home, employer, role, tools...), of the subject or of a person of
    theirs (`user.sister.home_city`): one value at a time."""
    return key is not None and key.rsplit(".", 1)[-1] in STATE_ATTRIBUTES


# Someone of the speaker's, by what they are to them, and what is said of them: "my sister has moved to York",
# "our eldest son is 7", "my best friend's a nurse" (not "my sister Ana ...", a name; nor "my sister is Ana").
_THEIR_PERSON_RE = re.compile(
    rf"^(?:my|our)\s+(?P<who>(?:[\w-]+\s+){{0,2}}{PERSON}\b)(?P<is>'s(?=\s+(?:been|got|gone|now|still|also|just|"
    r"never|a|an|\d|(?!(?:called|named)\b)[a-z]+ed)\b))?\s+(?P<rest>(?!(?-i:[A-Z]))[a-z][\w'-]*(?:\s.*)?)$",
    re.I,
)

_SINGLED = frozenset("best eldest youngest oldest only".split())  # words that make one of many the one
# Relations one may have several of at once: a name given for one is who that one is, no slot's value.
_ONE_OF_MANY = frozenset(
    """sister brother sibling son daughter kid kids child children cousin aunt uncle niece nephew friend mate
    neighbour neighbor colleague flatmate housemate roommate grandmother grandfather nan twin twins stepson
    stepdaughter""".split()
)
_IS_NAMED_RE = re.compile(r"^(?:is|was|'s)\b" + NAMED_RE.pattern, re.I)


def _of_their_person(text: str) -> tuple[str, str] | None:
    """(the person as a key part, what is said of them as they would say it): "my mum has moved to Leeds" →
    ("mother", "I have moved to Leeds"); ("sister", "") when nothing said of them has a verb; None when the
    text is about no person of the speaker's."""
    found = _THEIR_PERSON_RE.match(text.strip())
    if found is None:
        return None
    *adjectives, person = found.group("who").lower().split()
    if _IS_NAMED_RE.match(found.group("rest")):
        # "my husband is Tom": who he is (`MY_SLOT_RE`); "my sister is Ana": one sister of maybe several, by name
        many = relation_word(person) in _ONE_OF_MANY and not _SINGLED & set(
            adjectives
        )  # not "my best friend"
        return (person, "") if many else None
    words = found.group("rest").split()
    if found.group("is"):  # "my brother's moved out", "my sister's a nurse"
        words.insert(0, "has" if words[0] in ("been", "got", "gone") or words[0].endswith("ed") else "is")
    n = 0  # past adverbs ("now", "also", "no longer") to the verb
    while n < len(words) - 1 and words[n].lower() in ADVERBS:
        n += 1
    said = " ".join(["I", *words[:n], first_person(words[n].lower()), *words[n + 1 :]]) if words else ""
    return slug(" ".join([*adjectives, relation_word(person)]), 2), said


_DAYS_CONTRACT_RE = re.compile(
    r"^(?:my|our)\s+(?:work\s+|employment\s+|job\s+)?contract\s+(?:is|'s)\s+(?:now\s+)?(?:for\s+)?"
    r"(?:[1-6]|one|two|three|four|five|six)\s+days\b",
    re.I,
)


def attribute_key(text: str, subject: str) -> str | None:
    """A key for rule-like memories: subject + the attribute the sentence sets, when recognisable."""
    lowered = text.lower()
    if _USES_RE.match(lowered):  # a tool named in "we use / switched to / moved to pnpm" is the value
        target = _SWITCH_TARGET_RE.search(lowered)
        tool = vocabulary_key(target.group("target"), subject) if target else None
        # "I'm using VS Code for everything": the tool is said before what it is for
        tool = tool or (vocabulary_key(lowered, subject) if "using" in lowered.split()[1:3] else None)
        if tool or lowered.split()[1:2] == ["use"]:
            return tool or vocabulary_key(lowered, subject)
    if (works_in := _WORKS_IN_RE.match(lowered)) and (
        tool := vocabulary_key(works_in.group("target") or works_in.group("on"), subject)
    ):
        return tool
    if addressed_by_kin(text):  # "Gran's moved in with my aunt": the speaker's gran
        text = f"my {text[:1].lower()}{text[1:]}"
    # "Priya is my manager", "we have a cleaner, Maria", "my grandma's care home is ..." (`slot_forms`)
    if said := owner_first(text):
        text, lowered = said, said.lower()
    if role := someone_had(text):
        return f"{subject}.{MY_SLOT_NAMES.get(slug(role, 2), slug(role, 2))}"
    if said := their_home(text) or as_one(text):
        text, lowered = said, said.lower()
    theirs = _of_their_person(text)
    if theirs is not None:  # "my sister has moved to York": her home, not the speaker's
        person, said = theirs
        own = attribute_key(said, subject) if said else None
        return f"{subject}.{person}.{own.partition('.')[2]}" if own else None
    if provider := _NEW_PROVIDER_RE.match(text) or _SWITCHED_PROVIDERS_RE.match(text):
        # "registered with a new dentist", "switched hairdressers": who one's dentist, hairdresser is
        said = _one_of(provider.group("who").lower())
        said = MY_SLOT_NAMES.get(said, said)
        return f"{subject}.{'gp' if said == 'doctor' else said}"
    for pattern, attribute in SLOTS:
        if pattern.search(text):
            return f"{subject}.{attribute}"
    if settled := settling_slot(text):  # "I have signed the lease on the flat in Partick": a new home
        return f"{subject}.{settled}"
    if _HOME_IS_IN_RE.match(text):  # "my flat is in Clapton": where one lives (not "my flat is damp")
        return f"{subject}.home_city"
    if _DAYS_CONTRACT_RE.match(text):  # "my contract is for four days a week": the days one works
        return f"{subject}.shift_pattern"
    mine = MY_SLOT_RE.match(text)
    if mine:
        what = slug(mine.group("what"), 2)
        attribute = MY_SLOT_NAMES.get(what, what)
        if attribute in WHO_SLOTS and not NAMED_RE.match(text[mine.end() :]):
            return None  # "my husband is allergic to shellfish": of him, not who he is
        return f"{subject}.{attribute}"
    if _works_in_a_place(text):
        return f"{subject}.home_city"
    switched = SWITCHED_ATTRIBUTE_RE.match(text)
    if switched:  # "we've switched broadband to Zen": the broadband's new value
        # "changed vets": the vet; "gone over to Virgin Media for the broadband": the broadband
        what = _one_of(slug(switched.group("attr") or switched.group("attr_after"), 2))
        return f"{subject}.{MY_SLOT_NAMES.get(what, what)}"
    for pattern, attribute in KEYED_FACT_RES:
        if pattern.search(lowered):
            return f"{subject}.{attribute}"
    favourite = FAVOURITE_RE.match(lowered)
    if favourite:
        return f"{subject}.favourite_{slug(favourite.group('what'), 2)}"
    bare = _BARE_ATTRIBUTE_MOVED_RE.match(lowered)
    if bare:  # "bin day has changed to Wednesday": one's own, as chat says it without "our"
        return f"{subject}.{slug(bare.group('attr'), 2)}"
    attr = MY_ATTRIBUTE_RE.match(lowered)
    if attr and _names_someone(text[attr.start("attr") : attr.end("attr")]):
        return None  # "my daughter Maisie is allergic to nuts": said of Maisie, and not her only attribute
    named = attr.group("attr").split() if attr else []
    if attr and named[0] not in ("own", "only", "last", "first", "old") and named != ["new"]:
        # "my main project now", "my current project", "my project", "my new mentor": one slot, whatever says
        # it is current
        words = [w for w in named if w not in _CURRENT and w != "new"] or named
        what = slug(" ".join(words), 2)
        named = MY_SLOT_NAMES.get(slug(attr.group("attr"), 2))  # "my current account": the bank, by its name
        return f"{subject}.{named or MY_SLOT_NAMES.get(what, what)}"
    return None


# One who serves the speaker, changed for another: "I've registered with a new dentist", "we switched to a new
# vet", "moved to a different GP".
_NEW_PROVIDER_RE = re.compile(
    r"^(?:i|we)(?:'ve| have)? (?:just |finally |now |recently )?(?:(?:registered|re-registered|signed up|switched|"
    r"moved|changed|gone) (?:(?:the|our|my) [\w-]+ )?(?:over )?(?:with|to)|(?:started|begun|been) (?:going|seeing)(?: to)?|"
    r"found|(?=(?:go|going|see|seeing|use|using) (?:to )?(?:a|an) (?:new|different)\b)(?:go|going|see|seeing|use|using)(?: to)?) "
    r"(?:a |an )?(?:new |different |another )?(?P<who>dentist|vet|"
    r"optician|gp|doctor|physio|hairdresser|barber|accountant|childminder|cleaner|mechanic)\b",
    re.I,
)

# ... or the kind changed, said in the plural: "I've switched hairdressers", "we changed vets".
_SWITCHED_PROVIDERS_RE = re.compile(
    r"^(?:i|we)(?:'ve| have)? (?:just |finally |now |recently )?(?:switched|changed|swapped) (?P<who>dentists|vets|"
    r"opticians|gps|doctors|physios|hairdressers|barbers|salons|accountants|childminders|cleaners|mechanics)\b",
    re.I,
)


def _one_of(attribute: str) -> str:
    """The attribute a plural names when one changes it ("changed vets", "switched banks"): one of them."""
    plural = attribute.endswith("s") and not attribute.endswith(("ss", "us", "is")) and "_" not in attribute
    return attribute[:-1] if plural else attribute


# One's home said to be in a named place: "my flat is in Clapton", "our house is now just outside Leeds".
_HOME_IS_IN_RE = re.compile(
    r"^(?:my|our|the new) (?:new |current )?(?:flat|house|home|place|apartment|bungalow|cottage)(?:'s| is)(?: now)?"
    r" (?:in|near|just outside|outside|on the edge of) (?-i:[A-Z])",
    re.I,
)
# An attribute with no "my" or "our", given a new value: "bin day has changed to Wednesday", "rent's gone up to
# 1,100" (a name opens with a capital: "Tom has moved to Leeds" is Tom's).
_BARE_ATTRIBUTE_MOVED_RE = re.compile(
    r"^(?!(?:i|we|it|that|this|he|she|they|there|my|our|the|his|her|their|your)\b)"
    r"(?P<attr>[a-z][\w-]*(?: (?!has\b|have\b)[a-z][\w-]*)?) (?:has |have )?"
    r"(?:changed|moved|switched|gone up|gone down) to\b"
)


def _names_someone(attr: str) -> bool:
    """ "daughter Maisie", "best friend Jo": a relation, then the name of whoever holds it."""
    words = attr.split()
    return len(words) > 1 and words[0].islower() and any(w[:1].isupper() for w in words[1:])


# Words that say a value is the current or the chief one, not which attribute it is.
_CURRENT = frozenset("main current present now currently latest primary".split())


def _works_in_a_place(text: str) -> bool:
    """ "I work in Lisbon": where someone works is where they are based (a move supersedes it)."""
    match = re.match(r"^(?:i|we) " + ADVERB_RUN + r"(?:work|working|worked) in\b", text, re.I)
    place = _PLACE_RE.search(text, match.end() - 2) if match else None
    return place is not None and place.group("place").split()[0].lower() not in _NOT_A_PLACE


_ANSWER_STYLE_RE = re.compile(
    r"\b(answers?|replies|reply|responses?|explanations?|bullet points?|key points?|summar(?:y|ies)|walls? of text|"
    r"paragraphs?)\b",
    re.I,
)


def answer_style_key(text: str, subject: str) -> str | None:
    """One topic for how the agent should answer ("short answers", "no long explanations", "bullet points"),
    so that the latest wording of that preference replaces the earlier ones."""
    return f"{subject}.prefers.answer_style" if _ANSWER_STYLE_RE.search(text) else None


def preference_key(verb: str, obj: str, subject: str) -> str | None:
    """`bob.prefers.hotels` for "I prefer hotels near a metro"; `bob.taste.jazz` for "I love jazz" or "I
    can't stand jazz" (a taste's direction is its value: a reversal supersedes it, more detail fuses)."""
    head = _OBJECT_END_RE.split(obj, maxsplit=1)[0]
    words = [w for w in _WORD_RE.findall(head.lower()) if w not in _DETERMINERS]
    if not words:
        return None
    if verb.lower() in ("prefer", "rather"):
        return f"{subject}.prefers.{words[-1]}"
    # "anything by Studio Ghibli", "stuff from Aldi": the taste is for the maker named after it
    while len(words) > 2 and words[0] in _ANY_OF and words[1] in ("by", "from", "of"):
        words = words[2:]
    return f"{subject}.taste.{words[0]}"


_DETERMINERS = frozenset("a an the my our your some any all this that these those to".split())
_ANY_OF = frozenset("anything everything something stuff things films movies music songs books shows".split())


# "Ingrid works at Spotify", "Tom's manager is Ana", "The user no longer eats meat": a stored statement said of
# someone, as a direct write or an agent's note words it.
_SAID_OF_RE = re.compile(r"^(?P<who>(?i:the user)|[A-Z][\w-]*(?: [A-Z][\w-]*)?)(?P<own>'s)? (?P<rest>.+)$")
# Someone named with whose they are: "Hal's daughter Maisie is ...", "Sam's best friend Jo lives ...": the
# statement is said of the person named last.
_WHOSE_NAMED_RE = re.compile(
    r"^(?:(?i:the user)|[A-Z][\w-]*)'s (?:(?!(?:is|are|was|were)\b)[a-z-]+ ){1,2}(?=[A-Z][\w-]*(?:'s)? [a-z])"
)
_MOVES_TO_RE = re.compile(r"\s+(?:move[sd]?|change[sd]?|switch(?:es|ed)?|go(?:es)? back)\s+to\s+", re.I)


def statement_key(statement: str) -> str | None:
    """The slot of a statement said of someone in the third person, found as `attribute_key` finds it in
    the first person ("Ingrid works at Spotify" → `ingrid.employer`, "Tom's manager is Ana" →
    `tom.manager`): a card written through the API, or held without a key, changes by the same rules."""
    text = statement.strip()
    bare = _BARE_ATTRIBUTE_MOVED_RE.match(text[:1].lower() + text[1:])
    if bare and (len(bare.group("attr").split()) == 2 or not text[:1].isupper()):
        return (
            f"user.{slug(bare.group('attr'), 2)}"  # "Bin day has changed to ...": the user's (not "Tom has")
        )
    if addressed_by_kin(text):  # "Grandma's care home is ...": the speaker's grandma's, as they would say it
        return attribute_key(text, "user")
    text = (
        owner_first(text, own=False) or text
    )  # "Hannah is Ted's mentor": as "Ted's mentor is Hannah" says it
    said = in_first_person(text)
    return attribute_key(*said) if said else None


def in_first_person(text: str) -> tuple[str, str] | None:
    """A statement said of someone, as they would say it, and whom it is about ("Ingrid works at Spotify" →
    ("I work at Spotify", "ingrid")); None when it opens with no one."""
    said = _SAID_OF_RE.match(_WHOSE_NAMED_RE.sub("", text, count=1))
    if said is None:
        return None
    who = said.group("who")
    subject = "user" if who.lower() == "the user" else subject_of(who)
    words = said.group("rest").split()
    if said.group("own"):  # "Yusuf's swimming lessons move to Thursdays": a new value of the same attribute
        theirs = " ".join(["my", *words])  # ... but "Ravi's mum moved to Leeds": she did
        return (
            theirs if _THEIR_PERSON_RE.match(theirs) else _MOVES_TO_RE.sub(" are ", theirs, count=1)
        ), subject
    if addressed_by_kin(text):  # "Mum has moved to Leeds": the user's mum
        return f"my {text[:1].lower()}{text[1:]}", "user"
    n = 0  # past adverbs ("now", "also", "no longer") to the verb
    while n < len(words) - 1 and (words[n].lower() in ADVERBS or words[n].lower() == "no"):
        n += 2 if words[n].lower() == "no" else 1
    if n >= len(words):
        return None
    return " ".join(["I", *words[:n], first_person(words[n].lower()), *words[n + 1 :]]), subject

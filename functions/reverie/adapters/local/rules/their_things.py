"""More about a thing of someone's, said as a thing of its own, that belongs in the card about them: what they
do, belong to or react to ("The book club meets on the first Tuesday" after "Cas is in a book club"), and their
favourite within a taste held ("Hal's go-to Korean dish is bibimbap" after "Hal loves Korean food"), and which
one of a kind it is ("volunteers at the Oxfam shop" after "volunteers at a charity shop")."""

from __future__ import annotations

import re

from reverie.adapters.local.rules.about import event, owner, topic
from reverie.adapters.local.rules.keys import other_slots
from reverie.adapters.local.rules.whose import unnamed_terms
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.domain.restatement import stem, terms

_FUSIBLE = frozenset({MemoryType.FACT, MemoryType.PREFERENCE})

# A thing as a statement's subject, and the verb said of it: "The book club meets ...", "Five-a-side is on ...",
# "Penicillin gives me ..."; a person's name or a pronoun is no thing.
_THING_SAID_RE = re.compile(
    # (where they are after them: "The vegetables in the back garden are in four raised beds")
    r"^(?:the\s+)?(?P<thing>[\w-]+(?:\s+[a-z][\w-]*){0,2}?)(?:\s+(?:in|at|on)\s+(?:the|my|our)\s+[a-z][\w-]*"
    # (or whose it is: "The book club I host meets at my flat ...")
    r"(?:\s+[a-z][\w-]*)?|\s+(?:I|we)\s+(?:host|run|started|set\s+up|organise|organize|lead))?\s+(?:is|are|meets?|runs?|starts?|gives?|makes?|"
    r"happens?|takes\s+place|rehearses|trains|practises|practices|plays|opens|closes|sits|gathers|"
    # how it is to them: "Coriander tastes like soap to the user" after "the user hates coriander"
    r"tastes|smells|feels|sounds|"
    # where a group goes: "The cycling club rides out from the Bell on Sundays" after "is in a cycling club"
    r"rides|walks|sails|swims)\b",
    re.I,
)
_NO_THING = frozenset(
    stem(w) for w in "it this that there they he she what which everything something".split()
)


def about_what_they_do(candidate: Candidate, card: MemoryCard) -> bool:
    """A lasting statement whose subject is a thing the card says its person does, belongs to or reacts to:
    "The book club meets on the first Tuesday at the Crown" after "Cas is in a book club", "Five-a-side is on
    Wednesday nights" after "Wes plays five-a-side football", "Penicillin gives Max a nasty reaction" after
    "Max is allergic to penicillin": more about that one thing of theirs, one card. Only a thing the card
    names after its person, whole, and never a passing state beside a lasting one."""
    if (
        candidate.type not in _FUSIBLE
        or card.type not in _FUSIBLE
        or event(candidate.statement)
        or event(card.statement)
        or candidate.valid_until != card.valid_until
        or other_slots(candidate.key, card.key, card.user_id or "")
    ):
        return False
    found = _THING_SAID_RE.match(candidate.statement.strip())
    person = owner(card.statement)[0]
    if found is None or not person or not card.statement[:1].isupper():
        return False
    thing = terms(found.group("thing"))
    if not thing or thing & _NO_THING or person in thing or owner(candidate.statement)[0] == person:
        return False
    # a name opening the candidate may be a person's ("Giulia is ..." beside "At home Giulia has ..."): a thing
    # is one the card names in lower case ("allergic to penicillin"), or one said with "the"
    if not found.group(0).lower().startswith("the ") and not thing <= unnamed_terms(card.statement):
        return False
    # whose the thing is, when the candidate says ("Ana's book club meets ..."): the card's person's, or no fusion
    whose = re.match(r"^(?P<owner>[A-Z][\w-]*)'s\s", candidate.statement.strip())
    if whose and stem(whose.group("owner").lower()) != person:
        return False
    return thing <= terms(card.statement) - {person}


# Someone's favourite of a kind ("Hal's go-to Korean dish is bibimbap", "Green curry is Gus's favourite Thai
# dish") and a taste held ("Hal loves Korean food").
_WHOSE_FAVOURITE = (
    r"(?P<who>the\s+user|[\w-]+)'s\s+(?:go-to|favou?rite|fave|usual)\s+(?P<what>(?:[\w-]+\s+){0,2}?[\w-]+)"
)
_FAVOURITE_RES = (
    re.compile(rf"^{_WHOSE_FAVOURITE}\s+(?:is|are)\b", re.I),
    re.compile(rf"^[^,;]+?\s+(?:is|are)\s+{_WHOSE_FAVOURITE}\W*$", re.I),
)


def favourite_of_taste(candidate: Candidate, card: MemoryCard) -> bool:
    """The candidate gives someone's favourite of a kind the card says they love ("Hal's go-to Korean dish is
    bibimbap" after "Hal loves Korean food"): the taste, made precise."""
    found = next(filter(None, (r.match(candidate.statement.strip()) for r in _FAVOURITE_RES)), None)
    if found is None or candidate.type not in _FUSIBLE or card.type not in _FUSIBLE:
        return False
    taste = re.match(
        rf"^{re.escape(found.group('who'))}\s+(?:loves?|likes?|enjoys?|adores?|is\s+into)\s+(?P<what>[^,.;]+)",
        card.statement.strip(),
        re.I,
    )
    words = found.group("what").split()
    kind = words[:-1] or words  # "Korean" of "Korean dish"; "hike" of "favourite hike" (after "loves hiking")
    return taste is not None and bool(terms(" ".join(kind)) & terms(taste.group("what")))


# What someone always has, said as a habit: "Dai always orders a flat white", "Mo usually drinks oat lattes".
_USUALLY_HAS_RE = re.compile(
    r"^(?P<who>the\s+user|[\w-]+)\s+(?:always|usually|normally|mostly|generally)\s+(?:orders?|drinks?|has|have|"
    r"gets?|eats?|takes?|chooses?|picks?)\s+(?P<what>[^,.;]+)",
    re.I,
)


def usual_said_as_habit(candidate: Candidate, card: MemoryCard) -> bool:
    """One says someone's usual of a kind ("Dai's go-to coffee is a flat white"), the other that they always have
    the same thing ("Dai always orders a flat white"): one habit, said twice, whichever came first."""
    if candidate.type not in _FUSIBLE or card.type not in _FUSIBLE:
        return False
    for usual, habit in ((candidate.statement, card.statement), (card.statement, candidate.statement)):
        found = _FAVOURITE_RES[0].match(usual.strip())
        does = _USUALLY_HAS_RE.match(habit.strip())
        if found and does and found.group("who").lower() == does.group("who").lower():
            value = terms(usual[found.end() :])
            if value and value == terms(does.group("what")):
                return True
    return False


# A thing of a kind, not yet named ("volunteers at a charity shop", "plays in a band"): its head noun.
_ONE_OF_A_KIND_RE = re.compile(r"\b(?:a|an)\s+(?:[a-z][\w-]*\s+){0,2}(?P<head>[a-z][\w-]*)\b")


def names_the_one(candidate: Candidate, card: MemoryCard) -> bool:
    """The card says someone does something with a thing of a kind ("Fay volunteers at a charity shop"); the
    candidate, of the same someone, names which one ("Fay volunteers at the Oxfam shop on Saturdays"): the same
    thing, made precise. All else the card says must be said again."""
    found = _ONE_OF_A_KIND_RE.search(card.statement)
    if found is None or owner(candidate.statement)[0] != owner(card.statement)[0]:
        return False
    named = re.search(
        rf"\s(?:the\s+)?(?:(?-i:[A-Z])[\w'&-]*\s+)+{re.escape(found.group('head'))}s?\b", candidate.statement
    )
    rest = card.statement[: found.start()] + card.statement[found.end() :]
    return named is not None and topic(rest) <= topic(candidate.statement)


# What someone is by their work or pursuit, as a noun of a verb: "Gio is a teacher", "Mae is a keen runner".
_IS_A_DOER_RE = re.compile(
    r"^(?P<who>[\w' -]+?) is an? (?:[\w-]+ ){0,2}?(?P<noun>[a-z]{3,}(?:er|or))\b", re.I
)


def _root(word: str) -> str:
    """A verb's root as its doer's noun keeps it: "teach" (teaches, teacher), "writ" (writes, writer), "run"
    (runs, runner), "bak" (bakes, baker)."""
    word = word.lower().removesuffix("e")
    return word[:-1] if len(word) > 3 and word[-1] == word[-2] else word


def does_what_they_are(candidate: Candidate, card: MemoryCard) -> bool:
    """The card says what someone is by a noun of a verb ("Gio is a teacher"); the candidate, of the same
    someone, says what they do with that verb ("Gio teaches maths at Oakwood High"): the same, made precise."""
    found = _IS_A_DOER_RE.match(card.statement.strip())
    if found is None or candidate.type not in _FUSIBLE or card.type not in _FUSIBLE:
        return False
    said = re.match(
        rf"^{re.escape(found.group('who'))} (?:\w+ly )?(?P<verb>[a-z]+?)(?:es|s)\b", candidate.statement
    )
    return said is not None and _root(found.group("noun")[:-2]) == _root(said.group("verb"))


# What someone's thing is, by name: "Dex's folding bike is a Brompton", "my car is a Skoda".
_THING_IS_NAMED_RE = re.compile(
    r"(?:'s|\bmy|\bour|\btheir)\s+(?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*\s+is\s+(?:an?\s+|the\s+)?(?P<name>(?-i:[A-Z])[\w-]*)",
    re.I,
)


def uses_its_name(candidate: Candidate, card: MemoryCard) -> bool:
    """The candidate speaks of someone's thing by the name the card gives it ("Dex rides their Brompton to the
    station" after "Dex's folding bike is a Brompton"): more about that thing."""
    if (
        candidate.type not in _FUSIBLE
        or card.type not in _FUSIBLE
        or owner(candidate.statement)[0] != owner(card.statement)[0]
    ):
        return False
    return any(
        re.search(rf"\b(?:their|his|her|my|our|\w+'s)\s+{re.escape(m.group('name'))}\b", candidate.statement)
        for m in _THING_IS_NAMED_RE.finditer(card.statement)
    )

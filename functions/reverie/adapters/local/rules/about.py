"""What a stored statement is about, for the rule reasoner's merge decisions: whom (`owner`, `subject`),
which specific things (`topic`), and whether it tells of something that happened (`event`)."""

from __future__ import annotations

import re

from reverie.adapters.local.rules.verb_forms import IRREGULAR_PAST
from reverie.domain.restatement import is_kin, stem, terms
from reverie.domain.text import MONTH_NAME


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    return len(a & b) / len(a | b) if a or b else 1.0


def contains(big: frozenset[str], small: frozenset[str]) -> bool:
    return len(small) >= 2 and small <= big


_OPENING_RE = re.compile(
    r"^(?:(?:in|on|at|during|after|before|since|by|last|this|that|yesterday|today|recently|earlier|"
    r"later|then|also|now)\b[^,]{0,60},\s*)+",
    re.I,
)


_SUBJECT_RE = re.compile(r"^(?:the\s+)?([\w-]+)(?:'s\s+([\w-]+))?", re.I)


# Words that say nothing about what a statement is about: a shared one is no common topic.
GENERIC = frozenset(
    stem(form)  # every inflection, as `terms` stems them ("loves" → lov, "goes" → goe)
    for w in """love like enjoy adore prefer hate go going went have has had use used work live start keep
    started stop get got make made take took want need try new old week month year day days weeks months
    years time times today yesterday tomorrow morning evening night weekend every last next first again
    january february march april may june july august september october november december monday tuesday
    wednesday thursday friday saturday sunday user users really also lot lots thing things people bit little
    sometimes occasionally often""".split()
    for form in (w, w + "s", w + "es", w + "d", w + "ed", w + "ing")
)


# A number, a date or an amount ("14", "5pm", "2nd", "30km"), not a name with a digit in it ("B2", "PS5").
_NUMBER_RE = re.compile(r"^\d[\d.,:]*[a-z]{0,3}$")


def topic(statement: str) -> frozenset[str]:
    """The specific things a statement is about: its terms without the subject, generic verbs, time words
    and numbers ("The user goes to a jazz club every Friday" → jazz, club)."""
    who = subject(statement) | name_words(statement)  # "Santiago Ruiz ...": both words are who, not what
    return frozenset(t for t in terms(statement) - who if t not in GENERIC and not _NUMBER_RE.match(t))


_TIME_OPENER = frozenset(
    "on in at during after before since by last this these next every early late nowadays currently now "
    "lately recently usually".split()
)


_TIME_WORD_RE = re.compile(
    r"^(?:the|a|\d+\w*|week|weekend|morning|afternoon|evening|night|day|month|year|sprint|quarter|spring|"
    rf"summer|autumn|fall|winter|monday|tuesday|wednesday|thursday|friday|saturday|sunday|{MONTH_NAME})s?,?$",
    re.I,
)


# (what of theirs may be their someone's: "Nadia's dad's amlodipine" → nadia, {dad, amlodipine})
_OWNER_RE = re.compile(r"^(?:the\s+)?([\w-]+?)(?:'s\s+((?:[\w-]+'s\s+)?(?:[\w-]+\s+){0,1}[\w-]+))?\b", re.I)


def owner(statement: str) -> tuple[str, frozenset[str]]:
    """Who a statement is about and what of theirs, after any dated opening, with or without a comma
    ("On Sunday Greta played ..." → greta; "Aiko's Saturday run is ..." → aiko, {run})."""
    words = statement.strip().split()
    if words and words[0].lower() in _TIME_OPENER:
        rest = words[1:]
        while rest and _TIME_WORD_RE.match(rest[0]):
            rest = rest[1:]
        words = rest or words
    match = _OWNER_RE.match(" ".join(words))
    if match is None:
        return "", frozenset()
    # "Oz's brother flew back ...": the verb after what is theirs is none of it
    said = (match.group(2) or "").split()
    whose = [said.pop(0).removesuffix("'s")] if said and said[0].endswith("'s") else []
    said = whose + (said[:1] if len(said) > 1 and _verb_after(said[1].lower()) else said)
    owned = frozenset(stem(w.lower()) for w in said) - GENERIC
    return stem(match.group(1).lower()), owned


# Someone's relative or friend by name: "Ish's son Leo", "The user's best friend Hana".
_NAMED_RELATIVE_RE = re.compile(
    r"^(?:The user|(?-i:[A-Z])[\w-]*)'s\s+(?:[a-z]+\s+){1,2}(?P<name>(?-i:[A-Z])[\w-]+)\b"
)


def whom(statement: str) -> tuple[str, frozenset[str]]:
    """Whom a statement is about: its owner and the relatives of theirs it names ("Fay's son sings ..." →
    fay, {son}; "Fay's Saturday run is ..." → fay, {}); a relative or friend named is that person ("Ish's son Leo
    is ..." → leo, as "Leo can't ..." is)."""
    if named := _NAMED_RELATIVE_RE.match(statement.strip()):
        return stem(named.group("name").lower()), frozenset()
    person, owned = owner(statement)
    said = re.findall(r"[\w-]+", statement.lower())  # as written: "wife" (its stem "wif" names no one)
    return person, frozenset(stem(w) for w in said if is_kin(w) and stem(w) in owned)


# A capitalised word inside a statement (not opening it or a sentence of it): a name ("Pepper", "Ollie").
_NAME_INSIDE_RE = re.compile(r"(?<![.!?]\s)(?<!^)\b(?-i:[A-Z])[a-z]+\b")


def names_inside(statement: str) -> frozenset[str]:
    """The names a statement gives after its opening word: "The user's cat Pepper ..." → {"Pepper"}."""
    return frozenset(_NAME_INSIDE_RE.findall(statement))


def _verb_after(word: str) -> bool:
    """`word`, after what someone has, is a verb of the sentence ("is", "flew", "booked"), not more of the thing
    ("run" in "Aiko's Saturday run": a noun as often as a verb)."""
    return (
        word in _LINKING
        or bool(_PAST_VERB_RE.match(word))
        or (word in IRREGULAR_PAST and word not in _PRESENT_TOO)
    )


_LINKING = frozenset("is are has have does will can".split())
_PAST_VERB_RE = re.compile(r"^(?:[a-z]+ed|was|were|had|did)$")


def event(statement: str) -> bool:
    """The statement tells of something that happened ("Greta played a recital", "Jon went to Rome"), not
    of a standing state or habit ("loves jazz", "runs every weekend", "has a cat"): events accumulate, each
    at its own date; only states and tastes fuse or change."""
    words = statement.strip().split()
    name, _ = owner(statement)
    for n, word in enumerate(words[:8]):
        if stem(word.lower().removesuffix("'s").rstrip("'")) == name:
            after = [w.lower().strip(",.;:") for w in words[n + 1 : n + 4]]
            verb = next((w for w in after if w not in _AUXILIARY_SKIP), "")
            return bool(_PAST_VERB_RE.match(verb)) or (verb in IRREGULAR_PAST and verb not in _PRESENT_TOO)
    return False


# Past forms that are present forms too ("Aiko run every weekend"): no sign of an event.
_PRESENT_TOO = frozenset(
    "run set put let cut read hit shut quit spread cast cost hurt split bet come become".split()
)


_AUXILIARY_SKIP = frozenset("also just finally recently then once first never still".split())


_NAME_RE = re.compile(r"^(?:the\s+user|(?:[A-Z][\w-]*)(?:\s+[A-Z][\w-]*){0,2})(?='s\b|\s|$)")


def name_words(statement: str) -> frozenset[str]:
    """The words of the name a statement opens with, whole ("Kofi Boateng's Corolla ..." → kofi, boateng;
    "The user ..." → the, user): who it is about, never what it says of them."""
    match = _NAME_RE.match(_OPENING_RE.sub("", statement.strip()))
    return frozenset(stem(w.lower()) for w in match.group(0).split()) if match else frozenset()


def subject(statement: str) -> frozenset[str]:
    """Whom or what a stored statement is about: its first word after any dated opening and "the", with
    the noun a possessive names ("In May 2023, Jon's shop opened" → jon, shop; "Sprints end" → sprint)."""
    match = _SUBJECT_RE.match(_OPENING_RE.sub("", statement.strip()))
    if match is None:
        return frozenset()
    return frozenset(stem(w.lower()) for w in match.groups() if w)


# Words after which an object ends: a preposition, a conjunction, a clause.
_OBJECT_END = frozenset(
    "in on at with for to from by and but so because when while after before since of during into as".split()
)
_DETERMINERS = frozenset("a an the my our their his her its some this that these those".split())
_LEADING = frozenset("to for in into on up out one two three four five new little big old".split())
_HAVE = frozenset("has have had own owns owned got adopted bought keep keeps kept".split())


def _phrase(words: list[str]) -> list[str]:
    """The noun phrase `words` open with, past gerunds, determiners and numbers: "learning the cello in
    January" → [cello]; "to an LGBTQ support group on ..." → [lgbtq, support, group]."""
    while words and (words[0].endswith("ing") or words[0] in _DETERMINERS or words[0] in _LEADING):
        words = words[1:]
    phrase: list[str] = []
    for word in words:
        if word in _OBJECT_END or not word or word.endswith("'s"):
            break
        phrase.append(word)
    return phrase


def _words(statement: str) -> list[str]:
    return [w.strip(",.;:!?\"'()").lower() for w in statement.split()]


def possessions(statement: str) -> frozenset[str]:
    """The things a statement says its subject has ("Elif has a cat and ..." → {cat})."""
    found: set[str] = set()
    for clause in statement.split(";"):  # a fused card's parts: "Pat has a cat called Miso; Miso is 12"
        words = _words(clause)
        found.update(stem(p[-1]) for n, w in enumerate(words) if w in _HAVE if (p := _phrase(words[n + 1 :])))
    return frozenset(found)


def pursuit(statement: str) -> frozenset[str]:
    """What an event is about: the object of its verb, stemmed, without generic words ("Greta started
    learning the cello in January" → {cello}; "Jon played a piano recital" → {piano, recital})."""
    words = _words(statement)
    name, _ = owner(statement)
    start = next((n + 1 for n, w in enumerate(words[:8]) if stem(w.removesuffix("'s")) == name), None)
    if start is None:
        return frozenset()
    return frozenset(stem(w) for w in _phrase(words[start + 1 :])) - GENERIC

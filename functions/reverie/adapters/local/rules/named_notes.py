"""Notes about named people, told to an agent: "Aarav gets 25% extra time in tests, Meera moves up to set 1
after half term, and Zoe's parents want letters sent to her dad only" (a teacher on her pupils, a coach on
his players, a manager on her team).

Each note opens with the person it is about (a name, or a name's someone: "Zoe's parents") and a verb in the
present tense, and names enough of its own (a number, a name, a few specific words) to be asked about
later. The note is theirs: kept as the plain sentence, never as the speaker's, and two notes about two
people joined in one sentence are two ideas, each its own card. A note that only relays what someone says,
thinks or feels ("Tom says hi", "Ana thinks it's fine") is none.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.language import compress, strip_emoji
from reverie.adapters.local.rules.longevity import passing_state
from reverie.adapters.local.rules.specificity import specificity
from reverie.adapters.local.rules.statement_types import Speaker, Statement
from reverie.adapters.local.rules.stored_form import render, salience
from reverie.adapters.local.rules.typos import english_lexicon
from reverie.domain.models import MemoryType
from reverie.domain.text import STOP_WORDS

MIN_SPECIFIC = 1  # what a note says of its person names at least ("loves trains", "gets 25% extra time")
_OPENING_RE = re.compile(r"^(?:(?:and|also|plus|then|oh|ok|so)\b[,\s]+)+", re.I)
# A name (a surname maybe) or a name's someone ("Zoe's parents", "Kai's mum"), then a verb in the present:
# a third-person "-s" form ("gets", "moves", "needs"), or "has", or a plural subject's bare verb after "'s".
_NOTE_RE = re.compile(
    r"^(?P<name>(?-i:[A-Z][a-z]+)(?:\s+(?-i:[A-Z][a-z]+))?)"
    r"(?P<whose>'s\s+[a-z]+)?\s+"
    r"(?:(?:also|now|still|usually|always|only)\s+)?"
    r"(?P<verb>has|is(?=\s+into\b)|[a-z]{2,}[^s\W']s|[a-z]{3,})(?P<rest>\s.+)$"  # a word, not "payments-api" nor "wishes,"
)
_PLEASE_RE = re.compile(r"^please\b|\bplease\W*$", re.I)  # "Deploy payments-api to staging please": a request
# Capitalised words that open a sentence without naming anyone.
_NOT_NAMES = frozenset(
    """I The This That These Those It He She They We You My Our Your His Her Their There Here What Who Which
    When Where Why How Please Kindly Dear Just Also And But So Then Now Ok Okay Yes No Thanks Sorry Hi Hey Hello Let Can
    Could Would Will Should Do Did Does Never Always Maybe Actually Every Each All Some Any Monday Tuesday
    Wednesday Thursday Friday Saturday Sunday Today Tomorrow Yesterday January February March April May June
    July August September October November December""".split()
)
# Third-person verbs that are no plural noun, so never the object of an order ("Add retries ..." is one).
_ONLY_VERBS = frozenset(
    "goes lives does has wants needs likes loves hates prefers teaches studies drives swims attends owns speaks "
    "knows earns rides cycles".split()
)
# Verbs that relay what someone says, thinks or feels, or pass on a greeting: no note of what holds for them.
_NOT_NOTE_VERBS = frozenset(
    """says thinks reckons feels seems looks sounds wonders asks hopes knows guesses believes means sends
    said think say feel reckon wonder hope know guess believe mean send insists claims swears maintains tells
    is are was were be been will would could should can may might must did does do had""".split()
)


def _note(clause: str) -> re.Match[str] | None:
    """The note `clause` is (its "name", "whose" and "verb"), or None (see the module docstring)."""
    text = _OPENING_RE.sub("", compress(strip_emoji(clause)))
    found = None if _PLEASE_RE.search(text) else _NOTE_RE.match(text)
    if found is None:
        return None
    name, verb, whose = found.group("name"), found.group("verb"), found.group("whose")
    into = verb == "is" and found.group("rest").lstrip().lower().startswith(
        "into "
    )  # "Leo is into dinosaurs"
    if (
        name.split()[0] in _NOT_NAMES
        or name.split()[0].lower() in STOP_WORDS
        or verb in STOP_WORDS - {"has", "is"}
    ):
        return None  # "For this letter ...": no name and no verb
    first = name.split()[0]
    stem_of = first[:-3]  # "Making" → "mak": a gerund's verb is "make" (or "run" for "Running")
    gerund = first.endswith("ing") and any(
        v in english_lexicon()
        for v in (stem_of.lower(), stem_of.lower() + "e", stem_of.lower()[:-1])
        if len(v) > 2
    )
    # a verb after it no order has as its object ("Jack goes to Hillview", "Mark lives in Leeds"): a name
    if (base_verb(first) and verb.lower() not in _ONLY_VERBS) or gerund:
        return None  # "Add retries to ...", "Making pancakes ...": an order or a doing, not someone named so
    # a bare verb only after a name's people ("Zoe's parents want"); a name's own verb ends in "s"
    if verb != "has" and not verb.endswith("s") and not (whose and whose.endswith("s")):
        return None
    if (verb in _NOT_NOTE_VERBS and not into) or specificity(found.group("rest")) < MIN_SPECIFIC:
        return None
    return found


def base_verb(word: str) -> bool:
    """`word` is an English verb's plain form: the word list knows its "-ing" and its "-ed" ("add", "deploy",
    "merge", "fix"). A name that is also a verb ("Mark", "Grace") is missed: better than an order kept as a note."""
    w, lexicon = word.lower(), english_lexicon()
    stems = {w, w.removesuffix("e"), w + w[-1:]}
    return any(f"{s}ing" in lexicon for s in stems) and any(
        f in lexicon for f in (f"{w}ed", f"{w}d", f"{w}{w[-1:]}ed", f"{w[:-1]}ied")
    )


def note_subject(clause: str) -> str | None:
    """The person `clause` is a note about ("Aarav", "Zoe" for "Zoe's parents want ..."), or None when it is
    no such note."""
    found = _note(clause)
    return found.group("name") if found else None


def notes_apart(left: str, right: str) -> bool:
    """Two clauses of one sentence that are notes about two different people: two ideas."""
    first, second = note_subject(left), note_subject(right)
    return first is not None and second is not None and first != second


def note_about_someone(sentence: str, who: Speaker) -> Statement | None:
    """Said to an agent, a note about a named person (not the speaker), kept as the plain sentence: theirs.
    A note about a name's people ("Mum's carers come at 8") is theirs to keep by the other rules."""
    found = _note(sentence)
    if found is None or found.group("whose") or not who.to_agent or found.group("name") in who.name.split():
        return None
    if passing_state(sentence):  # "Tom has a cold": over in a week
        return None
    text = _OPENING_RE.sub("", compress(strip_emoji(sentence)))
    return Statement(
        type=MemoryType.FACT, text=render(text, who), salience=salience(MemoryType.FACT, text, who)
    )

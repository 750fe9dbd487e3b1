"""A cleft sentence said plainly: "It is Ross-on-Wye market I go to on Wednesdays, not Hereford" → "I go to
Ross-on-Wye market on Wednesdays, not Hereford"; "It's Tuesday we meant" → "we meant Tuesday".

"It" there stands for nothing: the sentence puts one thing first to single it out. Read as it is, it would
be a statement about an unknown "it" (`held_it`), and its slot ("the user's market") would stay unknown. Only a
thing named as names and values are (a capital or a digit in it, a few words) is taken for the singled-out
thing, before a speaker's pronoun ("I", "we", ...), or a word or two with no article that the clause's stranded
preposition needs ("It's aspirin I'm allergic to", "it's tree nuts he's allergic to"): "It's a shame we missed
it" and "It's the first time I've been to" single out nothing and stay as they are.

The thing goes where the clause misses it: after a preposition left without its object ("go to on
Wednesdays", "work with"), else after the verb when a preposition or a time follows it ("drive every day"),
else at the end ("meant").
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.language import strip_opening

_SUBJECT = r"(?:I|we|you|he|she|they)(?:['’](?:m|re|ve|ll|d|s))?"
_CLEFT_RE = re.compile(
    r"^it(?:['’]s|\s+is|\s+was)\s+(?!not\b)(?P<focus>[^,;:]+?)\s+(?:(?:that|who|which)\s+)?"
    rf"(?P<subject>{_SUBJECT})\s+(?P<clause>[^,;:.!?]+?)"
    r"(?P<tail>(?:,?\s+(?:not|rather\s+than|instead\s+of)\s+[^;:]+?)?[.!]?)$",
    re.I,
)
_NAMED_RE = re.compile(r"[A-Z0-9]")
MAX_FOCUS_WORDS = 5
_STRANDED_WORDS = 2  # a thing not named, singled out for a stranded preposition: "aspirin", "tree nuts"
_DETERMINER_RE = re.compile(r"(?:the|a|an|this|that|these|those|my|your|his|her|our|their|its)\b", re.I)
_PREPOSITIONS = frozenset("to with at in on from for about into onto by near".split())
# what follows a preposition left without its object: another one, or when ("go to on Wednesdays")
_AFTER_GAP = _PREPOSITIONS | frozenset(
    "every each most some twice once daily weekly monthly now today tomorrow tonight this next last since until "
    "till".split()
)
_AUXILIARIES = frozenset(
    "am is are was were be been have has had do does did will would can could should shall may might must "
    "usually always often normally still now also just really mostly sometimes never".split()
)


def _gap(words: list[str]) -> int:
    """Where in the clause's `words` the singled-out thing belongs (see the module docstring)."""
    for i, word in enumerate(words):
        if word.lower() in _PREPOSITIONS and (i + 1 == len(words) or words[i + 1].lower() in _AFTER_GAP):
            return i + 1
    verb = next((i for i, w in enumerate(words) if w.lower() not in _AUXILIARIES), None)
    if verb is not None and verb + 1 < len(words) and words[verb + 1].lower() in _AFTER_GAP:
        return verb + 1
    return len(words)


def uncleft(sentence: str) -> str | None:
    """`sentence` said plainly when it is a cleft singling out a named thing (see the module docstring); None
    when it is not."""
    found = _CLEFT_RE.match(sentence.strip()) or _CLEFT_RE.match(
        strip_opening(sentence)
    )  # "Actually, it's ..."
    if found is None:
        return None
    focus = found.group("focus")
    words = found.group("clause").split()
    # a thing not named ("aspirin") is singled out only where the clause leaves its preposition without an object
    # ("it's aspirin I'm allergic to"); "it's fine we can go" singles out nothing
    stranded = (
        bool(words)
        and words[-1].lower() in _PREPOSITIONS
        and len(focus.split()) <= _STRANDED_WORDS
        and _DETERMINER_RE.match(focus) is None  # "It's the first time I've been to" singles out nothing
    )
    if not (_NAMED_RE.search(focus) or stranded) or len(focus.split()) > MAX_FOCUS_WORDS:
        return None
    at = _gap(words)
    clause = " ".join([*words[:at], focus, *words[at:]])
    subject = found.group("subject")
    subject = subject if subject[:1] == "I" else subject[:1].upper() + subject[1:]
    return f"{subject} {clause}{found.group('tail')}"

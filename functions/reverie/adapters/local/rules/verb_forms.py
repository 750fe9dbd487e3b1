"""Verb forms: modals, adverbs, irregular pasts, and a verb turned to the third person and back."""

from __future__ import annotations

import re

MODALS = frozenset("can could will would shall should may might must can't cannot won't wouldn't".split())
ADVERBS = frozenset(
    """also really just never always still usually often recently finally sometimes even already
    definitely totally actually only mostly rarely seldom currently personally especially absolutely
    truly certainly probably honestly kinda totally once first now then typically normally generally
    regularly occasionally last ever since""".split()
) | {"no longer"}
IRREGULAR_PAST = frozenset(
    """went got had did was were made took saw met ran bought brought thought felt left lost won found
    gave came began became wrote drove flew grew knew taught caught told said sold sent spent built heard
    held kept slept stood understood wore ate drank swam sang rode broke chose fell forgot hid hit hurt
    let put quit set shut cut paid laid led meant dealt fought sought struck threw woke sat shot spoke
    stole stuck swore tore read gotten done seen been taken given written driven ridden eaten fallen
    forgotten begun become come run grown known shown flown swum sung drunk gone""".split()
)
# An adverb made of an adjective and "-ly" ("genuinely", "hardly", "happily"): never the verb after "I".
# The verbs in "-ly" are short ("fly", "rely", "tally") or end in "-ply" ("apply", "reply", "multiply").
LY_ADVERB = r"[a-z]{3,}[a-oq-z]ly"
_LY_ADVERB_RE = re.compile(LY_ADVERB)
_UNCONJUGATED = frozenset("gonna wanna gotta used".split())
# Participles that are base forms too, never a simple past ("we ran", "I came"): after a subject, present.
_PRESENT_AFTER_SUBJECT = frozenset("run come become overcome".split())
PRESENT_EED = frozenset("need feed seed speed bleed breed heed weed proceed succeed exceed".split())
# The plain forms of irregular verbs that open requests ("write", "send", "make"): no "-ed" form tells them.
IRREGULAR_BASE = frozenset(
    """write send make take give find get buy bring keep tell put set run read draw choose hold leave pay sell
    build teach do go""".split()
)
_THIRD_PERSON_IRREGULAR = {
    "am": "is",
    "are": "is",
    "were": "was",
    "aren't": "isn't",
    "weren't": "wasn't",
    "have": "has",
    "do": "does",
    "go": "goes",
    "don't": "doesn't",
    "haven't": "hasn't",
    "am not": "is not",
}


def third_person(verb: str) -> str:
    """`prefer` → `prefers`, `go` → `goes`, `try` → `tries`; past forms and modals unchanged."""
    if "-" in verb.strip("-"):  # a compound verb agrees in its last part: "squash-merge" → "squash-merges"
        head, _, last = verb.rpartition("-")
        return f"{head}-{third_person(last)}"
    lower = verb.lower()
    if lower in _THIRD_PERSON_IRREGULAR:
        return _THIRD_PERSON_IRREGULAR[lower]
    if (
        lower in MODALS
        or (lower in IRREGULAR_PAST and lower not in _PRESENT_AFTER_SUBJECT)
        or lower in _UNCONJUGATED
        or (len(lower) > 5 and lower.endswith("ing"))
        or (lower.endswith("ed") and lower not in PRESENT_EED)  # "agreed" is a past form, "need" is not
        or lower.endswith("n't")
        or not lower.isalpha()
        or _LY_ADVERB_RE.fullmatch(lower)
    ):
        return verb
    if lower.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if len(lower) > 2 and lower.endswith("y") and lower[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


# The first person of the third person's irregular forms ("is" → "am", "has" → "have").
_FIRST_PERSON_IRREGULAR = {
    third: first
    for first, third in _THIRD_PERSON_IRREGULAR.items()
    if first not in ("are", "were", "aren't", "weren't")  # "I am", "I was": the singular's forms
} | {"isn't": "am not"}


def first_person(verb: str) -> str:
    """`works` → `work`, `carries` → `carry`, `watches` → `watch`, `is` → `am`: `third_person` undone."""
    lower = verb.lower()
    if lower in _FIRST_PERSON_IRREGULAR:
        return _FIRST_PERSON_IRREGULAR[lower]
    if lower.endswith("ies"):
        return verb[:-3] + "y"
    if lower.endswith(("shes", "ches", "sses", "xes", "oes")):
        return verb[:-2]
    return verb[:-1] if lower.endswith("s") and not lower.endswith("ss") else verb

"""A bare name answering the agent's "which one is it?" about a thing it just named: after "You mentioned a
preventer inhaler last time. Which one is it, in case the pharmacy asks?", the user's "clenil." says
"My preventer inhaler is Clenil."

The question asks which of its kind the thing is, and "one" stands for the thing named in the sentence
before it; the answer's first fragment, typed in a hurry and lower case, is its name. What follows the name
("brown one. 2 puffs morn + night.") is read as usual.
"""

from __future__ import annotations

import re
from itertools import pairwise

from reverie.adapters.local.rules.language import sentences
from reverie.domain.events import Event, MessageEvent

# "Which one is it?", "What one was that, ...?", "which one are they?"
_WHICH_ONE_RE = re.compile(r"^\W*(?:which|what)\s+one\s+(?:is|was|are|were)\s+(?:it|that|they|those)\b", re.I)
# The thing named: "a/an/your" and up to three words, before the sentence ends or a time it was said.
_NAMED_THING_RE = re.compile(
    r"\b(?:a|an|your)\s+(?P<thing>[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}?)"
    r"(?=\s+(?:last\s+time|earlier|before|the\s+other\s+day|yesterday|last\s+week)\b|\s*[.,;:!?]|\s*$)",
    re.I,
)
# A name typed alone: one to three words, no verb, no pronoun, not a reply word.
_NAME_RE = re.compile(r"^(?P<name>[A-Za-z][\w+-]*(?:\s+[\w+-]+){0,2})\W*$")
_NOT_A_NAME_RE = re.compile(
    r"\b(?:i|i'm|it|it's|we|you|is|are|was|were|yes|yeah|no|nope|not|sure|dunno|idk|ok|okay|thanks|the|a|an)\b",
    re.I,
)


def asked_thing(question: str) -> str | None:
    """The thing the agent's "which one is it?" asks about: the one named in the sentence before it."""
    said = sentences(question)
    for before, after in pairwise(said):
        if _WHICH_ONE_RE.match(after) and (named := _NAMED_THING_RE.findall(before)):
            return str(named[-1]).lower()
    return None


def which_one_answer(part: str, previous: Event | None) -> str | None:
    """`part` as the statement it makes when it names the thing the agent's message just before asked "which
    one" of; else None."""
    if not isinstance(previous, MessageEvent) or previous.role != "assistant":
        return None
    if (thing := asked_thing(previous.text)) is None:
        return None
    found = _NAME_RE.match(part.strip())
    if not found or _NOT_A_NAME_RE.search(found.group("name")):
        return None
    name = found.group("name")
    return f"My {thing} is {name[0].upper()}{name[1:]}."

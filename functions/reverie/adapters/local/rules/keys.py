"""Keys for rule-like memories: subject + the attribute a statement sets, so one fact has one current
version (`alice.home_city`, `caroline.relationship_status`, `user.package_manager`)."""

from __future__ import annotations

import re

from reverie.adapters.local.rules import patterns as p
from reverie.adapters.local.rules.language import slug

_USES_RE = re.compile(r"^(?:i|we) (?:\w+ )?use\b")
_OBJECT_END_RE = re.compile(r"\s+(?:a|an|the|from|at|to|with|for|in|on|of|over|than|when|near)\s+|[,:;.]")
_WORD_RE = re.compile(r"[a-z0-9]+")


def vocabulary_key(text: str, subject: str) -> str | None:
    """`alice.package_manager` when the text names a known tool ("pnpm"), else None."""
    match = p.VOCABULARY_RE.search(text)
    return f"{subject}.{p.VOCABULARY[match.group(1).lower()]}" if match else None


def attribute_key(text: str, subject: str) -> str | None:
    """A key for rule-like memories: subject + the attribute the sentence sets, when recognisable."""
    lowered = text.lower()
    for pattern, attribute in p.KEYED_FACT_RES:
        if pattern.search(lowered):
            return f"{subject}.{attribute}"
    favourite = p.FAVOURITE_RE.match(lowered)
    if favourite:
        return f"{subject}.favourite_{slug(favourite.group('what'), 2)}"
    attr = p.MY_ATTRIBUTE_RE.match(lowered)
    if attr and attr.group("attr").split()[0] not in ("own", "only", "last", "first", "new", "old"):
        return f"{subject}.{slug(attr.group('attr'), 2)}"
    if _USES_RE.match(lowered):
        return vocabulary_key(lowered, subject)
    return None


_ANSWER_STYLE_RE = re.compile(
    r"\b(answers?|replies|reply|responses?|explanations?|bullet points?|key points?|summar(?:y|ies)|walls? of text)\b",
    re.I,
)


def answer_style_key(text: str, subject: str) -> str | None:
    """One topic for how the agent should answer ("short answers", "no long explanations", "bullet points"),
    so that the latest wording of that preference replaces the earlier ones."""
    return f"{subject}.prefers.answer_style" if _ANSWER_STYLE_RE.search(text) else None


def preference_key(verb: str, obj: str, subject: str) -> str | None:
    """`bob.prefers.hotels` for "I prefer hotels near a metro"; tastes like "I love X" get no key."""
    if verb.lower() not in ("prefer", "rather"):
        return None
    head = _OBJECT_END_RE.split(obj, maxsplit=1)[0]
    words = _WORD_RE.findall(head.lower())
    return f"{subject}.prefers.{words[-1]}" if words else None

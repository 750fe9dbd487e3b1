"""What is not said in earnest: irony and hypotheticals. Such a sentence states nothing about the speaker's life.

Irony is marked: a tone tag after what was said ("I just LOVE night shifts /s", "/j", "#sarcasm"), a closing
"... not!" or "said no one ever", an eye roll, or the set frame of mock delight ("Oh great, another Monday").
A hypothetical is a counterfactual conditional: an "if" with a past verb and a "would" ("if I ever moved to
Perth I'd open a surf shop", "I'd quit tomorrow if I won the lottery", "if we had a garden we'd get a dog"),
a world that is not the speaker's. A real condition ("if I'm late, I take the bus", "if we move in May we'll
need a van") and a rule for the agent ("if I ever ask for X, remind me Y") are not hypotheticals.

Such a sentence stays in the raw log. A hypothetical joined to a plain statement by "but" or "and" ("I'm a
teacher, but if I won the lottery I'd quit") takes only its own clause with it.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.verb_forms import IRREGULAR_PAST, PRESENT_EED

# A tone tag closing what it marks (a line ending in "/s", "/sarc", "/j", "/jk", "#sarcasm"), not a unit
# ("9.8 m/s", "5 MB/s"): after a space, then only punctuation, emoji or the end.
_TONE_TAG_RE = re.compile(
    r"(?:^|\s)(?:/(?:s|sarc|sarcasm|j|jk|joke|joking)|#(?:sarcasm|not|irony|jk))(?=[\s.!?)…]*$|[\s.!?)…]+\W*$)",
    re.I,
)
_IRONY_RE = re.compile(
    # "... not!", "... NOT." closing a claim, "said no one ever", "yeah right", an eye roll
    r"[,.!]*\s+not\s*!+\s*$|\s(?:-|—|–)\s*not[.!]*\s*$|\bsaid\s+no\s+(?:one|body)\s+ever\b|^\s*yeah,?\s+right\b"
    r"|\U0001f644"
    # mock delight at more of something: "Oh great, another Monday", "oh joy, more paperwork"
    r"|^\s*oh\s+(?:great|fantastic|brilliant|wonderful|joy|lovely|goody|perfect|fab|super|marvell?ous)\b"
    r"[\s,!.]+(?:another|more|yet\s+another)\b",
    re.I,
)
# An "if" clause with a past verb (or "were", "had", "could"): a world that is not the speaker's. Not an
# indirect question ("she asked if I wanted to come, and I said I would").
_IF_PAST_RE = re.compile(
    r"(?<!\bask )(?<!\basked )(?<!\bwonder )(?<!\bwondered )(?<!\bknow )(?<!\bknew )(?<!\bsee )"
    r"(?<!\bcheck )(?<!\bchecked )(?<!\bsure )"
    r"\b(?:if|even\s+if|suppose|supposing)\s+(?:(?:my|our|his|her|their|the)\s+)?[\w-]+"
    r"(?:(?P<had>'d)\b|\s+(?:(?:ever|only|really|actually|somehow|just|suddenly|one\s+day)\s+)*"
    r"(?P<verb>[a-z']+)\b)",
    re.I,
)
# The clause that says what would follow: "I'd", "we would", "would never", "could finally".
_WOULD_RE = re.compile(
    r"(?:\b(?:i|we|you|he|she|they|it)'d\s+(?!better\b)|\b(?:would|wouldn't)\b|"
    r"\b(?:i|we|you|he|she|they)\s+(?:could|might)\s+(?:\w+\s+)?(?:finally|actually|just|easily|then)\b)",
    re.I,
)
# A plain statement the hypothetical is joined to: "I'm a teacher, but" (if I won the lottery I'd quit).
_STATED_BEFORE_RE = re.compile(
    r"^(?P<kept>.+?)(?:\s*[,;]\s*|\s+)(?:but|and|though|although|yet|so|still)\s*$", re.I
)


def _past(verb: str) -> bool:
    word = verb.lower()
    if word in ("were", "was", "had", "could", "did", "'d"):
        return True
    return word in IRREGULAR_PAST or (word.endswith("ed") and word not in PRESENT_EED)


def ironic(sentence: str) -> bool:
    """Whether `sentence` is marked as irony (see `_TONE_TAG_RE` and `_IRONY_RE`)."""
    return _TONE_TAG_RE.search(sentence) is not None or _IRONY_RE.search(sentence) is not None


def hypothetical(sentence: str) -> tuple[str, str] | None:
    """(what is kept, the hypothetical left out) when `sentence` imagines a world that is not the speaker's
    ("if I ever moved to X I'd ..."; "I'm a nurse, but if I won the lottery I'd quit" keeps "I'm a nurse"),
    None when it has no counterfactual conditional."""
    found = next(
        (m for m in _IF_PAST_RE.finditer(sentence) if m.group("had") or _past(m.group("verb") or "")), None
    )
    if found is None or _WOULD_RE.search(sentence) is None:
        return None
    before = sentence[: found.start()]
    stated = _STATED_BEFORE_RE.match(before)
    if stated and _WOULD_RE.search(before) is None and len(stated.group("kept").split()) >= 3:
        return stated.group("kept").rstrip(" ,;") + ".", sentence[found.start() :].strip()
    return "", sentence.strip()


def not_in_earnest(sentence: str) -> tuple[str, str, str] | None:
    """(what is kept, what is left out, why) when `sentence` is not said in earnest, in whole or in part;
    None when it is."""
    if ironic(sentence):
        return "", sentence.strip(), "irony"
    if split := hypothetical(sentence):
        return split[0], split[1], "hypothetical"
    return None

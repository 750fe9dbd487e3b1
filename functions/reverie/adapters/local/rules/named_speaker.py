"""The speaker named instead of "I": the display name a speaker goes by and first person → that name."""

from __future__ import annotations

import re

from reverie.adapters.local.rules.verb_forms import ADVERBS, LY_ADVERB, third_person

_CONTRACTIONS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\b(?:I'm|I am|Im)\b", re.IGNORECASE), "{name} is"),
    (re.compile(r"\bI've\b", re.IGNORECASE), "{name} has"),
    (re.compile(r"\bI'd\b", re.IGNORECASE), "{name} would"),
    (re.compile(r"\bI'll\b", re.IGNORECASE), "{name} will"),
    (re.compile(r"\bwe're\b", re.IGNORECASE), "{name} is"),
    (re.compile(r"\bwe've\b", re.IGNORECASE), "{name} has"),
    (re.compile(r"\bwe'll\b", re.IGNORECASE), "{name} will"),
    (re.compile(r"\bwe'd\b", re.IGNORECASE), "{name} would"),
)
_ADVERB_ALT = "|".join(sorted(ADVERBS)) + "|" + LY_ADVERB
# "I" or "we" + up to two adverbs + a verb ("I also like" → "Bob also likes", "I genuinely don't know" →
# "Bob genuinely doesn't know").
# (Never inside an identifier: "us-east-1", "my-app".)
_I_VERB_RE = re.compile(
    rf"(?<![\w-])(?:(?-i:I)|(?i:we))((?:\s+(?i:{_ADVERB_ALT})){{0,2}})(\s+)([A-Za-z]+(?:-[A-Za-z]+)*(?:n't)?)\b(?!')"
)
# ("with an i", "a capital I": the letter, never the speaker)
_I_RE = re.compile(
    r"(?<![\w-])(?<!\ban\s)(?<!\bthe\s)(?<!\bletter\s)(?<!\bcapital\s)(?:(?-i:I)|(?i:we)|us)(?![\w'-])"
)
_POSSESSIVE_RE = re.compile(r"(?<![\w-])(?:my|mine|our|ours)(?![\w-])", re.IGNORECASE)
_OBJECT_RE = re.compile(r"(?<![\w-])(?:me|myself|ourselves)(?![\w-])", re.IGNORECASE)
# "My wife and I", "me and my sister": the speaker first, then whom they name ("Diego and their wife").
_MY_X_AND_I_RE = re.compile(
    r"(?P<pre>^|[,;:(]\s*|\b(?i:and|but|so|when|because|since|after|before|then|while|if|now|also|today|"
    r"yesterday|recently)\s+)"
    r"(?:(?i:my|our)\s+(?P<x>(?:[\w'-]+\s+){0,2}?[\w'-]+)\s+(?i:and)\s+(?-i:I)(?![\w'-])"
    r"|(?i:me\s+and\s+(?:my|our)\s+)(?P<y>(?:[\w'-]+\s+){0,2}?[\w'-]+)(?=\s+(?:[a-z]+)\b))"
)
# Someone and the speaker as one subject ("Amy and I fell out", "my wife and I ..."): a "we" after it is the two
# of them, "they" once the speaker is named ("Amy and Ren fell out, they don't speak any more"), never the speaker
# alone.
_X_AND_I_RE = re.compile(r"(?:\b(?-i:[A-Z])[\w'-]*|\b(?i:my|our)\s+[\w'-]+)\s+and\s+I\b")
_THEIR_WE = ((r"\bwe're\b", "they're"), (r"\bwe've\b", "they've"), (r"\bwe\b", "they"), (r"\bour\b", "their"))
# "my husband Joris do them": one named person after a possessive, whose auxiliary a learner left unconjugated.
_NAMED_ONE_BASE_AUX_RE = re.compile(
    r"(?P<who>(?<![\w-])(?i:my|our)\s+(?:[a-z]+\s+){1,2}(?-i:[A-Z][a-z]+))\s+"
    r"(?P<aux>do|don't|have|haven't|are|aren't|were|weren't)(?![\w'-])"
)
# "My wife and I", "Ana and I": a compound subject, whose verb stays plural ("Ana and Bob have").
_COMPOUND_SUBJECT_RE = re.compile(r"(?:^|[,;:(]\s*)(?:\S+\s+){1,3}and\s+$", re.IGNORECASE)


def _conjugated(match: re.Match[str], name: str) -> str:
    verb = match.group(3)
    if _COMPOUND_SUBJECT_RE.search(match.string[: match.start()]):
        verb = {"am": "are", "was": "were"}.get(verb.lower(), verb)  # "Ana and I have" → "Ana and Bob have"
    else:
        verb = third_person(verb)
    return f"{name}{match.group(1)}{match.group(2)}{verb}"


# "We all", "we both", "each other", "brings us together": a group that stays one ("Bob and others all have").
_ALL_OF_US_RE = re.compile(r"\b(?:all|both) of us\b", re.I)
_WE_ARE_RE = re.compile(r"(?<![\w-])we're\b", re.I)
_WE_GROUP_RE = re.compile(r"(?<![\w-])(?:(?i:we)|us)(?![\w'-])")
_BETWEEN_US_RE = re.compile(r"\bbetween (?:the (?:two|three|four) of )?us\b", re.I)
_COLLECTIVE_RE = re.compile(
    r"\bwe\s+(?:all|both|each|two|three)\b|\b(?:each other|one another|together|(?:all|both) of us)\b", re.I
)


def desubjectivise(text: str, name: str) -> str:
    """First person → the speaker's name: "I went" → "Caroline went", "my X" → "Caroline's X",
    "me" → "Bob". "We" is rendered as the speaker too ("we now work in Oslo" → "Alice now works in
    Oslo"): what holds for the group holds for the speaker, and reads as one clean sentence. Verbs after a
    replaced subject agree, except in a compound subject ("Ana and I have" → "Ana and Bob have", "my
    wife and I take" → "Bob and their wife take")."""
    if pair := _X_AND_I_RE.search(text):
        after = text[pair.end() :]
        for said, them in _THEIR_WE:
            after = re.sub(said, them, after, flags=re.I)
        text = text[: pair.end()] + after
    text = _MY_X_AND_I_RE.sub(
        lambda m: f"{m.group('pre')}{name} and their {m.group('x') or m.group('y')}", text
    )
    text = _BETWEEN_US_RE.sub("together", text)  # "we make $90,000 between us": never "between Bob"
    if _COLLECTIVE_RE.search(text):
        text = _ALL_OF_US_RE.sub(f"{name} and others", text)
        text = _WE_GROUP_RE.sub(f"{name} and others", _WE_ARE_RE.sub(f"{name} and others are", text))
    for pattern, replacement in _CONTRACTIONS:
        text = pattern.sub(replacement.format(name=name), text)
    text = _I_VERB_RE.sub(lambda m: _conjugated(m, name), text)
    # "I live and work in Cork" → "Ana lives and works in Cork": the second verb of the same subject agrees too
    text = re.sub(
        rf"(?<![\w-]){re.escape(name)} (?P<first>[a-z]+s) and (?P<second>[a-z]+)(?= (?:in|at|for|as|on|with|from)\b)",
        lambda m: f"{name} {m.group('first')} and {third_person(m.group('second'))}",
        text,
    )
    text = _NAMED_ONE_BASE_AUX_RE.sub(lambda m: f"{m.group('who')} {third_person(m.group('aux'))}", text)
    text = _I_RE.sub(name, text)
    text = _POSSESSIVE_RE.sub(f"{name}'s", text)
    return _later_possessives(_OBJECT_RE.sub(name, text), name)


def _later_possessives(text: str, name: str) -> str:
    """ "Jon lost Jon's job" → "Jon lost their job": once the statement has named its speaker, a
    possessive of that name reads (and costs) less as "their"."""
    first = re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text)  # "Mo", not the "Mo" of "Mondays"
    if first is None or re.search(rf"\band\s+{re.escape(name)}\b|\b{re.escape(name)}\s+and\b", text):
        return text  # "The kids and Mo go to Mo's mum's": "their" would be the kids' too
    cut = first.end()
    head, tail = text[:cut], text[cut:]
    # a sentence that opens with the possessive opens with "Their" ("... cashews. Their daughter can ...")
    tail = re.sub(rf"(?<=[.!?] ){re.escape(name)}'s\b", "Their", tail)
    return head + re.sub(rf"\b{re.escape(name)}'s\b", "their", tail)


def name_for(speaker: str | None) -> str:
    """The display name statements use for a speaker: their name when known, else "the user"."""
    return speaker.strip() if speaker and speaker.strip() else "the user"

"""How a kept sentence is stored: its text (compressed, dated, de-subjectivised, masked), its salience,
and the Statement made of them, or a Drop when too little is left."""

from __future__ import annotations

import re

from reverie.adapters.local.rules.dated_tense import dated
from reverie.adapters.local.rules.language import compress, finish
from reverie.adapters.local.rules.longevity import about_what_is_at_hand
from reverie.adapters.local.rules.named_speaker import desubjectivise
from reverie.adapters.local.rules.numeric_dates import spelled_out
from reverie.adapters.local.rules.patterns import OPINION_TAIL_RE
from reverie.adapters.local.rules.request_patterns import HABIT_MARKER_RE, RULE_MARKER_RE
from reverie.adapters.local.rules.statement_types import Drop, Speaker, Statement
from reverie.adapters.local.rules.thing_patterns import CAPITALISED_RE
from reverie.domain.guards import mask_secrets
from reverie.domain.models import MemoryType, Stability
from reverie.domain.ordinal_days import digit_days
from reverie.domain.text import content_words, entities

MIN_CONTENT_WORDS = 2  # "Alice forgot." says nothing that will matter in a month; "Tim plays clarinet" does
_DIGIT_RE = re.compile(r"\d")
_SUBORDINATOR_END_RE = re.compile(
    r"\b(?:when|whenever|if|unless|because|since|until|till|while|before|after|once|where|as)$", re.I
)


# "..., it's oat cortados for me these days": what the speaker has now instead, not an opinion of the rest.
_CHOICE_TAIL_RE = re.compile(
    r"[,\s]*(?:but\s+|so\s+)?(?:it|that)(?:'s|\s+is)\s+[^,;.]+?\s+for\s+(?:me|us)\s+(?:these\s+days|now|nowadays)\b",
    re.I,
)
# "Didn't get the job unfortunately": how the speaker feels about it, not part of what happened.
_STANCE_TAIL_RE = re.compile(
    r",?\s+(?:unfortunately|sadly|luckily|fortunately|thankfully|annoyingly|happily|alas)(?=\W*$)", re.I
)
_WHOSE_TAIL_RE = re.compile(r"[,\s]*(?:and\s+)?(?:it|that|this)(?:'s|\s+is)\s+(?:my|our)\s+(?!own\b)\w", re.I)


def render(text: str, who: Speaker, strip_tail: bool = True) -> str:
    """Compressed, dated, de-subjectivised, masked: the statement as stored."""
    text = compress(text)
    text = spelled_out(dated(digit_days(text), who.ts))  # "moved to 03/21", "the 21st of March": "21 March"
    if strip_tail:
        tail = OPINION_TAIL_RE.search(text)
        if (
            tail
            and tail.start() > 0
            and not _DIGIT_RE.search(tail.group(0))
            and not _names(tail.group(0))
            and not _SUBORDINATOR_END_RE.search(text[: tail.start()])  # "aches when it's damp": a condition
            and not RULE_MARKER_RE.search(tail.group(0))  # "so it's android from now on": what holds now
            and not _WHOSE_TAIL_RE.match(tail.group(0))  # "..., it's my favourite tea": what it is to them
            and not _CHOICE_TAIL_RE.match(tail.group(0))  # "..., it's oat cortados for me these days"
        ):
            text = text[: tail.start()]
        text = _STANCE_TAIL_RE.sub("", text)
    text = HABIT_MARKER_RE.sub("", text)
    text = desubjectivise(text, who.name)
    return finish(mask_secrets(text).text)


def _names(text: str) -> bool:
    return CAPITALISED_RE.search(text) is not None


def salience(kind: MemoryType, text: str, who: Speaker) -> float:
    """Corrections and human intervention highest; constraints high; named entities and numbers medium."""
    base = {
        MemoryType.CORRECTION: 0.95,
        MemoryType.CONSTRAINT: 0.8,
        MemoryType.PREFERENCE: 0.45,
        MemoryType.PLAN: 0.4,
    }.get(kind, 0.35)
    if who.replying and kind in (MemoryType.CONSTRAINT, MemoryType.PREFERENCE):
        base += 0.05  # the user stepped in while the agent worked
    others = [
        e
        for e in entities(text[:1].lower() + text[1:])
        if e != who.name.lower() and e not in ("user", "the user")
    ]
    if others or _DIGIT_RE.search(text):
        base += 0.15
    ceiling = {MemoryType.CORRECTION: 1.0, MemoryType.CONSTRAINT: 0.9}.get(kind, 0.7)
    return round(min(base, ceiling), 2)


def as_statement(
    kind: MemoryType,
    text: str,
    who: Speaker,
    *,
    key: str | None = None,
    subjective: bool = False,
    stability: Stability = Stability.NORMAL,
    confidence: float = 0.6,
    short_ok: bool = False,
) -> Statement | Drop:
    """The statement as stored, with its salience; a Drop when fewer than two content words are left (a keyed
    fact or an identity may keep one)."""
    rendered = render(text, who, strip_tail=kind is not MemoryType.CORRECTION)
    name_words = set(content_words(who.name))
    words = [w for w in content_words(rendered) if w not in name_words]
    # A keyed fact or an identity may be short: "Ana is single", "Ana is a nurse".
    if len(words) < MIN_CONTENT_WORDS and not ((key or short_ok) and words):
        return Drop("too short")
    if kind in (MemoryType.CONSTRAINT, MemoryType.PREFERENCE) and about_what_is_at_hand(rendered):
        return Drop("one_off")  # "Don't rewrite it": whatever "it" was is not in memory
    return Statement(
        type=kind,
        text=rendered,
        key=key,
        subjective=subjective,
        stability=stability,
        confidence=confidence,
        salience=salience(kind, text, who),
    )

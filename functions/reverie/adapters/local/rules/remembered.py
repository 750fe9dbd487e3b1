"""What an explicit ask to remember ("Save that somewhere.") keeps of what was said just before it."""

from __future__ import annotations

from dataclasses import replace

from reverie.adapters.local.rules.language import compress, strip_emoji
from reverie.adapters.local.rules.remarks import UNPARSED
from reverie.adapters.local.rules.statement_types import Drop, Speaker, Statement
from reverie.adapters.local.rules.stored_form import render, salience
from reverie.domain.models import MemoryType

ASKED_TO_REMEMBER_CONFIDENCE = 0.7  # as sure as an explicit note: the speaker asked for it to be kept


def remembered(part: str, result: Statement | Drop, who: Speaker, kept: list[Statement]) -> list[Statement]:
    """What an explicit ask to remember ("Save that somewhere.") keeps of the part said just before it: the
    statement made of it, as sure as a note (the last of `kept`, replaced), or, when no rule could parse the part, the
    part itself as a plain fact. Nothing for a part dropped for a reason (a question, a secret, a mood)."""
    if isinstance(result, Statement):  # kept last, with its stated validity
        kept[-1] = replace(kept[-1], confidence=max(kept[-1].confidence, ASKED_TO_REMEMBER_CONFIDENCE))
        return []
    if result.reason not in UNPARSED:
        return []
    text = render(compress(strip_emoji(part)), who)
    return [
        Statement(
            type=MemoryType.FACT,
            text=text,
            confidence=ASKED_TO_REMEMBER_CONFIDENCE,
            salience=salience(MemoryType.FACT, text, who),
        )
    ]

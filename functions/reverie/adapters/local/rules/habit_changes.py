"""Someone else's change of habit: "Dad stopped driving after his fall", "Mum gave up smoking last year",
"Tomasz quit drinking in January", "my brother took up rowing", "Gran no longer drives".

A past event about another person is most often an episode ("Tom called me yesterday") and is kept only when
it names enough. Stopping or taking up a habit is different: the event is the start of a state that lasts
("Dad does not drive"), asked about for months, even when it names nothing else. The subject is a name, a
word for a relative, or "my/our/his/her/their" and a noun; what stops or starts is an activity (an -ing
word), not a moment ("the baby stopped crying", "Ana started laughing").
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.language import finish
from reverie.adapters.local.rules.statement_types import Speaker, Statement
from reverie.adapters.local.rules.stored_form import render, salience
from reverie.domain.models import MemoryType

_SUBJECT = r"(?:(?i:my|our|his|her|their)\s+[a-z]+|(?-i:[A-Z][\w'-]+)(?:\s+(?-i:[A-Z][\w'-]+))?)"
_CHANGE_RE = re.compile(
    r"^(?P<who>" + _SUBJECT + r")\s+(?:(?:has|had)\s+)?"
    r"(?:(?:stopped|quit|gave\s+up|given\s+up|took\s+up|taken\s+up)\s+(?P<ing>[a-z]+ing)\b"
    r"|no\s+longer\s+[a-z]+s\b)",
)
_NOT_SUBJECTS = frozenset("I We It He She They You The This That These Those There Then So And But".split())
# An -ing word that names a moment, not a habit: stopping it is an episode.
_MOMENTS = frozenset(
    """crying laughing talking shouting screaming moving breathing bleeding coughing sneezing eating
    answering replying responding working ringing beeping raining snowing""".split()
)


def habit_change(sentence: str, who: Speaker) -> Statement | None:
    """`sentence` as a fact when it tells that someone else stopped or took up a habit; None otherwise."""
    text = sentence.strip()
    found = _CHANGE_RE.match(text)
    if found is None or found.group("who").split()[0] in _NOT_SUBJECTS or found.group("ing") in _MOMENTS:
        return None
    return Statement(
        type=MemoryType.FACT, text=finish(render(text, who)), salience=salience(MemoryType.FACT, text, who)
    )


def changes_a_habit(clause: str) -> bool:
    """`clause` tells of someone's change of habit (for splitting it off the clause before)."""
    found = _CHANGE_RE.match(clause.strip())
    return (
        found is not None
        and found.group("who").split()[0] not in _NOT_SUBJECTS
        and found.group("ing") not in _MOMENTS
    )

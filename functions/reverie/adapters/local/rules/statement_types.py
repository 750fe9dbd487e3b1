"""What the sentence rules work with: who said a sentence (`Speaker`) and what it is worth keeping as (a
`Statement`, or a `Drop` with its reason)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from reverie.domain.models import MemoryType, Stability


@dataclass(frozen=True)
class Speaker:
    """Who said the sentence and when: the name statements use, the key subject, the event time."""

    name: str
    subject: str
    ts: datetime
    to_agent: bool = False  # said in a session with an agent (rules and habits are addressed to it)
    replying: bool = False  # said right after the agent spoke or a tool ran (so it may correct it)
    correcting: bool = False  # the previous sentence announced a correction ("That's wrong.")
    people: frozenset[str] = frozenset()  # lower-cased names of everyone talking in the session


@dataclass(frozen=True)
class Statement:
    type: MemoryType
    text: str
    key: str | None = None
    subjective: bool = False
    stability: Stability = Stability.NORMAL
    confidence: float = 0.6
    salience: float = 0.3
    valid_until: datetime | None = None  # stated validity ("until 12 June"): when the claim stops holding
    valid_from: datetime | None = None  # a change said ahead ("from 1 March I'm based at BRS"): when it holds


@dataclass(frozen=True)
class Drop:
    reason: str  # question, greeting, thanks, reaction, feeling, opinion, volatile, one_off, too short...

"""A session of one user as the rule reasoner's tests build it: events timed in seconds after a start, the user
telling their agent something, and what the reasoner keeps and drops of it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from reverie.adapters.local.rule_reasoner import RuleReasoner
from reverie.domain.dream import Candidate
from reverie.domain.events import Event, parse_event
from reverie.domain.models import Scope

SCOPE = Scope(tenant_id="t1", user_id="u1")
REASONER = RuleReasoner()


@dataclass(frozen=True)
class RuleSession:
    """SCOPE's session "s1", starting at `t0`."""

    t0: datetime

    def ev(self, event_id: str, at: int = 0, **fields: Any) -> Event:
        """An event `at` seconds after the start (a user message unless told)."""
        fields.setdefault("kind", "message")
        if fields["kind"] == "message":
            fields.setdefault("role", "user")
        base = {"event_id": event_id, "tenant_id": "t1", "user_id": "u1", "session_id": "s1"}
        return parse_event({**base, "ts": (self.t0 + timedelta(seconds=at)).isoformat(), **fields})

    def told(self, text: str, event_id: str = "m1", at: int = 5) -> list[Event]:
        """The user (unnamed: statements say "the user") telling their agent `text`, after the agent spoke."""
        return [self.ev("a0", 0, role="assistant", text="Done."), self.ev(event_id, at, text=text)]

    def extract(self, events: list[Event]) -> list[Candidate]:
        return REASONER.extract(events, SCOPE).candidates

    def statements(self, text: str) -> list[str]:
        return [c.statement for c in self.extract(self.told(text))]

    def dropped(self, text: str) -> list[tuple[str, str]]:
        """(reason, text) of each item the reasoner left out of what the user told."""
        return [(d.reason, d.text) for d in REASONER.analyse(self.told(text)).dropped]

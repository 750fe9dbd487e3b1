"""A correction's words as stored: the "that's wrong" before a dash goes with it, and a later sentence that opens
with the speaker's possessive opens with a capital ("... cashews. Their daughter can eat anything.")."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.domain.models import MemoryType
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2026, 10, 5, 12, 0, tzinfo=UTC))


def test_a_corrections_opener_and_dash_go_and_a_later_sentence_keeps_its_capital() -> None:
    feedback = S.ev(
        "f1",
        5,
        kind="feedback",
        signal="correction",
        text="No – it's my sister Ada who keeps bees, not me. My brother keeps the chickens.",
    )
    found = S.extract([S.ev("a0", 0, role="assistant", text="How are your bees?"), feedback])
    assert [(c.type, c.statement) for c in found] == [
        (
            MemoryType.CORRECTION,
            "It's the user's sister Ada who keeps bees, not the user. Their brother keeps the chickens.",
        )
    ]

"""The self-audit puts a changed state right that the news missed: "Han has long hair" held beside the later "Han's
hair is a pixie cut now" (two sessions apart) leaves one current card, the later one; the earlier is superseded by
it, never the other way round, and never across two people."""

from __future__ import annotations

from reverie.domain.models import EvidenceRef, MemoryType, Scope
from reverie.services import admin
from reverie.services.backends import Backends
from tests.conftest import Clock
from tests.unit.test_consolidation import dreamt, live


def hold(b: Backends, scope: Scope, clock: Clock, *said: tuple[str, str | None]) -> None:
    """Each statement written in a session of its own, thirty days after the one before."""
    for n, (statement, key) in enumerate(said):
        refs = [EvidenceRef(session_id=f"s{n}", event_id=f"e{n}")]
        new = admin.NewMemory(
            type=MemoryType.FACT, statement=statement, key=key, evidence_refs=refs, observed_at=clock.now
        )
        admin.create_memories(b, scope, [new])
        clock.advance(days=30)


def hair(b: Backends, scope: Scope) -> list[str]:
    return sorted(c.statement for c in live(b, scope) if "hair" in c.statement)


def test_a_held_state_a_later_card_changed_is_superseded_by_it(
    rules: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN long hair held, and a month later the hair as it is now
    hold(rules, alice, clock, ("Han has long hair.", None), ("Han's hair is a pixie cut now.", "han.hair"))
    # WHEN a quiet dream audits the held cards
    dreamt(rules, alice, "s9", clock, "I started learning the cello.")
    # THEN only the later state is current
    assert hair(rules, alice) == ["Han's hair is a pixie cut now."]


def test_two_peoples_hair_stays_apart(rules: Backends, alice: Scope, clock: Clock) -> None:
    # NEGATIVE: another person's hair as it is now changes nothing of Han's
    hold(rules, alice, clock, ("Han has long hair.", None), ("Bo's hair is a pixie cut now.", "bo.hair"))
    dreamt(rules, alice, "s9", clock, "I started learning the cello.")
    assert hair(rules, alice) == ["Bo's hair is a pixie cut now.", "Han has long hair."]

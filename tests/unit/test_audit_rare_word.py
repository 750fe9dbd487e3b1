"""The self-audit asks the reasoner about two held cards that name a thing few of the user's cards name
("pnpm"), though they share little else and are far apart by meaning: three wordings of one choice, written
through the API, end as one card."""

from __future__ import annotations

from reverie.domain.models import EvidenceRef, MemoryType, Scope
from reverie.services import admin
from reverie.services.backends import Backends
from tests.conftest import Clock
from tests.unit.test_consolidation import dreamt, live

WORDINGS = (
    "Alice manages her JavaScript dependencies with pnpm.",
    "The user's repositories use pnpm, not npm.",
    "Always use pnpm for installing packages in the user's projects.",
)


def test_three_wordings_of_one_tool_choice_end_as_one_card(
    rules: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN three cards the agent wrote through the API, one choice in three wordings, and other cards
    for n, statement in enumerate(WORDINGS):
        new = admin.NewMemory(
            type=MemoryType.PREFERENCE if n else MemoryType.FACT,
            statement=statement,
            evidence_refs=[EvidenceRef(session_id="api", event_id=f"e{n}")],
        )
        admin.create_memories(rules, alice, [new])
    for statement in ("Alice's standup is at 9:30.", "Alice reviews Joana's pull requests on Fridays."):
        new = admin.NewMemory(
            type=MemoryType.FACT,
            statement=statement,
            evidence_refs=[EvidenceRef(session_id="api", event_id="x")],
        )
        admin.create_memories(rules, alice, [new])
    clock.advance(days=1)
    # WHEN a quiet session is dreamt
    dreamt(rules, alice, "s9", clock, "I started learning the cello.")
    # THEN one card about pnpm is left, and the others are untouched
    assert len([c for c in live(rules, alice) if "pnpm" in c.statement]) == 1
    assert len([c for c in live(rules, alice) if "Alice" in c.statement and "pnpm" not in c.statement]) >= 2


def test_two_things_sharing_a_rare_word_stay_apart(rules: Backends, alice: Scope, clock: Clock) -> None:
    # NEGATIVE: the rare word brings the pair to the reasoner, which keeps two things apart
    for n, statement in enumerate(("Alice's cat is called Miso.", "Alice loves miso soup on cold evenings.")):
        new = admin.NewMemory(
            type=MemoryType.FACT,
            statement=statement,
            evidence_refs=[EvidenceRef(session_id="api", event_id=f"e{n}")],
        )
        admin.create_memories(rules, alice, [new])
    clock.advance(days=1)
    dreamt(rules, alice, "s9", clock, "I started learning the cello.")
    assert len([c for c in live(rules, alice) if "iso" in c.statement]) == 2

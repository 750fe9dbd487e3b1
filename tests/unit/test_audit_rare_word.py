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


def written(b: Backends, alice: Scope, clock: Clock, *said: tuple[MemoryType, str]) -> None:
    """Cards the agent wrote through the API (one event each), then a quiet session a day later, dreamt."""
    for n, (kind, statement) in enumerate(said):
        refs = [EvidenceRef(session_id="api", event_id=f"e{n}")]
        admin.create_memories(b, alice, [admin.NewMemory(type=kind, statement=statement, evidence_refs=refs)])
    clock.advance(days=1)
    dreamt(b, alice, "s9", clock, "I started learning the cello.")


def saying(b: Backends, alice: Scope, word: str) -> list[str]:
    return [c.statement for c in live(b, alice) if word in c.statement]


def test_three_wordings_of_one_tool_choice_end_as_one_card(
    rules: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN three cards the agent wrote through the API, one choice in three wordings, and other cards
    choices = [(MemoryType.PREFERENCE if n else MemoryType.FACT, s) for n, s in enumerate(WORDINGS)]
    others = [
        (MemoryType.FACT, "Alice's standup is at 9:30."),
        (MemoryType.FACT, "Alice reviews PRs on Fridays."),
    ]
    # WHEN a quiet session is dreamt
    written(rules, alice, clock, *choices, *others)
    # THEN one card about pnpm is left, and the others are untouched
    assert len(saying(rules, alice, "pnpm")) == 1
    assert len([s for s in saying(rules, alice, "Alice") if "pnpm" not in s]) == 2


def test_two_things_sharing_a_rare_word_stay_apart(rules: Backends, alice: Scope, clock: Clock) -> None:
    # NEGATIVE: the rare word brings the pair to the reasoner, which keeps two things apart
    cat, soup = "Alice's cat is called Miso.", "Alice loves miso soup on cold evenings."
    written(rules, alice, clock, (MemoryType.FACT, cat), (MemoryType.FACT, soup))
    assert sorted(saying(rules, alice, "iso")) == sorted([cat, soup])

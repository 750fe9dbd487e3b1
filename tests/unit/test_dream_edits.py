"""A person's edit reaches what was built on the edited card: a card derived from it that repeats the name
or number the edit took out goes to review; an edit that changes no value, or a derived card that does
not repeat it, is left alone."""

from __future__ import annotations

from reverie.domain.models import MemoryCard, Scope, Status
from reverie.services import admin
from reverie.services.backends import Backends
from reverie.services.dream.edits import removed_values
from tests.conftest import Clock
from tests.unit.test_consolidation import dreamt, live_saying


def _derive(b: Backends, origin: MemoryCard, memory_id: str, statement: str) -> MemoryCard:
    return b.notes.create(
        origin.model_copy(
            update={
                "memory_id": memory_id,
                "statement": statement,
                "key": None,
                "derived_from": [origin.memory_id],
            }
        )
    )


def _held_with_derived(b: Backends, alice: Scope, clock: Clock) -> tuple[MemoryCard, MemoryCard, MemoryCard]:
    dreamt(b, alice, "s1", clock, "My physio is in Harrow, Mondays at 8.")
    (physio,) = live_saying(b, alice, "physio")
    route = _derive(b, physio, "derived-route", "Take the Metropolitan line to Harrow for physio.")
    often = _derive(b, physio, "derived-often", "Alice sees her physio once a week.")
    return physio, route, often


def test_a_card_derived_from_an_edited_value_goes_to_review(
    rules: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN a held card and two cards derived from it, one repeating its place
    physio, route, often = _held_with_derived(rules, alice, clock)
    # WHEN a person edits the place, and a later session is dreamt (twice)
    clock.advance(days=1)
    admin.edit_memory(
        rules, alice, physio.memory_id, physio.version, {"statement": "Alice's physio is in Pinner."}
    )
    dreamt(rules, alice, "s2", clock, "I bought new running shoes.", days_later=2)
    dreamt(rules, alice, "s3", clock, "I like my new running shoes.", days_later=2)
    # THEN the card repeating the old place is flagged once, for review; the other stays as it was
    assert rules.notes.get("t1", route.memory_id).status is Status.CONFLICTING
    assert rules.notes.get("t1", often.memory_id).status is Status.VERIFIED
    assert rules.runs is not None
    reviews = [r for r in rules.runs.list_reviews("t1", "alice") if route.memory_id in r.memory_ids]
    assert [r.reason for r in reviews] == ["correction"]


def test_an_edit_that_changes_no_value_leaves_derived_cards_alone(
    rules: Backends, alice: Scope, clock: Clock
) -> None:
    physio, route, _ = _held_with_derived(rules, alice, clock)
    clock.advance(days=1)
    admin.edit_memory(
        rules,
        alice,
        physio.memory_id,
        physio.version,
        {"statement": "Alice's physio clinic is in Harrow, Mondays at 8."},
    )
    dreamt(rules, alice, "s2", clock, "I bought new running shoes.", days_later=2)
    assert rules.notes.get("t1", route.memory_id).status is Status.VERIFIED


def test_the_values_an_edit_takes_out_are_names_and_numbers() -> None:
    assert removed_values(
        "Ines's flat is 4B at 12 Rua Augusta, Lisbon.", "Ines's flat is 4B at 21 Rua Augusta, Lisbon."
    ) == {"12"}
    assert removed_values("Ines lives in Lisbon.", "Ines has lived in Lisbon since 2019.") == frozenset()

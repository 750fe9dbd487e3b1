"""A correction that names the value it denies ("..., not the Riverside pool") retires the held card stating
that value, and what was built on that card and repeats the denied value retires with it; what was built on
it without repeating the value is only flagged for review (it may still hold)."""

from __future__ import annotations

from reverie.domain.models import Scope, Status
from reverie.services.backends import Backends
from tests.conftest import Clock
from tests.unit.helpers import derive
from tests.unit.test_consolidation import dreamt, live_saying


def test_a_card_derived_from_the_corrected_one_and_repeating_the_denied_value_retires(
    rules: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN where the user's son swims, and two cards built on it: one repeating the pool, one not
    dreamt(rules, alice, "s1", clock, "My son Tomas trains at the Riverside pool.")
    (wrong,) = live_saying(rules, alice, "Riverside")
    timetable = derive(rules, wrong, "derived-1", "Tomas's sessions end at 6pm (Riverside pool timetable).")
    kit = derive(rules, wrong, "derived-2", "Tomas needs goggles and a swim cap on Tuesdays.")
    # WHEN the user corrects the pool, naming the one that was wrong
    dreamt(
        rules, alice, "s2", clock, "Tomas trains at the Westgate pool, not the Riverside pool.", days_later=3
    )
    # THEN the wrong card and the one repeating its pool retire; the other derived card goes to review
    assert rules.notes.get("t1", wrong.memory_id).status is Status.SUPERSEDED
    assert rules.notes.get("t1", timetable.memory_id).status is Status.SUPERSEDED
    assert rules.notes.get("t1", kit.memory_id).status is Status.CONFLICTING
    assert live_saying(rules, alice, "Westgate")
    assert rules.runs is not None
    assert any(timetable.memory_id in r.memory_ids for r in rules.runs.list_reviews("t1", "alice"))


def test_a_card_that_names_the_denied_value_only_where_it_was_read_is_not_what_the_correction_replaces(
    rules: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN a fact that names a pool only in its aside (where it was read), about another thing
    dreamt(rules, alice, "s1", clock, "Tomas's coach is called Ilse (Riverside pool newsletter).")
    (coach,) = live_saying(rules, alice, "Ilse")
    # WHEN the user says which pool, denying that one
    dreamt(
        rules, alice, "s2", clock, "Tomas trains at the Westgate pool, not the Riverside pool.", days_later=3
    )
    # THEN the coach stays as it was
    assert rules.notes.get("t1", coach.memory_id).status is Status.VERIFIED


def test_a_correction_of_a_fused_card_reaches_what_was_built_on_the_card_it_absorbed(
    rules: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN where the user swims, a card built on it, and a later detail fused into the first card
    dreamt(rules, alice, "s1", clock, "I swim at the Riverside pool.")
    (first,) = live_saying(rules, alice, "Riverside")
    kit = derive(rules, first, "derived-kit", "Pack goggles and a swim cap on Tuesdays.")
    dreamt(rules, alice, "s2", clock, "My Riverside pool swims are 2km each, front crawl.", days_later=2)
    (fused,) = live_saying(rules, alice, "Riverside")
    assert fused.memory_id != first.memory_id and first.memory_id in fused.derived_from
    # WHEN the user corrects the pool
    dreamt(rules, alice, "s3", clock, "I swim at the Westgate pool, not the Riverside pool.", days_later=4)
    # THEN the card built on the absorbed one is no longer shown as settled: it goes to review
    assert rules.notes.get("t1", fused.memory_id).status is Status.SUPERSEDED
    assert rules.notes.get("t1", kit.memory_id).status is Status.CONFLICTING

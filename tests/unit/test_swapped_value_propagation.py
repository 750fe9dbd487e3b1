"""A correction that puts values right inside the held card ("£62 on the 20th, not £55 on the 5th") leaves
the new card without the denied values, yet what was built on the old card and repeats them is as wrong as
when the correction replaces the card word for word: it retires with it (and goes to a person)."""

from __future__ import annotations

from reverie.domain.models import Scope, Status
from reverie.services.backends import Backends
from tests.conftest import Clock
from tests.unit.helpers import derive
from tests.unit.test_consolidation import dreamt, live_saying


def test_a_card_built_on_values_put_right_in_place_retires(
    rules: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN the user's phone bill, and two cards built on it: one repeating its amount and day, one not
    dreamt(rules, alice, "s1", clock, "My phone bill is £55 a month, taken on the 5th.")
    (bill,) = live_saying(rules, alice, "£55")
    reminder = derive(rules, bill, "derived-1", "Keep £55 in the current account before the 5th.")
    other = derive(rules, bill, "derived-2", "The phone contract runs to next spring.")
    # WHEN the user says both values were wrong, in parallel
    dreamt(rules, alice, "s2", clock, "My phone bill is £62 on the 20th, not £55 on the 5th.", days_later=3)
    # THEN the bill is put right in place, the card repeating the denied values retires, the other is flagged
    assert live_saying(rules, alice, "£62 a month, taken on the 20th")
    assert rules.notes.get("t1", bill.memory_id).status is Status.SUPERSEDED
    assert rules.notes.get("t1", reminder.memory_id).status is Status.SUPERSEDED
    assert rules.notes.get("t1", other.memory_id).status is Status.CONFLICTING

"""A held fact denied outright, in its own words and with nothing given instead ("I'm not coeliac" after "I'm
coeliac"), takes with it what was built on it alone: that card rests on nothing now, so it retires and is named
to a person. A card built on it and on something else, or a fact changed to another value, is only flagged."""

from __future__ import annotations

import pytest

from reverie.domain.denial import denied_outright
from reverie.domain.models import Scope, Status
from reverie.services.backends import Backends
from tests.conftest import Clock
from tests.unit.helpers import derive
from tests.unit.test_consolidation import dreamt, live_saying


@pytest.fixture
def rb(rules: Backends) -> Backends:
    """tests/unit/conftest.py's `rules`: the fake backends dreaming with the rule-based reasoner."""
    return rules


def test_what_rested_only_on_a_fact_denied_outright_retires(rb: Backends, alice: Scope, clock: Clock) -> None:
    # GIVEN a condition the user stated, a card built on it alone and one built on it and another card
    dreamt(rb, alice, "s1", clock, "I'm coeliac.", "My office is in Leith.")
    (wrong,) = live_saying(rb, alice, "coeliac")
    (office,) = live_saying(rb, alice, "Leith")
    bread = derive(rb, wrong, "derived-1", "Buy gluten-free bread for Alice's lunches.")
    lunch = derive(rb, wrong, "derived-2", "Order Alice's team lunch from the Leith deli.", office.memory_id)
    # WHEN the user denies it outright
    dreamt(rb, alice, "s2", clock, "You've got that wrong, I'm not coeliac.", days_later=4)
    # THEN the fact is superseded, the card built on it alone retires and is named to a person, the other
    # is flagged for review
    assert rb.notes.get("t1", wrong.memory_id).status is Status.SUPERSEDED
    assert rb.notes.get("t1", bread.memory_id).status is Status.SUPERSEDED
    assert rb.notes.get("t1", lunch.memory_id).status is Status.CONFLICTING
    assert rb.runs is not None
    assert any(bread.memory_id in r.memory_ids for r in rb.runs.list_reviews("t1", "alice"))


def test_a_changed_value_only_flags_what_was_built_on_it(rb: Backends, alice: Scope, clock: Clock) -> None:
    dreamt(rb, alice, "s1", clock, "My son Tomas trains at the Riverside pool.")
    (wrong,) = live_saying(rb, alice, "Riverside")
    kit = derive(rb, wrong, "derived-1", "Tomas needs goggles and a swim cap on Tuesdays.")
    dreamt(rb, alice, "s2", clock, "Tomas trains at the Westgate pool now.", days_later=3)
    assert rb.notes.get("t1", kit.memory_id).status is not Status.SUPERSEDED


@pytest.mark.parametrize(
    ("held", "said", "outright"),
    [
        ("The user is coeliac.", "The user is not coeliac.", True),
        ("Ana drinks coffee.", "Ana doesn't drink coffee.", True),
        ("The user is coeliac.", "The user is not coeliac, their sister is.", False),  # something instead
        ("The user swims on Tuesdays.", "The user swims on Thursdays, not Tuesdays.", False),
    ],
)
def test_denied_outright(held: str, said: str, outright: bool) -> None:
    assert denied_outright(held, said) is outright

"""A change said ahead of the day it takes effect, at the service level on every note and run store (fakes,
SQLite, DynamoDB emulated by moto): the held value stays current until that day, the new one holds from then,
and no context ever shows the old value as current after the day."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.domain.models import Scope, Status
from reverie.domain.text import human_date
from reverie.ports import CardQuery
from reverie.services.backends import Backends
from reverie.services.dream.runner import dream
from tests.conftest import Clock
from tests.unit.test_consolidation import b, current, dreamt, live_saying, say  # noqa: F401  (b is the fixture)


def test_the_held_value_holds_until_the_day_and_the_new_one_from_then(
    b: Backends,  # noqa: F811
    alice: Scope,
    clock: Clock,
) -> None:
    # GIVEN where the user is based, dreamt
    dreamt(b, alice, "s1", clock, "I'm based at the Gatwick depot.")
    # WHEN weeks later they say they will be based elsewhere from a later day (1 August, from 1 June)
    dreamt(
        b,
        alice,
        "s2",
        clock,
        "Transfer approved: from 1 August I'll be based at the Bristol depot.",
        days_later=20,
    )
    day = datetime(2026, 8, 1, tzinfo=UTC)
    # THEN until that day both hold, each with its dates: the old card now ends on the day, superseded by nothing
    (old,) = live_saying(b, alice, "Gatwick")
    (new,) = live_saying(b, alice, "Bristol")
    assert old.valid_until == day and old.status is Status.VERIFIED and old.superseded_by is None
    assert new.valid_from == day and new.key == old.key and human_date(day) in new.statement
    before = current(b, alice, "Where is the user based?")
    assert "Gatwick" in before and f"From {human_date(day)}" in before
    # WHEN the day has come
    clock.now = datetime(2026, 8, 3, 9, tzinfo=UTC)
    # THEN only the new value is shown, and the next dream archives the old card
    after = current(b, alice, "Where is the user based?")
    assert "Bristol" in after and "Gatwick" not in after
    dream(b, alice.tenant_id, alice.user_id or "")
    cards = b.notes.query(CardQuery(scope=alice, limit=100))
    assert {c.status for c in cards if "Gatwick" in c.statement} == {Status.ARCHIVED}


def test_a_change_whose_day_has_come_by_the_dream_replaces_the_held_value_at_once(
    b: Backends,  # noqa: F811
    alice: Scope,
    clock: Clock,
) -> None:
    # GIVEN where the user is based, dreamt; then a change said ahead, dreamt only after its day
    dreamt(b, alice, "s1", clock, "I'm based at the Gatwick depot.")
    clock.advance(days=20)
    say(b, alice, "s2", clock, "Transfer approved: from 1 July I'll be based at the Bristol depot.")
    clock.now = datetime(2026, 7, 2, 9, tzinfo=UTC)
    dream(b, alice.tenant_id, alice.user_id or "")
    # THEN latest wins as for any change: the old card is superseded history
    assert live_saying(b, alice, "Bristol") and not live_saying(b, alice, "Gatwick")
    cards = b.notes.query(CardQuery(scope=alice, limit=100))
    assert Status.SUPERSEDED in {c.status for c in cards if "Gatwick" in c.statement}

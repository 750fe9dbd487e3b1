"""Two people's claims relayed in two sessions, dreamt apart, at the service level on every note and run store
(fakes, SQLite, DynamoDB emulated by moto): the later claim does not win by being later."""

from __future__ import annotations

from reverie.domain.models import Scope, Status
from reverie.ports import CardQuery
from reverie.services.backends import Backends
from tests.conftest import Clock
from tests.unit.test_consolidation import b, current, dreamt  # noqa: F401  (b is the fixture)


def test_a_claim_that_disagrees_with_one_relayed_weeks_ago_is_a_conflict_for_review(
    b: Backends,  # noqa: F811
    alice: Scope,
    clock: Clock,
) -> None:
    # GIVEN one relative's claim, dreamt
    dreamt(b, alice, "s1", clock, "there's a christening in Braga, my dad says it's on Saturday the 14th")
    # WHEN weeks later the user relays another relative's claim giving another day, settling nothing
    dreamt(
        b,
        alice,
        "s2",
        clock,
        "my aunt Carla, in the family chat, she's saying the christening is on Sunday the 15th",
        days_later=20,
    )
    # THEN both are conflicting and a person is asked; the context never shows either bare
    claims = [c for c in b.notes.query(CardQuery(scope=alice, limit=100)) if "christening" in c.statement]
    assert {c.status for c in claims} == {Status.CONFLICTING} and len(claims) == 2
    assert b.runs is not None
    (item,) = b.runs.list_reviews("t1", "alice")
    assert item.reason == "conflict"
    text = current(b, alice, "When is the christening?")
    assert "15th" not in text.split("## Unresolved conflicts")[0]

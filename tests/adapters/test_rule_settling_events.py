"""A new home or a new job told by the done event that settled it ("signed the lease on the flat in Leith",
"had my first day at Harbourline") is a value of that slot and replaces the held one; a viewing, a plan or
a lease for the business is not."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.keys import attribute_key, statement_key
from reverie.adapters.local.rules.merge import decide
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 6, 9, 8, 30, tzinfo=UTC))


def test_done_events_that_settle_a_home_or_a_job_name_the_slot() -> None:
    for said in (
        "We signed the tenancy agreement for a two-bed flat in Leith on Saturday.",
        "I've finally moved into the new house on Elm Road.",
        "We got the keys to our place in Hebden Bridge yesterday.",
        "We completed on the cottage in Ambleside last week.",
        "I have this morning signed the lease on a flat in Morningside.",
    ):
        assert attribute_key(said, "u") == "u.home_city", said
    assert attribute_key("I had my first day at Harbourline Shipping today.", "u") == "u.employer"
    # said of the user in the third person, as a card holds it
    assert statement_key("The user has signed the lease on a flat in Leith.") == "user.home_city"


def test_a_viewing_a_plan_or_the_businesss_lease_settles_nothing() -> None:
    for said in (
        "We viewed a flat in Leith on Saturday.",
        "We're going to sign the lease on the flat in Leith next week.",
        "I signed the lease on a unit in Leith for the bakery.",
        "I signed the lease on the flat in Leith for the company.",
        "We signed the lease on a studio flat in Leith for our youngest daughter.",
        "We're hoping to move into the house on Elm Road in May.",
        "My sister has signed the lease on a flat in Leith.",
        "We had our first day at Disneyland Paris on the trip.",
    ):
        assert attribute_key(said, "u") not in ("u.home_city", "u.employer"), said


def test_residing_is_where_one_lives_also_after_another_clause() -> None:
    found = SESSION.extract(SESSION.told("I am a retired printer and reside in a terraced house in Govan."))
    assert [(c.statement, c.key) for c in found] == [
        ("The user is a retired printer.", None),
        ("The user resides in a terraced house in Govan.", "user.home_city"),
    ]


def test_a_signed_lease_replaces_the_held_home() -> None:
    # GIVEN where the user lives, WHEN they later tell of the lease signed on a flat elsewhere
    home = held("The user resides in a terraced house in Govan.", "user.home_city")
    lease = cand("The user has signed the lease on a flat in Leith, near the shore.", "user.home_city")
    # THEN the new home supersedes the old one
    decision = decide(lease, [home])
    assert decision.action is MergeAction.SUPERSEDE and decision.target_id == "m-1"


def test_a_letters_greeting_before_its_announcement_is_left_off() -> None:
    said = SESSION.statements("Dear Ms Obi, I am delighted to report that I have retired from the practice.")
    assert said == ["The user has retired from the practice."]

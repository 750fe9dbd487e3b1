"""Two statements about one person giving the same specific place (a street and number, an e-mail address) in
the same role are one arrangement, though they share no other word; another role, person, number or kind
of memory keeps them apart."""

from __future__ import annotations

from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.same_value import same_value
from reverie.domain.models import MemoryType
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held

PREF = MemoryType.PREFERENCE
HELD = "Tomasz wants his wine club boxes sent to his studio at Via Tortona 31, Milan."


def test_the_same_address_as_where_things_go_is_one_arrangement() -> None:
    # GIVEN where Tomasz's boxes go, WHEN another note says to ship his deliveries to the same street number
    decision = decide(
        cand("Deliver Tomasz's cases to Via Tortona 31 (the studio), never the flat.", type=PREF),
        [held(HELD, type=PREF)],
    )
    # THEN one card says both
    assert decision.action is MergeAction.FUSE and decision.target_id == "m-1"
    assert decision.statement is not None and HELD.rstrip(".") in decision.statement


def test_an_address_number_first_is_the_same_value_too() -> None:
    # GIVEN where Rhea's invoices go, WHEN her receipts are asked to the same house, THEN one card
    decision = decide(
        cand("Post Rhea's receipts to 14 Rue Oberkampf as well.", type=PREF),
        [held("Rhea wants paper invoices mailed to her shop at 14 Rue Oberkampf.", type=PREF)],
    )
    assert decision.action is MergeAction.FUSE


def test_working_at_the_address_is_another_idea_than_shipping_there() -> None:
    # GIVEN where the boxes go, WHEN a fact says he works at that number, THEN two cards (a fact, "at")
    decision = decide(cand("Tomasz works at Via Tortona 31."), [held(HELD, type=PREF)])
    assert decision.action is MergeAction.ADD


def test_another_persons_boxes_to_the_same_address_stay_apart() -> None:
    # (through `same_value` itself: a held preference may be the same rule by other checks)
    assert (
        same_value(cand("Ship Giulia's boxes to Via Tortona 31.", type=PREF), [held(HELD, type=PREF)]) is None
    )


def test_another_number_in_the_same_street_is_no_same_value() -> None:
    decision = decide(cand("Ship Tomasz's cases to Via Tortona 33.", type=PREF), [held(HELD, type=PREF)])
    assert decision.action is not MergeAction.FUSE


def test_a_date_is_no_place() -> None:
    # GIVEN two preferences naming the same day of a month, THEN the day is no shared place
    decision = decide(
        cand("Send Tomasz's reminder to his phone on March 31.", type=PREF),
        [held("Tomasz wants the tasting booked for March 31.", type=PREF)],
    )
    assert decision.action is MergeAction.ADD

"""A correction that denies first and gives the value after ("the vet isn't on Tuesday, it's on Thursday") is
read as the contrast "is on Thursday, not Tuesday", so it replaces what was held; a denial that names no value
("it isn't fun, it's work") stays as typed."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.denied_first import with_denied_turned
from reverie.adapters.local.rules.merge import decide
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 10, 2, 18, 0, tzinfo=UTC))


def test_a_value_denied_then_given_is_turned_into_a_contrast() -> None:
    assert (
        with_denied_turned("The vet isn't on Tuesday, it's on Thursday.")
        == "The vet is on Thursday, not Tuesday."
    )
    assert (
        with_denied_turned("our GP is not Dr Hale at all, it's Dr Osei") == "our GP is Dr Osei, not Dr Hale"
    )
    assert with_denied_turned("The PIN is not 3816, it is 3861.") == "The PIN is 3861, not 3816."
    assert (
        with_denied_turned("The twins aren't at Larchfield, they're at Brook Hill School now.")
        == "The twins are at Brook Hill School now, not Larchfield."
    )


def test_a_denial_without_a_value_or_with_another_preposition_stays_as_typed() -> None:
    # NEGATIVE: no value denied, another preposition on each side, a "but" with no restatement
    for said in (
        "It isn't fun, it's work.",
        "Kofi isn't at home, it's at the office.",
        "Kofi isn't in Leeds, it's on the way.",
        "Ama isn't Dutch, but she speaks it well.",
    ):
        assert with_denied_turned(said) == said, said


def test_a_correction_buried_in_a_long_message_replaces_the_held_place() -> None:
    # GIVEN a held place for a weekly class
    old = held("Wiremu has piano lessons at Elm Street Studio on Fridays at 4pm.")
    # WHEN a rambling message denies that place and gives another
    found = SESSION.extract(
        SESSION.told(
            "Busy week, the boiler man came twice, and I mixed it up before — Wiremu's piano isn't at Elm "
            "Street Studio at all, it's at Kauri Music House, same time — and the cat needs worming."
        )
    )
    (new,) = [c for c in found if "Kauri Music House" in c.statement]
    # THEN it is read as a contrast, and it supersedes the held card
    assert "Kauri Music House, not Elm Street Studio" in new.statement
    decision = decide(cand(new.statement, type=new.type), [old])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")

"""More of a held pursuit said as what it adds to ("on top of X ..."), the topic label it may come under ("On
the piano front: ..."), and how much and how often of it ("..., 20 minutes a day"): one card, one pursuit."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.added_to import added_to
from reverie.adapters.local.rules.merge import decide
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 3, 2, 9, 0, tzinfo=UTC))


def test_what_is_added_to_a_held_pursuit_fuses_into_it() -> None:
    # GIVEN the held pursuit, named by the app it is done with
    piano = held("Ines practises piano with the Simply Piano app, 20 minutes a day.")
    # WHEN she says what she now does on top of it
    decision = decide(
        cand("In addition to Simply Piano, Ines now has lessons with Mr Okafor on Saturdays."), [piano]
    )
    # THEN one card says both
    assert decision.action is MergeAction.FUSE and decision.target_id == "m-1"
    assert decision.statement == (
        "Ines practises piano with the Simply Piano app, 20 minutes a day and now has lessons with Mr Okafor "
        "on Saturdays."
    )


def test_what_is_added_to_another_thing_or_anothers_stays_apart() -> None:
    piano = held("Ines practises piano with the Simply Piano app, 20 minutes a day.")
    # NEGATIVE: the thing added to is not what the card says
    assert added_to(cand("On top of her job, Ines now volunteers at the food bank."), [piano]) is None
    # NEGATIVE: someone else's addition
    assert added_to(cand("On top of Simply Piano, Tomas now has lessons with Mr Okafor."), [piano]) is None


def test_a_topic_label_and_an_amount_a_day_stay_out_of_the_statements() -> None:
    # GIVEN "On the <topic> front:" over the news, and an amount a day after a pursuit
    assert S.statements("On the piano front: I now have lessons with Mr Okafor on Saturdays.") == [
        "The user now has lessons with Mr Okafor on Saturdays."
    ]
    assert S.statements("I've started piano on Simply Piano, 20 minutes a day.") == [
        "The user has started piano on Simply Piano, 20 minutes a day."
    ]
    # NEGATIVE: a clause of its own after the comma is still its own statement
    assert len(S.statements("I've started piano on Simply Piano, my sister plays the cello.")) == 2

"""More detail announced about a held thing ("More on her levothyroxine: it's 50 mcg ...") says what "it"
is, and fuses with the held fact that tells of that thing even when that fact carries a date and the
detail an amount; two amounts or two dates of one thing stay apart."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.merge import decide
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 9, 14, 19, tzinfo=UTC))


def test_a_heading_announcing_more_about_a_thing_names_the_it_after_it() -> None:
    # GIVEN the user announces more detail about their boiler, then says "it's ..."
    said = SESSION.statements(
        "A bit more about our boiler: it's a Worcester Greenstar, serviced every October."
    )
    # THEN the statement names the boiler, not "it"
    assert any(s.startswith("The user's boiler is a Worcester Greenstar") for s in said), said


def test_a_relative_named_before_is_whose_thing_his_or_her_means() -> None:
    # GIVEN a message naming Mum, then more detail "on her levothyroxine"
    said = SESSION.statements(
        "Sorting Mum's pill organiser tonight. More detail on her levothyroxine: it's 50 mcg, before breakfast."
    )
    # THEN the thing is Mum's
    assert any(s.startswith("The user's mum's levothyroxine is 50 mcg") for s in said), said


def test_a_label_that_names_no_thing_leaves_it_alone() -> None:
    # GIVEN a heading that is no thing ("More detail on Tuesday") before a dummy "it"
    said = SESSION.statements("More detail on Tuesday: it's raining all day.")
    # THEN no statement is made of Tuesday
    assert not any("Tuesday is" in s for s in said), said


def test_detail_about_the_thing_a_dated_fact_tells_of_fuses() -> None:
    # GIVEN a held fact that Gran started a drug, dated, and later its dose and time
    old = held("Gran has been put on levothyroxine for her thyroid, the GP started it on 3 March 2026.")
    new = cand("Gran's levothyroxine is 50 mcg, one tablet before breakfast.")
    # WHEN the dream merges them
    decision = decide(new, [old])
    # THEN one card says the drug, its start and its dose
    assert decision.action is MergeAction.FUSE
    assert decision.statement is not None
    assert "3 March 2026" in decision.statement and "50 mcg" in decision.statement


def test_another_amount_of_the_thing_a_dated_fact_tells_of_does_not_fuse() -> None:
    # GIVEN a held fact with a start date and a dose; WHEN another dose of the same drug is said
    old = held("Gran takes levothyroxine since 3 March 2026, 25 mcg a day.")
    decision = decide(cand("Gran's levothyroxine is 50 mcg before breakfast."), [old])
    # THEN it is no more detail of that card: the amounts differ, whatever the dates
    assert decision.action is not MergeAction.FUSE

"""A row of the user's records told as one line ("Plot 7, holder Mrs Achebe, fee £45 a year") is a fact kept
with its label; a later "£40 not £45" puts that one value right in it, the rest of the row kept."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.value_swap import swapped
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 4, 2, 18, 0, tzinfo=UTC))


def test_a_labelled_row_of_fields_is_kept_as_a_record() -> None:
    # GIVEN an allotment secretary typing a row of her list to the agent
    found = SESSION.statements(
        "Starting the plot list. Plot 7, holder Mrs Achebe, fee is £45 a year, renewal due 1 March."
    )
    # THEN the row is one fact, its label first, every field kept
    assert found == ["Plot 7: holder Mrs Achebe, fee is £45 a year, renewal due 1 March."]


def test_a_label_and_words_with_no_values_is_no_record() -> None:
    # GIVEN a label followed by words that hold no number, amount or name, THEN no record is made of it
    assert not any("Room 12" in s for s in SESSION.statements("Room 12, please, quickly."))
    assert not any("Table 4" in s for s in SESSION.statements("Table 4, two coffees, a tea."))


def test_a_single_field_is_no_record() -> None:
    assert not any("Locker 3" in s for s in SESSION.statements("Locker 3, code 4471."))


def test_a_value_denied_in_chat_without_its_comma_corrects_the_row_in_place() -> None:
    # GIVEN the row held, WHEN the user says the fee is "£40 not £45"
    row = held("Plot 7: holder Mrs Achebe, fee is £45 a year, renewal due 1 March.")
    decision = decide(cand("Plot 7 is £40 not £45."), [row])
    # THEN the row is replaced by itself with the fee put right, nothing else lost
    assert decision.action is MergeAction.SUPERSEDE and decision.target_id == "m-1"
    assert decision.statement == "Plot 7: holder Mrs Achebe, fee is £40 a year, renewal due 1 March."


def test_a_denied_value_the_card_does_not_hold_once_is_not_swapped() -> None:
    # GIVEN a card naming the denied value twice, or not at all, THEN no swap is guessed
    assert swapped("It is 30 not 20.", "Shelf 20 holds 20 jars.") is None
    assert swapped("It is 30 not 20.", "Shelf 9 holds 12 jars.") is None
    # a plain contrast of names is not swapped either (where a name ends is not known)
    assert swapped("The keys are with Ama, not Kojo.", "Kojo keeps the keys.") is None


def test_a_value_swap_keeps_a_thousands_separator_whole() -> None:
    assert (
        swapped("2C is £1,250 not £1,205", "Unit 2C rent is £1,205 a month.")
        == "Unit 2C rent is £1,250 a month."
    )


def test_a_value_is_swapped_only_for_one_of_its_kind() -> None:
    # GIVEN a correction read left to right as "28th, not £940" (a day given, an amount denied)
    # THEN a day is never put where the card holds an amount
    assert swapped("It's £980 on the 28th, not £940.", "Rent is £940 a month, due on the 1st.") is None
    # said in parallel on both sides, each value is put right by its own kind
    assert (
        swapped("It's £980 on the 28th, not £940 on the 1st.", "Rent is £940 a month, due on the 1st.")
        == "Rent is £980 a month, due on the 28th."
    )
    assert swapped("Pick-up is 8:15, not 14th.", "Pick-up is on the 14th.") is None
    # while values of one kind, or one that does not say its kind, still swap
    assert swapped("It's £980, not £940.", "Rent is £940 a month.") == "Rent is £980 a month."
    assert swapped("Locker 14, not 41.", "Marek's locker is 41.") == "Marek's locker is 14."
    assert swapped("The dose is 50mg not 25mg", "Takes 25mg at night.") == "Takes 50mg at night."

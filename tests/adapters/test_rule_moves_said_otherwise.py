"""Changes said otherwise than "I moved to X": where one is posted said without a verb ("Based at the
Harbour Road depot") or as a transfer ("from X to Y station"), a new home named in passing, a provider left
for another; a change that replaces the held value says what holds now, its origin kept in history."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.keys import attribute_key
from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.remainder import without_old_value
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 9, 14, 7, tzinfo=UTC))


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("Night shift again. Stationed at Kinloss barracks, Moray.", "is stationed at Kinloss barracks"),
        ("Based out of the Harbour Road depot since spring.", "is based out of the Harbour Road depot"),
        ("Enrolled at Strathclyde for the autumn term.", "is enrolled at Strathclyde"),
    ],
)
def test_a_verbless_posting_is_said_of_the_user_with_its_be(said: str, kept: str) -> None:
    # GIVEN a log line that leaves out "I'm" before a participle of where one stands
    statements = SESSION.statements(said)
    # THEN it is kept as the user's state, grammatical ("is stationed", never "stationed" bare)
    assert any(kept in s for s in statements), statements


def test_based_on_something_is_no_posting() -> None:
    # GIVEN "based on" used to give a reason
    statements = SESSION.statements("Based on the forecast, the hike moves to Sunday.")
    # THEN nothing says the user is based anywhere
    assert not any("is based" in s for s in statements), statements


@pytest.mark.parametrize(
    "said",
    [
        "I'm based at Harbour Road fire station.",
        "I got transferred from Dyce to the Bridge of Don station last week.",
        "We're stationed at the Kinloss base now.",
    ],
)
def test_a_station_or_base_is_a_workplace(said: str) -> None:
    assert attribute_key(said, "u") == "u.workplace"


def test_a_transfer_that_replaces_the_held_workplace_says_only_where_the_user_is_now() -> None:
    # GIVEN a held workplace and a later transfer that names it as the origin
    old = held("The user is based at Dyce fire station.", "u.workplace")
    new = cand("The user got transferred from Dyce to Bridge of Don station last week.", "u.workplace")
    # WHEN the dream merges them
    decision = decide(new, [old])
    # THEN the new card supersedes the old, and says the current station without the retired one
    assert decision.action is MergeAction.SUPERSEDE
    assert decision.statement is not None and "Dyce" not in decision.statement
    assert "to Bridge of Don station" in decision.statement


def test_an_origin_the_held_card_never_named_stays() -> None:
    # GIVEN a move whose origin is not the value it replaces (a place said for the first time)
    said = "The user moved from Gdansk to Leeds in May."
    # THEN the origin is kept: it is news, not a retired value
    assert without_old_value(said, "The user lives in York.") == said
    # AND a move from the held value drops just the origin
    assert without_old_value("The user switched from VS Code to Neovim.", "The user codes in VS Code.") == (
        "The user switched to Neovim."
    )


def test_a_new_home_named_in_passing_is_where_the_user_lives() -> None:
    # GIVEN a sentence about something else that names the speaker's new home by its town
    statements = SESSION.statements("The boiler in our new flat in Dundee keeps cutting out.")
    # THEN the town is kept as where the user lives
    assert any("lives in Dundee" in s for s in statements), statements


@pytest.mark.parametrize(
    "said",
    [
        "My brother's new flat in Dundee has a great view.",  # someone else's home
        "Is the new flat in Dundee near the station?",  # a question
        "The new cafe in Dundee does great scones.",  # no home
    ],
)
def test_a_home_that_is_not_the_speakers_new_one_sets_no_home(said: str) -> None:
    assert not any("lives in Dundee" in s for s in SESSION.statements(said))


def test_leaving_a_provider_for_another_says_the_new_one_replaces_it() -> None:
    # GIVEN one message that leaves a provider and names the one the user is with now
    statements = SESSION.statements("We're no longer with Octopus after the move, we're on Ovo now.")
    # THEN one statement says the new provider replaced the old one, and no card says the leaving alone
    assert any("on Ovo now instead of Octopus" in s for s in statements), statements
    assert not any("no longer with Octopus" in s for s in statements), statements


def test_a_provider_replacing_the_held_one_drops_the_retired_name() -> None:
    old = held("The user's broadband is with Octopus.", "u.broadband")
    new = cand("The user is on Ovo now instead of Octopus, full fibre.", "u.broadband")
    decision = decide(new, [old])
    assert decision.action is MergeAction.SUPERSEDE
    assert decision.statement == "The user is on Ovo now, full fibre."


def test_a_plan_still_held_is_no_leaving() -> None:
    # GIVEN a membership said without any reversal
    statements = SESSION.statements("We're with Octopus for the gas, on a fixed tariff.")
    # THEN it is kept as it was said
    assert any("is with Octopus" in s for s in statements), statements


def test_an_amount_said_of_it_as_new_moves_the_one_held_amount_per_that_unit() -> None:
    # GIVEN a held fee per week, said in words, and a later "it" giving a new one per week
    fee = held("Nursery is three hundred and ten pounds a week, paid monthly.")
    new = cand("It is now 325 pounds a week after the summer.")
    # WHEN the dream merges them
    decision = decide(new, [fee])
    # THEN the held fee is superseded, the new amount in its place and the rest kept
    assert decision.action is MergeAction.SUPERSEDE
    assert decision.statement == "Nursery is 325 pounds a week, paid monthly."


def test_an_it_amount_is_kept_from_the_message_only_when_said_to_be_new() -> None:
    assert any(
        s.startswith("It is") and "a week now" in s
        for s in SESSION.statements(
            "Got the letter from the nursery. So it's three hundred and twenty five quid a week now."
        )
    )
    # "it's £12 a month" with no "now" may be anything's price: nothing kept
    assert not any("12 a month" in s for s in SESSION.statements("Looked at the gym. It's £12 a month."))


def test_an_it_amount_moves_nothing_when_two_held_cards_give_amounts_per_that_unit() -> None:
    # GIVEN two held amounts per month: which one "it" is, is not known
    rent = held("Rent is £900 a month.")
    gym = held("The gym is £30 a month.").model_copy(update={"memory_id": "m-2"})
    decision = decide(cand("It is £950 a month now."), [rent, gym])
    # THEN nothing is superseded and no card says "It is ..."
    assert decision.action is MergeAction.NOOP


@pytest.mark.parametrize(
    "said",
    [
        "I'm in year 9 at Brookfield",
        "I'm in my third year at Leeds.",
        "I'm a second-year vet student.",
        "We're in grade 6 now.",
    ],
)
def test_a_year_of_study_is_one_slot(said: str) -> None:
    assert attribute_key(said, "u") == "u.school_year"


def test_a_year_of_something_else_is_no_year_of_study() -> None:
    assert attribute_key("I'm in the first year of my apprenticeship contract.", "u") != "u.school_year"
    assert attribute_key("I worked in Leeds for a year.", "u") != "u.school_year"


def test_the_next_year_of_study_supersedes_the_last() -> None:
    old = held("The user is in year 10 at Brookfield.", "u.school_year")
    decision = decide(cand("The user is in year 11 now, GCSEs in May.", "u.school_year"), [old])
    assert decision.action is MergeAction.SUPERSEDE

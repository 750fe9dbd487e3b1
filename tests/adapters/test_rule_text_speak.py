"""Text-speak written out before the rules read it: g-dropped words ("runnin", "anythin", "goin'"), "@"
standing for "at" between words, and "nxt"/"asst"; real words in "-in", names, addresses and handles stay."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.dropped_g import with_final_g
from reverie.adapters.local.rules.spelling import spelled_out
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 8, 3, 20, 0, tzinfo=UTC))


def test_a_terse_message_is_stored_as_readable_english() -> None:
    # GIVEN a post typed in text-speak, with "@" for "at" and g-dropped words
    said = SESSION.statements(
        "nxt year im asst organiser for the Hebden parkrun @ Calder Park, meetin sat 8.45"
    )
    # THEN the card reads as plain English and keeps the names
    assert len(said) == 1
    card = said[0]
    assert "assistant organiser" in card and "at Calder Park" in card and "meeting" in card
    assert " @ " not in card and "meetin " not in card and " im " not in card


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("we're movin house", "we're moving house"),
        ("she's goin' to Leeds", "she's going to Leeds"),
        ("no cookin on sundays", "no cooking on sundays"),
    ],
)
def test_g_dropped_words_get_their_g_back(text: str, expected: str) -> None:
    assert with_final_g(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "a cabin in the woods",
        "raisin scones and a muffin",
        "origin story by Darwin",
        "use the checkin desk",
        "mail runnin@club.org or @runnin",
    ],
)
def test_words_in_in_that_are_words_names_or_addresses_stay(text: str) -> None:
    assert with_final_g(text) == text


def test_an_at_sign_in_an_address_or_a_handle_is_not_read_as_at() -> None:
    text = "mail ana@club.org or @ana_runs"
    assert spelled_out(text) == text
    assert spelled_out("tea @ 4") == "tea at 4"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a product's model number after a determiner and its name stays a number
        ("the dryer is a Miele Series 4 that hums", "a Miele Series 4 that hums"),
        ("still on my old iPhone 4 this year", "my old iPhone 4 this year"),
        # text-speak "4" stays "for", after a name too
        ("can you book Tomasz 4 the 10am slot", "book Tomasz for the 10am slot"),
        ("thx 4 that", "thx for that"),
        ("picked up a bag 4 the kids", "a bag for the kids"),
    ],
)
def test_a_model_number_four_is_not_read_as_for(text: str, expected: str) -> None:
    # GIVEN a message with a "4" WHEN its shortenings are written out THEN a model's 4 stays, a "for" is read
    assert expected in spelled_out(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("we r moving to york", "we are moving to york"),
        ("me n my wife r opening a bakery", "my wife and I are opening a bakery"),
        ("opening next yr", "opening next year"),
        ("been vegan for 3yrs", "been vegan for 3 years"),
    ],
)
def test_r_between_words_is_are_and_yr_after_a_count_is_year(text: str, expected: str) -> None:
    assert spelled_out(text) == expected


@pytest.mark.parametrize("text", ["I've used R for ten years", "i sold yr car", "see r/cooking for that"])
def test_a_capital_r_a_your_yr_and_a_subreddit_stay(text: str) -> None:
    assert spelled_out(text) == text


def test_chat_hedges_are_left_out_and_a_habit_said_without_i_is_the_speakers() -> None:
    assert spelled_out("ngl the new office is fine") == "the new office is fine"
    assert SESSION.statements("ngl i'm lowkey obsessed w bouldering rn, go 3x a week at the castle") == [
        "The user goes bouldering 3x a week at the castle."
    ]
    assert "The user goes swimming every morning before work." in SESSION.statements(
        "I've taken up swimming, go every morning before work."
    )


def test_sis_and_gonna_are_spelled_out() -> None:
    assert spelled_out("my sis is gonna visit") == "my sister is going to visit"


def test_prob_and_prolly_are_probably_but_not_inside_a_word() -> None:
    assert spelled_out("getting a puppy, prob a cockapoo") == "getting a puppy, probably a cockapoo"
    assert spelled_out("prolly moving in May") == "probably moving in May"
    assert spelled_out("the problem is prob-lematic") == "the problem is prob-lematic"


def test_like_before_an_amount_is_about_but_like_the_verb_stays() -> None:
    assert spelled_out("doing pilates for like 3 years now") == "doing pilates for about 3 years now"
    assert spelled_out("the commute takes like an hour") == "the commute takes about an hour"
    assert spelled_out("I'd like 3 copies") == "I'd like 3 copies"
    assert spelled_out("I like 3 things about it") == "I like 3 things about it"


def test_wanna_is_want_to() -> None:
    assert spelled_out("wanna play at the wedding") == "want to play at the wedding"

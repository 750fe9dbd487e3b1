"""One thing given up for another in one message: the new one says what it replaced, and the leaving is no
card of its own; against the held card naming the old thing, the new one is the change (latest wins)."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.emoji_breaks import emoji_as_breaks
from reverie.adapters.local.rules.merge import decide
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 5, 4, 9, tzinfo=UTC))


def test_the_new_half_of_a_swap_says_what_it_replaced() -> None:
    # GIVEN a message giving up a club and naming where the speaker goes instead
    said = "I cancelled my Fitness First membership, I go to spin classes at Velo Studio now instead."
    # WHEN it is read
    kept = SESSION.statements(said)
    # THEN one card says the new habit and what it replaced; the leaving is left out
    assert kept == [
        "The user goes to spin classes at Velo Studio now instead of their Fitness First membership."
    ]
    assert (
        "the old side of a change the message tells",
        "The user cancelled their Fitness First membership.",
    ) in (SESSION.dropped(said))


def test_getting_a_new_one_after_dropping_the_old_one_is_a_swap() -> None:
    kept = SESSION.statements("I sold my old Kindle. Bought a Kobo Libra last week.")
    assert len(kept) == 1 and "instead of their old Kindle" in kept[0] and "Kobo Libra" in kept[0], kept


def test_a_leaving_beside_news_of_something_else_is_no_swap() -> None:
    # GIVEN a leaving and, in the same message, nothing said to be new
    kept = SESSION.statements("I cancelled the Netflix subscription. My sister visits on Sunday.")
    # THEN both stay as they were
    assert not any("instead" in s for s in kept), kept
    assert any("cancelled the Netflix subscription" in s for s in kept), kept


def test_the_change_replaces_the_held_card_that_names_the_old_thing() -> None:
    # GIVEN a held habit at one place, and later the new habit said to replace it
    old = held("The user trains at the Fitness First on Hale Street twice a week.")
    news = cand("The user goes to spin classes at Velo Studio now instead of their Fitness First membership.")
    # THEN latest wins
    assert decide(news, [old]).action is MergeAction.SUPERSEDE


def test_a_question_or_a_deed_after_emoji_opens_a_sentence_of_its_own() -> None:
    assert emoji_as_breaks("the screen is cracked 😭 how do i back up my photos") == (
        "the screen is cracked\nhow do i back up my photos"
    )
    assert emoji_as_breaks("returned the old headphones 🙌 bought the Sony ones") == (
        "returned the old headphones\nbought the Sony ones"
    )
    # a past word with nothing done to anything goes on with the clause before it
    assert emoji_as_breaks("MOT done ✅ passed") == "MOT done ✅ passed"


def test_chats_its_so_good_is_an_opinion_tail_and_its_before_a_noun_is_not() -> None:
    assert SESSION.statements("I got a Kobo Libra for my birthday its really good") == [
        "The user got a Kobo Libra for their birthday."
    ]
    assert "battery" in SESSION.statements("I got a Kobo Libra, its battery lasts a month")[0]

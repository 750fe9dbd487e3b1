"""Emoji typed between two statements end the first one, the way chat uses them for punctuation."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.emoji_breaks import emoji_as_breaks
from reverie.adapters.local.rules.language import sentences
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 3, 2, 10, tzinfo=UTC))


def test_an_emoji_between_words_ends_the_sentence_before_it() -> None:
    # GIVEN a message whose two statements are parted only by a tick emoji
    text = "inspection finished 👍 we picked the oak flooring for the hall"
    # WHEN it is split into sentences
    parts = sentences(text)
    # THEN the statement after the emoji stands on its own
    assert parts == ["inspection finished", "we picked the oak flooring for the hall"]


def test_what_follows_an_emoji_is_kept_as_a_statement() -> None:
    # GIVEN an update whose news comes after a celebratory emoji
    kept = SESSION.statements("viewing over 🎉🎉 we chose the flat on Mercer Street, two bedrooms")
    # THEN the choice is kept
    assert any("Mercer Street" in s for s in kept), kept


def test_an_emoji_at_the_start_or_end_of_a_message_breaks_nothing() -> None:
    # GIVEN emoji that open or close the text, with nothing on one side
    # THEN the text is unchanged
    assert emoji_as_breaks("🎂 Birthday drinks on the 9th") == "🎂 Birthday drinks on the 9th"
    assert emoji_as_breaks("Birthday drinks on the 9th 🎂🎂") == "Birthday drinks on the 9th 🎂🎂"


def test_a_heart_that_stands_for_a_verb_and_a_degree_sign_are_no_break() -> None:
    # GIVEN a heart used as "love" and a temperature
    # THEN neither splits its sentence
    assert sentences("I ❤️ oat milk in my coffee") == ["I ❤️ oat milk in my coffee"]
    assert sentences("The greenhouse hit 31°C at noon") == ["The greenhouse hit 31°C at noon"]


def test_an_emoji_before_a_word_that_goes_on_with_the_clause_is_no_break() -> None:
    # GIVEN an emoji followed by a bare verb that finishes the clause before it
    # THEN the sentence stays whole
    assert sentences("inspection finished 👍 passed with no notes") == [
        "inspection finished 👍 passed with no notes"
    ]


def test_a_want_or_need_with_its_i_dropped_after_an_emoji_opens_a_sentence() -> None:
    # GIVEN chat news, an emoji, then a need whose "I" was dropped
    parts = sentences("booked the ferry to Mull for August 🙌 need a packing list for two kids")
    # THEN the need is a sentence of its own, not glued to the booking
    assert parts == ["booked the ferry to Mull for August", "need a packing list for two kids"]
    # AND a participle going on with the same clause still is no break
    assert len(sentences("boiler serviced ✅ passed with no faults")) == 1

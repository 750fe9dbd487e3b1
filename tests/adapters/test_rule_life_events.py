"""Family news given in the language the speaker mixes in reads in English, and "the wedding" after it is
the wedding of the one person the news was about."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.life_events import in_english, whose_event
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 4, 14, 19, 0, tzinfo=UTC))


def test_a_life_event_in_another_language_reads_in_english() -> None:
    # GIVEN French, Italian and Portuguese news after a name
    # THEN the verb reads in English and the name stays
    assert in_english("ma sœur Inès se marie en juin") == "ma sœur Inès is getting married en juin"
    assert in_english("Paolo si sposa!") == "Paolo is getting married!"
    assert in_english("a Bia está grávida") == "a Bia is pregnant"


def test_the_same_words_without_a_name_before_them_stay() -> None:
    # GIVEN "se marie" with no name before it, and an English sentence that happens to hold "heiratet"
    # THEN nothing is rewritten
    assert in_english("elle se marie demain") == "elle se marie demain"
    assert in_english("the word heiratet is German") == "the word heiratet is German"


def test_the_event_named_next_is_the_one_person_s() -> None:
    # GIVEN a sentence about one person's wedding, then "the wedding ..."
    # THEN the wedding is hers
    before = "My cousin Priya is getting married"
    assert (
        whose_event("the wedding is at Kew Gardens in July", before)
        == "Priya's wedding is at Kew Gardens in July"
    )
    # and a graduation named after the news of one
    assert (
        whose_event("The graduation is on 3 June", "Tomasz is graduating")
        == "Tomasz's graduation is on 3 June"
    )


def test_the_event_stays_as_said_when_no_one_or_two_people_were_named() -> None:
    # GIVEN the news names no one, or two people, or another kind of event
    # THEN "the wedding" is left as it was
    assert whose_event("the wedding is in May", "My sister is getting married") == "the wedding is in May"
    assert whose_event("the wedding is in May", "Ana is getting married and Rui is getting married") == (
        "the wedding is in May"
    )
    assert whose_event("the wedding is in May", "Ana is retiring") == "the wedding is in May"


def test_mixed_language_family_news_is_kept_as_one_english_card_with_the_place() -> None:
    # GIVEN Spanish family news, then the wedding's place and date
    said = SESSION.statements("bueno, mi hermana Lucía se casa! the wedding is in Sevilla on 2 May")
    # THEN the wedding's card says whose it is and where, in English
    assert "Lucía's wedding is in Sevilla on 2 May." in said
    assert not any("se casa" in s for s in said)

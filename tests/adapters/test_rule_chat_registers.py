"""Everyday registers read like plain English: txt-speak ("2" for "to", "rn", a dropped "my"), words mixed in from
another language (a kinship word after its possessive, a filler opening the sentence), a request typed without
its question mark, and how someone felt at the time, which passes and is left out, whoever felt it."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.spelling import spelled_out
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 6, 8, 18, 0, tzinfo=UTC))


def test_txt_speak_is_written_out_and_a_dropped_my_restored() -> None:
    # GIVEN a sentence typed in txt-speak about the user's partner
    said = SESSION.statements("bf Kwame's intolerant 2 lactose, remember it when u order 4 him")
    # THEN the card is a grammatical sentence that names him and the intolerance
    assert said and said[0].startswith("The user's boyfriend Kwame is intolerant to lactose")
    assert not any(" 2 " in s or " u " in s for s in said)


def test_a_count_stays_a_count() -> None:
    # GIVEN numbers that count things, and "2" standing for "to"
    # THEN only the latter is written out
    assert spelled_out("I have 2 dogs and 2 bikes") == "I have 2 dogs and 2 bikes"
    assert spelled_out("we're going 2 the coast") == "we're going to the coast"
    # and a bare "beta" (a release) is not read as a kinship word: only after a possessive is it one
    assert spelled_out("the beta ships friday, mera beta Ravi tests it") == (
        "the beta ships friday, my son Ravi tests it"
    )


def test_an_illness_of_right_now_is_not_kept() -> None:
    # GIVEN a passing illness, in txt-speak
    said = SESSION.statements("my sister Ama's got the flu rn")
    # THEN it is not a card
    assert said == []


def test_a_kinship_word_from_another_language_and_its_fillers_read_in_english() -> None:
    # GIVEN Spanish mixed into an English sentence, with a request typed without its question mark
    said = SESSION.statements(
        "bueno mi hija Lucia has violin with Mr Okafor every Tuesday at 5, could you add it to the planner"
    )
    # THEN the card keeps her name and the class, in English, without the filler or the request
    assert said == ["The user's daughter Lucia has violin with Mr Okafor every Tuesday at 5."]


def test_how_someone_felt_is_left_out_and_what_happened_kept() -> None:
    # GIVEN news joined to how people felt about it
    said = SESSION.statements("We adopted a rescue greyhound called Pip and the boys were over the moon")
    # THEN the news is kept without the mood
    assert any("greyhound called Pip" in s for s in said)
    assert not any("moon" in s for s in said)


def test_a_mood_alone_is_not_kept_but_a_recurring_reaction_is() -> None:
    # GIVEN a mood of the day, and a reaction that comes again under a condition
    passing = SESSION.dropped("my husband was gutted")
    habit = SESSION.statements("My husband gets upset when the match is on too late.")
    # THEN the mood is dropped as passing, the habit is kept
    assert ("passing mood", "my husband was gutted") in passing
    assert habit == ["The user's husband gets upset when the match is on too late."]


def test_what_the_speakers_own_thing_is_about_said_inside_a_request_is_kept() -> None:
    # GIVEN a request about the user's own thing, then what that thing is about
    said = SESSION.statements(
        "send me new papers for my dissertation - it's mainly about coral bleaching in Fiji"
    )
    # THEN the detail is kept as the user's, the request is not
    assert said == ["The user's dissertation is mainly about coral bleaching in Fiji."]


def test_it_is_left_alone_when_it_says_how_a_thing_is_or_two_things_were_named() -> None:
    # GIVEN "it's" saying how something is, and "it's about" after two things of the speaker's
    cold = SESSION.statements("pack a coat for my trip, it's cold there")
    two = SESSION.statements("compare my essay with my notes, it's about the famine")
    # THEN nothing is claimed about the trip, nor about either of the two things
    assert not any("trip is" in s for s in cold)
    assert not any("essay is" in s or "notes is" in s for s in two)


def test_a_yes_as_usual_answers_the_agent_and_makes_no_rule() -> None:
    # GIVEN the agent asks whether something still holds and the user says yes "as usual", in any language
    for reply in ("Ja, as always.", "Sure, like usual!", "Oui, as always"):
        events = [
            SESSION.ev("a0", 0, role="assistant", text="Shall I book the window seat again?"),
            SESSION.ev("m1", 5, text=reply),
        ]
        # THEN no card is made of the bare yes ("always wants ja")
        assert SESSION.extract(events) == []
    # AND a habit with content still is one, a foreign yes opening it left out
    said = " ".join(SESSION.statements("Ja, I moved to Utrecht in May."))
    assert said.startswith("The user moved to Utrecht in May")


def test_a_clipped_yeah_opening_the_message_is_filler() -> None:
    # GIVEN news typed after a clipped "ya" / "yah"
    said = SESSION.statements("ya so my brother Tunde is starting at Leeds uni in September")
    also = SESSION.statements("yah my landlord is putting the rent up to £950")
    # THEN the news is kept, without the filler
    assert said and "Tunde" in said[0] and "Leeds" in said[0] and not said[0].lower().startswith("ya")
    assert also and "£950" in also[0] and not also[0].lower().startswith("yah")

"""Whole messages that used to yield no statement: a bare thing in sentence case ("Gas bill is ..."), a course
of a drug with a dose or a span ("I'm on amoxicillin for ten days from 2 May"), a topic opening before a
clause whose "I" is left out ("Bad cold, saw Dr Ortiz ..."), and an opening that announces the telling ("let
me fill you in: ..."). Each keeps what it states; the look-alikes that state nothing stay dropped."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.told_you import told_you
from reverie.adapters.local.rules.topic_then_clause import with_subject
from reverie.domain.guards import mask_secrets
from reverie.domain.validity import valid_until
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 5, 2, 9, 0, tzinfo=UTC))


def test_a_bare_thing_in_sentence_case_is_kept_as_a_statement_about_the_world() -> None:
    said = SESSION.statements("Gas bill is Octopus Energy, £61.40 a month, taken on the 3rd.")
    assert said == ["The gas bill is Octopus Energy, £61.40 a month, taken on the 3rd."]


def test_a_bare_key_with_a_machine_made_value_is_masked_not_kept() -> None:
    said = SESSION.statements("Ok. Signing key is a7f3c9e1b2d4f6a8c0e2, the deploy reads it.")
    assert not any("a7f3c9e1b2d4f6a8c0e2" in s for s in said)
    assert mask_secrets("the shed key is under the blue pot").kinds == ()


def test_a_course_of_a_drug_with_a_span_is_a_fact_that_ends_with_the_span() -> None:
    said = SESSION.extract(SESSION.told("I'm on amoxicillin for ten days from 2 May."))
    assert [c.statement for c in said] == ["The user is on amoxicillin for ten days from 2 May."]
    assert said[0].valid_until == datetime(2026, 5, 12, tzinfo=UTC)
    assert SESSION.statements("I'm on sertraline 50mg.") == ["The user is on sertraline 50mg."]


def test_being_on_something_that_is_no_course_is_not_kept() -> None:
    assert SESSION.statements("I'm on it.") == []
    assert SESSION.statements("we're on the train.") == []


def test_a_span_from_a_start_already_past_counts_from_that_start() -> None:
    said_later = datetime(2026, 3, 20, tzinfo=UTC)
    assert valid_until("for two weeks from 10 March", said_later) == datetime(2026, 3, 24, tzinfo=UTC)
    assert valid_until("for two weeks", said_later) is None


def test_a_topic_opening_puts_back_the_left_out_i() -> None:
    assert with_subject("Bad cold, saw Dr Ortiz at the Elm Street clinic") == (
        "Bad cold, I saw Dr Ortiz at the Elm Street clinic"
    )
    said = SESSION.statements("Awful migraine, booked my neurologist Dr Ines Varga at the Royal Free.")
    assert said == ["The user booked their neurologist Dr Ines Varga at the Royal Free."]


def test_an_opening_that_is_a_clause_of_its_own_puts_back_nothing() -> None:
    assert with_subject("It was late, went home") is None
    assert with_subject("Tom and Priya from accounts, booked the table") is None


def test_an_opening_that_announces_the_telling_is_dropped_and_the_news_kept() -> None:
    assert told_you("We moved in and let me fill you in: the boiler is a Vaillant, serviced in May") == (
        "We moved in",
        "let me fill you in",
        "the boiler is a Vaillant, serviced in May",
    )
    said = SESSION.statements(
        "Quick, I'll brief you: the alarm code is with Hana and the bins go out Monday."
    )
    assert any("bins go out Monday" in s for s in said)


def test_a_colon_after_a_statement_that_tells_no_one_is_no_announcement() -> None:
    assert told_you("My rule for runs: never before 7") == ("", "", "My rule for runs: never before 7")

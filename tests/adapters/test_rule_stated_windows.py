"""How long what a message says holds, and what a sentence is about, when the words that say it stand apart
from the statement: "through <date>" read as "until", "till then" pointing back at it, a phrase in front of
the main clause, and "it's ..." pointing back at a request."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.about_request import asks_the_agent
from reverie.adapters.local.rules.fronted import main_clause
from reverie.adapters.local.rules.references import until_said
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 5, 20, 18, tzinfo=UTC))
END_OF_15_JUNE = datetime(2026, 6, 16, tzinfo=UTC)


def test_till_then_after_a_us_date_said_with_through_holds_until_that_date() -> None:
    # GIVEN a temporary arrangement whose end is said once, with "through" and a month-first date
    said = "the climbing wall is closed for resurfacing through 06/15, our club meets at Rockhouse till then."
    kept = SESSION.extract(SESSION.told(said))
    # THEN the arrangement said "till then" ends with it
    rockhouse = [c for c in kept if "Rockhouse" in c.statement]
    assert rockhouse and all(c.valid_until == END_OF_15_JUNE for c in rockhouse)


def test_through_before_a_date_is_until_through_before_a_place_is_not() -> None:
    assert until_said("the pool is shut through 04/30") == "04/30"
    assert until_said("closed thru the end of May") == "the end of May"
    assert until_said("we drove through Harrogate and Ripon") is None
    assert until_said("I got through the whole book") is None


def test_a_phrase_in_front_of_the_main_clause_does_not_hide_the_statement() -> None:
    # GIVEN what someone in the user's care wants, said after what it is for
    kept = SESSION.statements("Also for my tempo runs the coach wants my pace under 4:50 per km.")
    assert len(kept) == 1 and "4:50 per km" in kept[0]
    assert main_clause("On match days the club bar opens at noon.") == "the club bar opens at noon."


def test_a_phrase_in_front_of_a_finished_event_keeps_nothing() -> None:
    assert SESSION.statements("In the end the plumber fixed it.") == []
    assert main_clause("The coach wants my pace under 4:50.") is None


def test_it_after_a_request_is_what_the_request_is_for_and_stays_in_the_log() -> None:
    # GIVEN a request to the agent and a sentence about it
    said = "Book me a double room in Porto for 9 to 12 May. It's our first trip without the kids."
    # THEN nothing about the trip is kept as a standing fact
    assert not any("first trip" in s for s in SESSION.statements(said))
    assert ("what the request before it is for", "It's our first trip without the kids.") in SESSION.dropped(
        said
    )
    # a request opened by "please" in another language asks as much
    assert asks_the_agent("Bitte book me Berlin to Porto, 2nd to 9th June, aisle.")
    assert asks_the_agent("por favor, find me a dentist near Ruzafa")
    assert not asks_the_agent("Bitte is how my grandmother said please.")


def test_it_after_a_statement_or_a_standing_wish_is_not_about_a_request() -> None:
    for said in (
        "I ride a Brompton. It's a 2019 model with six gears.",
        "Order the usual from Pizzeria Sole. It's always a large margherita.",
        "Hi! It's my birthday on 12 July.",
    ):
        assert all(reason != "what the request before it is for" for reason, _ in SESSION.dropped(said))
    assert any("12 July" in s for s in SESSION.statements("Hi! It's my birthday on 12 July."))

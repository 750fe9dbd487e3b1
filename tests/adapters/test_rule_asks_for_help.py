"""What a statement ends by asking of the agent, with the speaker's "I" left out as chat leaves it ("..., need
help with the business plan"), is a request for now: cut off, so the statement holds on its own. And a clause
that only says when ("..., we play on Sunday mornings") stays with the clause that says what."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2027, 2, 1, 9, 0, tzinfo=UTC))


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        (
            "My wife and I are opening a bakery in Leith next year, need help with the business plan",
            "The user and their wife are opening a bakery in Leith in 2028.",
        ),
        ("I'm training for a marathon in October, need a plan for the long runs", "The user is training"),
        (
            "I'm a teacher in Leeds, could use some help with report comments",
            "The user is a teacher in Leeds.",
        ),
        ("We just moved to Ghent, would love some tips on the schools.", "moved to Ghent"),
    ],
)
def test_an_ask_for_help_after_a_statement_is_left_out_and_the_statement_kept(text: str, kept: str) -> None:
    said = SESSION.statements(text)
    # THEN one card, the statement's, with nothing of the ask in it
    assert len(said) == 1 and kept in said[0]
    assert not any(w in said[0] for w in ("help", "plan for", "tips", "need"))
    assert any(reason == "request" for reason, _ in SESSION.dropped(text))


def test_a_need_that_is_no_ask_for_help_is_not_cut_as_a_request() -> None:
    # NEGATIVE: "need a new oven" asks the agent for nothing it can give: not dropped as a request
    assert not any(
        reason == "request" for reason, _ in SESSION.dropped("I run a bakery in Leith, need a new oven")
    )


def test_a_clause_saying_only_when_stays_with_what_it_is_about() -> None:
    # GIVEN a club joined, then when they play, in one sentence
    said = SESSION.statements("I joined a tennis club in Harrow, we play on Sunday mornings.")
    # THEN one card carries both: the day is the tennis club's
    assert len(said) == 1 and "tennis club" in said[0] and "Sunday mornings" in said[0]
    # NEGATIVE: a clause with a thing of its own ("the beach") is its own statement
    assert len(SESSION.statements("I live in Porto, we go to the beach on Sundays.")) == 2


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        (
            "My boyfriend Dan is vegetarian, so find restaurants with good veggie options for Saturday.",
            "The user's boyfriend Dan is vegetarian.",
        ),
        ("We're going to Japan in April, help me plan the route.", "The user is going to Japan in April."),
        ("I'm a junior developer at Monzo, help me prepare for my review.", "The user is a junior developer"),
    ],
)
def test_a_task_for_the_agent_after_a_comma_is_left_out(text: str, kept: str) -> None:
    said = SESSION.statements(text)
    assert len(said) == 1 and said[0].startswith(kept)
    assert not any(w in said[0] for w in ("find", "help", "route", "review"))


def test_a_statement_about_a_thing_after_a_bare_one_is_its_own() -> None:
    said = SESSION.statements(
        "Bins go out Thursday night, the stopcock is under the kitchen sink behind the bleach."
    )
    assert len(said) == 2 and said[1].startswith("The stopcock is under the kitchen sink")

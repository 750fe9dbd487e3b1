"""A request to the agent that names the day it is for ("make your replies brief this evening") holds for that
day only: it stays in the raw log, as "just for today" does. From a day on, it is a standing wish; a statement
about the day is no request."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.day_requests import for_the_day
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 3, 9, 8, 0, tzinfo=UTC))


def test_an_answer_style_asked_for_one_day_is_not_a_standing_wish() -> None:
    # GIVEN the user asking for brief replies this evening, in one run-on line with the reason
    told = "make your replies brief this evening my back is killing me"
    # THEN no answer-style preference is kept, and the request is left as one for the occasion
    assert SESSION.statements(told) == []
    assert ("one_off", told) in SESSION.dropped(told)


def test_the_same_wish_from_a_day_on_stays_a_standing_one() -> None:
    # GIVEN the same wish said to hold from today on, THEN it is kept as the answer style
    assert any("brief" in s for s in SESSION.statements("Make your replies brief from today on."))
    assert any("brief" in s for s in SESSION.statements("Keep your answers brief please."))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("skip the weekly recap tonight, I'm wiped", True),
        ("keep your summaries to three lines this morning", True),
        ("From today, skip the weekly recap", False),  # a day it starts from: lasting
        ("skip the weekly recap starting tonight", False),
        ("Keep your summaries to three lines.", False),  # no day named
        ("the electrician comes today", False),  # a statement about the day, no request
        ("I'm moving to the night shift today", False),  # the speaker's own change
        ("Grandpa visits the dentist this afternoon", False),
        # how to answer, said of a bare plural
        ("Keep answers short today, I'm on my phone", True),
        ("use bullet points tonight", True),
        ("Keep answers short.", False),  # no day named
        ("Mum comes today", False),  # a name, no verb of answering
        ("Grandkids visit today", False),
    ],
)
def test_only_a_request_for_the_day_is_one(text: str, expected: bool) -> None:
    assert for_the_day(text) is expected


def test_who_someone_is_outlives_the_one_off_request_it_follows() -> None:
    # GIVEN a request for this once, then, after a comma, who a guest is
    told = "just this once get us the sushi platter from Hoshi for tonight, Dmitri's pescatarian so no steak for him"
    # THEN the request stays in the raw log and who Dmitri is is kept
    assert SESSION.statements(told) == ["Dmitri is pescatarian."]
    assert ("one_off", "just this once get us the sushi platter from Hoshi for tonight") in SESSION.dropped(
        told
    )


def test_a_one_off_request_with_no_lasting_clause_is_left_whole() -> None:
    # GIVEN a request for this once whose later clause is more of the request, THEN nothing is kept
    assert SESSION.statements("just this once get the sushi platter, extra ginger on the side") == []


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("Marguerite is vegan.", ["Marguerite is vegan."]),
        ("Tobias's retired now.", ["Tobias is retired."]),
        ("Marguerite is tired.", []),  # a passing state, not who she is
        ("The lasagne is vegan.", []),  # a dish, not someone
    ],
)
def test_who_someone_named_is_is_a_fact_about_them(text: str, kept: list[str]) -> None:
    assert SESSION.statements(text) == kept


def test_what_the_occasion_is_stays_with_the_one_off_request() -> None:
    # GIVEN a request for this once followed by what the occasion is, THEN no card holds the occasion
    told = "just this once ship the parcel to my aunt's in Galway, we're visiting her until Friday"
    assert SESSION.statements(told) == []

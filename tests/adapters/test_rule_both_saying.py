"""Two sources' values joined by a plain "and", each with a verb of saying ("the label reads 250 ml and the
website states 300 ml"), are a disagreement; a day named bare ("the 15th") is the day a quoted source wrote
out ("Friday 15 March"), so the quoted line is that side's claim."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.both_saying import both_saying, said_as_date
from reverie.adapters.local.rules.disagreements import reported
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 3, 2, 9, 0, tzinfo=UTC))


def test_two_sources_joined_by_and_disagree() -> None:
    # GIVEN a sentence setting two sources' amounts side by side with "and"
    found = reported("Well, the label reads 250 ml and the website states 300 ml.")
    # THEN each value is its own source's, the opening no part of the first source
    assert found is not None
    assert (found.first.source, found.first.value) == ("the label", "250")
    assert (found.second.source, found.second.value) == ("the website", "300")


@pytest.mark.parametrize(
    "text",
    [
        "The shop has 3 left and the site says 5.",  # "has" lists a thing, it reports no words
        "I said 4 and she says 6.",
        "The label reads 250 ml and it is cheap.",
    ],
)
def test_no_pair_of_sources(text: str) -> None:
    assert both_saying(text) is None or reported(text) is None


def test_a_bare_day_is_the_day_written_out() -> None:
    assert said_as_date("booked for Friday 15 March at 10:00", "15th")
    assert said_as_date("due March 3rd", "3rd")
    assert not said_as_date("15 people on 2 March", "15th")
    assert not said_as_date("room 15, March rota", "15th")


def test_a_quoted_reply_is_the_source_of_its_side() -> None:
    # GIVEN a user pasting the venue's reply and setting it against the flyer
    text = (
        "Got this from the venue:\n\n> Quiz night at St Anne's Hall on Friday 20 March, 7pm.\n\n"
        "So the flyer says the 13th and the venue says the 20th."
    )
    said = [c for c in SESSION.extract(SESSION.told(text)) if c.key and c.key.endswith("disputed_value")]
    # THEN the venue's side is its quoted sentence, the flyer's its bare day, on one slot
    assert sorted(c.statement for c in said) == [
        "Quiz night at St Anne's Hall on Friday 20 March, 7pm (according to the venue)",
        "The 13th (according to the flyer)",
    ]
    assert len({c.key for c in said}) == 1

"""One's own thing described in brackets while the sentence tells of something passing ("our Minecraft realm
(Bedrock, seed 8841, hard mode) is running a build contest until 30 June") gives two cards: the description,
which lasts, and the passing thing, which ends when it says. "is running" with its own end is no process's
state of now ("the deploy is running" is)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.thing_details import described_in_brackets
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 6, 2, 20, 0, tzinfo=UTC))


def test_a_description_in_brackets_is_a_statement_of_its_own() -> None:
    sentence = "our Minecraft realm (Bedrock, seed 8841, hard mode) is running a build contest until 30 June"
    assert described_in_brackets(sentence) == (
        "our Minecraft realm is running a build contest until 30 June",
        ["Our Minecraft realm: Bedrock, seed 8841, hard mode."],
    )


@pytest.mark.parametrize(
    "sentence",
    [
        "my appointment (Tuesday, 3pm) was moved",  # when it is: what the news is about
        "my accountant (Rhys Evans, at Hale & Co) says it's fine",  # a name (`appositions`)
        "my bike (finally) got fixed",  # a comment, no details
        "our flat (2 bed, top floor)",  # nothing said after it
    ],
)
def test_other_brackets_stay(sentence: str) -> None:
    assert described_in_brackets(sentence) == (sentence, [])


def test_the_event_ends_and_the_description_stays() -> None:
    # GIVEN a message describing the user's server in brackets and an event on it with an end date
    cards = SESSION.extract(
        SESSION.told(
            "our Minecraft realm (Bedrock, seed 8841, hard mode) is running a build contest until 30 June, "
            "post it in the group chat pls"
        )
    )
    said = {c.statement: c.valid_until for c in cards}
    # THEN the description is a lasting card and the contest one that ends after 30 June
    assert said["The user's Minecraft realm: Bedrock, seed 8841, hard mode."] is None
    contest = next(s for s in said if "build contest" in s)
    assert "seed" not in contest and "post it" not in contest
    assert said[contest] == datetime(2026, 7, 1, tzinfo=UTC)


@pytest.mark.parametrize("text", ["the deploy is running", "the nightly backup is still running"])
def test_a_process_running_now_is_not_kept(text: str) -> None:
    assert SESSION.statements(text) == []

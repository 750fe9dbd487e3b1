"""A lookup request that ends with the speaker's choice of the thing looked up ("Look up the Brompton C Line on
the Cycle Republic site, I'm going with that one for the commute"): the lookup is for now and left out; the
choice is kept as the speaker's own fact, with "that one" / "it" read as the thing the request named. A
lookup ending with anything else, or pointing back at nothing, is left as it was."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.request_choice import choice_after_request
from reverie.domain.models import SourceKind
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2026, 4, 20, 8, 0, tzinfo=UTC))


def _told_agent(text: str) -> list[str]:
    events = [
        S.ev("m1", 0, text=text, speaker="Kwame", metadata={"agent": "shopbot"}),
        S.ev("a1", 30, role="assistant", text="Found it: in stock, two sizes."),
    ]
    found = S.extract(events)
    assert all(c.source.kind is SourceKind.USER for c in found)
    return [c.statement for c in found]


def test_the_choice_after_a_lookup_is_kept_with_the_thing_named() -> None:
    # GIVEN a lookup for the agent and, after a comma, the speaker choosing what it names
    kept = _told_agent(
        "Look up the Brompton C Line on the Cycle Republic site, I'm going with that one for the commute."
    )
    # THEN the choice is the speaker's fact about the Brompton, and the lookup itself is not kept
    assert any("Kwame chose the Brompton C Line for the commute" in s for s in kept)
    assert not any("Look up" in s or "Cycle Republic" in s for s in kept)


@pytest.mark.parametrize(
    ("text", "choice"),
    [
        (
            "check the Makita DHP482 at Toolstation, I'm buying it for the loft conversion",
            "I'm buying the Makita DHP482 for the loft conversion",
        ),
        (
            "can you find the Nikon Z50 II, we're getting that one before the trip",
            "we're getting the Nikon Z50 II before the trip",
        ),
        ("search for Ravenna paint in Sage, we'll go with that one", "we chose Ravenna paint"),
    ],
)
def test_the_choice_names_what_was_looked_up(text: str, choice: str) -> None:
    found = choice_after_request(text)
    assert found is not None and found[1] == choice


@pytest.mark.parametrize(
    "text",
    [
        "Look up the weather in Kumasi, it's my sister's wedding on Saturday",  # no choice of the thing
        "check the Makita DHP482 at Toolstation, the old drill died",  # the speaker says nothing of it
        "look up it, I'm buying that one",  # the lookup names nothing
        "Book the table at Nando's, I'm going with Ama",  # no lookup: a booking, and a companion
    ],
)
def test_no_choice_of_the_thing_looked_up_leaves_the_sentence(text: str) -> None:
    assert choice_after_request(text) is None

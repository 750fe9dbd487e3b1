"""A second verb of the same subject said without it ("I live in Cork and work as a chef", "my brother lives in
Cork and works as a chef") is a fact of its own, with its subject said again; a verb shared by one clause
("I live and work in Cork") agrees with the subject as the first does."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2026, 4, 1, 9, 0, tzinfo=UTC))


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I live in Cork and work as a chef.", ["The user lives in Cork.", "The user works as a chef."]),
        (
            "My brother lives in Cork and works as a chef.",
            ["The user's brother lives in Cork.", "The user's brother works as a chef."],
        ),
        ("I live and work in Cork.", ["The user lives and works in Cork."]),
        # NEGATIVE: a thing's second verb is no person's fact of its own
        (
            "The café opens at 8 and works with local farms.",
            ["The café opens at 8 and works with local farms."],
        ),
    ],
)
def test_a_second_verb_of_the_same_subject_is_its_own_fact(said: str, kept: list[str]) -> None:
    assert S.statements(said) == kept


def test_what_the_speaker_does_because_of_a_bounded_state_ends_with_it() -> None:
    # GIVEN a state with an end, then what the speaker is doing meanwhile
    found = S.extract(S.told("Our Wi-Fi is out until Thursday, I'm working from the library."))
    # THEN both hold until the same day
    assert len(found) == 2 and found[0].valid_until is not None
    assert found[1].valid_until == found[0].valid_until
    # NEGATIVE: after a lasting fact, "I'm working nights" has no end
    lasting = S.extract(S.told("I'm a nurse, I'm working nights."))
    assert all(c.valid_until is None for c in lasting)

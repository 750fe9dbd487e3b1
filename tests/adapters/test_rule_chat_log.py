"""Lines of a chat log the user pasted ("[04/03/2026, 21:14] Dev: ...") are what other people said then, to
each other: none of them is read as the user's own statement; what the user says around them still is."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.chat_log import chat_line, without_chat_lines
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 10, 2, 18, 0, tzinfo=UTC))

PASTED = (
    "I volunteer at the food bank on Saturdays. this is from the volunteers group:\n"
    "[12/09/2026, 08:02] Marta: we always need more pasta lol\n"
    "[12/09/2026, 08:05] Olu: I'm allergic to the dust in the store room\n"
    "12/09/2026, 08:07 - Marta: doors open at 9 like always"
)


def test_pasted_chat_lines_are_not_the_users_statements() -> None:
    # GIVEN a message with the user's own statement and a pasted chat log under it
    said = SESSION.statements(PASTED)
    # THEN the user's statement is kept and nothing from the log becomes theirs
    assert any("volunteers at the food bank on Saturdays" in s for s in said)
    assert not any("allergic" in s or "pasta" in s or "doors open" in s for s in said)
    assert sum(reason == "a line of a pasted chat" for reason, _ in SESSION.dropped(PASTED)) == 3


@pytest.mark.parametrize(
    ("line", "who"),
    [
        ("[04/03/2026, 21:14] Dev: reminder lads", "Dev"),
        ("04.03.26, 9:14 pm - Auntie Sue: happy birthday", "Auntie Sue"),
        ("[21:14] Priya: running late", "Priya"),
    ],
)
def test_a_chat_line_names_who_said_it(line: str, who: str) -> None:
    assert chat_line(line) == who


@pytest.mark.parametrize(
    "text",
    [
        "Rehearsal is at 19:30: bring the new pedal.",
        "At 7:30 we leave for the airport.",
        "Note: 10:00 standup moved to 10:30",
    ],
)
def test_a_time_in_an_ordinary_sentence_is_no_chat_line(text: str) -> None:
    assert without_chat_lines(text) == (text, [])

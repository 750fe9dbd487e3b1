"""A chat export the user hands over to be kept ("so you have the details") is read line by line, each line
as its writer's message: what it states is kept, a secret in it costs only that line's secret."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.chat_exports import handed_over_chat
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 7, 14, 19, 0, tzinfo=UTC))
CHAT = (
    "[14/07/26, 18:20] Giulia (landlady): The flat is on Via Nizza 41, third floor, buzzer 3B.\n"
    "[14/07/26, 18:21] Giulia (landlady): Wifi is CasaNizza, password: lim0ne!Torino88\n"
    "[14/07/26, 18:23] Giulia (landlady): Bins go out on Tuesday and Friday evenings."
)


def test_a_handed_over_chat_keeps_its_details_and_only_its_secret_is_lost() -> None:
    # GIVEN the user pasting a chat "so you have the details"
    said = SESSION.statements(f"Pasting what my landlady sent so you have the details:\n{CHAT}")
    # THEN the address and the bin days are kept, with who said them
    assert any("Via Nizza" in s and "Giulia" in s for s in said), said
    assert any("Tuesday and Friday" in s for s in said), said
    # AND the password is nowhere
    assert not any("lim0ne" in s for s in said)


def test_a_chat_pasted_without_handing_it_over_stays_out() -> None:
    # GIVEN a chat pasted with a one-off request around it, not to be kept
    said = SESSION.statements(f"Can you translate this into English?\n{CHAT}")
    # THEN none of its lines becomes a card
    assert not any("Via Nizza" in s or "Bins" in s for s in said), said


def test_the_users_words_and_the_chats_lines_are_told_apart() -> None:
    found = handed_over_chat(f"For reference:\n{CHAT}")
    assert found is not None
    own, lines = found
    assert own.strip() == "For reference:"
    assert [who for who, _ in lines] == ["Giulia (landlady)"] * 3
    assert handed_over_chat("For reference: the flat is on Via Nizza 41.") is None

"""A sentence headed "For <a named thing>:" keeps that thing with each statement after it, one idea each; a
heading that is a time, a person or the speaker's own is no such thing."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.thing_heading import thing_heading
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2026, 11, 2, 9, 0, tzinfo=UTC))


def test_each_statement_after_a_named_heading_keeps_the_thing() -> None:
    said = S.statements(
        "Re unit 12 at Brookfield Estate: the alarm panel is behind the back door, and the cleaner Mr Osei comes on Fridays."
    )
    assert len(said) == 2
    assert all(s.endswith("(unit 12 at Brookfield Estate).") for s in said)
    assert any("alarm" in s for s in said) and any("Osei" in s for s in said)


def test_a_time_a_person_or_the_speakers_own_is_no_heading() -> None:
    for said in (
        "For today: keep the answers short.",
        "For the next 3 days: no dairy please.",
        "For Dad: he is allergic to penicillin.",
        "For my long runs: the physio wants my heart rate under 150.",
        "In 2025: we moved to Porto.",
    ):
        assert thing_heading(said) is None, said

"""The user's profile in every context (issue 15, "longevity"): who the user is (role, employer,
workplace, year of study, home) stands above the preferences whatever the query, current values only,
one line per slot, never another user's. On every note store (`tests.unit.test_consolidation.b`: the
fakes, SQLite, DynamoDB emulated by moto)."""

from __future__ import annotations

import pytest

from reverie.domain.models import Scope
from reverie.domain.profile import PROFILE_LINES, profile_keys
from reverie.services.backends import Backends
from reverie.services.context_render import SECTION_TITLES
from reverie.services.recall import build_context
from tests.conftest import Clock
from tests.unit.helpers import remember
from tests.unit.test_consolidation import b, dreamt, live_saying

__all__ = ["b"]  # the fixture, parametrised over the stores


def profile_lines(text: str) -> list[str]:
    if SECTION_TITLES["profile"] not in text:
        return []
    block = text.split(SECTION_TITLES["profile"])[1].split("\n## ")[0]
    return [line for line in block.splitlines() if line.startswith("- [")]


def test_a_year_of_study_told_once_is_in_the_context_of_an_unrelated_question(
    b: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN a pupil who said her year in passing, and other things since
    dreamt(b, alice, "s1", clock, "btw I'm in year 11 at Hollins Park, GCSEs in May")
    dreamt(b, alice, "s2", clock, "My sister plays the cello in the county orchestra.", days_later=20)
    # WHEN her agent asks for context about an essay, with no word in common with her year
    ctx = build_context(b, "help me with my english lit essay on macbeth", alice, 1000)
    # THEN her year of study is there, under its own heading, before anything else
    (line,) = profile_lines(ctx.text)
    assert "year 11" in line
    assert ctx.text.index(SECTION_TITLES["profile"]) < ctx.text.index("- [")


def test_the_profile_shows_the_current_home_never_the_one_moved_away_from(
    b: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN a user who lived in Leeds and later moved to York
    dreamt(b, alice, "s1", clock, "I live in Leeds with my partner.")
    dreamt(b, alice, "s2", clock, "We moved to York last month.", days_later=90)
    assert live_saying(b, alice, "York")
    # WHEN her agent asks about something else
    ctx = build_context(b, "what should I cook tonight", alice, 1000)
    # THEN the profile says York, and Leeds is nowhere in the context
    assert any("York" in line for line in profile_lines(ctx.text))
    assert "Leeds" not in ctx.text


def test_another_users_profile_never_reaches_a_context(
    b: Backends, alice: Scope, bob: Scope, clock: Clock
) -> None:
    # GIVEN bob's home and job, held under the very keys alice's would be
    dreamt(b, bob, "s1", clock, "I live in Oslo.", "I work as a welder at Aker Solutions.")
    assert live_saying(b, bob, "Oslo")
    # WHEN alice, who told nothing about herself, asks for context
    ctx = build_context(b, "what should I cook tonight", alice, 1000)
    # THEN nothing of bob's is in it
    assert profile_lines(ctx.text) == []
    assert "Oslo" not in ctx.text and "welder" not in ctx.text


def test_the_profile_is_capped_and_leads_with_what_the_user_does(b: Backends, alice: Scope) -> None:
    # GIVEN every profile slot held, written directly under the user's keys
    statements = {
        "home_city": "Alice lives in Bristol",
        "school_year": "Alice is in her second year of an evening MSc",
        "workplace": "Alice works on the cardiac ward",
        "employer": "Alice works for the NHS",
        "job_title": "Alice is a charge nurse",
    }
    for attribute, statement in statements.items():
        remember(b, alice, statement, key=f"alice.{attribute}")
    # WHEN a context is asked for anything
    ctx = build_context(b, "what should I cook tonight", alice, 1000)
    # THEN at most PROFILE_LINES lines, the role and employer first, and the rest left to relevance
    lines = profile_lines(ctx.text)
    assert len(lines) == PROFILE_LINES
    assert "charge nurse" in lines[0] and "NHS" in lines[1]


@pytest.mark.parametrize("user_id", ["alice", "Alice"])
def test_profile_keys_name_the_user_as_reasoners_do(user_id: str) -> None:
    keys = profile_keys(user_id)
    assert {"user.home_city", "alice.home_city", "user.job_title", "alice.employer"} <= keys
    assert not any(k.startswith("bob.") for k in keys)

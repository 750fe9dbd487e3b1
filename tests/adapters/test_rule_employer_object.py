"""Leaving, quitting or joining sets the speaker's employer only when what is left or joined is an employer: a
named organisation, one's job, role or post, a company or firm, a service. A thing or a place left behind, an
occasion left early, a habit quit or a club joined is no change of employer."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rule_reasoner import RuleReasoner
from reverie.adapters.local.rules.keys import attribute_key
from reverie.domain.events import MessageEvent

T0 = datetime(2026, 5, 11, 8, tzinfo=UTC)


@pytest.mark.parametrize(
    "said",
    [
        "I left Halvorsen Robotics at the end of March.",
        "We quit Brindle & Co last autumn.",
        "I've just left the BBC after nine years.",
        "I finally quit my job at the warehouse.",
        "I left my old post in the pharmacy.",
        "I left the firm in 2023.",
        "I joined a tiny consultancy in Ghent.",
        "I joined the fire service straight after school.",
        "We've joined Ostrander Labs.",
    ],
)
def test_leaving_or_joining_an_employer_keys_the_employer(said: str) -> None:
    # GIVEN a first-person leaving or joining of an organisation, a job or a firm
    # WHEN its slot is read
    # THEN it is the speaker's employer
    assert attribute_key(said, "user") == "user.employer"


@pytest.mark.parametrize(
    "said",
    [
        "I left my phone charger at my sister's flat.",
        "I left the oven on this morning.",
        "We left the wedding reception before the speeches.",
        "I left the Easter market with three jars of honey.",
        "I quit sugar for Lent.",
        "I joined a pottery class on Thursdays.",
        "I left the back door open again.",
    ],
)
def test_a_thing_left_behind_or_a_habit_quit_is_no_employer(said: str) -> None:
    # GIVEN a leaving of a possession, a place or an occasion, a habit quit or a class joined
    # WHEN its slot is read
    # THEN it names no employer
    assert attribute_key(said, "user") != "user.employer"


def _keys(text: str) -> list[str | None]:
    said = MessageEvent(
        event_id="e1", session_id="s1", tenant_id="t", user_id="u", ts=T0, role="user", text=text
    )
    return [candidate.key for candidate in RuleReasoner().analyse([said]).candidates]


def test_a_forgotten_bag_in_a_session_is_no_employer_candidate() -> None:
    # GIVEN a session where the user says they left a bag on the train again
    # WHEN the rules reasoner analyses it
    # THEN no candidate claims the user's employer changed
    assert "user.employer" not in _keys("Ugh, I left my gym bag on the tram again, so annoying.")


def test_a_left_company_in_a_session_is_an_employer_candidate() -> None:
    # GIVEN a session where the user says they left a named company
    # WHEN the rules reasoner analyses it
    # THEN the leaving is a candidate in the user's employer slot
    assert "user.employer" in _keys("I left Quorvane Analytics last week.")

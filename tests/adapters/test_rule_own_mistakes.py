"""The speaker owning up to a mistake in what they told before ("ugh I got the girls mixed up") makes what they
say next in the message a correction of it, answering the agent or not; "I mixed the batter" admits nothing.
A value set against another with a bare "not" ("Wednesdays 5pm not Mondays") is the contrast "..., not ..."."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.bare_contrast import with_contrast_comma
from reverie.adapters.local.rules.own_mistakes import owns_a_mistake
from reverie.domain.models import MemoryType
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 9, 14, 8, 0, tzinfo=UTC))


def test_an_admitted_mix_up_makes_the_next_statement_a_correction() -> None:
    events = [
        SESSION.ev(
            "u1", 0, text="ugh I got the girls mixed up. Maya's ballet is Wednesdays 5pm not Mondays."
        ),
        SESSION.ev("a1", 30, role="assistant", text="Updated."),
    ]
    (card,) = SESSION.extract(events)
    assert card.type is MemoryType.CORRECTION
    assert card.statement == "Maya's ballet is Wednesdays 5pm, not Mondays."


def test_without_an_admission_the_statement_stays_a_fact() -> None:
    events = [
        SESSION.ev("u1", 0, text="I mixed the batter last night. Maya's ballet is on Wednesdays at 5pm."),
        SESSION.ev("a1", 30, role="assistant", text="Nice."),
    ]
    assert all(c.type is MemoryType.FACT for c in SESSION.extract(events))
    for said in ("I mixed the batter", "I got the job", "we got lost on the way"):
        assert not owns_a_mistake(said), said


def test_a_bare_not_between_two_values_is_a_contrast() -> None:
    assert with_contrast_comma("the gate code is 2291 not 2219") == "the gate code is 2291, not 2219"
    assert with_contrast_comma("ask for Ruth not Rita") == "ask for Ruth, not Rita"
    # after a verb or before a word of another kind it negates
    assert with_contrast_comma("the gym is not Mondays") == "the gym is not Mondays"
    assert with_contrast_comma("it was 5pm not bad at all") == "it was 5pm not bad at all"

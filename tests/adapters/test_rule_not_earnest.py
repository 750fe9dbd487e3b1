"""What is not said in earnest (irony marked by a tone tag or a set frame, a counterfactual "if I ... I'd ...")
states nothing about the speaker's life: it stays in the raw log. A real condition, a rule for the agent and a
plain statement joined to the hypothetical are kept."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.named_speaker import desubjectivise
from reverie.adapters.local.rules.not_earnest import hypothetical, ironic
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2026, 3, 9, 8, 30, tzinfo=UTC))


@pytest.mark.parametrize(
    "text",
    [
        "Brilliant, my train is cancelled again, I adore Southern Rail /s",
        "I really enjoy doing my tax return #sarcasm",
        "Oh joy, more spreadsheets.",
        "My landlord is the best landlord ever - not!",
        "Pilates at 6am is my favourite thing, said no one ever.",
    ],
)
def test_marked_irony_is_ironic(text: str) -> None:
    assert ironic(text)


@pytest.mark.parametrize(
    "text",
    [
        "The drone tops out at 15 m/s.",  # a unit, not a tone tag
        "I ride at 8 m/s on the flat",
        "I do NOT eat pork.",  # an emphatic denial in earnest
        "Oh great, that worked.",  # relief, no mock delight at more of something
    ],
)
def test_plain_statements_are_not_ironic(text: str) -> None:
    assert not ironic(text)


@pytest.mark.parametrize(
    "text",
    [
        "If I won the Euromillions I'd buy a vineyard in Porto.",
        "we'd get a greyhound if we had a bigger flat",
        "If my sister ever moved back from Dubai she would take over the shop.",
        "If I'd known about the strike I would have driven.",
    ],
)
def test_counterfactual_conditionals_are_hypotheticals(text: str) -> None:
    assert hypothetical(text) == ("", text)


@pytest.mark.parametrize(
    "text",
    [
        "If I'm on call, I keep my phone on loud.",  # a real condition: a habit
        "If we move to Cork in June we'll need a removal van.",  # a real possibility: a plan
        "If I ever ask for dessert, remind me about my cholesterol.",  # a rule for the agent
        "My boss asked if I wanted the Friday shift and I said I would.",  # an indirect question
    ],
)
def test_real_conditions_are_not_hypotheticals(text: str) -> None:
    assert hypothetical(text) is None


def test_a_statement_joined_to_a_hypothetical_is_kept_alone() -> None:
    kept, left = hypothetical("I teach chemistry at Ardmore High, but if I won the lottery I'd retire.") or (
        "",
        "",
    )
    assert kept == "I teach chemistry at Ardmore High."
    assert left == "if I won the lottery I'd retire."


def test_irony_and_a_daydream_told_to_the_agent_leave_only_the_real_fact() -> None:
    # GIVEN a user who states their job, then jokes about it and daydreams
    found = S.statements(
        "I'm a bus driver for Lothian Buses, on early shifts. Oh wonderful, another 5am start, I just ADORE "
        "alarms /s. If I ever won big I'd buy a bothy on Skye and never drive again lol."
    )
    # THEN only the job is kept: no love of alarms, no bothy, no "never drive again"
    assert found == ["The user is a bus driver for Lothian Buses, on early shifts."]
    dropped = S.dropped("I'd open a bakery in Lisbon if I ever retired early.")
    assert ("hypothetical", "I'd open a bakery in Lisbon if I ever retired early.") in dropped


def test_a_joined_hypothetical_keeps_the_statement_before_it() -> None:
    found = S.statements("I'm a paramedic in Dundee, but if I had the money I'd study medicine.")
    assert found == ["The user is a paramedic in Dundee."]


def test_ever_is_an_adverb_when_the_speaker_is_named() -> None:
    # GIVEN a clause with "ever" between "I" and its verb; WHEN the speaker is named instead of "I"
    # THEN the verb after it agrees, "ever" is left as it is (it read "Rosa evers travels")
    assert desubjectivise("when I ever travel to Oslo I stay with my aunt", "Rosa") == (
        "when Rosa ever travels to Oslo Rosa stays with their aunt"
    )

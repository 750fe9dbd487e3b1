"""Statements about a place named by a name and its letter or number ("Unit 3's", "water to Tower B at Elm
Court"), and news announced as news ("Heads up:", "update for you"): kept as what they say."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.language import strip_opening
from reverie.adapters.local.rules.thing_patterns import ABOUT_A_THING_RE, ARTICLE_DROPPED_RE
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 3, 9, 8, tzinfo=UTC))


def test_a_thing_of_a_place_named_with_its_number_is_kept() -> None:
    # GIVEN who looks after a numbered unit, said to the agent
    kept = SESSION.statements("Unit 3's concierge is Halima Osei, she keeps the bike store fob.")
    # THEN it is a statement about the unit
    assert kept == ["Unit 3's concierge is Halima Osei, she keeps the bike store fob."]


def test_an_order_before_a_name_is_no_owner() -> None:
    assert not ABOUT_A_THING_RE.match("Tell Ana's teacher she is ill.")
    assert ABOUT_A_THING_RE.match("The gas to Tower B at Elm Court is off until Monday.")


def test_a_bare_thing_at_a_named_place_after_heads_up_is_kept_until_it_ends() -> None:
    # GIVEN an outage told with its article left out, after "Heads up:"
    found = SESSION.extract(
        SESSION.told("Heads up: gas to Tower B at Elm Court is off for meter works until Thursday.")
    )
    # THEN it is kept, holding until the day it names
    assert [c.statement for c in found] == [
        "The gas to Tower B at Elm Court is off for meter works until Thursday."
    ]
    assert found[0].valid_until is not None


def test_a_bare_word_and_is_without_a_place_needs_two_words() -> None:
    assert ARTICLE_DROPPED_RE.match("gas to Tower B is off")
    assert not ARTICLE_DROPPED_RE.match("gas is off")
    assert not ARTICLE_DROPPED_RE.match("to Tower B is where we go")


def test_news_announced_as_an_update_splits_like_any_other() -> None:
    # GIVEN two statements of the speaker's after an announcing opener
    kept = SESSION.statements("quick update I moved to the Leeds office last month, I cycle to work now")
    # THEN each is kept on its own, the opener with neither
    assert len(kept) == 2 and not any("update" in s.lower() for s in kept), kept
    # an order to update something is no announcement
    assert strip_opening("update the rota for March") == "update the rota for March"

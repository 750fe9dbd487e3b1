"""A "they" opening a sentence is the one business or person the sentence before named as its subject; what
that someone does from now on is news of them, not a rule for the agent."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.they_named import subject_named, they_said_of
from reverie.domain.models import MemoryType
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 6, 1, 9, tzinfo=UTC))


def test_they_is_the_business_the_sentence_before_named() -> None:
    # GIVEN a client named as the subject of one sentence, and "they" opening the next
    said = "Great news, Harbour Press accepted my quote. From now on they pay £45 an hour for proofreading."
    # WHEN it is read
    found = SESSION.extract(SESSION.told(said))
    # THEN the rate is a fact about the client, not a rule for the agent
    rate = next(c for c in found if "£45" in c.statement)
    assert rate.type is MemoryType.FACT
    assert rate.statement == "Harbour Press pays £45 an hour for proofreading."


def test_they_agrees_as_the_one_subject_does() -> None:
    assert they_said_of("They're closed on Mondays now.", "Nordbank") == "Nordbank is closed on Mondays now."
    assert they_said_of("so they have a new address", "Nordbank") == "so Nordbank has a new address"
    assert they_said_of("They moved to Leeds.", "Nordbank") == "Nordbank moved to Leeds."


def test_they_after_two_names_or_no_name_stays_as_it_was() -> None:
    assert subject_named("Nordbank and Lindqvist merged last year.") is None
    assert subject_named("The bank merged last year.") is None
    assert subject_named("Good news, Nordbank merged last year.") == "Nordbank"
    assert they_said_of("They pay on time.", None) == "They pay on time."


def test_an_order_from_now_on_is_still_a_rule() -> None:
    found = SESSION.extract(SESSION.told("From now on reply to me in German."))
    assert [c.type for c in found] == [MemoryType.CONSTRAINT]

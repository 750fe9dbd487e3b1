"""Extraction of what formal messages announce and of statements held under a condition: the news after "I am
happy to share that", what "I would like to confirm" confirms, a status one is on ("on parental leave"), and a
leading "until ..." or "while ..." that limits the statement and must stay with it."""

from __future__ import annotations

from datetime import UTC, datetime

from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 3, 3, 10, 0, tzinfo=UTC))


def test_news_announced_as_happy_to_share_is_kept_as_the_news() -> None:
    # GIVEN a letter that opens its news with a feeling about sharing it
    said = " ".join(SESSION.statements("I am happy to share that our son Leo was born on 14 February."))
    # THEN the news is kept, not dropped as a feeling
    assert "son Leo was born on 14 February" in said
    assert "happy" not in said


def test_what_is_confirmed_is_kept_with_its_condition() -> None:
    # GIVEN an arrangement confirmed after a label, opening with how long it holds
    said = " ".join(
        SESSION.statements(
            "I would like to confirm the arrangement agreed with my manager: until the move is done, "
            "I will work from home on Mondays."
        )
    )
    # THEN the arrangement is kept with its condition, and the confirming is not a preference
    assert "until the move is done" in said.lower()
    assert "work from home on Mondays" in said
    assert "would like to confirm" not in said


def test_a_leading_while_clause_stays_with_the_statement_it_limits() -> None:
    # GIVEN a habit that holds only while something lasts
    said = " ".join(SESSION.statements("While the kitchen is being redone, we eat at my mum's on weekdays."))
    # THEN the condition is kept: without it the card would claim a permanent habit
    assert said.lower().startswith("while the kitchen is being redone")


def test_a_status_one_is_on_is_a_fact_with_its_validity() -> None:
    # GIVEN a status ("on parental leave") stated with an end date
    kept = SESSION.extract(SESSION.told("I am on parental leave until 1 June."))
    # THEN it is kept, valid until the end of that day
    assert [c.statement for c in kept] == ["The user is on parental leave until 1 June."]
    assert kept[0].valid_until is not None and kept[0].valid_until.date().isoformat() == "2026-06-02"


def test_a_team_one_is_on_is_a_fact_and_a_team_meeting_is_not() -> None:
    # GIVEN the team or committee the user belongs to, and a meeting they are in
    kept = SESSION.statements("I'm on the sorting team at the food bank now.")
    # THEN the team is kept; the meeting is a passing state
    assert kept == ["The user is on the sorting team at the food bank now."]
    assert not SESSION.statements("I'm in the team meeting.")


def test_what_the_agent_is_asked_to_note_is_kept_as_the_statement() -> None:
    # GIVEN a chat message addressing the bot by @name and asking it to note a fact
    kept = SESSION.statements("@clubbot pls note the choir rehearses at St Mary's hall every Wednesday at 7")
    # THEN the fact is kept, without the asking
    assert kept == ["The choir rehearses at St Mary's hall every Wednesday at 7."]
    # and a request to note something that states nothing is no card
    assert not SESSION.statements("please note the time")

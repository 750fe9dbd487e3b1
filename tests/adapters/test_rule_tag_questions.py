"""A statement asked only for agreement ("you know I ..., right?") is the statement; a real question is not."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.tag_questions import asserted
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2026, 5, 4, 18, 0, tzinfo=UTC))


def test_a_fact_asked_for_agreement_is_kept_as_the_fact() -> None:
    # GIVEN the user telling a change as a question that only seeks agreement
    # WHEN the session is read
    # THEN the change is kept as a statement
    said = S.statements("you know we switched the kids to Larkfield school, right? so plan pick-ups there")
    assert any("Larkfield" in s for s in said), said


def test_wordings_of_agreement_tags() -> None:
    assert asserted("I told you I'm off gluten now, didn't I?") == "I'm off gluten now."
    assert asserted("my brother took over the bakery, yeah?") == "My brother took over the bakery."
    assert asserted("Remember I sold the Fiat?") == "I sold the Fiat."


def test_real_questions_stay_questions() -> None:
    # GIVEN questions that ask something they do not state
    for question in (
        "you know where I left my keys?",
        "did I move the meeting to Friday?",
        "Is the pool open on Sundays, right?",
        "can you check the tide times, yeah?",
    ):
        # THEN they are not rewritten as statements
        assert asserted(question) == question, question
    assert not [s for s in S.statements("you know where I parked yesterday?") if "parked" in s]

"""A word after a statement that only stresses it ("..., always", "..., ever", "..., period") is no rule of its
own: the statement is kept, without it; a rule that opens with "always" is still a rule. "Do" naming an activity
and how often ("I do capoeira three times a week") is a habit, not the auxiliary of "I do love it"."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.domain.models import MemoryType
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2026, 11, 2, 9, 0, tzinfo=UTC))


def test_a_stressed_statement_is_kept_without_its_stress() -> None:
    assert S.statements("our default currency is NZD, always") == ["The user's default currency is NZD."]
    assert S.statements("my accountant is Maia Tane, period.") == ["The user's accountant is Maia Tane."]


def test_a_rule_opening_with_always_stays_a_rule() -> None:
    found = S.extract(S.told("always copy Maia in on invoices, ever since the audit"))
    assert [c.type for c in found] == [MemoryType.CONSTRAINT]


def test_an_activity_done_as_a_habit_is_kept_and_the_auxiliary_do_is_not() -> None:
    # GIVEN "do" naming an activity and how often, beside "do" stressing a verb
    assert S.statements("I do capoeira three times a week") == ["The user does capoeira three times a week."]
    assert S.statements("we do aqua aerobics on Thursdays") == ["The user does aqua aerobics on Thursdays."]
    # THEN the auxiliary is no activity
    assert S.statements("I do love it every time") == []

"""Working toward an event on a named day ("training for the half marathon on 14 March") holds until that day
has been; with no day named it holds as before. Emoji between a statement and a subject with "is"/"are" after
it end the statement ("finished in 3:41 🎉 knees are wrecked")."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.domain.validity import valid_until
from tests.fakes.rule_session import RuleSession

TS = datetime(2026, 2, 1, 9, 0, tzinfo=UTC)
S = RuleSession(TS)


def test_a_pursuit_toward_a_named_day_holds_until_that_day_ends() -> None:
    assert valid_until("I'm preparing for the Berlin marathon on 27 September", TS) == datetime(
        2026, 9, 28, tzinfo=UTC
    )
    assert valid_until("She is revising for her viva on the 3rd of March", TS) == datetime(
        2026, 3, 4, tzinfo=UTC
    )


def test_a_pursuit_naming_no_day_or_a_plain_date_has_no_end() -> None:
    assert valid_until("I'm training for a triathlon", TS) is None
    assert valid_until("I ran a 10k on 14 March", TS) is None


def test_emoji_before_a_subject_and_its_verb_end_the_sentence() -> None:
    assert S.statements("Finished the Valencia marathon in 3:41 🎉 knees are wrecked") == [
        "The user finished the Valencia marathon in 3:41."
    ]

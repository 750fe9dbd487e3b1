"""A job change told as its two halves in one message: the start at a named place is the speaker's employer
(it replaces the held one), the leaving is its old side and no card; a start at a time, or a leaving of
something else, is no job change."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.merge import decide
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 2, 10, 18, 0, tzinfo=UTC))


def _kept(text: str) -> list[tuple[str | None, str]]:
    return [(c.key, c.statement) for c in SESSION.extract(SESSION.told(text))]


def test_notice_handed_in_then_a_start_elsewhere_is_the_new_employer_alone() -> None:
    kept = _kept("Handed in my notice at Ostara Foods today!! I start at Pellinor Labs on 2 March.")
    # (the start is the employer from its first day: the one held holds until then)
    assert kept == [("user.employer", "From 2 March 2026, the user works at Pellinor Labs.")]


def test_a_borrowed_verb_in_another_language_still_tells_the_leaving() -> None:
    # GIVEN Hinglish around the English: "aaj resign kar diya" (resigned today)
    kept = _kept(
        "Aaj resign kar diya from Ostara Foods, notice de diya. Starting at Pellinor Labs on 2 March."
    )
    assert [k for k, _ in kept] == ["user.employer"]
    assert "Pellinor Labs" in kept[0][1] and "Ostara" not in kept[0][1]


def test_the_start_replaces_the_held_employer() -> None:
    card = held("The user is a buyer at Ostara Foods.", key="user.employer")
    decision = decide(cand("The user starts at Pellinor Labs on 2 March.", key="user.employer"), [card])
    assert decision.action is MergeAction.SUPERSEDE and decision.target_id == card.memory_id


def test_a_start_at_a_time_or_a_leaving_of_a_thing_is_no_job_change() -> None:
    # a start at a time: the leaving stays a statement of its own, the start names no employer
    at_seven = _kept(
        "I quit Duolingo, the streak was stressing me out. Starting at 7 tomorrow with the gym plan."
    )
    assert any("quit Duolingo" in s for _, s in at_seven)
    assert all(k is None for k, s in at_seven if "starting at 7" in s)
    # a thing left behind is no leaving: nothing is dropped, the start is not read as an employer
    umbrella = _kept("Left my umbrella on the bus. Starting at Pellinor Labs on 2 March.")
    assert any("umbrella" in s for _, s in umbrella)
    assert all(k is None for k, s in umbrella if "Pellinor" in s)


def test_a_thing_that_starts_somewhere_is_no_start_of_the_speaker() -> None:
    kept = _kept("I quit Netflix. The pottery course starts at Kew Gardens on Monday.")
    assert ("user.employer", "The pottery course starts at Kew Gardens on Monday.") not in kept
    assert any("pottery course" in s for _, s in kept)

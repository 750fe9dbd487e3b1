"""Several people answering one where/when question in a group conversation: each answer is its person's
claim in the one slot the question names, and two people's answers disagreeing are left to a person."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.merge import decide
from reverie.domain.events import Event
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 6, 3, 19, 0, tzinfo=UTC))


def _chat(*turns: tuple[str, str]) -> list[Event]:
    """A club's chat with the user's agent in it: (speaker, text) turns, the user (Marek) first."""
    events = [SESSION.ev("a0", 0, role="assistant", text="Hi all.")]
    for n, (who, text) in enumerate(turns, start=1):
        events.append(SESSION.ev(f"m{n}", 30 * n, speaker=who, text=text))
    return events


def _claims(events: list[Event]) -> list[tuple[str, str | None]]:
    return [(c.statement, c.key) for c in SESSION.extract(events) if "according to" in c.statement]


def test_a_bare_reply_and_a_denial_after_it_are_two_claims_in_one_slot() -> None:
    # GIVEN a question about where something happens, a bare answer, and another member denying it
    events = _chat(
        ("Marek", "where do the sunday bike rides start? missed the last one"),
        ("Ines", "the clock tower, 9 sharp"),
        ("Tomasz", "nope, we switched to the station car park last spring"),
    )
    # THEN each answer is its person's claim, in the slot the question names
    assert _claims(events) == [
        ("The sunday bike rides start at the clock tower, 9 sharp (according to Ines).", "bike_ride.where"),
        ("The sunday bike rides start at the station car park (according to Tomasz).", "bike_ride.where"),
    ]


def test_it_is_answers_a_when_question_with_the_thing_conjugated() -> None:
    events = _chat(
        ("Marek", "what time does the choir rehearsal start?"),
        ("Olga", "it's 7.30 in the church hall"),
    )
    assert _claims(events) == [
        ("The choir rehearsal starts at 7.30 in the church hall (according to Olga).", "choir_rehearsal.when")
    ]


def test_a_reply_without_a_place_the_users_own_answer_and_a_later_remark_are_no_claims() -> None:
    # GIVEN a hedge, the user answering someone else, and a remark that follows another message
    hedged = _chat(("Marek", "where is the summer barbecue?"), ("Ines", "no idea, ask Tomasz"))
    own = _chat(
        ("Marek", "evening all"),
        ("Ines", "where is the summer barbecue?"),
        ("Marek", "the allotments, from 2"),
    )
    later = _chat(
        ("Marek", "where is the summer barbecue?"),
        ("Ines", "the allotments"),
        ("Olga", "bring chairs"),
        ("Tomasz", "the allotments again, nice"),
    )
    # THEN nothing is read as a claim but Ines's one answer
    assert _claims(hedged) == []
    assert _claims(own) == []
    assert [s for s, _ in _claims(later)] == ["The summer barbecue is at the allotments (according to Ines)."]


def test_a_denial_that_is_no_answer_to_a_question_is_no_claim() -> None:
    # GIVEN a "no" after someone else's statement, with no where/when question before it
    events = _chat(("Marek", "the rides are great fun"), ("Tomasz", "no, we moved to the station car park"))
    assert _claims(events) == []


def test_two_peoples_answers_in_one_slot_go_to_a_person_the_same_persons_go_by_latest() -> None:
    key = "bike_ride.where"
    first = held("The rides start at the clock tower (according to Ines).", key)
    # WHEN another person gives another place, or the same person changes their answer
    other = decide(cand("The rides start at the station car park (according to Tomasz).", key), [first])
    again = decide(cand("The rides start at the station car park (according to Ines).", key), [first])
    # THEN two people's claims conflict; one person's later answer replaces their own
    assert other.action is MergeAction.CONFLICT
    assert again.action is MergeAction.SUPERSEDE

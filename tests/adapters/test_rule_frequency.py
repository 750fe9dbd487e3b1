"""How often is a value: two statements alike but for how often give one thing two values, and the user's
own words outrank the agent's note of the same conversation."""

from __future__ import annotations

import pytest

from reverie.adapters.local.rules.frequency import another_frequency
from reverie.adapters.local.rules.merge import decide
from reverie.domain.models import EvidenceRef, MemoryCard, Source, SourceKind
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Ruth waters the orchids once a week.", "Ruth waters the orchids three times a week in summer."),
        ("Omar takes 10 mg of cetirizine daily.", "Omar takes 10 mg of cetirizine twice a day."),
        ("The team syncs every day.", "The team syncs every other day."),
        ("Pia cleans the aquarium filter monthly.", "Pia cleans the aquarium filter 2x a month."),
    ],
)
def test_the_same_statement_with_another_frequency_is_another_value(a: str, b: str) -> None:
    assert another_frequency(a, b) and another_frequency(b, a)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (
            "Ruth waters the orchids once a week.",
            "Ruth feeds the orchids once a month.",
        ),  # another thing done
        ("Ruth waters the orchids once a week.", "Ruth waters the orchids weekly, on Sundays."),  # the same
        ("Omar takes cetirizine twice a day.", "Omar doesn't take cetirizine twice a day."),  # a denial
        ("Omar takes cetirizine daily.", "Omar takes cetirizine."),  # no frequency to compare
    ],
)
def test_another_action_the_same_frequency_or_a_denial_is_no_other_frequency(a: str, b: str) -> None:
    assert not another_frequency(a, b)


def _note(statement: str, session: str = "s2") -> MemoryCard:
    card = held(statement)
    return card.model_copy(
        update={
            "source": Source(kind=SourceKind.AGENT),
            "evidence_refs": [EvidenceRef(session_id=session, event_id="n1")],
            "observed_at": cand("x").observed_at,
        }
    )


def test_the_users_own_words_outrank_the_agents_note_of_the_same_conversation() -> None:
    # GIVEN the agent's note of a conversation, written a minute after the user spoke
    note = _note("Ruth waters the orchids once a week.")
    # WHEN what the user said in that conversation is judged against it
    said = cand("Ruth waters the orchids three times a week.", days=10)
    # THEN the user's words replace the note, though the note is newer
    decision = decide(said, [note])
    assert decision.action is MergeAction.SUPERSEDE and "own words" in decision.reason


def test_an_agents_note_from_another_conversation_is_not_outranked_by_an_older_message() -> None:
    note = _note("Ruth waters the orchids once a week.", session="s9")
    note = note.model_copy(update={"observed_at": cand("x", days=40).observed_at})
    said = cand("Ruth waters the orchids three times a week.", days=10)
    assert decide(said, [note]).action is MergeAction.CONFLICT


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # a weekday's repetition is how often: every other one is every second week
        (
            "Noor's swimming class is every other Thursday at 6pm.",
            "Noor's swimming class is every Thursday at 6pm.",
        ),
        # the same one's thing, the newer saying why it changed
        (
            "Jonas's guitar lesson is every other Monday at 4pm with Mr Okafor.",
            "Jonas's guitar is weekly now, every Monday at 4pm, as Mr Okafor has room.",
        ),
        ("The book club meets fortnightly on Wednesdays.", "The book club meets weekly on Wednesdays."),
    ],
)
def test_a_weekday_or_fortnight_frequency_changed_is_another_value(a: str, b: str) -> None:
    assert another_frequency(a, b) and another_frequency(b, a)


def test_two_things_of_the_same_one_with_another_frequency_are_two_facts() -> None:
    # GIVEN two different chores for the same dog, THEN neither frequency replaces the other
    assert not another_frequency("Bo's dog is walked twice a day.", "Bo's dog is fed once a day.")
    assert not another_frequency(
        "Jonas's guitar lesson is every Monday.", "Jonas's football is every other Monday."
    )

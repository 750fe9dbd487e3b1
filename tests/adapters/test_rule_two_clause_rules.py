"""A statement saying two things, one of them negative ("always wants tea, can't stand coffee"), points
against a card only by its clause about what the card says: the agent's note of the same message and a held
rule in other words are still the same."""

from __future__ import annotations

from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.polarity import clauses, opposed
from reverie.domain.models import EvidenceRef, MemoryType, Source, SourceKind
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held

TWO_WAYS = "Dara always orders green tea, Dara can't stand coffee."


def test_a_comma_naming_the_subject_again_starts_a_clause() -> None:
    assert clauses(TWO_WAYS) == ["Dara always orders green tea", "Dara can't stand coffee."]
    assert clauses("Dara likes tea, and she hates coffee.") == ["Dara likes tea", "she hates coffee."]
    # a comma before anyone else, or in a statement about a thing, starts no clause of its own
    assert len(clauses("Dara likes tea, Bea does not.")) == 1
    assert len(clauses("The kettle is old, the lid does not close.")) == 1


def test_a_two_way_statement_points_by_its_clause_closest_to_the_card() -> None:
    assert not opposed(TWO_WAYS, "Dara prefers green tea.")
    assert opposed("Dara never drinks green tea, she drinks coffee.", "Dara drinks green tea.")


def test_the_dreams_two_way_reading_joins_the_agents_note_of_the_same_message() -> None:
    # GIVEN the agent's note citing the very message the dream reads
    note = held("Dara always orders green tea at cafes.").model_copy(
        update={
            "evidence_refs": [EvidenceRef(session_id="s2", event_id="e1")],
            "source": Source(kind=SourceKind.AGENT),
            "observed_at": cand("x").observed_at,
        }
    )
    # WHEN the dream draws a statement with a negative clause from it, THEN it is more of the note
    decision = decide(cand(TWO_WAYS), [note])
    assert decision.action is MergeAction.FUSE and decision.target_id == "m-1"


def test_a_preference_restated_beside_a_two_way_rule_adds_nothing() -> None:
    rule = held("Ravi always books the quiet coach on trains, Ravi can't work near the cafe car.")
    rule = rule.model_copy(update={"type": MemoryType.PREFERENCE})
    news = cand("On trains Ravi prefers the quiet coach to the cafe car.", type=MemoryType.PREFERENCE)
    decision = decide(news, [rule])
    assert decision.action is MergeAction.NOOP and decision.target_id == "m-1"


def test_a_denial_of_the_rule_is_not_the_same_rule() -> None:
    rule = held("Ravi always books the quiet coach on trains.", type=MemoryType.PREFERENCE)
    news = cand("Ravi never books the quiet coach on trains.", type=MemoryType.PREFERENCE)
    assert decide(news, [rule]).action is not MergeAction.NOOP

"""An agent's note citing the very message a statement is drawn from is its record of that message: what the
message says about the note's subject joins the note; what else the message says stays its own card."""

from __future__ import annotations

from reverie.adapters.local.rules.merge import decide
from reverie.domain.models import EvidenceRef, MemoryCard, Source, SourceKind
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held

SAME_MESSAGE = [EvidenceRef(session_id="s2", event_id="e1")]  # what `cand` cites
OTHER_MESSAGE = [EvidenceRef(session_id="s2", event_id="e7")]
NOTE = "Amara starts at 7 on weekdays; Wednesday is her non-driving day (car-share rota)."


def _note(
    statement: str = NOTE,
    refs: list[EvidenceRef] = SAME_MESSAGE,
    kind: SourceKind = SourceKind.AGENT,
    dream_run_id: str | None = None,
) -> MemoryCard:
    """A card written at the time of `cand`'s message, citing `refs`."""
    return held(statement).model_copy(
        update={
            "evidence_refs": refs,
            "source": Source(kind=kind),
            "observed_at": cand("x").observed_at,
            "dream_run_id": dream_run_id,
        }
    )


def test_a_statement_the_note_holds_in_its_own_words_adds_nothing() -> None:
    # GIVEN the agent's note of a message, WHEN the dream draws from that message what the note says
    decision = decide(cand("Amara Obi is not driving on Wednesdays."), [_note()])
    # THEN the note already records it
    assert decision.action is MergeAction.NOOP and decision.target_id == "m-1"


def test_a_statement_saying_more_of_the_same_thing_joins_the_note() -> None:
    # GIVEN the note, WHEN the same message also tells since when the rota holds
    decision = decide(cand("Amara Obi's car-share rota is for four weeks since March."), [_note()])
    # THEN one card says both, the note first
    assert decision.action is MergeAction.FUSE and decision.target_id == "m-1"
    assert decision.statement is not None
    assert decision.statement.startswith("Amara starts at 7 on weekdays")
    assert "Amara Obi's car-share rota is for four weeks since March" in decision.statement


def test_another_thing_the_same_message_says_stays_its_own_card() -> None:
    # GIVEN the note, WHEN the same message also says her son starts nursery, THEN a card of its own
    decision = decide(cand("Amara Obi's son starts nursery in September."), [_note()])
    assert decision.action is MergeAction.ADD


def test_the_same_words_from_another_message_are_no_record_of_it() -> None:
    # GIVEN a note citing another message, WHEN the statement adds a detail, THEN the note's message is not
    # its source: the ordinary rules decide (no fusion as the note's record)
    decision = decide(
        cand("Amara Obi's car-share rota is for four weeks since March."), [_note(refs=OTHER_MESSAGE)]
    )
    assert decision.action is MergeAction.ADD


def test_a_card_the_dream_drew_from_the_message_is_no_note_of_it() -> None:
    # GIVEN a user-sourced card a dream made from the same message (one idea per card), WHEN another
    # statement of that message shares words with it, THEN it is no record: it stays its own card
    card = _note(kind=SourceKind.USER, dream_run_id="run-1")
    assert (
        decide(cand("Amara Obi's car-share rota is for four weeks since March."), [card]).action
        is MergeAction.ADD
    )


def test_a_statement_disagreeing_with_the_note_is_left_to_the_rules_of_change() -> None:
    # GIVEN the note, WHEN the user's own words of the message say she drives on Wednesdays,
    # THEN the user's words replace the note, they are not folded into it
    decision = decide(cand("Amara Obi drives on Wednesdays."), [_note()])
    assert decision.action is MergeAction.SUPERSEDE and decision.target_id == "m-1"

"""One resolver says which held card a statement points at when its words do not say which, and how: a
demonstrative, the agent's note of the same message, a held thing by its head, a group's sessions."""

from __future__ import annotations

from reverie.adapters.local.rules.agent_record import recorded
from reverie.adapters.local.rules.pointed_at import Way, pointed_at
from reverie.adapters.local.rules.taken_up import the_thing_held
from reverie.domain.models import EvidenceRef, MemoryCard, MemoryType, Source, SourceKind
from tests.adapters.test_rule_slots import cand, held

PREF = MemoryType.PREFERENCE


def _cards(*statements: str) -> list[MemoryCard]:
    return [held(s).model_copy(update={"memory_id": f"m-{n}"}) for n, s in enumerate(statements, 1)]


def test_a_demonstrative_points_at_the_held_thing_and_is_told_with_its_name() -> None:
    # GIVEN a held card naming a pipeline, and a later statement pointing back at "that pipeline"
    cards = _cards("Dario looks after the nightly ledger-sync pipeline.", "Dario lives in Turin.")
    # WHEN the resolver reads it
    found = pointed_at(cand("That pipeline we took on fails on Sundays."), cards)
    # THEN it is the held pipeline, and the statement names it as the card does
    assert found is not None and found.way is Way.DEMONSTRATIVE and found.card.memory_id == "m-1"
    assert found.statement == "The nightly ledger-sync pipeline we took on fails on Sundays."


def test_a_clipped_head_points_at_the_held_compound() -> None:
    # GIVEN a held fact about a motorbike, and a later detail about "the bike"
    found = pointed_at(cand("The bike is a 1998 Ducati Monster."), _cards("Hana rides a motorbike to work."))
    # THEN the held card is the one pointed at, as a held thing
    assert found is not None and found.way is Way.HELD_THING and found.card.memory_id == "m-1"


def test_sessions_with_no_owner_point_at_the_one_group_held() -> None:
    # GIVEN one held role in a group, and sessions told with no owner
    cards = _cards("Priya conducts the Eastside community choir.")
    found = pointed_at(cand("Rehearsals are Wednesdays at 7 in the church hall."), cards)
    # THEN they are that group's sessions
    assert found is not None and found.way is Way.GROUP_SESSIONS and found.card.memory_id == "m-1"


def test_the_agents_note_of_the_same_message_is_found_before_a_held_thing() -> None:
    # GIVEN a held telescope, and the agent's note (a preference) citing the very message a statement is from
    note = held("Kemal wants the scope serviced at the Kadikoy shop every March.", type=PREF).model_copy(
        update={
            "memory_id": "m-2",
            "source": Source(kind=SourceKind.AGENT),
            "evidence_refs": [EvidenceRef(session_id="s2", event_id="e1")],
        }
    )
    cards = [*_cards("Kemal observes with a telescope."), note]
    statement = cand("The scope is serviced at the Kadikoy shop every March.")
    # WHEN each way alone would point at a different card
    assert the_thing_held(statement, cards) is not None and recorded(statement, cards) is not None
    found = pointed_at(statement, cards)
    # THEN the note of the same message answers first (the surest pointer)
    assert found is not None and found.way is Way.RECORD and found.card.memory_id == "m-2"


def test_nothing_is_pointed_at_when_no_way_finds_exactly_one_card() -> None:
    # GIVEN two held compounds the same head could name, and news about the speaker
    cards = _cards("Lena rides a skateboard.", "Lena has a snowboard.")
    # THEN "the board" points at neither, and "The user" is the speaker, no thing held
    assert pointed_at(cand("The board is too short for her now."), cards) is None
    assert pointed_at(cand("The user is a nurse now."), _cards("The user works as a paramedic.")) is None

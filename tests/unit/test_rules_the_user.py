"""The user, called "the user" in what they said and by name in a note about them, is one person."""

from __future__ import annotations

from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.the_user import the_user_named
from reverie.domain.models import Layer, MemoryCard, MemoryType
from reverie.domain.restatement import terms
from tests.fakes.factories import make_candidate, make_card

NOTE = "Imani's choir, The Bellbirds, sings at St Anne's Hall in Leyton every Tuesday from 6 to 8 pm."


def _note(user_id: str, statement: str = NOTE) -> MemoryCard:
    return make_card(
        "m-choir", layer=Layer.KNOWLEDGE, type=MemoryType.FACT, statement=statement, user_id=user_id
    )


def test_the_user_is_read_as_their_name_beside_a_note_that_names_them() -> None:
    # GIVEN the agent's note about Imani, in Imani's memory
    card = _note("imani")
    # WHEN Imani later says the same tersely
    mine = terms("The user sings Tuesday 6-8 at St Anne's Hall leyton.")
    # THEN "user" is read as Imani, and the statement adds nothing to the note
    assert "imani" in the_user_named(mine, [card])
    decision = decide(make_candidate("The user sings Tuesday 6-8 at St Anne's Hall leyton."), [card])
    assert decision.action.value == "noop"
    assert decision.target_id == "m-choir"


def test_the_user_stays_the_user_in_someone_elses_memory_or_beside_another_name() -> None:
    mine = terms("The user sings Tuesday 6-8 at St Anne's Hall leyton.")
    # GIVEN the same note held in another user's memory: "user" is not Imani there
    assert the_user_named(mine, [_note("kwame")]) == mine
    # GIVEN a note in Imani's memory that does not name her: nothing to read "user" as
    other = _note("imani", "The Bellbirds sing at St Anne's Hall in Leyton every Tuesday from 6 to 8 pm.")
    assert the_user_named(mine, [other]) == mine

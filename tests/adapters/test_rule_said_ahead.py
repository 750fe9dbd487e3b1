"""A change of one's own state said ahead, with the day it takes effect ("from 1 March I'll be based at BRS"):
the rule reasoner keeps it as the slot's new value from that day (`valid_from`), its day in its words; a
sentence with no later day, no state, or a range of days is left to the other rules."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.clauses import independent_statements
from reverie.adapters.local.rules.keys import attribute_key
from reverie.adapters.local.rules.merge import decide
from reverie.domain.models import MemoryType
from reverie.domain.validity import valid_from
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

T0 = datetime(2027, 9, 14, 18, tzinfo=UTC)  # a Tuesday
SESSION = RuleSession(T0)


@pytest.mark.parametrize(
    ("said", "slot", "start", "words"),
    [
        (
            "Good news from the depot: from 4 October I'll be based at Stansted.",
            "user.workplace",
            datetime(2027, 10, 4, tzinfo=UTC),
            "From 4 October 2027, the user is based at Stansted.",
        ),
        (
            "Starting next Monday we're on nights for the whole rota.",
            "user.shift_pattern",
            datetime(2027, 9, 20, tzinfo=UTC),
            "From 20 September 2027",
        ),
        (
            "As of November I will be living in Dundee.",
            "user.home_city",
            datetime(2027, 11, 1, tzinfo=UTC),
            "From 1 November 2027, the user is living in Dundee.",
        ),
        (
            "I'll be working at the Harrogate branch from the start of January.",
            "user.workplace",
            datetime(2028, 1, 1, tzinfo=UTC),
            "From 1 January 2028",
        ),
    ],
)
def test_a_change_said_ahead_is_the_slots_value_from_that_day(
    said: str, slot: str, start: datetime, words: str
) -> None:
    # GIVEN the user telling their agent of a change of their own state that takes effect on a later day
    # WHEN the session is read
    (found,) = [c for c in SESSION.extract(SESSION.told(said)) if c.valid_from is not None]
    # THEN one fact of that slot holds from that day, and says the day
    assert (found.type, found.key, found.valid_from) == (MemoryType.FACT, slot, start)
    assert found.statement.startswith(words)


@pytest.mark.parametrize(
    "said",
    [
        "From Monday to Friday I'm in the office.",  # a range of days, not a start
        "From 1 October I'll be so busy with the harvest.",  # no changeable state
        "From now on I'm based at the Leeds office.",  # no later day: it holds now
        "I got the charge nurse job on the Stroke Unit from March.",  # done, not a state said ahead
        "From 1 October the shop opens at nine.",  # not the speaker's own state
    ],
)
def test_no_later_day_no_state_or_a_range_is_no_change_said_ahead(said: str) -> None:
    # GIVEN sentences like a change said ahead that are not one (NEGATIVE)
    # THEN nothing is kept as holding from a later day
    assert all(c.valid_from is None for c in SESSION.extract(SESSION.told(said)))


def test_a_start_already_come_or_said_without_a_day_is_no_later_day() -> None:
    said_on = datetime(2028, 3, 5, 9, tzinfo=UTC)
    assert valid_from("From 3 March I'm based at Luton.", said_on) is None  # this March's, already come
    assert valid_from("From today I'm based at Luton.", said_on) is None
    assert valid_from("I'm based at Luton.", said_on) is None
    found = valid_from("with effect from 2028-04-01 I'm based at Luton", said_on)
    assert found is not None and found[0] == datetime(2028, 4, 1, tzinfo=UTC)


def test_where_one_is_based_for_work_is_the_workplace_and_its_own_idea() -> None:
    # GIVEN a role and where the speaker is based, in one sentence
    first, second = independent_statements("I'm a first officer on the A320 family, based at Gatwick.")
    # THEN they are two statements, the second the workplace slot
    assert first == "I'm a first officer on the A320 family"
    assert second.startswith("I am based at Gatwick") and attribute_key(second, "u") == "u.workplace"
    # NEGATIVE: based somewhere unnamed is no workplace, and a clause about something else stays whole
    assert attribute_key("I'm based at home most weeks.", "u") != "u.workplace"
    assert len(independent_statements("I'm a nurse, based on what the ward sister told me.")) == 1


def test_two_known_states_of_one_message_are_never_one_changed_value() -> None:
    # GIVEN a held role and where the same message says the person is based (two slots)
    role = held("Ines is a first officer on the A320 family.", key="ines.employer")
    base = cand("Ines is based at Gatwick.", key="ines.workplace", days=0)
    # WHEN merged
    decision = decide(base, [role])
    # THEN the base is not read as another value of the role
    assert decision.action not in (MergeAction.FUSE, MergeAction.SUPERSEDE)

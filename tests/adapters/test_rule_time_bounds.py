"""Two statements putting the same bound on when a person can be booked are one rule, however differently
worded ("no calls before 10am" / "never takes meetings earlier than ten in the morning")."""

from __future__ import annotations

import pytest

from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.time_bounds import bound, same_bound
from reverie.domain.models import MemoryType
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held


@pytest.mark.parametrize(
    ("statement", "expected"),
    [
        ("Caz never takes meetings earlier than ten in the morning.", ("earliest", 600, True)),
        ("Don't schedule calls before 10am, Caz does school drop-off.", ("earliest", 600, True)),
        ("Only book calls for Ana after 2pm.", ("earliest", 840, True)),
        ("No meetings after 5:30 pm, please.", ("latest", 1050, True)),
        ("Never book anything for Ola after six in the evening.", ("latest", 1080, True)),
        ("Don't book interviews before 9.", ("earliest", 540, False)),
    ],
)
def test_the_bound_a_statement_puts_on_bookings(statement: str, expected: tuple[str, int, bool]) -> None:
    assert bound(statement) == expected


@pytest.mark.parametrize(
    "statement",
    ["Caz has a meeting before 10am.", "Caz does yoga before 7am.", "No calls before 9 or after 5."],
)
def test_a_booking_said_at_a_time_or_two_bounds_is_no_one_bound(statement: str) -> None:
    assert bound(statement) is None


def test_the_same_bound_in_other_words_is_one_rule() -> None:
    # GIVEN the rule held with its reason
    rule = held("Don't schedule calls before 10am, Caz does school drop-off.", type=MemoryType.CONSTRAINT)
    # WHEN the same bound is said again in other words
    decision = decide(cand("Caz never takes meetings earlier than ten in the morning."), [rule])
    # THEN the held rule says it all
    assert decision.action is MergeAction.NOOP and decision.target_id == "m-1"
    # AND news adding a reason to a bound held bare fuses into it
    bare = held("Caz never takes meetings earlier than ten in the morning.")
    fused = same_bound(cand("No calls before 10am for Caz: she does the school run."), [bare])
    assert fused is not None and fused.action is MergeAction.FUSE and "school run" in (fused.statement or "")


def test_another_time_or_another_person_is_another_rule() -> None:
    rule = held("Don't schedule calls before 10am for Caz.", type=MemoryType.CONSTRAINT)
    assert same_bound(cand("Don't schedule calls before 11am for Caz."), [rule]) is None
    assert same_bound(cand("Don't schedule calls after 10am for Caz."), [rule]) is None
    assert same_bound(cand("Don't schedule calls before 10am for Caz's son Ayo."), [rule]) is None
    other = held("Don't schedule calls before 10am for Ines.", type=MemoryType.CONSTRAINT)
    assert same_bound(cand("Don't schedule calls before 10am for Marta."), [other]) is None

"""A trip planned, moved twice and then told as done, in chat words.

- "Planning a trip to X on <day>" (its "I'm" left out) is a plan, as "I'm planning ..." is;
- "the forecast is bad so I've moved the booking to the 9th": the move after "so" is news of the plan;
- "<thing> pushed again, now <a name for the day>, the 9th": "now" gives the new day;
- "<Thing> was amazing!! went on the 9th": "went" with no destination went to the thing just judged.
"""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.place_references import resolve_went
from reverie.domain.models import MemoryType
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 3, 2, 18, tzinfo=UTC))


def _told(text: str) -> list[tuple[MemoryType, str]]:
    return [(c.type, c.statement) for c in SESSION.extract(SESSION.told(text))]


def test_planning_a_thing_with_its_subject_left_out_is_a_plan() -> None:
    # GIVEN a plan told without "I'm"
    found = _told("Planning a canal boat weekend at Llangollen on Saturday 14 March.")
    # THEN it is a plan
    assert [t for t, _ in found] == [MemoryType.PLAN]
    assert "planning a canal boat weekend" in found[0][1]


def test_planning_the_thing_at_hand_is_no_new_plan() -> None:
    # GIVEN "planning the ..." with no "I'm" (NEGATIVE: work on something already there, not a plan made)
    assert all(t is not MemoryType.PLAN for t, _ in _told("planning the seating chart now"))


def test_a_move_after_its_reason_and_so_is_the_plan_moved() -> None:
    # GIVEN a move said after its reason, joined by "so"
    found = _told("rain all weekend so I've moved the Snowdon walk to the 21st")
    # THEN it is the plan on its new day
    assert found == [(MemoryType.PLAN, "The user's Snowdon walk is moved to 21 March.")]


def test_pushed_again_now_and_a_day_is_the_plan_moved() -> None:
    # GIVEN text-speak: the thing, "pushed again", then "now" and the new day with a name for it
    found = _told("Snowdon walk pushed AGAIN, now Easter weekend, the 4th")
    assert (MemoryType.PLAN, "The user's Snowdon walk is moved to 4 March.") in found


def test_a_day_the_month_does_not_have_is_the_next_month_s() -> None:
    # GIVEN "the 31st" said in a month of 30 days, after that month's... (2 March: March has a 31st)
    april = RuleSession(datetime(2026, 4, 10, 18, tzinfo=UTC))
    found = [c.statement for c in april.extract(april.told("Snowdon walk pushed to the 31st"))]
    # THEN it is 31 May, never "31 April"
    assert found == ["The user's Snowdon walk is moved to 31 May."]


def test_so_inside_a_phrase_moves_nothing() -> None:
    # GIVEN "so" with no move after it (NEGATIVE)
    found = _told("the walk is so far away, I've moved on from hiking")
    assert all(t is not MemoryType.PLAN for t, _ in found)


def test_went_with_no_destination_went_to_the_thing_just_judged() -> None:
    # GIVEN a named thing judged, then "went" with no place
    # THEN the place is that thing
    assert (
        resolve_went("went on the 21st with Sam", "Snowdon was brutal!!")
        == "went to Snowdon on the 21st with Sam"
    )
    assert resolve_went("we went last Friday", "The Proms were magic") == "we went to the Proms last Friday"


def test_went_somewhere_named_or_after_no_judged_thing_stays() -> None:
    # NEGATIVE: a destination said, or the part before judges no named thing
    assert resolve_went("went to Leeds on the 21st", "Snowdon was brutal") == "went to Leeds on the 21st"
    assert resolve_went("went on the 21st", "it was brutal") == "went on the 21st"
    assert resolve_went("went on the 21st", "Monday was brutal") == "went on the 21st"

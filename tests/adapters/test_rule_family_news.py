"""Family and home news in the words people use: a child started at a new school, an editor in use, the rent
put up, a parent's age and what they still do, a name that is also a verb, a visit that ended, and two sources
giving a closing time each."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.about import owner
from reverie.adapters.local.rules.clauses import JOINT_RE
from reverie.adapters.local.rules.disagreements import reported, value_kind
from reverie.adapters.local.rules.keys import statement_key
from reverie.adapters.local.rules.merge import decide
from reverie.domain.models import MemoryType
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 2, 10, 9, 0, tzinfo=UTC))


@pytest.mark.parametrize(
    ("said", "key"),
    [
        ("Ava started reception at St Mary's Primary this week.", "ava.school"),
        ("Ike is using VS Code for everything.", "ike.editor"),
        ("I am using a standing desk.", None),  # NEGATIVE: no tool of a kind
    ],
)
def test_a_school_started_and_an_editor_in_use_have_their_slots(said: str, key: str | None) -> None:
    assert statement_key(said) == key


def test_the_rent_put_up_is_the_rent_now() -> None:
    assert S.statements("Landlord put the rent up, it's £1,050 now.") == ["The user's rent is £1,050 now."]
    decision = decide(
        cand("The user's rent is £1,050 now.", key="user.rent"), [held("The user's rent is £950 a month.")]
    )
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


def test_a_number_with_a_thousands_comma_is_one_clause() -> None:
    assert JOINT_RE.split("it's £1,050 now") == ["it's £1,050 now"]
    assert len(JOINT_RE.split("I paid 1, 2 and 3")) == 5  # NEGATIVE: a list of numbers is three clauses


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("My mum is 80 and she still drives.", ["The user's mum is 80.", "The user's mum still drives."]),
        (
            "My wife is Ana, she teaches maths.",
            ["The user's wife is Ana, she teaches maths."],
        ),  # who, then of her
        ("my sister Jo, she lives in Leeds.", ["The user's sister Jo lives in Leeds."]),
    ],
)
def test_what_a_family_member_is_and_does(said: str, kept: list[str]) -> None:
    assert S.statements(said) == kept


def test_a_name_that_is_also_a_verb_opens_a_note_before_a_verb_no_order_takes() -> None:
    assert S.statements("Sorry, Jack goes to Hillview Primary, not Hillside.") == [
        "Jack goes to Hillview Primary, not Hillside."
    ]
    assert S.statements("Add retries to the webhook client.") == []  # NEGATIVE: an order
    decision = decide(
        cand("Jack goes to Hillview Primary, not Hillside."),
        [held("Sue's son Jack's school is Hillside Primary.")],
    )
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


def test_a_visit_to_come_is_a_plan_that_a_flight_home_ends() -> None:
    (visit,) = S.extract(S.told("My brother is visiting from Canada in July."))
    assert visit.type is MemoryType.PLAN
    decision = decide(
        cand("The user's brother flew back to Canada last week.", days=200),
        [held("The user's brother is visiting from Canada in July.", type=MemoryType.PLAN)],
    )
    assert decision.action is MergeAction.SUPERSEDE


@pytest.mark.parametrize(
    ("said", "whose"),
    [
        ("Oz's brother flew back", ("oz", frozenset({"brother"}))),
        ("Aiko's Saturday run is long", ("aiko", frozenset({"run"}))),  # "run" here is the thing
    ],
)
def test_the_verb_after_what_is_theirs_is_none_of_it(said: str, whose: tuple[str, frozenset[str]]) -> None:
    assert owner(said) == whose


def test_two_sources_giving_a_closing_time_each_disagree() -> None:
    assert value_kind("9pm") == value_kind("10pm") == value_kind("8:10") == "time"
    found = reported("Google Maps says my gym closes at 10pm, but their website says 9pm.")
    assert found is not None and {found.first.value, found.second.value} == {"10pm", "9pm"}
    # NEGATIVE: a time and a count are no two values of one thing
    assert reported("The app says 9pm, but the website says 3 classes.") is None

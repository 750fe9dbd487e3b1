"""What the user tells their agent about the people in their life ("Ana works as a chef", "Leo loves trains",
"Mia is 4 and she loves trains"), and how it changes: a new job that replaces the card giving title and
employer, a taste someone lost and what they took to instead, a gym membership cancelled by the gym's name,
the speaker's own work status, and a plan for a season or a year to come."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.job_sides import states_also
from reverie.adapters.local.rules.keys import statement_key
from reverie.adapters.local.rules.merge import decide
from reverie.domain.models import MemoryType
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 2, 10, 9, 0, tzinfo=UTC))


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("Ana works as a chef.", ["Ana works as a chef."]),
        ("Leo loves trains.", ["Leo loves trains."]),
        ("Tom plays the cello.", ["Tom plays the cello."]),
        ("Ana is a nurse.", ["Ana is a nurse."]),
        ("Ana is a sous chef at Hoppers now.", ["Ana is a sous chef at Hoppers now."]),
        ("Leo is into dinosaurs.", ["Leo is into dinosaurs."]),
        ("Mia is 4 and she loves trains.", ["Mia is 4.", "Mia loves trains."]),
        ("Ana works as a chef and she lives in Leeds.", ["Ana works as a chef.", "Ana lives in Leeds."]),
    ],
)
def test_what_the_user_tells_of_someone_named_is_kept_one_idea_a_card(said: str, kept: list[str]) -> None:
    assert S.statements(said) == kept


@pytest.mark.parametrize(
    "said",
    [
        "Tom likes it.",  # nothing specific
        "Ana is a great cook.",  # a judgement, no job
        "Tom has a cold.",  # over in a week
        "Ana is late.",
    ],
)
def test_a_passing_remark_about_someone_is_not_kept(said: str) -> None:
    assert S.statements(said) == []  # NEGATIVE


def test_a_new_job_replaces_the_card_that_gave_title_and_employer() -> None:
    card = "Nia's wife Ana works as a chef at Dishoom."
    assert statement_key(card) == "ana.job_title"
    assert states_also(card, "ana.employer")
    for later in ("Ana is a sous chef at Hoppers now.", "Ana has left Dishoom."):
        decision = decide(cand(later), [held(card)])
        assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


def test_a_job_title_alone_names_no_employer() -> None:
    assert not states_also("Ana is a nurse.", "ana.employer")  # NEGATIVE
    assert (
        decide(cand("Ana works at Hoppers."), [held("Ana is a nurse.")]).action is not MergeAction.SUPERSEDE
    )
    # NEGATIVE: a move of team reads as no move of home, even worded as one
    assert not states_also("Sam moved over to the Ads team.", "sam.home_city")


def test_a_taste_someone_lost_and_what_they_took_to_instead() -> None:
    assert S.statements("Leo's gone off trains, it's all dinosaurs now.") == [
        "Leo has gone off trains.",
        "Leo is into dinosaurs now.",
    ]
    decision = decide(cand("Leo has gone off trains."), [held("Leo loves trains.")])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


def test_a_membership_cancelled_by_the_name_of_the_gym() -> None:
    decision = decide(cand("Oli cancelled PureGym."), [held("Oli is a member at PureGym.")])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")
    # NEGATIVE: another organisation, and a trip rather than the club
    assert (
        decide(cand("Oli cancelled Netflix."), [held("Oli is a member at PureGym.")]).action
        is MergeAction.ADD
    )
    other = decide(cand("Oli cancelled the Ramblers trip."), [held("Oli is a member of the Ramblers.")])
    assert other.action is not MergeAction.SUPERSEDE


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I'm self-employed.", "The user is self-employed."),
        ("I'm unemployed.", "The user is unemployed."),
        ("I'm freelance now.", "The user is freelance now."),
    ],
)
def test_working_for_no_employer_is_the_employer_slot(said: str, kept: str) -> None:
    (found,) = S.extract(S.told(said))
    assert (found.statement, found.key) == (kept, "user.employer")


@pytest.mark.parametrize(
    ("said", "kind"),
    [
        ("We're selling our house in the spring.", MemoryType.PLAN),
        ("I'm retiring next year.", MemoryType.PLAN),
        ("I'm working in Leeds since 2020.", MemoryType.FACT),  # NEGATIVE: since a past year
    ],
)
def test_an_arrangement_for_a_season_or_a_year_to_come_is_a_plan(said: str, kind: MemoryType) -> None:
    assert [c.type for c in S.extract(S.told(said))] == [kind]


def test_a_plan_put_off_is_a_thing_not_a_clause() -> None:
    assert S.statements("Japan another time, maybe.") == [
        "The user's plan for Japan is put off (another time)."
    ]
    assert "put off" not in " ".join(S.statements("I'm retiring next year."))  # NEGATIVE


def test_a_sale_that_went_through_ends_the_plan_to_sell() -> None:
    (done,) = S.statements("The house sale went through last week!")
    assert done.startswith("The user's house sale went through")
    decision = decide(
        cand(done, days=90), [held("The user is selling their house in the spring.", type=MemoryType.PLAN)]
    )
    assert decision.action is MergeAction.SUPERSEDE


def test_someone_done_with_something_is_no_plan_done() -> None:
    assert S.statements("Ana is done with uni.") == [
        "Ana is done with uni."
    ]  # NEGATIVE: not "Ana's ... is done"


def test_whom_her_means_after_a_secret_clause() -> None:
    said = "The key safe code for Mum's house is 1966, and her carer comes at 8am every day."
    assert S.statements(said) == ["The user's mum's carer comes at 8am every day."]


def test_fronted_days_and_then() -> None:
    assert S.statements("Fridays I'm always at home, I work from home then.") == [
        "The user is always at home on Fridays, the user works from home on Fridays."
    ]
    assert S.statements("I'm always at home on Fridays.") == ["The user is always at home on Fridays."]


def test_a_request_with_a_phrasal_verb_is_no_fact() -> None:
    assert S.statements("Fill in the allergy section of the form for me.") == []
    # NEGATIVE: "turns out" opens news, not an order
    assert S.statements("Turns out the meeting moved to Friday.") != []


def test_more_said_of_someone_after_and_is_kept_with_it() -> None:
    assert S.statements("Miso is 12 now and has kidney disease, she's on a renal diet.") == [
        "Miso is 12 now and has kidney disease.",
        "Miso is on a renal diet.",
    ]
    # what it means for now goes
    assert S.statements("Ana's vegan so no cheese on hers.") == ["Ana is vegan."]


def test_a_thing_a_fused_card_says_its_person_has_is_still_theirs() -> None:
    decision = decide(cand("Miso is on a renal diet."), [held("Pat has a cat called Miso; Miso is 12.")])
    assert (decision.action, decision.target_id) == (MergeAction.FUSE, "m-1")


def test_a_condition_of_someone_named_after_a_request_for_them() -> None:
    assert S.statements("Book dinner for my gf Ines, she's coeliac.") == ["Ines is coeliac."]


@pytest.mark.parametrize(
    "said", ["Order flowers for my mum.", "Book dinner for my gf Ines.", "Making pancakes for breakfast."]
)
def test_an_order_or_a_doing_is_no_note_about_anyone(said: str) -> None:
    assert S.statements(said) == []  # NEGATIVE


def test_a_name_that_looks_like_a_word_still_opens_a_note() -> None:
    assert S.statements("Sterling runs the bakery.") == ["Sterling runs the bakery."]
    assert S.statements("Dinner with my parents was lovely.") != []  # a noun, not an order


def test_where_to_send_things_as_usual_is_kept_beside_an_order() -> None:
    said = "Order the blue trail runners in a size 7 please. Ship to my usual address, 14 Harbour View, Cobh."
    assert S.statements(said) == ["Ship to the user's usual address, 14 Harbour View, Cobh."]  # NEGATIVE

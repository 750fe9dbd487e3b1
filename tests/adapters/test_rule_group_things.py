"""What a person belongs to, does or reacts to, said about later as a thing of its own ("The book club meets
...", "Five-a-side is on ...", "Penicillin gives me ..."), a plan called off by the name of what it was for,
a value put right with the verb said before, a move said with "down" or "up", a place shut this week."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.keys import statement_key
from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.own_mistakes import value_put_right
from reverie.domain.validity import valid_until
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 2, 10, 9, 0, tzinfo=UTC))


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I'm in a book club with some neighbours.", "The user is in a book club with some neighbours."),
        ("We're in the local running club.", "The user is in the local running club."),
        ("I'm in a choir.", "The user is in a choir."),
    ],
)
def test_a_group_the_speaker_belongs_to_is_kept(said: str, kept: str) -> None:
    assert S.statements(said) == [kept]


@pytest.mark.parametrize("said", ["I'm in a team meeting.", "I'm in a bad mood."])
def test_where_the_speaker_is_now_is_no_membership(said: str) -> None:
    assert S.statements(said) == []  # NEGATIVE: a meeting, a mood


@pytest.mark.parametrize(
    ("later", "held_statement"),
    [
        ("The book club meets on the first Tuesday of the month at the Crown.", "Cas is in a book club."),
        ("Five-a-side is on Wednesday nights at the leisure centre.", "Wes plays five-a-side football."),
        ("Penicillin gives Max a nasty reaction, Max can't take it.", "Max is allergic to penicillin."),
    ],
)
def test_more_about_a_thing_a_person_does_fuses_into_the_card(later: str, held_statement: str) -> None:
    decision = decide(cand(later), [held(held_statement)])
    assert (decision.action, decision.target_id) == (MergeAction.FUSE, "m-1")
    assert decision.statement is not None and held_statement.rstrip(".") in decision.statement


@pytest.mark.parametrize(
    ("later", "held_statement"),
    [
        ("Ana's book club meets on Fridays.", "Cas is in a book club."),  # someone else's book club
        ("The Crown serves food until nine.", "Cas is in a book club."),  # a thing the card never names
        ("It is on Wednesday nights.", "Wes plays five-a-side football."),  # a pronoun is no thing
        ("Wes is on Wednesday nights.", "Wes plays five-a-side football."),  # the person, not a thing
        # a person the card names, opening the candidate as a thing would
        (
            "Giulia is the head sommelier at Trattoria Da Gino.",
            "At home Giulia has two cats, Pepe and Oliva.",
        ),
        ("Lotte is allergic to peanuts.", "Grandad Hendrik picks Lotte up from school on Thursdays."),
    ],
)
def test_a_thing_the_card_does_not_hold_is_not_fused(later: str, held_statement: str) -> None:
    assert decide(cand(later), [held(held_statement)]).action is not MergeAction.FUSE  # NEGATIVE


def test_a_passing_state_of_the_thing_never_joins_the_lasting_card() -> None:
    (shut,) = S.extract(S.told("The gym is shut this week for cleaning."))
    assert shut.valid_until is not None
    decision = decide(
        cand(shut.statement).model_copy(update={"valid_until": shut.valid_until}),
        [held("The user goes to the gym.")],
    )
    assert decision.action is not MergeAction.FUSE


def test_a_plan_called_off_by_the_name_of_what_it_was_for_ends_it() -> None:
    assert S.statements("Glastonbury's off for us, we couldn't get tickets.") == [
        "The user's plan for Glastonbury is off."
    ]
    decision = decide(
        cand("The user's plan for Glastonbury is off.", days=60),
        [held("The user is going to Glastonbury in June.")],
    )
    assert decision.action is MergeAction.SUPERSEDE
    # NEGATIVE: another plan stays
    other = decide(
        cand("The user's plan for Glastonbury is off.", days=60), [held("The user is going to Lisbon.")]
    )
    assert other.action is not MergeAction.SUPERSEDE


def test_a_value_put_right_with_the_verb_said_before() -> None:
    last = "My flight to Lisbon on Friday lands at 6:40."
    assert value_put_right("Correction, it lands at 7:40, I was looking at the departure time.", last) == (
        "My flight to Lisbon on Friday lands at 7:40."
    )
    # NEGATIVE: another verb is another fact ("closes" is no correction of "opens")
    assert value_put_right("Oops, it closes at 22:00.", "The gym opens at 6:00.") is None


@pytest.mark.parametrize(
    "later",
    [
        "Sam has moved down to London for a new job.",
        "Sam moved up north to Leeds.",
        "Sam moved back to York.",
    ],
)
def test_a_move_said_with_down_or_up_replaces_where_someone_lives(later: str) -> None:
    decision = decide(cand(later), [held("Raj's brother Sam lives in Glasgow.")])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


def test_a_move_to_a_team_is_no_move_of_home() -> None:
    decision = decide(cand("Sam moved over to the Ads team."), [held("Raj's brother Sam lives in Glasgow.")])
    assert decision.action is not MergeAction.SUPERSEDE  # NEGATIVE


def test_a_place_shut_this_week_holds_until_the_week_ends() -> None:
    said = datetime(2027, 2, 10, 9, 0, tzinfo=UTC)  # a Wednesday
    assert valid_until("The pool at my gym is shut this week for cleaning.", said) == datetime(
        2027, 2, 15, tzinfo=UTC
    )
    assert valid_until("The pool at my gym is shut on Sundays.", said) is None  # NEGATIVE: every week


def test_a_group_doing_its_thing_at_a_named_place_fuses_into_the_card() -> None:
    decision = decide(
        cand("The choir rehearses on Monday evenings at St Luke's church."),
        [held("Dot sings in a community choir.")],
    )
    assert (decision.action, decision.target_id) == (MergeAction.FUSE, "m-1")


def test_living_on_ones_own_or_with_someone_named_is_where_one_lives() -> None:
    # "Gran" said as a name is the user's grandmother (`kin_words`)
    assert (
        statement_key("Gran has moved in with Amy's Auntie Sue in Beverley.") == "user.grandmother.home_city"
    )
    assert statement_key("Ana lives on her own in Hull.") == "ana.home_city"

"""People and codes the rules once got wrong: two postcodes sharing a half were "the same value" (fused into "is
LS6 2AB and is LS6 2AD"), "we" after "Amy and I" was the speaker alone, a falling-out left "best friend is Amy"
current, "back on oat milk" was a passing state, and "he's a chef" after "my partner's called Sam" kept its "'s"."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.merge import decide
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 2, 10, 9, 0, tzinfo=UTC))


def kept(said: str) -> list[str]:
    return [c.statement for c in S.extract(S.told(said))]


@pytest.mark.parametrize(
    ("news", "card", "key"),
    [
        ("Eda's postcode is LS6 2AD.", "Eda's postcode is LS6 2AB.", "eda.postcode"),
        ("Kit's car reg is KX19 LMM.", "Kit's car reg is KX19 LMN.", "kit.car_reg"),
    ],
)
def test_two_codes_sharing_a_part_are_two_values(news: str, card: str, key: str) -> None:
    decision = decide(cand(news, key), [held(card, key)])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


def test_the_same_place_said_otherwise_still_fuses() -> None:
    decision = decide(
        cand("Dmitri is back in Warsaw since Friday.", "dmitri.home_city"),
        [held("Dmitri is normally based in Warsaw.", "dmitri.home_city")],
    )
    assert decision.action is MergeAction.FUSE  # NEGATIVE: no code differs


@pytest.mark.parametrize(
    ("said", "statement"),
    [
        (
            "Amy and I fell out, we don't speak anymore.",
            "Amy and the user fell out, they don't speak anymore.",
        ),
        (
            "Tom and I are getting married, we've booked the venue.",
            "Tom and the user are getting married, they've booked the venue.",
        ),
    ],
)
def test_we_after_someone_and_i_is_the_two_of_them(said: str, statement: str) -> None:
    assert kept(said) == [statement]


def test_we_alone_is_still_the_speaker() -> None:
    assert kept("We moved to Leeds.") == ["The user moved to Leeds."]  # NEGATIVE


def test_a_falling_out_ends_the_friend_named_in_the_role() -> None:
    decision = decide(
        cand("Amy and Ren fell out, they don't speak anymore."), [held("Ren's best friend is Amy.")]
    )
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


def test_a_falling_out_of_two_others_ends_nothing() -> None:
    decision = decide(cand("Amy and Tom fell out."), [held("Ren's best friend is Amy.")])
    assert decision.action is not MergeAction.SUPERSEDE  # NEGATIVE: not the card owner's friendship


@pytest.mark.parametrize(
    ("said", "statement"),
    [
        (
            "I'm back on oat milk, soya curdles in coffee.",
            "The user is back on oat milk, soya curdles in coffee.",
        ),
        ("We're back on the night bus.", "The user is back on the night bus."),
    ],
)
def test_back_on_what_one_takes_is_a_habit_again(said: str, statement: str) -> None:
    assert kept(said) == [statement]


@pytest.mark.parametrize("said", ["I'm back on track.", "I'm back on my feet.", "I'm back."])
def test_back_on_track_is_a_passing_state(said: str) -> None:
    assert kept(said) == []  # NEGATIVE


def test_back_on_replaces_the_switch_it_undoes() -> None:
    decision = decide(cand("Gab is back on oat milk."), [held("Gab has switched to soya milk.")])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


@pytest.mark.parametrize(
    ("said", "statements"),
    [
        (
            "My partner's called Sam, he's a chef",
            ["The user's partner is called Sam.", "The user's partner is a chef."],
        ),
        (
            "My brother's called Tom, he's got two kids.",
            ["The user's brother is called Tom.", "The user's brother has got two kids."],
        ),
    ],
)
def test_a_person_named_then_he_or_she_reads_plainly(said: str, statements: list[str]) -> None:
    assert kept(said) == statements

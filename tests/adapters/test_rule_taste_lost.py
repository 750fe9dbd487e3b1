"""A taste lost ("I've gone off flat whites", "got sick of podcasts") replaces the card giving that thing as the
person's own choice; a card about someone else's taste, or a thing only mentioned, stays."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.merge import decide
from reverie.domain.models import MemoryType
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2026, 4, 1, 9, 0, tzinfo=UTC))


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "I've gone off flat whites, it's oat cortados for me these days.",
            "The user has gone off flat whites, it's oat cortados for the user these days.",
        ),
        ("I've got sick of true-crime podcasts.", "The user has got sick of true-crime podcasts."),
    ],
)
def test_a_taste_lost_is_kept_with_what_the_speaker_has_instead(said: str, kept: str) -> None:
    found = S.extract(S.told(said))
    assert [(c.type, c.statement) for c in found] == [(MemoryType.PREFERENCE, kept)]


def test_going_off_somewhere_is_no_taste() -> None:
    # NEGATIVE: "went off to uni" is a move, not a taste lost
    assert all(c.type is not MemoryType.PREFERENCE for c in S.extract(S.told("I went off to uni in 2019.")))


@pytest.mark.parametrize(
    ("new", "old"),
    [
        (
            "Eli has gone off flat whites, it's oat cortados these days.",
            "Eli's go-to coffee order is a flat white.",
        ),
        ("Eli no longer drinks cola.", "Eli drinks cola every day."),
        ("Eli has gone off running.", "Eli goes running every Sunday."),
        ("Eli has got sick of podcasts.", "Eli loves true-crime podcasts."),
    ],
)
def test_the_held_choice_of_a_lost_taste_is_replaced(new: str, old: str) -> None:
    decision = decide(cand(new, type=MemoryType.PREFERENCE), [held(old)])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1"), decision.reason


@pytest.mark.parametrize(
    ("new", "old"),
    [
        ("Eli has gone off flat whites.", "Eli's sister drinks flat whites."),  # someone else's taste
        ("Eli has gone off flat whites.", "The café near Eli's office does flat whites for £3."),
        ("Eli has gone off flat whites.", "Eli loves oat cortados."),  # another thing
    ],
)
def test_a_card_that_is_not_the_persons_choice_of_it_stays(new: str, old: str) -> None:
    assert decide(cand(new, type=MemoryType.PREFERENCE), [held(old)]).action is not MergeAction.SUPERSEDE

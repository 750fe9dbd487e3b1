"""Notes told to an agent about named people (a coach on players, a manager on a team): each note is kept as
that person's, one card a person, never as the speaker's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.named_notes import note_subject
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 3, 2, 17, 30, tzinfo=UTC))


def test_notes_about_three_players_become_three_cards_each_about_its_player() -> None:
    # GIVEN a coach's notes on three players in one sentence, after a label
    said = SESSION.statements(
        "Squad notes for Saturday's U14 side: Kofi plays left back in the 4-4-2, Jonas has a hamstring strain "
        "until March, and Liam's mum drives the minibus to away games."
    )
    # THEN each player's note is its own card, and no card names two of them
    for name in ("Kofi", "Jonas", "Liam"):
        assert sum(name in s for s in said) == 1, said
    assert not any(sum(n in s for n in ("Kofi", "Jonas", "Liam")) > 1 for s in said)
    # AND a note stays the player's: nothing is turned into the speaker's own fact
    assert not any("the user" in s.lower() for s in said if "Kofi" in s or "Jonas" in s)


def test_a_single_note_about_a_colleague_is_kept_as_theirs() -> None:
    said = SESSION.statements("Priyanka needs a standing desk on the 3rd floor near the lifts.")
    assert said == ["Priyanka needs a standing desk on the 3rd floor near the lifts."]


@pytest.mark.parametrize(
    "text",
    [
        # what someone says or thinks is theirs to claim, no note of what holds for them
        "Tomasz says the Gdansk office is closing.",
        "Hannah thinks the 7:40 train is better.",
        "Grandad insists the wedding is on the 14th.",
        # a greeting passed on names nothing to ask about later
        "Ruth sends her love.",
    ],
)
def test_what_someone_says_thinks_or_sends_is_no_note(text: str) -> None:
    assert note_subject(text) is None


@pytest.mark.parametrize(
    ("clause", "who"),
    [
        ("Ines takes the 7:40 to Porto on Mondays", "Ines"),
        ("Zoe's parents want all letters sent to her dad only", "Zoe"),
        ("also Mateo has 25% extra time in exams", "Mateo"),
        ("Monday starts with a 9:00 stand-up in room 4", None),  # a weekday, not a person
        ("Ana plays", None),  # nothing said of her to ask about
        ("For this report alone, kindly send it to the Finance Director", None),  # no name, no verb
        ("Gran's hip replacement at St Thomas' is next month", None),  # her thing, not what she does
        ("Restart billing-worker on prod-eu tonight please", None),  # a request, not a note about "Restart"
        ("Merge requests-cache into the main branch before Friday", None),  # "requests-cache" is a name
        ("Kind regards, Harbourside Property Management", None),  # a sign-off, not a note about "Kind"
        ("Please Jonah, bring the 3 spare bibs on Saturday", None),  # asked of him, nothing held of him
        ("Add retries to the webhook client in services/notify and run the tests", None),  # an order
        ("Update docs for the 2.3 release before Thursday", None),  # an order: "docs" is no verb of Update's
    ],
)
def test_whom_a_note_is_about(clause: str, who: str | None) -> None:
    assert note_subject(clause) == who

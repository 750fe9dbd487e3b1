"""A progressive said without its "I'm" ("starting at the new firm on Monday") is about the speaker."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.elided_progressive import elided_progressive
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 5, 4, 9, tzinfo=UTC))


def test_a_subjectless_progressive_with_a_place_is_the_speakers_doing() -> None:
    # GIVEN a message that leaves out "I'm" before where the user now goes
    kept = SESSION.statements(
        "resigned from the council job last week. starting at Harbour Analytics in June."
    )
    # THEN the new place is kept, said of the user
    assert any("is starting at Harbour Analytics in June" in s for s in kept), kept


def test_the_subjectless_progressive_follows_a_dash() -> None:
    # GIVEN the new step after a dash, the old one before it
    kept = SESSION.statements(
        "finished at the bakery on Saturday — working at Bloom & Stem on Elm Road from Monday"
    )
    # THEN the new workplace is kept
    assert any("working at Bloom & Stem on Elm Road" in s for s in kept), kept


def test_a_gerund_with_its_own_verb_is_not_the_speakers_doing() -> None:
    # GIVEN gerunds that are the subject of their own verb, nouns in -ing, and -ing words with no place after
    for text in (
        "Cycling in the rain is miserable",
        "Swimming at the lido was cold, felt great though",
        "Wedding in June at the old mill",
        "Morning at the market",
        "Looking forward to it",
        "Looking at flats in Leith, 2 bed",
    ):
        # THEN none of them is read as "I'm ..."
        assert not elided_progressive(text), text


def test_a_gerund_subject_still_is_not_kept_as_a_fact() -> None:
    # GIVEN an opinion with a gerund subject
    kept = SESSION.statements("Cycling in the rain is miserable.")
    # THEN no card says the user is cycling
    assert not any("is cycling" in s for s in kept), kept

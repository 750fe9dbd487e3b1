"""A leading "it" that says what or where a thing is, read after what was said: the one thing the session
named last ("this laptop" ... "it's a 2019 Dell XPS"), or, when the session named none, the one thing a
held card says someone has ("Priya runs a food truck" ... "it's parked at the Southbank market"). A dummy
"it" ("it's raining", "it's 5pm"), two things named, or two held, leave it unresolved."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.pronoun_it import Antecedent, says_what_it_is
from reverie.domain.models import Layer, MemoryCard
from reverie.ports import MergeAction
from tests.fakes.factories import make_candidate, make_card
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2026, 9, 14, 19, 0, tzinfo=UTC))


def _session(*turns: tuple[str, str]) -> list[str]:
    events = [S.ev(f"e{n}", n * 20, role=role, text=text) for n, (role, text) in enumerate(turns)]
    return [c.statement for c in S.extract(events)]


@pytest.mark.parametrize(
    "part",
    [
        "it's raining again",
        "it's fine",
        "it was a long day",
        "it's a long day",
        "it's 5pm",
        "it's Tuesday",
        "it's only Monday",
        "it's in fact broken",
        "it's at least 3 hours",
        "it's in 2 weeks",
        "it's on me",
        "it's not Sam's fault",
        "it's my birthday on 5 May",
        "It's Marta who keeps the keys",
    ],
)
def test_a_dummy_it_says_what_no_thing_is(part: str) -> None:
    assert says_what_it_is(part) is None


def test_an_it_after_one_thing_named_is_said_of_that_thing() -> None:
    # GIVEN a text naming one thing, then a part saying where "it" is
    followed = Antecedent()
    followed.saw("honestly so over this laptop tonight, 2 blue screens already")
    # WHEN the part is resolved
    # THEN "it" is the laptop; a dummy "it" stays as it was
    assert followed.resolve("it's a 2019 Dell XPS with 16 GB") == "The laptop is a 2019 Dell XPS with 16 GB"
    assert followed.resolve("it's raining here") == "it's raining here"


def test_two_things_named_leave_it_unresolved() -> None:
    followed = Antecedent()
    followed.saw("my van and my bike both need servicing")
    assert followed.resolve("it's in the garage on Elm Road") == "it's in the garage on Elm Road"


def test_a_session_keeps_where_the_thing_named_before_is() -> None:
    # GIVEN a venting message naming the user's laptop, the agent's offer, then where "it" is from
    statements = _session(
        ("user", "ugh so over this laptop tonight, might just bin it"),
        ("assistant", "That sounds annoying. Want me to look at the event logs?"),
        ("user", "yeah. it's a 2019 Dell XPS running Fedora 40 with 16 GB"),
    )
    # THEN the lasting fact is kept of the laptop, the mood is not
    assert statements == ["The laptop is a 2019 Dell XPS running Fedora 40 with 16 GB."]


def test_a_thing_the_speaker_runs_is_what_it_is_later_in_the_message() -> None:
    statements = _session(("user", "We run a small bakery. It's on Mill Street in Hebden Bridge"))
    assert any("bakery is on Mill Street in Hebden Bridge" in s for s in statements)


def test_a_dummy_it_after_a_thing_named_keeps_nothing_of_it() -> None:
    statements = _session(
        ("user", "totally sick of this project today"),
        ("assistant", "Sorry to hear that."),
        ("user", "it's raining again and it's 11pm"),
    )
    assert not any("raining" in s or "11pm" in s for s in statements)


def test_an_it_after_something_it_may_be_about_is_not_kept_for_a_held_card() -> None:
    # GIVEN a message naming a person's thing (no thing of the speaker's), then where "it" is
    statements = _session(("user", "My daughter's school sent a letter. It's on Elm Road next to the park"))
    # THEN "it" is not left for a held card to answer for: it may be the school
    assert not any("Elm Road" in s for s in statements)


def _held(memory_id: str, statement: str) -> MemoryCard:
    return make_card(memory_id, layer=Layer.KNOWLEDGE, statement=statement)


def test_an_it_opening_a_session_fuses_into_the_one_thing_held() -> None:
    # GIVEN a held card saying Priya runs a food truck, and a later session opening with where "it" is
    (told,) = _session(("user", "it's parked at the Southbank market on weekends"))
    held = _held("m-truck", "Priya runs a food truck.")
    # WHEN the merge reads it against the held card
    decision = decide(make_candidate(told), [held])
    # THEN it is said of the food truck and made one card with it
    assert told.startswith("It is parked")
    assert decision.action is MergeAction.FUSE and decision.target_id == "m-truck"
    assert "Priya's food truck is parked at the Southbank market" in (decision.statement or "")


def test_an_it_with_two_things_held_or_none_is_left_waiting() -> None:
    candidate = make_candidate("It is moored at Gayton Junction.")
    two = [_held("m-van", "The user has got a van."), _held("m-boat", "The user owns a narrowboat.")]
    person = [_held("m-sis", "The user's sister is a nurse in Leeds.")]
    for cards in (two, person, []):
        decision = decide(candidate, cards)
        assert decision.action is MergeAction.NOOP and decision.target_id is None

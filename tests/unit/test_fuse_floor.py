"""`reverie bench fuse-floor`: which card pairs a replayed scenario counts as kept apart, joined, or wanted
together, and the second apart sample read from LoCoMo's observations."""

from __future__ import annotations

from typing import Any

from reverie.domain.models import Layer, Status
from reverie_bench.fuse_floor import Pairs, cosines, locomo_apart, read_pairs
from reverie_bench.scenario_format import ScenarioFile
from tests.fakes.embedder import HashEmbedder
from tests.fakes.factories import make_card


def scenario(behaviour: str | None = None, **expect: Any) -> ScenarioFile:
    return ScenarioFile.model_validate(
        {
            "description": "one session",
            "behaviour": behaviour,
            "sessions": [
                {
                    "user_id": "noor",
                    "session_id": "s1",
                    "events": [
                        {
                            "event_id": "e1",
                            "kind": "message",
                            "ts": "2026-10-01T09:00:00Z",
                            "role": "user",
                            "text": "hi",
                        }
                    ],
                    "end": "success",
                }
            ],
            "expect": {"questions": [{"query": "What does Noor ride?", "latest": ["bike"]}], **expect},
        }
    )


def held(memory_id: str, statement: str, **fields: Any) -> Any:
    return make_card(memory_id, user_id="noor", layer=Layer.KNOWLEDGE, statement=statement, **fields)


def test_a_passed_scenario_gives_its_verified_cards_as_apart_and_each_supersession_as_joined() -> None:
    # GIVEN a passed scenario holding two verified cards, one conflicting and one superseded by a card
    stored = [
        held("a", "Noor rides a cargo bike."),
        held("b", "Noor's daughter is four."),
        held("c", "Noor's bike is blue.", status=Status.CONFLICTING),
        held("d", "Noor cycles.", status=Status.SUPERSEDED, superseded_by="a"),
    ]
    pairs = Pairs()

    # WHEN its pairs are read
    read_pairs(scenario(), "x/passed", stored, True, pairs)

    # THEN the two verified cards are apart, the supersession is joined, and nothing is wanted
    assert pairs.apart == [("Noor rides a cargo bike.", "Noor's daughter is four.")]
    assert pairs.joined == [("Noor cycles.", "Noor rides a cargo bike.")]
    assert pairs.wanted == []


def test_a_failed_scenario_wants_together_what_one_check_wants_as_one_card_and_a_stale_beside_its_latest() -> (
    None
):
    # GIVEN a failed fuse scenario: two active cards match a check of one active card, a stale value is
    # still held beside the latest, and the question's two latest values sit on two cards
    expect = {
        "questions": [{"query": "Where does Noor swim?", "latest": ["Lido", "Tuesdays"], "stale": ["Baths"]}],
        "cards": [{"pattern": "swim\\w*", "active": 1}],
        "duplicates": [{"about": "swimming", "pattern": "swim\\w*"}],
    }
    stored = [
        held("a", "Noor swims at the Lido."),
        held("b", "Noor likes swimming on Tuesdays."),
        held("c", "Noor used to go to the Baths."),
        held("d", "Noor's daughter is four."),
    ]
    pairs = Pairs()

    # WHEN its pairs are read
    read_pairs(scenario("fuse", **expect), "x/failed", stored, False, pairs)

    # THEN each wanted pair is listed once (the check and the duplicate group name the same one), the stale card
    # is paired with each latest, and the unrelated card with none; a failed scenario keeps nothing apart
    wanted = {frozenset(p) for _, p in pairs.wanted}
    assert len(pairs.wanted) == len(wanted) == 3
    assert wanted == {
        frozenset({"Noor swims at the Lido.", "Noor likes swimming on Tuesdays."}),
        frozenset({"Noor used to go to the Baths.", "Noor swims at the Lido."}),
        frozenset({"Noor used to go to the Baths.", "Noor likes swimming on Tuesdays."}),
    }
    assert pairs.apart == [] and pairs.joined == []


def test_latest_values_on_two_cards_are_wanted_together_only_where_the_scenario_asks_to_fuse() -> None:
    # GIVEN a failed scenario of another behaviour whose two latest values sit on two cards
    expect = {"questions": [{"query": "Noor?", "latest": ["Lido", "Tuesdays"]}]}
    stored = [held("a", "Noor swims at the Lido."), held("b", "Noor's book club meets on Tuesdays.")]
    pairs = Pairs()

    # WHEN its pairs are read
    read_pairs(scenario("latest_wins", **expect), "x/other", stored, False, pairs)

    # THEN nothing is wanted: two facts may answer one question
    assert pairs.wanted == []


def test_locomo_observations_about_one_speaker_pair_only_across_sessions_and_cited_turns() -> None:
    # GIVEN observations about two speakers over two sessions, one citing a turn another cites too
    data = [
        {
            "observation": {
                "session_1_observation": {
                    "Ana": [["Ana adopted a dog.", "D1:2"], ["Ana works nights.", "D1:5"]],
                    "Ben": [["Ben plays chess.", "D1:3"]],
                },
                "session_2_observation": {
                    "Ana": [["Ana's dog is called Pip.", ["D1:2", "D2:1"]], ["Ana bakes.", "D2:4"]]
                },
            }
        }
    ]

    # WHEN the apart pairs are read
    pairs = set(locomo_apart(data))

    # THEN only one speaker's observations from different sessions citing different turns are paired
    assert pairs == {
        ("Ana adopted a dog.", "Ana bakes."),
        ("Ana works nights.", "Ana's dog is called Pip."),
        ("Ana works nights.", "Ana bakes."),
    }


def test_the_cosine_of_a_pair_of_one_text_is_one_and_of_other_texts_less() -> None:
    # GIVEN the hash embedder's unit vectors
    got = cosines(
        HashEmbedder(), [("a cargo bike", "a cargo bike"), ("a cargo bike", "the Lido on Tuesdays")]
    )

    # THEN a text is at cosine one with itself and below it with another
    assert abs(float(got[0]) - 1.0) < 1e-5 and float(got[1]) < 0.9

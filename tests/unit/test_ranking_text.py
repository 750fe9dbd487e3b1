"""Pure recall rules: score fusion and the dates a question names."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reverie.domain.ranking import fuse_scores
from reverie.domain.search import SearchHit
from reverie.domain.text import entities, time_window


def hits(*pairs: tuple[str, float]) -> list[SearchHit]:
    return [SearchHit(memory_id=m, score=s) for m, s in pairs]


def test_a_strong_keyword_match_beats_a_merely_similar_sentence() -> None:
    fused = fuse_scores(
        {"text": hits(("exact", 12.0), ("weak", 1.0)), "vector": hits(("similar", 0.62), ("exact", 0.58))},
        {"text": 1.0, "vector": 1.0},
        depth=10,
    )
    assert max(fused.scores, key=fused.scores.__getitem__) == "exact"


def test_a_card_below_a_full_paths_cut_keeps_that_paths_lowest_score() -> None:
    fused = fuse_scores({"text": hits(("a", 4.0), ("b", 2.0)), "vector": hits(("c", 0.9))}, {}, depth=2)
    assert fused.scores["c"] == pytest.approx((0.5 + 1.0) / 2)  # text listed 2 = depth: c ranked below b


@given(st.lists(st.tuples(st.sampled_from("abcdefgh"), st.floats(-1, 30)), max_size=8))
def test_fused_scores_stay_within_0_and_1(pairs: list[tuple[str, float]]) -> None:
    fused = fuse_scores({"text": hits(*pairs), "vector": hits(*pairs[::-1])}, {"text": 2.0}, depth=4)
    assert all(0.0 <= s <= 1.0 for s in fused.scores.values())


@given(
    st.lists(st.tuples(st.sampled_from("abcdef"), st.floats(0.1, 30)), min_size=1, max_size=6),
    st.lists(st.tuples(st.sampled_from("cdefgh"), st.floats(0.1, 1)), min_size=1, max_size=6),
)
def test_each_card_scores_the_weighted_mean_of_its_paths_with_a_full_paths_floor(
    text: list[tuple[str, float]], vector: list[tuple[str, float]]
) -> None:
    # GIVEN a keyword path and a vector path (each lists a card once), weighted 2 to 1, cut at depth 3
    paths = {"text": hits(*dict(text).items()), "vector": hits(*dict(vector).items())}
    fused = fuse_scores(paths, {"text": 2.0, "vector": 1.0}, depth=3)
    # THEN a card's score is the weighted mean of its share of each path's best score; a path it is
    # missing from counts that path's lowest share when the path was cut (listed depth hits), else 0
    share = {n: {h.memory_id: h.score / max(x.score for x in hs) for h in hs} for n, hs in paths.items()}
    floor = {n: min(share[n].values()) if len(paths[n]) >= 3 else 0.0 for n in paths}
    for memory_id in {*share["text"], *share["vector"]}:
        expected = (
            2.0 * share["text"].get(memory_id, floor["text"])
            + share["vector"].get(memory_id, floor["vector"])
        ) / 3
        assert fused.scores[memory_id] == pytest.approx(expected)
    assert fused.floor == pytest.approx((2.0 * floor["text"] + floor["vector"]) / 3)


@pytest.mark.parametrize(
    ("question", "start", "days"),
    [
        ("What did Caroline do on 7 July, 2023?", datetime(2023, 7, 7, tzinfo=UTC), 1),
        ("Where was Melanie on May 3rd, 2023?", datetime(2023, 5, 3, tzinfo=UTC), 1),
        ("What happened in June 2023?", datetime(2023, 6, 1, tzinfo=UTC), 30),
        ("Which books did she read during 2022?", datetime(2022, 1, 1, tzinfo=UTC), 365),
    ],
)
def test_the_most_precise_date_a_question_names_is_its_window(
    question: str, start: datetime, days: int
) -> None:
    window = time_window(question)
    assert window is not None and window[0] == start and (window[1] - window[0]).days == days


def test_no_date_and_impossible_dates_give_no_day_window() -> None:
    assert time_window("What does Alice prefer?") is None
    window = time_window("on 31 February, 2023")
    assert window is None or (window[1] - window[0]).days > 1


def test_entities_are_names_not_sentence_openers_or_months() -> None:
    assert entities("When did Caroline's friend Melanie go to New York in May?") == [
        "caroline",
        "melanie",
        "new",
        "york",
    ]

"""Benchmark metrics on tiny hand-made data: evidence ids, recall@k, answer coverage, the LoCoMo harness."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest

from reverie.domain.models import Scope
from reverie.domain.search import SearchFilter
from reverie.services.backends import Backends
from reverie.services.recall import RecallSettings, build_context
from reverie_bench.common import (
    Evidence,
    answer_coverage,
    evidence_recall,
    mean,
    normalise_evidence,
    percentile,
    recall_at_k,
)
from reverie_bench.locomo import (
    SYSTEMS,
    baseline_context,
    evaluate,
    ingest,
    questions,
    render,
    report,
    session_date,
    sessions,
    turn_statement,
)


@pytest.mark.parametrize(
    ("raw", "ids", "unfixable", "repaired"),
    [
        (["D1:3"], ("D1:3",), 0, 0),
        (["D8:6; D9:17"], ("D8:6", "D9:17"), 0, 2),
        (["D:11:26"], ("D11:26",), 0, 1),
        (["D30:05"], ("D30:5",), 0, 1),
        (["D1:2 D1:3"], ("D1:2", "D1:3"), 0, 2),
        (["D1:18", "D", "D1:20"], ("D1:18", "D1:20"), 1, 0),
        (["D2:1", "D2:1"], ("D2:1",), 0, 0),
        ([], (), 0, 0),
        ([""], (), 1, 0),
    ],
)
def test_evidence_ids_are_normalised_and_unfixable_ones_counted(
    raw: list[str], ids: tuple[str, ...], unfixable: int, repaired: int
) -> None:
    evidence = normalise_evidence(raw)
    assert (evidence.ids, evidence.unfixable, evidence.repaired) == (ids, unfixable, repaired)


def test_an_unfixable_evidence_id_counts_as_a_miss() -> None:
    evidence = normalise_evidence(["D1:18", "D"])
    assert evidence_recall(evidence, {"D1:18"}) == 0.5


def test_a_question_without_evidence_has_no_recall_and_is_left_out_of_the_mean() -> None:
    assert evidence_recall(Evidence(ids=()), {"D1:1"}) is None
    assert mean([1.0, None, 0.0]) == 0.5
    assert mean([None]) == 0.0


def test_recall_at_k_counts_evidence_pointed_to_by_the_first_k_results() -> None:
    evidence = Evidence(ids=("D1:1", "D2:2"))
    ranked = [set(), {"D1:1"}, {"D3:3", "D2:2"}]
    assert recall_at_k(evidence, ranked, 1) == 0.0
    assert recall_at_k(evidence, ranked, 2) == 0.5
    assert recall_at_k(evidence, ranked, 3) == 1.0
    assert recall_at_k(evidence, ranked, 10) == 1.0


def test_a_memory_citing_several_turns_can_recall_them_all() -> None:
    evidence = Evidence(ids=("D1:1", "D1:2"))
    assert recall_at_k(evidence, [{"D1:1", "D1:2"}], 1) == 1.0


@pytest.mark.parametrize(
    ("answer", "context", "coverage"),
    [
        ("7 May 2023", "- [m-1] 7 May 2023: Caroline went to a support group", 1.0),
        ("Adoption agencies", "she is researching ADOPTION options", 0.5),
        (2022, "### 8 May 2022\n- [m-2] painted a sunrise", 1.0),
        ("the beach", "we went to the lake", 0.0),
        ("Psychology, counseling certification", "psychology and counseling", 2 / 3),
    ],
)
def test_answer_coverage_is_the_share_of_answer_words_in_the_context(
    answer: object, context: str, coverage: float
) -> None:
    assert answer_coverage(answer, context) == pytest.approx(coverage)


def test_an_answer_without_content_words_has_no_coverage() -> None:
    assert answer_coverage("the", "anything") is None
    assert answer_coverage("", "anything") is None


def test_percentiles_interpolate_between_order_statistics() -> None:
    assert percentile([4.0, 1.0, 3.0, 2.0], 50) == 2.5
    assert percentile([1.0, 2.0, 3.0, 4.0, 5.0], 95) == pytest.approx(4.8)
    assert percentile([], 95) == 0.0


CONVERSATION: dict[str, Any] = {
    "sample_id": "conv-x",
    "conversation": {
        "speaker_a": "Ana",
        "speaker_b": "Ben",
        "session_1_date_time": "1:56 pm on 8 May, 2023",
        "session_1": [
            {"speaker": "Ana", "dia_id": "D1:1", "text": "I adopted a turtle named Shelly yesterday."},
            {"speaker": "Ben", "dia_id": "D1:2", "text": "Lovely! What does she eat?"},
            {
                "speaker": "Ana",
                "dia_id": "D1:3",
                "text": "Mostly lettuce and strawberries.",
                "blip_caption": "a photo of a turtle eating lettuce",
            },
        ],
        "session_2_date_time": "10:00 am on 20 June, 2023",
        "session_2": [
            {"speaker": "Ben", "dia_id": "D2:1", "text": "I ran my first marathon in Boston last week."},
            {"speaker": "Ana", "dia_id": "D2:2", "text": "Congratulations on the marathon!"},
        ],
        "session_3_date_time": "9:00 am on 1 July, 2023",
    },
    "qa": [
        {
            "question": "What is the name of Ana's turtle?",
            "answer": "Shelly",
            "evidence": ["D1:1"],
            "category": 4,
        },
        {
            "question": "Where did Ben run a marathon?",
            "answer": "Boston",
            "evidence": ["D:2:1"],
            "category": 1,
        },
        {"question": "What does Shelly eat?", "answer": "lettuce", "evidence": ["D1:3", "D"], "category": 4},
        {"question": "What is Ben's cat called?", "adversarial_answer": "Tom", "evidence": [], "category": 5},
    ],
}


def test_sessions_are_read_in_order_with_their_dates_and_empty_dates_are_skipped() -> None:
    found = sessions(CONVERSATION["conversation"])
    assert [(n, len(turns)) for n, _, turns in found] == [(1, 3), (2, 2)]
    assert found[0][1] == datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
    assert session_date("10:00 am on 20 June, 2023") == datetime(2023, 6, 20, 10, 0, tzinfo=UTC)


def test_a_turn_becomes_speaker_text_and_its_photo_caption() -> None:
    turn = CONVERSATION["conversation"]["session_1"][2]
    assert turn_statement(turn) == (
        "Ana: Mostly lettuce and strawberries. [shares a photo: a photo of a turtle eating lettuce]"
    )


def test_only_categories_one_to_four_are_asked_with_normalised_evidence() -> None:
    items = questions([CONVERSATION])
    assert [q.category for q in items] == [4, 1, 4]
    assert items[1].evidence.ids == ("D2:1",)
    assert items[2].evidence.unfixable == 1


def test_the_harness_ingests_turns_and_reports_every_system(backends: Backends) -> None:
    # GIVEN the tiny conversation stored through the public services (fake embedder, no MiniLM)
    cards = ingest(backends, [CONVERSATION], lambda n: None)
    assert len(cards) == 5
    assert {r.event_id for c in cards.values() for r in c.evidence_refs} == {
        "D1:1",
        "D1:2",
        "D1:3",
        "D2:1",
        "D2:2",
    }
    # WHEN every question is asked of every system
    items = questions([CONVERSATION])
    outcomes = evaluate(backends, cards, items, [1, 5], 200)
    doc = report(outcomes, items, {"cards": 5.0, "seconds": 1.0, "cards_per_s": 5.0})
    # THEN the JSON document has the promised shape and the easy keyword question is answered
    assert set(doc["systems"]) == set(SYSTEMS)
    for row in doc["systems"].values():
        assert set(row) == {
            "recall@1",
            "recall@5",
            "recall@budget",
            "answer_coverage@budget",
            "p50_ms",
            "p95_ms",
        }
    assert doc["questions"] == 3
    assert outcomes["bm25"].at_k[5][0] == 1.0
    assert outcomes["reverie"].at_budget[0] == 1.0
    assert doc["evidence"]["unfixable_ids_counted_as_misses"] == 1
    json.dumps(doc)
    assert "recall@200t" in render(doc, [1, 5], 200)
    ratio = doc["systems"]["reverie"]["p95_ms"] / doc["systems"]["bm25"]["p95_ms"]
    assert doc["latency_vs_bm25"]["p95"] == round(ratio, 2)
    assert f"p95 x{doc['latency_vs_bm25']['p95']}" in render(doc, [1, 5], 200)


def test_a_baseline_renders_its_hits_as_recall_renders_its_own(backends: Backends) -> None:
    # GIVEN the conversation and the keyword baseline's hits for a question
    cards = ingest(backends, [CONVERSATION], lambda n: None)
    query = "What does Shelly eat?"
    scope = Scope(tenant_id="bench", user_id="conv-x")
    hits = backends.index.search_text(query, SearchFilter(scope=scope, now=backends.clock()), 10)
    ranked = [cards[h.memory_id] for h in hits]
    # WHEN they fill a budget
    out = baseline_context(backends, ranked, 200, RecallSettings())
    # THEN the lines cite by handle with the evidence beside the text, under the product's own header,
    # and the handles map to the baseline's cards
    assert out.memory_ids and "(ev " not in out.text
    assert "\n- [1] " in out.text and f"- [{len(out.memory_ids)}] " in out.text
    assert [c.memory_id for c in out.citations] == out.memory_ids
    assert set(out.memory_ids) <= {c.memory_id for c in ranked}
    product = build_context(backends, query, scope, 200, record_hits=False)
    assert out.text.splitlines()[:2] == product.text.splitlines()[:2]
    # and the "ids" style, asked for, is the one rendered
    assert (
        f"[{out.memory_ids[0]}]"
        in baseline_context(backends, ranked, 200, RecallSettings(citations="ids")).text
    )

"""`reverie bench dream` on a tiny hand-made conversation (LoCoMo's shape), on fakes: the replay into the
three systems, and the metric plumbing from the stores to the JSON document."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from reverie.adapters.local.rule_reasoner import RuleReasoner
from reverie.domain.events import event_text
from reverie.domain.models import Layer, MemoryType, Scope
from reverie.ports import Embedder
from reverie.services.backends import Backends
from reverie_bench.common import SettableClock
from reverie_bench.dream import ROWS, render, replay, report
from reverie_bench.dream_replay import (
    OUTSIDE_STAGES,
    SYSTEMS,
    TURN_SECONDS,
    BackendsFactory,
    conversation_sessions,
    local_factory,
)
from tests.fakes.backends import fake_backends
from tests.fakes.embedder import HashEmbedder

CONVERSATION: dict[str, Any] = {
    "sample_id": "conv-x",
    "conversation": {
        "speaker_a": "Ana",
        "speaker_b": "Ben",
        "session_1_date_time": "1:56 pm on 8 May, 2023",
        "session_1": [
            {"speaker": "Ana", "dia_id": "D1:1", "text": "Hey Ben! Good to see you!"},
            {"speaker": "Ben", "dia_id": "D1:2", "text": "Hi Ana! What's new with you?"},
            {"speaker": "Ana", "dia_id": "D1:3", "text": "I adopted a turtle named Shelly last week."},
            {
                "speaker": "Ben",
                "dia_id": "D1:4",
                "text": "Lovely!",
                "blip_caption": "a photo of a turtle eating lettuce",
            },
        ],
        "session_2_date_time": "10:00 am on 20 June, 2023",
        "session_2": [
            {
                "speaker": "Ben",
                "dia_id": "D2:1",
                "text": "I ran my first marathon in Boston in May. My time was three hours and forty minutes.",
            },
            {"speaker": "Ana", "dia_id": "D2:2", "text": "Congratulations on the marathon!"},
            {
                "speaker": "Ana",
                "dia_id": "D2:3",
                "text": "I started a pottery class at the community center.",
            },
        ],
        "session_3_date_time": "9:00 am on 1 July, 2023",
    },
    "qa": [
        {
            "question": "What is the name of Ana's turtle?",
            "answer": "Shelly",
            "evidence": ["D1:3"],
            "category": 4,
        },
        {
            "question": "Where did Ben run his first marathon?",
            "answer": "Boston",
            "evidence": ["D2:1"],
            "category": 1,
        },
        {
            "question": "What did Ben say about the photo?",
            "answer": "lovely",
            "evidence": ["D"],
            "category": 3,
        },
        {
            "question": "How long did Ben's first marathon take?",
            "answer": "three hours forty minutes",
            "evidence": ["D2:1"],
            "category": 4,
        },
        {"question": "What is Ben's cat called?", "adversarial_answer": "Tom", "evidence": [], "category": 5},
    ],
}


class CountingEmbedder(Embedder):
    """The hash embedder, counting the texts it is asked to embed."""

    def __init__(self) -> None:
        self.inner = HashEmbedder()
        self.model_id, self.dim = self.inner.model_id, self.inner.dim
        self.texts: list[str] = []

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        self.texts.extend(texts)
        return self.inner.embed(texts)


def fake_factory(embedders: dict[str, CountingEmbedder]) -> BackendsFactory:
    """Fakes for every port (the real SQLite index in memory), each system with an embedder of its own
    (kept in `embedders` by system name)."""

    def make(name: str, clock: SettableClock) -> Backends:
        embedders[name] = CountingEmbedder()
        return replace(fake_backends(clock, reasoner=RuleReasoner()), embedder=embedders[name])

    return make


@pytest.fixture(scope="module")
def replayed() -> tuple[Any, ...]:
    embedders: dict[str, CountingEmbedder] = {}
    systems, measured, asked = replay([CONVERSATION], fake_factory(embedders))
    return systems, measured, asked, embedders


def test_each_turn_becomes_a_message_event_of_its_session_a_few_seconds_apart() -> None:
    played = conversation_sessions(CONVERSATION)
    assert [s.session_id for s in played] == ["conv-x-s1", "conv-x-s2"]
    first = played[0].events
    assert [e.event_id for e in first] == ["D1:1", "D1:2", "D1:3", "D1:4"]
    assert {(e.role, e.user_id, e.tenant_id) for e in first} == {("user", "conv-x", "bench")}
    assert first[0].ts == datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
    assert first[3].ts - first[0].ts == timedelta(seconds=3 * TURN_SECONDS)
    assert first[3].speaker == "Ben"
    assert first[3].text == "Lovely! [shares a photo: a photo of a turtle eating lettuce]"


def test_the_replay_fills_three_systems_and_reports_the_promised_shape(replayed: tuple[Any, ...]) -> None:
    # GIVEN the two-session conversation replayed into raw turns, append-only notes and the dream
    systems, measured, asked, _ = replayed
    # WHEN the report is built
    doc = report(systems, measured, asked)
    # THEN every system has the promised keys, the JSON is plain, and the tables render
    assert set(SYSTEMS) == {"raw", "notes", "dream"}
    assert set(doc["systems"]) == set(ROWS) == {*SYSTEMS, "dream + cited turns"}
    promised = {
        "recall@budget": float,
        "answer_coverage@budget": float,
        "active_tokens": int,
        "active_cards": int,
        "raw_tokens": int,
        "dream_s_per_session": float,
        "ingest_s_per_session": float,
        "reasoner_tokens_per_session": float,
    }
    for row in doc["systems"].values():
        for key, kind in promised.items():
            assert isinstance(row[key], kind), key
    assert json.loads(json.dumps(doc)) == doc
    assert doc["questions"] == 4 and doc["sessions"] == 2
    assert doc["problems"] == []
    text = render(doc, 1000)
    assert "recall@1000t" in text and "bar: dreamed memory <= 20%" in text
    assert "dream + cited turns" in text and "quoted" in text


def test_raw_memory_is_the_raw_log_and_recalls_a_keyword_question(replayed: tuple[Any, ...]) -> None:
    systems, measured, asked, _ = replayed
    played = conversation_sessions(CONVERSATION)
    raw_tokens = sum(len(event_text(e).split()) for s in played for e in s.events)
    raw = measured["raw"]
    assert raw.raw_tokens == raw_tokens
    assert (raw.active_cards, raw.active_tokens) == (7, raw_tokens)  # one episode card per turn
    assert raw.outcome.at_budget[0] == 1.0  # "Shelly" is found through its turn
    assert raw.outcome.coverage[0] == 1.0
    # an unfixable evidence id ("D") is a miss, even though every turn is stored
    assert asked[2].evidence.unfixable == 1 and raw.reachable[2] == 0.0
    assert systems["raw"].usage.reasoner_calls == 0


def test_notes_store_every_candidate_as_it_is(replayed: tuple[Any, ...]) -> None:
    systems, measured, _, _ = replayed
    notes = systems["notes"]
    scope = Scope(tenant_id="bench", user_id="conv-x")
    cards = notes.active_cards(scope)
    assert len(cards) == notes.usage.counts["candidates"] == measured["notes"].active_cards > 0
    assert all(c.type is not MemoryType.EPISODE for c in cards)
    assert len(notes.b.log.read_user("bench", "conv-x")) == 7  # the raw log is kept too
    assert notes.usage.reasoner_calls == 0  # the rules reasoner calls no model, and there is no dream
    assert notes.usage.dream_seconds == 0.0


def test_the_dream_runs_after_each_session_and_its_memory_answers_from_cited_turns(
    replayed: tuple[Any, ...],
) -> None:
    systems, measured, asked, _ = replayed
    dreamed = systems["dream"]
    runs = dreamed.b.runs.list_runs("bench", "conv-x")
    assert len(runs) == 2 and all(r.status.value == "succeeded" for r in runs)
    assert dreamed.usage.counts["select.sessions"] == 2
    assert dreamed.usage.reasoner_calls == 0 and dreamed.usage.reasoner_tokens == 0  # rules: no model call
    assert dreamed.usage.dream_seconds > 0.0
    assert dreamed.b.queue.receive(10) == []  # the session-end messages were taken
    scope = Scope(tenant_id="bench", user_id="conv-x")
    cards = dreamed.active_cards(scope)
    assert measured["dream"].active_cards == len(cards)
    assert all(c.layer is Layer.KNOWLEDGE for c in cards)
    turtle = [c for c in cards if "Shelly" in c.statement]
    assert [r.event_id for c in turtle for r in c.evidence_refs] == ["D1:3"]
    # the turtle question recalls the card citing its evidence turn; the dream's memory is smaller
    assert measured["dream"].outcome.at_budget[0] == 1.0
    assert measured["dream"].reachable[0] == 1.0
    assert measured["dream"].active_tokens < measured["raw"].active_tokens
    doc = report(systems, measured, asked)
    assert doc["systems"]["dream"]["reasoner_calls_per_session"] == dreamed.usage.reasoner_calls / 2


def test_the_dreamed_memory_answers_again_with_its_cited_turns_quoted(replayed: tuple[Any, ...]) -> None:
    # GIVEN the dream kept the marathon's place, not Ben's time, which the same message gave
    systems, measured, asked, _ = replayed
    cards = systems["dream"].active_cards(Scope(tenant_id="bench", user_id="conv-x"))
    marathon = [c for c in cards if "marathon" in c.statement]
    assert marathon and not any("forty" in c.statement for c in marathon)
    time_question = next(i for i, q in enumerate(asked) if "How long" in q.text)
    # WHEN the same memory answers with the turns its first cards cite quoted
    cards_only, cited = measured["dream"], measured["dream + cited turns"]
    # THEN the answer's words are in the context only with the quotes, citing the same cards
    assert cards_only.outcome.coverage[time_question] == 0.0
    assert cited.outcome.coverage[time_question] == 1.0
    assert cited.outcome.at_budget[time_question] == cards_only.outcome.at_budget[time_question] == 1.0
    assert sum(cited.quoted) > 0 and sum(cards_only.quoted) == 0
    assert (cited.active_cards, cited.active_tokens) == (cards_only.active_cards, cards_only.active_tokens)


def test_the_dream_is_reported_in_sessions_a_minute_and_shares_of_its_time_per_stage(
    replayed: tuple[Any, ...],
) -> None:
    # GIVEN the dream ran after each of the two sessions
    systems, measured, asked, _ = replayed
    usage = systems["dream"].usage
    # WHEN the report is built
    doc = report(systems, measured, asked)
    # THEN every stage, the index sync and the rest of a run are timed, and they add up to the runs' time
    stages = doc["dream_stages"]
    assert list(stages) == ["select", "verify", "restructure", "decay", "index sync", OUTSIDE_STAGES]
    assert all(part["seconds"] >= 0 for part in stages.values())
    assert sum(usage.stage_seconds.values()) == pytest.approx(usage.dream_seconds)
    assert sum(part["share"] for part in stages.values()) == pytest.approx(1.0, abs=1e-3)
    assert doc["systems"]["dream"]["dream_sessions_per_minute"] == round(60 * 2 / usage.dream_seconds, 1)
    assert doc["systems"]["raw"]["dream_sessions_per_minute"] is None  # raw turns never dream
    text = render(doc, 1000)
    assert "sessions/minute" in text and "restructure" in text and "index sync" in text


def test_each_local_system_gets_stores_and_an_embedder_of_its_own(tmp_path: Path) -> None:
    # GIVEN the bench's factory of embedded stores
    make = local_factory(tmp_path, CountingEmbedder)
    clock = SettableClock(datetime(2023, 5, 8, tzinfo=UTC))
    # WHEN two systems are built THEN neither shares the other's embedder (its cache) or files
    raw, dreamed = make("raw", clock), make("dream", clock)
    assert raw.embedder is not dreamed.embedder
    raw.embedder.embed(["a turtle"])
    assert isinstance(dreamed.embedder, CountingEmbedder) and dreamed.embedder.texts == []
    assert (tmp_path / "raw").is_dir() and (tmp_path / "dream").is_dir()

"""The typed client against the real local service over loopback HTTP: every route, typed answers, errors
as exceptions with the error body and request id, bearer tokens, the async client, page iterators."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from reverie_client import AsyncReverie, Reverie, calls, errors
from reverie_client import models as m
from tests.client.conftest import ADMIN_TOKEN, AGENT_TOKEN

SESSION: list[Any] = [
    {
        "event_id": "e1",
        "kind": "message",
        "role": "user",
        "text": "Deploy the payments service with blue-green.",
    },
    {"event_id": "e2", "kind": "note", "text": "Alice deploys payments with blue-green, never in place."},
    m.MessageIn(event_id="e3", kind="message", role="assistant", text="Noted: blue-green for payments."),
]
CARD = {
    "memory_id": "m-editor",
    "type": "preference",
    "statement": "Alice writes Python with four-space indents.",
    "key": "alice.indent",
}


def test_capture_recall_and_every_memory_route_answer_typed_models(reverie: Reverie) -> None:
    # GIVEN an agent records a session and writes a memory through the client
    captured = reverie.append_events("alice", "s-1", SESSION)
    again = reverie.append_events("alice", "s-1", SESSION)  # a retry: nothing twice
    ended = reverie.end_session("alice", "s-1", "success")
    created = reverie.create_memories("alice", [CARD])
    mid = created.memories[0].memory_id
    assert mid is not None

    # WHEN it reads, edits, rates and lists memories
    context = reverie.context("alice", "how do I write Python?", budget_tokens=300)
    card = reverie.get_memory("alice", mid)
    edited = reverie.edit_memory(
        "alice", mid, m.EditMemoryRequest(expected_version=card.version, statement="Alice uses tabs.")
    )
    rated = reverie.memory_feedback("alice", mid, "used")
    history = reverie.memory_history("alice", mid)
    listed = reverie.list_memories("alice", layer="L2")

    preview = reverie.preview_context("alice", "how do I write Python?", budget_tokens=300)
    # THEN every answer is a typed model with what was written
    assert isinstance(captured, m.CaptureResponse) and captured.stored == 3 and len(captured.notes) == 1
    assert again.stored == 0 and again.duplicates == 3
    assert isinstance(ended, m.SessionEnded) and ended.stored == 1
    assert created.count == 1 and created.memories[0].statement == CARD["statement"]
    assert isinstance(context, m.ContextResponse) and mid in context.memory_ids
    assert "four-space" in context.context and context.tokens <= 300
    assert preview.memory_ids == context.memory_ids
    assert isinstance(card, m.MemoryCard) and card.statement == CARD["statement"]
    assert edited.statement == "Alice uses tabs." and edited.version == (card.version or 1) + 1
    assert rated.hit_count is not None and rated.hit_count >= 1
    assert [v.version for v in history.versions][-1] == edited.version and history.total == len(
        history.versions
    )
    assert {c.memory_id for c in listed.memories} >= {captured.notes[0]}

    # AND forgetting one memory removes it: reading it again raises NotFound
    reverie.delete_memory("alice", mid)
    with pytest.raises(errors.NotFound):
        reverie.get_memory("alice", mid)


def test_dreams_reviews_users_and_forgetting_a_user(reverie: Reverie) -> None:
    # GIVEN a recorded session
    reverie.append_events("bob", "s-1", SESSION)
    reverie.end_session("bob", "s-1")

    # WHEN a dream runs and is read back, then rolled back
    started = reverie.start_dream("bob", {"max_seconds": 30})
    runs = reverie.list_dreams("bob")
    iterated = [r.run_id for r in reverie.iter_dreams("bob")]
    assert started.run_id is not None
    report = reverie.dream_report(started.run_id, user_id="bob")
    admin_report = reverie.dream_report(started.run_id)
    reviews = reverie.list_reviews("bob")
    everyone = reverie.list_reviews()
    rolled = reverie.rollback_dream(started.run_id, user_id="bob")
    users = reverie.list_users()
    forgotten = reverie.forget_user("bob")

    # THEN each answer says what happened
    assert isinstance(started, m.DreamStarted) and started.poll.endswith(started.run_id)
    assert [r.run_id for r in runs.runs] == iterated == [started.run_id] and runs.next_cursor is None
    assert report.run.run_id == admin_report.run.run_id == started.run_id
    assert reviews.count == len(reviews.items) and everyone.total >= reviews.total
    assert rolled.run_id == started.run_id
    assert "bob" in {u.user_id for u in users.users}
    assert isinstance(forgotten, m.ForgetResponse) and forgotten.events == len(SESSION) + 1
    assert forgotten.remaining == 0
    assert reverie.health().status == "ok"
    assert "/users/{user_id}/context" in reverie.openapi()["paths"]


def test_a_refusal_raises_with_the_error_body_and_the_request_id(reverie: Reverie) -> None:
    # WHEN a memory of another user is asked for, and a memory with an invalid confidence is written
    with pytest.raises(errors.NotFound) as missing:
        reverie.get_memory("alice", "m-nobody")
    with pytest.raises(errors.ValidationFailed) as invalid:
        reverie.create_memories("alice", [{**CARD, "confidence": 7}])

    # THEN each exception carries the API's error shape and the request id the service logged
    assert missing.value.status == 404 and missing.value.error == "NotFound"
    assert missing.value.request_id and missing.value.request_id == missing.value.body["request_id"]
    assert invalid.value.status == 422 and invalid.value.error == "ValidationError"
    assert [d["field"] for d in invalid.value.detail] == ["memories.0.confidence"]
    assert str(invalid.value.request_id) in str(invalid.value)


def test_a_field_the_service_does_not_know_is_refused_not_dropped(reverie: Reverie) -> None:
    # a typo in a typed request reaches the service, which names it (the models keep unknown fields)
    typo = m.NewMemoryIn.model_validate({"type": "fact", "statement": "x", "confidance": 0.9})
    with pytest.raises(errors.ValidationFailed) as refused:
        reverie.create_memories("alice", [typo])
    assert [d["field"] for d in refused.value.detail] == ["memories.0.confidance"]


def test_bearer_tokens_pick_the_role_and_a_missing_token_is_refused(guarded_url: str) -> None:
    # GIVEN a service that requires tokens
    with Reverie(guarded_url) as anonymous, pytest.raises(errors.Unauthorized) as refused:
        anonymous.list_users()
    with Reverie(guarded_url, token=AGENT_TOKEN) as agent, Reverie(guarded_url, token=ADMIN_TOKEN) as admin:
        # WHEN an agent writes its own memory and asks for every user's reviews
        [card] = agent.create_memories("alice", [CARD]).memories
        assert card.memory_id is not None
        with pytest.raises(errors.Forbidden) as forbidden:
            agent.list_reviews()
        # THEN the admin may, and reads the agent's memory
        assert admin.list_reviews().count == 0
        assert admin.get_memory("alice", card.memory_id).statement == CARD["statement"]
    assert refused.value.status == 401 and refused.value.error == "Unauthorized"
    assert forbidden.value.status == 403


def test_pages_follow_the_cursor_to_the_last_page(reverie: Reverie) -> None:
    # GIVEN 7 memories
    cards = [
        {**CARD, "memory_id": f"m-{i}", "key": f"alice.k{i}", "statement": f"Fact {i}."} for i in range(7)
    ]
    reverie.create_memories("alice", cards)
    # WHEN they are listed 3 a page, and iterated
    pages = list(reverie.pages(lambda cursor: calls.list_memories("alice", limit=3, cursor=cursor)))
    seen = [c.memory_id for c in reverie.iter_memories("alice", page_size=3)]
    # THEN three pages, each saying the total, the last with no cursor; each memory comes once
    assert [p.count for p in pages] == [3, 3, 1] and {p.total for p in pages} == {7}
    assert pages[-1].next_cursor is None and all(p.next_cursor for p in pages[:-1])
    assert len(seen) == len(set(seen)) == 7
    assert [u.user_id for u in reverie.iter_users(page_size=1)] == ["alice"]


def test_search_returns_the_ranked_memories_themselves(reverie: Reverie) -> None:
    # GIVEN two memories, one about the query
    reverie.create_memories(
        "alice",
        [
            CARD,
            {"type": "fact", "statement": "Alice's team ships payments on Tuesdays.", "key": "alice.ship"},
        ],
    )
    # WHEN the client searches
    found = reverie.search("alice", "how does alice indent python?", limit=5)
    # THEN scored memories come best first, with what a context would cite
    assert isinstance(found, m.SearchResponse) and found.count == len(found.results) >= 1
    best = found.results[0]
    assert best.statement == CARD["statement"] and best.type == "preference"
    assert [r.score for r in found.results] == sorted((r.score for r in found.results), reverse=True)


def test_the_async_client_does_the_same_over_http(service_url: str) -> None:
    async def scenario() -> tuple[m.CaptureResponse, list[str | None]]:
        async with AsyncReverie(service_url) as reverie:
            captured = await reverie.append_events("carol", "s-1", SESSION)
            [card] = (await reverie.create_memories("carol", [CARD])).memories
            assert card.memory_id is not None
            context, _ = await asyncio.gather(
                reverie.context("carol", "python indents"), reverie.get_memory("carol", card.memory_id)
            )
            ids = [c.memory_id async for c in reverie.iter_memories("carol", page_size=1)]
            with pytest.raises(errors.NotFound):
                await reverie.get_memory("carol", "m-missing")
            assert card.memory_id in context.memory_ids and card.memory_id in ids
            return captured, ids

    captured, ids = asyncio.run(scenario())
    assert captured.stored == 3
    assert len(ids) == len(set(ids)) == 2  # the card and the note, each once


def test_export_import_session_events_and_the_overview(reverie: Reverie) -> None:
    # GIVEN alice's session and a memory
    reverie.append_events("alice", "s-1", SESSION)
    [card] = reverie.create_memories("alice", [CARD]).memories
    assert card.memory_id is not None
    # WHEN her session is read back, her memory exported, she is forgotten, and the export imported
    session = reverie.session_events("alice", "s-1")
    overview = reverie.overview()
    records = reverie.export_memory("alice", events=True)
    reverie.forget_user("alice")
    imported = reverie.import_memory("alice", records)
    again = reverie.import_memory("alice", records)
    # THEN the session has its events, the import restores the card once, with its id
    assert isinstance(session, m.SessionEvents) and session.count == len(SESSION)
    assert "alice" in {u.user_id for u in overview.users}
    assert imported.cards_created >= 1 and again.cards_created == 0
    assert reverie.get_memory("alice", card.memory_id).statement == CARD["statement"]

"""The HTTP API as Lambda runs it: sample API Gateway events (events/apigw/) in, JSON answers out."""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from reverie.api.local_server import LambdaContextStub
from reverie.api.routes import create_app
from reverie.api.schemas import to_event
from reverie.cli.ingest import ingest, load_sessions
from reverie.services.backends import Backends
from reverie.services.context_render import SECTION_TITLES
from tests.api.conftest import (
    APIGW,
    EVENTS,
    SESSION_FILES,
    TENANT,
    Api,
    Reply,
    body_of,
    stored_state,
)
from tests.fakes.stores import InMemoryNoteStore

DEMO_QUESTION = "Deploying the payments service today: anything I should know?"


def ids(reply: Reply) -> list[str]:
    return [m["memory_id"] for m in reply.json["memories"]]


def error_fields(reply: Reply) -> list[str]:
    """The fields a 4xx answer names, whichever error shape it uses."""
    detail = reply.json.get("detail") or []
    return [item["field"] if "field" in item else ".".join(str(p) for p in item["loc"]) for item in detail]


def sessions_of(user_id: str) -> list[dict[str, Any]]:
    data = json.loads((EVENTS / "sessions" / f"{user_id}.json").read_text(encoding="utf-8"))
    return [s for s in data["sessions"] if s["user_id"] == user_id]


def posted(user_id: str) -> dict[str, int]:
    """What posting a user's sample sessions stores: events (with one end per ended session), cards (the
    memories written plus one L2 hypothesis per explicit note) and index documents (trusted memories, and
    the facts a tool or a document gave: recall shows those as unverified reference)."""
    sessions = sessions_of(user_id)
    return {
        "events": sum(len(s["events"]) + bool(s.get("end")) for s in sessions),
        "cards": sum(len(s["memories"]) + sum(e["kind"] == "note" for e in s["events"]) for s in sessions),
        "indexed": sum(
            m.get("source", "user") not in ("tool", "document") or m.get("type") == "fact"
            for s in sessions
            for m in s["memories"]
        ),
    }


# --- capture and recall ---------------------------------------------------------------------------


def test_a_memory_written_during_a_session_comes_back_in_context_with_its_id_and_evidence(api: Api) -> None:
    # GIVEN alice's agent recorded a deploy session and wrote down what it learnt, citing the session
    captured = api.call("append_events")
    created = api.call("create_memory")

    # WHEN the agent asks for context before the next deploy
    reply = api.call("get_context")

    # THEN the memory is injected under a short handle, cited with its id and the events it rests on,
    # within the budget
    assert captured.status == 200
    assert captured.json["stored"] == len(body_of("append_events")["events"])
    assert created.status == 201
    assert reply.status == 200
    handle = reply.json["memory_ids"].index("m-alice-snapshot-first@alice") + 1
    line = f"- [{handle}] "
    assert line in reply.json["context"]
    cited = reply.json["context"].split(line)[1].splitlines()[0]
    assert "snapshot payments-prod, run the migration, redeploy" in cited
    assert reply.json["citations"][handle - 1] == {
        "handle": handle,
        "memory_id": "m-alice-snapshot-first@alice",
        "evidence": body_of("create_memory")["memories"][0]["evidence_refs"],
        "kind": "memory",
    }
    assert "m-alice-snapshot-first" not in reply.json["context"]
    assert reply.json["tokens"] <= reply.json["budget_tokens"] == 400


def test_posting_the_same_events_and_memories_again_stores_nothing_new(api: Api, backends: Backends) -> None:
    # GIVEN a session and a memory already stored
    api.call("append_events")
    api.call("create_memory")
    before = stored_state(backends, "alice")

    # WHEN the agent retries both requests (a timeout made it unsure they arrived)
    events_again = api.call("append_events")
    memory_again = api.call("create_memory")

    # THEN the events count as duplicates, the memory id is reported as taken, and nothing changed
    sent = len(body_of("append_events")["events"])
    assert events_again.status == 200
    assert events_again.json == {"stored": 0, "duplicates": sent, "notes": [], "masked": []}
    assert memory_again.status == 409
    assert "m-alice-snapshot-first" in memory_again.json["message"]
    assert stored_state(backends, "alice") == before
    assert (
        api.call("memory_history", path="/users/alice/memories/m-alice-snapshot-first/history").json["count"]
        == 1
    )


def test_a_retried_batch_without_timestamps_counts_as_duplicates(api: Api, backends: Backends) -> None:
    # GIVEN events posted without timestamps (ts is optional in the API)
    untimed = [{k: v for k, v in e.items() if k != "ts"} for e in body_of("append_events")["events"]]
    first = api.call("append_events", body={"events": untimed})

    # WHEN the very same request is retried
    again = api.call("append_events", body={"events": untimed})

    # THEN it is a duplicate, as retries with timestamps are
    assert first.status == 200
    assert again.status == 200, again.json
    assert again.json["duplicates"] == len(untimed)


def test_an_explicit_note_is_an_l2_hypothesis_never_injected_as_a_memory(api: Api) -> None:
    # GIVEN a session whose agent asked to remember a note ("snapshots take about 3 minutes"), no dream yet
    captured = api.call("append_events")
    [note_id] = captured.json["notes"]

    # WHEN the memories are listed by layer and the agent asks exactly about the note
    hypotheses = api.call("list_memories", query={"layer": "L2"})
    knowledge = api.call("list_memories", query={"layer": "L3"})
    context = api.call("get_context", body={"query": "How long do payments-prod snapshots take?"})

    # THEN the note is an L2 hypothesis citing its event, and no memory of the context: it is shown only
    # as what was said, a raw turn under its own heading after the memories, cited by its event
    assert ids(hypotheses) == [note_id]
    note = hypotheses.json["memories"][0]
    assert (note["layer"], note["status"]) == ("L2", "hypothesis")
    assert note["statement"] == "payments-prod snapshots take about 3 minutes."
    assert note["evidence_refs"] == [{"session_id": "prod-1130", "event_id": "e08"}]
    assert ids(knowledge) == []
    assert context.json["memory_ids"] == []
    memories, raw = context.json["context"].split(SECTION_TITLES["raw"])
    assert "3 minutes" not in memories
    assert "- [1] 30 November 2026, agent note: payments-prod snapshots take about 3 minutes." in raw
    ref = {"session_id": "prod-1130", "event_id": "e08"}
    assert context.json["citations"] == [
        {"handle": 1, "memory_id": "prod-1130/e08", "evidence": [ref], "kind": "raw_turn"}
    ]
    assert context.json["sections"] == {"raw": ["prod-1130/e08"]}


def test_the_demo_question_gets_alices_deploy_rules_procedure_and_preferences(samples: Api) -> None:
    # GIVEN the sample sessions of alice, bob and carol (events/sessions/)
    # WHEN alice's agent asks the demo question with a 400-token budget
    reply = samples.call("get_context", body={"query": DEMO_QUESTION, "budget_tokens": 400})

    # THEN it holds her payments rule as a constraint, the migration procedure and her preferences, and
    # nothing of bob or carol nor any unverified note (those ids start with "n-")
    assert reply.status == 200
    sections = reply.json["sections"]
    assert "m-alice-no-friday@alice" in sections["constraints"]
    assert "m-alice-pending-migration@alice" in reply.json["memory_ids"]
    assert "m-alice-concise@alice" in sections["fixed"]
    assert all(m.startswith("m-alice-") for m in reply.json["memory_ids"])
    assert "## Constraints: follow these" in reply.json["context"]
    assert reply.json["tokens"] <= 400


def test_a_low_confidence_memory_is_offered_for_reference_only(samples: Api) -> None:
    # GIVEN alice's sample sessions, where the agent saw a slow health check once (confidence 0.4)
    # WHEN her agent asks about the deploy with room to spare
    reply = samples.call("get_context", body={"query": DEMO_QUESTION, "budget_tokens": 2000})

    # THEN that memory is shown under "reference only", never as an instruction
    assert reply.json["sections"]["reference"] == ["m-alice-slow-health@alice"]
    reference = reply.json["context"].split("## For reference only")[1]
    handle = reply.json["memory_ids"].index("m-alice-slow-health@alice") + 1
    assert f"[{handle}] " in reference
    assert reply.json["citations"][handle - 1]["memory_id"] == "m-alice-slow-health@alice"


def test_ending_a_session_queues_it_for_dreaming(api: Api, backends: Backends) -> None:
    # GIVEN a session with events
    api.call("append_events")

    # WHEN the agent ends it, twice (a retry)
    first = api.call("end_session")
    again = api.call("end_session")

    # THEN it is accepted, recorded once, and queued once for the dream
    assert (first.status, first.json) == (202, {"stored": 1, "duplicates": 0})
    assert (again.status, again.json) == (202, {"stored": 0, "duplicates": 1})
    [message] = backends.queue.receive()
    assert message.body == {
        "tenant_id": TENANT,
        "user_id": "alice",
        "session_id": "prod-1130",
        "trigger": "session_end",
    } | {"tokens": message.body["tokens"]}
    assert message.body["tokens"] > 0  # the session's size, what the volume alarm sums


def test_ending_a_session_that_never_started_is_not_found(api: Api, backends: Backends) -> None:
    reply = api.call("end_session", path="/users/alice/sessions/never-1130/end")

    assert reply.status == 404
    assert "never-1130" in reply.json["message"]
    assert backends.queue.receive() == []


def test_ending_a_session_needs_no_body(api: Api) -> None:
    api.call("append_events")

    reply = api.call("end_session", body=None)

    assert reply.status == 202, reply.json


# --- bad input ------------------------------------------------------------------------------------

BAD_INPUT = [
    ("bad_missing_field", "events.1.message.text"),
    ("bad_wrong_type", "budget_tokens"),
    ("bad_confidence", "memories.0.confidence"),
    ("bad_unknown_event_kind", "events.1"),
    ("bad_text_too_long", "events.0.note.text"),
    ("bad_user_id", "user_id"),
]


@pytest.mark.parametrize(("name", "field"), BAD_INPUT, ids=[name for name, _ in BAD_INPUT])
def test_bad_input_is_refused_naming_the_field_and_stores_nothing(
    samples: Api, backends: Backends, name: str, field: str
) -> None:
    # GIVEN everything alice, bob and carol stored
    before = {user: stored_state(backends, user) for user in ("alice", "bob", "carol")}
    users_before = samples.call("list_users").json

    # WHEN a request with bad input arrives
    reply = samples.call(name)

    # THEN it is refused with a 4xx naming the field, and nothing was stored or lost
    assert reply.status == 422, reply.json
    assert any(f.endswith(field) for f in error_fields(reply)), reply.json
    assert {user: stored_state(backends, user) for user in ("alice", "bob", "carol")} == before
    assert samples.call("list_users").json == users_before


def test_an_event_cannot_be_filed_under_another_user(samples: Api, backends: Backends) -> None:
    # GIVEN alice's stored events
    before = stored_state(backends, "alice")

    # WHEN bob's path carries an event that names alice in its body
    event = {**body_of("append_events")["events"][0], "user_id": "alice"}
    reply = samples.call(
        "append_events", path="/users/bob/sessions/prod-1130/events", body={"events": [event]}
    )

    # THEN the body may not choose the user: refused, and alice's log is untouched
    assert reply.status == 422
    assert any(f.endswith("user_id") for f in error_fields(reply))
    assert stored_state(backends, "alice") == before


def test_validation_errors_say_what_is_wrong_in_the_api_error_shape(api: Api) -> None:
    # WHEN an event of an unknown kind is posted
    reply = api.call("bad_unknown_event_kind")

    # THEN the answer has the API's error shape and says which kinds exist
    assert reply.status == 422
    assert reply.json["error"] == "ValidationError"
    [problem] = reply.json["detail"]
    assert problem["field"].startswith("events.1")
    assert "'message'" in problem["message"] and "thought" in problem["message"]


# --- review: edit, history, feedback, delete ------------------------------------------------------


def test_an_edit_is_a_new_version_marked_edited_and_history_lists_both(samples: Api) -> None:
    # GIVEN alice's Friday rule at version 1
    # WHEN a reviewer edits it, naming the version read
    edited = samples.call("edit_memory")
    history = samples.call("memory_history")
    context = samples.call("get_context", body={"query": DEMO_QUESTION, "budget_tokens": 2000})

    # THEN it is version 2, verified, marked edited; history keeps version 1; recall uses the new text
    new_statement = body_of("edit_memory")["statement"]
    assert edited.status == 200
    assert (edited.json["version"], edited.json["review_status"]) == (2, "edited")
    assert (edited.json["statement"], edited.json["status"]) == (new_statement, "verified")
    assert history.json["count"] == 2
    v1, v2 = history.json["versions"]
    assert (v1["version"], v1["review_status"], v2["version"]) == (1, "auto", 2)
    assert v1["statement"].startswith("Never deploy the payments service to production on a Friday")
    assert v2["statement"] == new_statement
    assert new_statement in context.json["context"]
    assert v1["statement"] not in context.json["context"]


def test_an_edit_from_a_stale_version_is_refused_and_loses_nothing(samples: Api) -> None:
    # GIVEN a reviewer already saved an edit of version 1 (it is now version 2)
    first = samples.call("edit_memory")

    # WHEN a second reviewer, who also read version 1, saves a different edit
    stale = samples.call(
        "edit_memory", body={"expected_version": 1, "statement": "Payments deploys are fine on Fridays."}
    )

    # THEN 409 says to re-read; the first edit stands and no version was added
    assert stale.status == 409
    assert "expected version 1" in stale.json["message"]
    assert "current version is 2" in stale.json["message"]
    current = samples.call("get_memory")
    assert (current.json["version"], current.json["statement"]) == (2, first.json["statement"])
    assert samples.call("memory_history").json["count"] == 2


def test_an_edit_with_a_null_statement_does_not_overwrite_the_memory(samples: Api) -> None:
    # WHEN a client sends an explicit null for the statement
    reply = samples.call("edit_memory", body={"expected_version": 1, "statement": None})

    # THEN it is refused (a statement cannot be empty) and the memory is as it was
    assert reply.status == 422
    current = samples.call("get_memory").json
    assert current["version"] == 1
    assert current["statement"] != "None"


def test_an_edit_that_changes_nothing_is_refused_and_adds_no_version(samples: Api) -> None:
    reply = samples.call("edit_memory", body={"expected_version": 1})

    assert 400 <= reply.status < 500
    current = samples.call("get_memory").json
    assert (current["version"], current["review_status"]) == (1, "auto")


def test_wrong_feedback_halves_confidence_as_a_new_version_and_is_logged(
    samples: Api, backends: Backends
) -> None:
    # GIVEN the low-confidence health-check memory (0.4)
    # WHEN alice's agent reports it wrong
    reply = samples.call("memory_feedback")

    # THEN its confidence halves in a new version, and the feedback is in L1 for the next dream
    assert reply.status == 200
    assert (reply.json["version"], reply.json["confidence"]) == (2, 0.2)
    versions = samples.call("memory_history", path="/users/alice/memories/m-alice-slow-health/history")
    assert [v["confidence"] for v in versions.json["versions"]] == [0.4, 0.2]
    feedback = [
        e
        for e in backends.log.read_user(TENANT, "alice")
        if e.kind == "feedback" and e.target_memory_id == "m-alice-slow-health@alice"
    ]
    assert [(e.signal, e.text) for e in feedback] == [("negative", body_of("memory_feedback")["text"])]


def test_used_feedback_counts_a_hit_without_a_new_version(samples: Api) -> None:
    reply = samples.call("memory_feedback", body={"signal": "used"})

    assert reply.status == 200
    assert (reply.json["version"], reply.json["confidence"], reply.json["hit_count"]) == (1, 0.4, 1)


def test_a_deleted_memory_is_gone(samples: Api) -> None:
    # GIVEN alice's health-check memory, which recall offers for reference
    # WHEN it is deleted
    reply = samples.call("delete_memory")

    # THEN reading it, its history and recall all answer as if it never existed
    path = "/users/alice/memories/m-alice-slow-health"
    assert (reply.status, reply.json) == (204, None)
    assert samples.call("get_memory", path=path).status == 404
    assert samples.call("memory_history", path=f"{path}/history").status == 404
    assert samples.call("delete_memory").status == 404
    context = samples.call("get_context", body={"query": DEMO_QUESTION, "budget_tokens": 2000})
    assert "m-alice-slow-health" not in context.json["memory_ids"]


# --- people: isolation, listing, forgetting -------------------------------------------------------

ALICE_CARD = "/users/alice/memories/m-alice-no-friday"


@pytest.mark.parametrize(
    ("name", "path", "body"),
    [
        ("get_memory", "/users/bob/memories/m-alice-no-friday", None),
        ("memory_history", "/users/bob/memories/m-alice-no-friday/history", None),
        ("edit_memory", "/users/bob/memories/m-alice-no-friday", {"expected_version": 1, "statement": "x"}),
        ("memory_feedback", "/users/bob/memories/m-alice-no-friday/feedback", {"signal": "wrong"}),
        ("delete_memory", "/users/bob/memories/m-alice-no-friday", None),
    ],
    ids=["get", "history", "edit", "feedback", "delete"],
)
def test_a_user_cannot_reach_another_users_memory_by_id(
    samples: Api, backends: Backends, name: str, path: str, body: Any
) -> None:
    # GIVEN alice's Friday rule
    before = stored_state(backends, "alice")

    # WHEN a request in bob's scope names its id
    overrides: dict[str, Any] = {"path": path} if body is None else {"path": path, "body": body}
    reply = samples.call(name, **overrides)

    # THEN it does not exist for bob, and alice's card is untouched
    assert reply.status == 404
    assert reply.json["message"] == "memory m-alice-no-friday not found"
    assert stored_state(backends, "alice") == before


def test_a_user_never_sees_another_users_memories_in_context_or_lists(samples: Api) -> None:
    # WHEN bob's agent asks alice's question and lists everything bob has
    context = samples.call("get_context", path="/users/bob/context")
    listed = samples.call("list_memories", path="/users/bob/memories", query=None)

    # THEN only bob's memories appear
    assert all(m.startswith("m-bob-") for m in context.json["memory_ids"])
    assert "payments" not in context.json["context"]
    assert ids(listed)
    assert all(m["user_id"] == "bob" for m in listed.json["memories"])
    assert not any(m.startswith(("m-alice-", "m-carol-")) for m in ids(listed))


def test_listing_users_counts_their_memories_and_sessions(samples: Api) -> None:
    reply = samples.call("list_users")

    assert reply.status == 200
    assert reply.json["users"] == [
        {"user_id": user, "memories": posted(user)["cards"], "sessions": len(sessions_of(user))}
        for user in ("alice", "bob", "carol")
    ]


def test_forgetting_a_user_removes_everything_of_theirs_and_nothing_else(
    samples: Api, backends: Backends
) -> None:
    # GIVEN alice, bob and carol's sessions and memories
    others = {user: stored_state(backends, user) for user in ("alice", "carol")}

    # WHEN bob asks to be forgotten
    reply = samples.call("delete_user")

    # THEN his events, cards and index documents are gone, proven by remaining 0 ...
    expected = posted("bob")
    assert reply.status == 200
    report = reply.json
    assert {key: report[key] for key in ("events", "memories", "index_docs", "remaining")} == {
        "events": expected["events"],
        "memories": expected["cards"],
        "index_docs": expected["indexed"],
        "remaining": 0,
    }
    # ... and a report per store: everything removed, nothing a read still finds, every store compacted
    assert set(report["stores"]) == {"log", "notes", "index", "vector_cache", "queue", "runs"}
    assert report["stores"]["log"]["removed"] == expected["events"]
    assert all(store["remaining"] == 0 and store["compacted"] for store in report["stores"].values())
    assert stored_state(backends, "bob") == {"events": [], "cards": [], "indexed": 0}
    assert ids(samples.call("list_memories", path="/users/bob/memories", query=None)) == []
    assert samples.call("get_memory", path="/users/bob/memories/m-bob-window-seat").status == 404
    bob_context = samples.call("get_context", path="/users/bob/context", body={"query": "window seat"})
    assert bob_context.json["memory_ids"] == []
    # ... while alice and carol keep everything
    assert {user: stored_state(backends, user) for user in ("alice", "carol")} == others
    assert [u["user_id"] for u in samples.call("list_users").json["users"]] == ["alice", "carol"]


def test_forgetting_a_user_reports_nothing_remaining_whatever_other_users_are_called(samples: Api) -> None:
    # GIVEN a user id that happens to be the one admin uses as "nobody"
    samples.call("create_memory", path="/users/reverie.nobody/memories")

    # WHEN bob is forgotten
    reply = samples.call("delete_user")

    # THEN nothing of bob remains, and the proof says so
    assert reply.json["remaining"] == 0


# --- memory writes --------------------------------------------------------------------------------


def test_a_create_batch_that_repeats_a_memory_id_stores_nothing(api: Api, backends: Backends) -> None:
    # WHEN one request carries the same memory id twice (no evidence given, so L1 notes are written)
    item = {"memory_id": "m-alice-twice", "type": "fact", "statement": "payments-api runs on Postgres 15."}
    reply = api.call(
        "create_memory", body={"memories": [item, {**item, "statement": "payments-api uses MySQL"}]}
    )

    # THEN the request is refused as a whole
    assert 400 <= reply.status < 500
    assert stored_state(backends, "alice") == {"events": [], "cards": [], "indexed": 0}


def test_two_memories_written_in_the_same_instant_are_both_stored(backends: Backends) -> None:
    # GIVEN a clock that reads the same instant twice (a coarse clock, or two requests at once)
    instant = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
    frozen = Backends(
        log=backends.log,
        notes=InMemoryNoteStore(clock=lambda: instant),
        index=backends.index,
        embedder=backends.embedder,
        tokens=backends.tokens,
        queue=backends.queue,
        clock=lambda: instant,
    )
    api = Api(create_app(lambda: frozen, TENANT), LambdaContextStub())

    # WHEN two memories without evidence are written one after the other
    first = api.call(
        "create_memory", body={"memories": [{"type": "fact", "statement": "payments uses Postgres"}]}
    )
    second = api.call(
        "create_memory", body={"memories": [{"type": "fact", "statement": "notify uses Redis"}]}
    )

    # THEN both are stored
    assert (first.status, second.status) == (201, 201), second.json


def test_context_shows_one_card_per_key(api: Api) -> None:
    # GIVEN bob's plan was written twice under the same key (the trip changed)
    ref = [{"session_id": "flights-1005", "event_id": "e13"}]
    old = {"memory_id": "m-bob-plan-rome", "type": "plan", "key": "trip.next", "evidence_refs": ref}
    new = {"memory_id": "m-bob-plan-porto", "type": "plan", "key": "trip.next", "evidence_refs": ref}
    api.call(
        "create_memory",
        path="/users/bob/memories",
        body={"memories": [{**old, "statement": "Trip to Rome in May"}]},
    )
    api.call(
        "create_memory",
        path="/users/bob/memories",
        body={"memories": [{**new, "statement": "Trip to Porto in June"}]},
    )

    # WHEN bob's agent asks about the old trip
    reply = api.call("get_context", path="/users/bob/context", body={"query": "Trip to Rome in May"})

    # THEN only one card of that key is injected: one current plan, not two
    assert len({"m-bob-plan-rome@bob", "m-bob-plan-porto@bob"} & set(reply.json["memory_ids"])) == 1


# --- the API surface ------------------------------------------------------------------------------

ROUTES = {
    ("GET", "/health"),
    ("GET", "/openapi.json"),
    ("GET", "/users"),
    ("DELETE", "/users/{user_id}"),
    ("POST", "/users/{user_id}/sessions/{session_id}/events"),
    ("POST", "/users/{user_id}/sessions/{session_id}/end"),
    ("POST", "/users/{user_id}/context"),
    ("POST", "/users/{user_id}/search"),
    ("POST", "/users/{user_id}/memories"),
    ("GET", "/users/{user_id}/memories"),
    ("GET", "/users/{user_id}/memories/{memory_id}"),
    ("PATCH", "/users/{user_id}/memories/{memory_id}"),
    ("DELETE", "/users/{user_id}/memories/{memory_id}"),
    ("GET", "/users/{user_id}/memories/{memory_id}/history"),
    ("POST", "/users/{user_id}/memories/{memory_id}/feedback"),
    ("POST", "/users/{user_id}/dreams"),
    ("GET", "/users/{user_id}/dreams"),
    ("GET", "/users/{user_id}/dreams/{run_id}"),
    ("POST", "/users/{user_id}/dreams/{run_id}/rollback"),
    ("GET", "/users/{user_id}/reviews"),
    ("POST", "/users/{user_id}/reviews/{item_id}"),
    ("GET", "/dreams/{run_id}"),
    ("POST", "/dreams/{run_id}/rollback"),
    ("GET", "/reviews"),
    ("POST", "/reviews/{item_id}"),
    ("GET", "/users/{user_id}/export"),
    ("POST", "/users/{user_id}/import"),
    ("GET", "/users/{user_id}/sessions/{session_id}/events"),
    ("GET", "/overview"),
    ("POST", "/users/{user_id}/context/preview"),
}


def test_the_openapi_document_lists_every_route(api: Api) -> None:
    reply = api.call("get_openapi")

    assert reply.status == 200
    assert reply.json["info"]["title"] == "Reverie"
    documented = {(method.upper(), path) for path, ops in reply.json["paths"].items() for method in ops}
    assert documented == ROUTES


GOOD_EVENTS = sorted(p.stem for p in APIGW.glob("*.json") if not p.stem.startswith("bad_"))


@pytest.mark.parametrize("name", GOOD_EVENTS)
def test_every_sample_event_is_answered(samples: Api, name: str) -> None:
    # GIVEN the sample sessions and alice's deploy session of today
    samples.call("append_events")

    # WHEN the sample API Gateway event arrives
    reply = samples.call(name)

    # THEN it gets a successful answer in JSON (or none, for a delete)
    assert 200 <= reply.status < 300, reply.json
    assert reply.status == 204 or reply.headers["Content-Type"] == "application/json"


def test_an_unknown_route_is_not_found(api: Api) -> None:
    reply = api.call("health", path="/users/alice/horoscope")

    assert reply.status == 404
    assert api.call("list_users", method="PUT").status == 404


def test_health_names_the_tenant(api: Api) -> None:
    assert api.call("health").json == {"status": "ok", "tenant_id": TENANT}


# --- the sample sessions --------------------------------------------------------------------------


@pytest.mark.parametrize("path", SESSION_FILES, ids=[p.stem for p in SESSION_FILES])
def test_sample_sessions_are_valid_and_memories_cite_their_own_session(path: Path) -> None:
    data = load_sessions(path)

    assert data.description
    for session in data.sessions:
        events = [to_event(e, TENANT, session.user_id, session.session_id) for e in session.events]
        event_ids = [e.event_id for e in events]
        times = [e.ts for e in events]
        assert len(set(event_ids)) == len(event_ids)
        assert times == sorted(times)
        assert all(t.year == 2026 and t.tzinfo is not None for t in times)
        for memory in session.memories:
            assert memory.memory_id and memory.memory_id.startswith(f"m-{session.user_id}-")
            assert memory.evidence_refs
            for ref in memory.evidence_refs:
                assert (ref.session_id, ref.event_id in event_ids) == (session.session_id, True)


def test_ingesting_the_samples_twice_adds_nothing(backends: Backends) -> None:
    # GIVEN the samples ingested once
    for path in SESSION_FILES:
        ingest(backends, TENANT, load_sessions(path))
    before = {u: stored_state(backends, u) for u in ("alice", "bob", "carol")}

    # WHEN they are ingested again
    reports = [ingest(backends, TENANT, load_sessions(path)) for path in SESSION_FILES]

    # THEN every event is a duplicate and every memory already exists
    assert sum(r.events for r in reports) == sum(r.memories for r in reports) == 0
    written = sum(len(s.memories) for path in SESSION_FILES for s in load_sessions(path).sessions)
    assert sum(r.existing_memories for r in reports) == written
    assert {u: stored_state(backends, u) for u in before} == before


def test_a_batch_write_logs_how_many_memories_it_carries_never_their_words(
    api: Api, caplog: pytest.LogCaptureFixture
) -> None:
    # GIVEN debug logging of the API's router (it logs every route's arguments)
    caplog.set_level(logging.DEBUG, logger="aws_lambda_powertools.event_handler")
    # WHEN a batch of memories is written
    items = [{"type": "fact", "statement": f"Alice's locker is number {40 + i}"} for i in range(3)]
    assert api.call("create_memory", body={"memories": items}).status == 201
    # THEN the log names the request and its size, and no memory's words
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "CreateMemoriesRequest(memories=<3 items>" in logged
    assert "locker" not in logged

"""The console's routes through the resolver, as Lambda runs them: export and import a user's memory
(JSON Lines; the same ids and versions; idempotent), a session's events, and the tenant at a glance."""

from __future__ import annotations

import json
from typing import Any, cast

from aws_lambda_powertools.utilities.typing import LambdaContext

from reverie.api.routes import create_app
from reverie.domain.models import Scope
from reverie.ports import CardQuery
from reverie.services.backends import Backends
from tests.api.conftest import TENANT, Api, TickingClock, apigw_event
from tests.fakes.backends import fake_backends


def _get(api: Api, path: str, query: dict[str, str] | None = None, role: str | None = None) -> dict[str, Any]:
    event = apigw_event("list_users", path=path, query=query)
    if role:
        event["requestContext"]["authorizer"] = {"principalId": role, "role": role}
    return api.app.resolve(event, cast(LambdaContext, api.context))


def _post(api: Api, path: str, body: Any, role: str | None = None) -> Any:
    event = apigw_event("create_memory", path=path, body=body)
    if role:
        event["requestContext"]["authorizer"] = {"principalId": role, "role": role}
    return api.send(event)


def _export(api: Api, user: str, events: bool = True) -> list[dict[str, Any]]:
    result = _get(api, f"/users/{user}/export", {"events": "true" if events else "false"})
    assert result["statusCode"] == 200, result["body"]
    return [json.loads(line) for line in result["body"].splitlines()]


def _versions(records: list[dict[str, Any]]) -> list[tuple[str, int, str, str]]:
    return sorted(
        (r["memory_id"], r["version"], r["statement"], r["status"]) for r in records if r["record"] == "card"
    )


def _edit_alice_card(api: Api) -> str:
    listed = api.call("list_memories", path="/users/alice/memories", query={"layer": "L3"})
    card = listed.json["memories"][0]
    edited = api.call(
        "edit_memory",
        path=f"/users/alice/memories/{card['memory_id']}",
        body={"expected_version": card["version"], "statement": "Payments deploys need migration 0043 first"},
    )
    assert edited.status == 200, edited.json
    return str(card["memory_id"])


def test_export_then_import_into_an_empty_home_gives_the_same_cards_versions_and_events(
    samples: Api, clock: TickingClock
) -> None:
    # GIVEN alice's sample memory, one card of it edited (two versions)
    edited_id = _edit_alice_card(samples)
    exported = _export(samples, "alice")
    # AND an empty deployment of the same tenant
    empty = fake_backends(clock=clock)
    target = Api(create_app(lambda: empty, TENANT), samples.context)

    # WHEN the export is imported there
    reply = _post(target, "/users/alice/import", {"records": exported})

    # THEN every card comes back with its id and every version, and every raw event
    assert reply.status == 200, reply.json
    assert reply.json["conflicts"] == []
    header = exported[0]
    assert header["record"] == "export" and header["user_id"] == "alice"
    assert reply.json["cards_created"] == header["cards"] > 0
    assert reply.json["versions_added"] == header["versions"] > header["cards"]
    assert reply.json["events_stored"] == header["events"] > 0
    again = _export(target, "alice")
    assert _versions(again) == _versions(exported)
    assert [r for r in again if r["record"] == "event"] == [r for r in exported if r["record"] == "event"]
    # AND the edited card reads as edited, and recall finds the imported memory
    card = target.call("get_memory", path=f"/users/alice/memories/{edited_id}").json
    assert (card["version"], card["review_status"]) == (2, "edited")
    context = target.call("get_context", path="/users/alice/context", body={"query": "payments migration"})
    assert edited_id in context.json["memory_ids"]


def test_importing_twice_changes_nothing(samples: Api, backends: Backends) -> None:
    # GIVEN alice's export
    exported = _export(samples, "alice")

    # WHEN it is imported back into the home it came from
    reply = _post(samples, "/users/alice/import", {"records": exported})

    # THEN nothing is written again: every version and event is already held
    assert reply.status == 200, reply.json
    assert (reply.json["cards_created"], reply.json["versions_added"], reply.json["events_stored"]) == (
        0,
        0,
        0,
    )
    assert reply.json["versions_unchanged"] == exported[0]["versions"]
    assert reply.json["conflicts"] == []


def test_a_card_changed_here_since_the_export_is_left_alone_and_reported(samples: Api) -> None:
    # GIVEN an export taken before a card was edited here
    exported = _export(samples, "alice", events=False)
    edited_id = _edit_alice_card(samples)
    changed = [
        {**r, "statement": "Something else entirely"} if r.get("memory_id") == edited_id else r
        for r in exported
    ]

    # WHEN an export whose version 1 of that card differs is imported
    reply = _post(samples, "/users/alice/import", {"records": changed})

    # THEN the card keeps the edit made here, and the conflict is named
    assert reply.status == 200
    assert any(edited_id in c for c in reply.json["conflicts"])
    card = samples.call("get_memory", path=f"/users/alice/memories/{edited_id}").json
    assert card["statement"] == "Payments deploys need migration 0043 first"


def test_a_malformed_record_is_refused_before_anything_is_written(samples: Api, clock: TickingClock) -> None:
    empty = fake_backends(clock=clock)
    target = Api(create_app(lambda: empty, TENANT), samples.context)
    exported = _export(samples, "alice")

    reply = _post(
        target, "/users/alice/import", {"records": [*exported, {"record": "card", "statement": ""}]}
    )

    assert reply.status == 400, reply.json
    assert "not a valid card" in reply.json["message"]
    assert empty.log.users(TENANT) == []


def test_export_and_import_are_the_admins(samples: Api) -> None:
    assert _get(samples, "/users/alice/export", role="agent")["statusCode"] == 403
    assert _post(samples, "/users/alice/import", {"records": []}, role="agent").status == 403


def test_a_sessions_events_show_the_conversation_around_a_cards_evidence(samples: Api) -> None:
    # GIVEN a card citing an event of a session
    cards = samples.call("list_memories", path="/users/alice/memories").json["memories"]
    ref = next(r for c in cards for r in c["evidence_refs"] if r["session_id"] != "api")

    # WHEN the console reads that session
    result = _get(samples, f"/users/alice/sessions/{ref['session_id']}/events")

    # THEN the cited event is there among the others, in order
    body = json.loads(result["body"])
    assert result["statusCode"] == 200
    assert ref["event_id"] in [e["event_id"] for e in body["events"]]
    assert body["count"] == len(body["events"]) > 1
    # AND another user's path does not reach it
    assert _get(samples, f"/users/bob/sessions/{ref['session_id']}/events")["statusCode"] == 404


def test_the_overview_lists_every_user_with_counts(samples: Api) -> None:
    result = _get(samples, "/overview")
    body = json.loads(result["body"])

    assert result["statusCode"] == 200
    users = {u["user_id"]: u for u in body["users"]}
    assert set(users) >= {"alice", "bob", "carol"}
    assert users["alice"]["memories"] > 0 and users["alice"]["sessions"] > 0
    assert users["alice"]["last_update"] is not None
    assert sum(body["cards_by_status"].values()) >= sum(u["memories"] for u in body["users"])
    assert _get(samples, "/overview", role="agent")["statusCode"] == 403


def test_a_context_preview_is_the_agents_context_without_counting_a_use(
    samples: Api, backends: Backends
) -> None:
    # GIVEN alice's memory and a question an agent would ask
    body = {"query": "Deploy payments to production on Friday", "budget_tokens": 500}
    hits_before = {c.memory_id: c.hit_count for c in _alice_cards(backends)}

    # WHEN the console previews the context
    preview = _post(samples, "/users/alice/context/preview", body)

    # THEN it is the context the agent gets, and no card counts it as a use
    assert preview.status == 200, preview.json
    assert preview.json["memory_ids"]
    assert {c.memory_id: c.hit_count for c in _alice_cards(backends)} == hits_before
    real = samples.call("get_context", path="/users/alice/context", body=body)
    assert real.json["context"] == preview.json["context"]
    assert any(c.hit_count > hits_before[c.memory_id] for c in _alice_cards(backends))
    # AND it is the admin's
    assert _post(samples, "/users/alice/context/preview", body, role="agent").status == 403


def _alice_cards(b: Backends) -> list[Any]:
    return b.notes.query(CardQuery(scope=Scope(tenant_id=TENANT, user_id="alice"), limit=1000))

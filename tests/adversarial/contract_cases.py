"""One valid and one invalid request for every operation of the API, for the OpenAPI check
(`test_http_contract.py`): the valid one must get the operation's documented success status, the invalid
one a documented refusal, both with bodies that match the document.

`seed` puts what the valid requests name into a fresh service (alice's session, memories, a dream run,
review items; bob to forget); `cases` is keyed by operation label, so an operation added to the API without
a case here fails the check (schemathesis leaves out `GET /openapi.json`, the document itself). Cases run
in this order (the destructive ones last).
"""

from __future__ import annotations

import json
import urllib.request
from dataclasses import dataclass, field
from typing import Any

from reverie.domain.dream import ReviewItem
from reverie.services.backends import Backends

TENANT = "t-contract"
FORM = {"Content-Type": "application/x-www-form-urlencoded"}
BAD_ID = "-bad"  # every id starts with a letter or a digit


@dataclass(frozen=True)
class Request:
    path_parameters: dict[str, Any] = field(default_factory=dict)
    query: dict[str, Any] | None = None
    body: Any = None
    headers: dict[str, str] | None = None


@dataclass(frozen=True)
class Seeded:
    run_id: str
    memory_id: str


def _post(base_url: str, path: str, body: Any) -> Any:
    request = urllib.request.Request(
        base_url + path, json.dumps(body).encode(), {"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def seed(base_url: str, b: Backends) -> Seeded:
    """alice: a session, three memories of chosen ids, a dream run, two open review items; bob: a session."""
    event = {"kind": "message", "event_id": "e1", "role": "user", "text": "I deploy on Tuesdays."}
    for user in ("alice", "bob"):
        _post(base_url, f"/users/{user}/sessions/s1/events", {"events": [event]})
    memories = [
        {"memory_id": name, "type": "fact", "statement": f"Alice's fact {name}."}
        for name in ("m-keep", "m-gone", "m-review-1", "m-review-2")
    ]
    _post(base_url, "/users/alice/memories", {"memories": memories})
    run = _post(base_url, "/users/alice/dreams", {})
    runs, _ = b.dream_ports()
    for n in (1, 2):
        runs.add_review(
            ReviewItem(
                item_id=f"rv-{n}",
                tenant_id=TENANT,
                user_id="alice",
                memory_ids=[f"m-review-{n}@alice"],
                reason="conflict",
            )
        )
    return Seeded(run_id=run["run_id"], memory_id="m-keep@alice")


def cases(s: Seeded) -> dict[str, tuple[Request, Request]]:
    """(valid, invalid) per operation label."""
    alice = {"user_id": "alice"}
    memory = {"user_id": "alice", "memory_id": s.memory_id}
    session = {"user_id": "alice", "session_id": "s2"}
    run = {"user_id": "alice", "run_id": s.run_id}
    note = {"kind": "note", "event_id": "n1", "text": "Deploys need two approvals."}
    return {
        "GET /health": (Request(), Request(body="a=1", headers=FORM)),
        "GET /overview": (Request(), Request(body="a=1", headers=FORM)),
        "POST /users/{user_id}/sessions/{session_id}/events": (
            Request(session, body={"events": [note]}),
            Request(session, body={"events": [{**note, "kind": "gossip"}]}),
        ),
        "GET /users/{user_id}/sessions/{session_id}/events": (
            Request(session),
            Request({"user_id": "alice", "session_id": BAD_ID}),
        ),
        "POST /users/{user_id}/sessions/{session_id}/end": (
            Request(session, body={"outcome": "success"}),
            Request(session, body={"outcome": "maybe"}),
        ),
        "POST /users/{user_id}/context": (
            Request(alice, body={"query": "when do I deploy", "budget_tokens": 400}),
            Request(alice, body={"query": "when do I deploy", "budget_tokens": 5}),
        ),
        "POST /users/{user_id}/context/preview": (
            Request(alice, body={"query": "when do I deploy", "budget_tokens": 400}),
            Request(alice, body={"query": "when do I deploy", "budget_tokens": 5}),
        ),
        "POST /users/{user_id}/search": (
            Request(alice, body={"query": "deploy", "limit": 5}),
            Request(alice, body={"query": "deploy", "limit": 0}),
        ),
        "GET /users/{user_id}/memories": (
            Request(alice, query={"limit": 2, "type": "fact"}),
            Request(alice, query={"limit": 0}),
        ),
        "POST /users/{user_id}/memories": (
            Request(alice, body={"memories": [{"type": "fact", "statement": "Alice likes tea."}]}),
            Request(alice, body={"memories": [{"type": "rumour", "statement": "Alice likes tea."}]}),
        ),
        "GET /users/{user_id}/memories/{memory_id}": (
            Request(memory),
            Request({**memory, "memory_id": BAD_ID}),
        ),
        "GET /users/{user_id}/memories/{memory_id}/history": (
            Request(memory, query={"limit": 1}),
            Request(memory, query={"cursor": "not a cursor!"}),
        ),
        "PATCH /users/{user_id}/memories/{memory_id}": (
            Request(memory, body={"expected_version": 1, "statement": "Alice's fact, edited."}),
            Request(memory, body={"expected_version": "1", "statement": "Alice's fact, edited."}),
        ),
        "POST /users/{user_id}/memories/{memory_id}/feedback": (
            Request(memory, body={"signal": "used"}),
            Request(memory, body={"signal": "meh"}),
        ),
        "GET /users/{user_id}/dreams": (
            Request(alice, query={"limit": 1}),
            Request(alice, query={"limit": 501}),
        ),
        "GET /users/{user_id}/dreams/{run_id}": (Request(run), Request({**run, "run_id": BAD_ID})),
        "GET /dreams/{run_id}": (Request({"run_id": s.run_id}), Request({"run_id": BAD_ID})),
        "GET /users/{user_id}/reviews": (
            Request(alice, query={"status": "open"}),
            Request(alice, query={"status": "pending"}),
        ),
        "GET /reviews": (Request(query={"user_id": "alice"}), Request(query={"user_id": BAD_ID})),
        "POST /users/{user_id}/reviews/{item_id}": (
            Request({"user_id": "alice", "item_id": "rv-1"}, body={"action": "reject"}),
            Request({"user_id": "alice", "item_id": "rv-1"}, body={"action": "shrug"}),
        ),
        "POST /reviews/{item_id}": (
            Request({"item_id": "rv-2"}, body={"action": "reject"}),
            Request({"item_id": "rv-2"}, body={"action": "approve", "keep": BAD_ID}),
        ),
        "GET /users/{user_id}/export": (
            Request(alice, query={"events": "true"}),
            Request({"user_id": BAD_ID}),
        ),
        "POST /users/{user_id}/import": (
            Request(alice, body={"records": []}),
            Request(alice, body={"records": "not a list"}),
        ),
        "GET /users": (Request(query={"limit": 10}), Request(query={"limit": 0})),
        "POST /users/{user_id}/dreams/{run_id}/rollback": (Request(run), Request({**run, "user_id": BAD_ID})),
        "POST /dreams/{run_id}/rollback": (Request({"run_id": s.run_id}), Request({"run_id": BAD_ID})),
        "POST /users/{user_id}/dreams": (
            Request(alice, body={"budget": {"max_seconds": 30}}),
            Request(alice, body={"budget": {"max_seconds": 1e300}}),
        ),
        "DELETE /users/{user_id}/memories/{memory_id}": (
            Request({"user_id": "alice", "memory_id": "m-gone"}),
            Request({"user_id": "alice", "memory_id": BAD_ID}),
        ),
        "DELETE /users/{user_id}": (Request({"user_id": "bob"}), Request({"user_id": BAD_ID})),
    }

"""API test fixtures: the resolver over fakes, answering the sample API Gateway events in `events/apigw/`.

Requests go through `app.resolve(event, context)` exactly as Lambda runs them; `apigw_event` loads a
sample event and replaces only what a test is about (the path, the body or the query string).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, cast

import pytest
from aws_lambda_powertools.event_handler import APIGatewayRestResolver
from aws_lambda_powertools.utilities.typing import LambdaContext

from reverie.adapters.local.search_index import SqliteSearchIndex
from reverie.adapters.local.tokens import WordPieceTokenCounter
from reverie.api.local_server import LambdaContextStub
from reverie.api.routes import create_app
from reverie.domain.models import Scope, Status
from reverie.domain.search import SearchFilter
from reverie.ports import CardQuery
from reverie.services.backends import Backends
from tests.fakes.embedder import HashEmbedder
from tests.fakes.stores import InMemoryLogStore, InMemoryNoteStore, InMemoryQueue

EVENTS = Path(__file__).resolve().parents[2] / "events"
APIGW = EVENTS / "apigw"
SESSION_FILES = sorted((EVENTS / "sessions").glob("*.json"))
TENANT = "t-test"
START = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)  # a Monday, after every sample session

_KEEP: Any = object()


def apigw_event(
    name: str, *, path: str | None = None, body: Any = _KEEP, query: Any = _KEEP, method: str | None = None
) -> dict[str, Any]:
    """The sample event `events/apigw/<name>.json`, with its path, body (any JSON value, or None for no
    body), query string (a dict, or None) or method replaced where given."""
    event: dict[str, Any] = json.loads((APIGW / f"{name}.json").read_text(encoding="utf-8"))
    if path is not None:
        event["path"] = path
        event["pathParameters"] = {"proxy": path.lstrip("/")}
        event["requestContext"]["path"] = f"/{event['requestContext']['stage']}{path}"
    if body is not _KEEP:
        event["body"] = None if body is None else json.dumps(body)
    if query is not _KEEP:
        event["queryStringParameters"] = query
        event["multiValueQueryStringParameters"] = {k: [v] for k, v in query.items()} if query else None
    if method is not None:
        event["httpMethod"] = event["requestContext"]["httpMethod"] = method
    return event


def body_of(name: str) -> Any:
    """The decoded JSON body of a sample event."""
    return json.loads(apigw_event(name)["body"])


@dataclass(frozen=True)
class Reply:
    status: int
    json: Any
    headers: dict[str, str] = field(default_factory=dict)


class Api:
    """Sends API Gateway events to the resolver, as the Lambda function does, and decodes the answers."""

    def __init__(self, app: APIGatewayRestResolver, context: LambdaContextStub) -> None:
        self.app = app
        self.context = context

    def send(self, event: dict[str, Any]) -> Reply:
        # the stub has every attribute Powertools reads from a real context
        result = self.app.resolve(event, cast(LambdaContext, self.context))
        body = result.get("body")
        headers = {k: ", ".join(v) for k, v in (result.get("multiValueHeaders") or {}).items()}
        headers.update(result.get("headers") or {})
        return Reply(
            status=int(result["statusCode"]), json=json.loads(body) if body else None, headers=headers
        )

    def call(self, name: str, **overrides: Any) -> Reply:
        """Send the sample event `name` (see `apigw_event` for the overrides)."""
        return self.send(apigw_event(name, **overrides))

    def post_sessions(self, path: Path) -> None:
        """Replay a sessions file (`events/sessions/*.json`) the way an agent would: its events, the memories
        it wrote, then the session's end."""
        for session in json.loads(path.read_text(encoding="utf-8"))["sessions"]:
            base = f"/users/{session['user_id']}/sessions/{session['session_id']}"
            replies = [self.call("append_events", path=f"{base}/events", body={"events": session["events"]})]
            if session["memories"]:
                replies.append(
                    self.call(
                        "create_memory",
                        path=f"/users/{session['user_id']}/memories",
                        body={"memories": session["memories"]},
                    )
                )
            if session.get("end"):
                replies.append(self.call("end_session", path=f"{base}/end", body={"outcome": session["end"]}))
            for reply in replies:
                assert reply.status < 300, reply.json


class TickingClock:
    """Deterministic time that moves one second per reading, so every write gets its own instant."""

    def __init__(self, start: datetime = START) -> None:
        self.now = start

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


@pytest.fixture
def clock() -> TickingClock:
    return TickingClock()


@pytest.fixture
def backends(clock: TickingClock) -> Iterator[Backends]:
    embedder = HashEmbedder()
    index = SqliteSearchIndex(":memory:", dim=embedder.dim)
    yield Backends(
        log=InMemoryLogStore(),
        notes=InMemoryNoteStore(clock=clock),
        index=index,
        embedder=embedder,
        tokens=WordPieceTokenCounter(),
        queue=InMemoryQueue(),
        clock=clock,
    )
    index.close()


@pytest.fixture
def lambda_context() -> LambdaContextStub:
    return LambdaContextStub()


@pytest.fixture
def app(backends: Backends) -> APIGatewayRestResolver:
    return create_app(lambda: backends, TENANT)


@pytest.fixture
def api(app: APIGatewayRestResolver, lambda_context: LambdaContextStub) -> Api:
    return Api(app, lambda_context)


@pytest.fixture
def samples(api: Api) -> Api:
    """The API after alice's, bob's and carol's sample sessions were posted through it."""
    for path in SESSION_FILES:
        api.post_sessions(path)
    return api


def stored_state(b: Backends, user_id: str) -> dict[str, Any]:
    """Everything stored for a user: L1 events, current cards (all layers and statuses), index documents."""
    scope = Scope(tenant_id=TENANT, user_id=user_id)
    return {
        "events": [e.model_dump(mode="json") for e in b.log.read_user(TENANT, user_id)],
        "cards": [
            c.model_dump(mode="json", exclude={"hit_count", "last_hit_at"})
            for c in b.notes.query(CardQuery(scope=scope, limit=10_000))
        ],
        "indexed": b.index.count(SearchFilter(scope=scope, statuses=frozenset(Status))),
    }

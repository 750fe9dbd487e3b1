"""Every route of the API as a `Call`: method, path, query, body and how to read the answer.

The sync and async clients only send these, so the two cannot drift apart. Bodies are the generated
models (`models`), or plain dicts of the same shape; answers are read into the generated models.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, Protocol, TypeVar
from urllib.parse import quote

from pydantic import BaseModel

from reverie_client import models as m

T = TypeVar("T")
Json = dict[str, Any]
EventLike = BaseModel | Mapping[str, Any]
MemoryLike = m.NewMemoryIn | Mapping[str, Any]
ReviewState = Literal["open", "approved", "rejected", "edited"]


class Page(Protocol):
    """What every list answers besides its items: `next_cursor` is null on the last page."""

    count: int
    total: int
    next_cursor: str | None


@dataclass(frozen=True)
class Call(Generic[T]):
    """One request and the reading of its answer. `idempotent`: safe to send twice (see `retry`)."""

    method: str
    path: str
    read: Callable[[Any], T]
    params: Mapping[str, Any] = field(default_factory=dict)
    body: Any = None
    idempotent: bool = True
    text: bool = False  # the answer is read as text (JSON Lines), not JSON

    def query(self) -> dict[str, Any]:
        return {k: v for k, v in self.params.items() if v is not None}


def _seg(value: str) -> str:
    """One path segment, percent-encoded (ids never hold '/', but a caller's typo must not route)."""
    return quote(str(value), safe="")


def _dump(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json", by_alias=True, exclude_unset=True)
    if isinstance(value, Mapping):
        return {k: _dump(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_dump(v) for v in value]
    return value


def _model(cls: type[BaseModel]) -> Callable[[Any], Any]:
    return cls.model_validate


def _nothing(_: Any) -> None:
    return None


def _user(user_id: str) -> str:
    return f"/users/{_seg(user_id)}"


def health() -> Call[m.Health]:
    return Call("GET", "/health", _model(m.Health))


def openapi() -> Call[Json]:
    return Call("GET", "/openapi.json", dict)


def append_events(user_id: str, session_id: str, events: Sequence[EventLike]) -> Call[m.CaptureResponse]:
    body = {"events": [_dump(e) for e in events]}
    path = f"{_user(user_id)}/sessions/{_seg(session_id)}/events"
    return Call("POST", path, _model(m.CaptureResponse), body=body)  # idempotent by event id


def end_session(
    user_id: str, session_id: str, outcome: Literal["success", "failure", "unknown"] = "unknown"
) -> Call[m.SessionEnded]:
    path = f"{_user(user_id)}/sessions/{_seg(session_id)}/end"
    return Call("POST", path, _model(m.SessionEnded), body={"outcome": outcome})  # recorded once


def context(
    user_id: str, query: str, budget_tokens: int = 1_000, project_id: str | None = None
) -> Call[m.ContextResponse]:
    body = {"query": query, "budget_tokens": budget_tokens, "project_id": project_id}
    body = {k: v for k, v in body.items() if v is not None}
    return Call("POST", f"{_user(user_id)}/context", _model(m.ContextResponse), body=body)


def preview_context(
    user_id: str, query: str, budget_tokens: int = 1_000, project_id: str | None = None
) -> Call[m.ContextResponse]:
    """The context an agent would get, without counting it as a use of the cards (the admin role)."""
    call = context(user_id, query, budget_tokens, project_id)
    return Call("POST", f"{_user(user_id)}/context/preview", call.read, body=call.body)


def search(
    user_id: str, query: str, limit: int = 10, project_id: str | None = None
) -> Call[m.SearchResponse]:
    """The memories a context for `query` would draw on, scored, best first."""
    body: Json = {"query": query, "limit": limit}
    if project_id is not None:
        body["project_id"] = project_id
    return Call("POST", f"{_user(user_id)}/search", _model(m.SearchResponse), body=body)


def create_memories(
    user_id: str, memories: Sequence[MemoryLike], project_id: str | None = None
) -> Call[m.MemoryList]:
    body: Json = {"memories": [_dump(x) for x in memories]}
    if project_id is not None:
        body["project_id"] = project_id
    # without an id for every memory a second send would create a second card
    safe = all(item.get("memory_id") for item in body["memories"])
    return Call("POST", f"{_user(user_id)}/memories", _model(m.MemoryList), body=body, idempotent=safe)


def list_memories(
    user_id: str,
    *,
    project_id: str | None = None,
    layer: str | None = None,
    type: str | None = None,
    status: str | None = None,
    key: str | None = None,
    limit: int = 100,
    cursor: str | None = None,
) -> Call[m.MemoryPage]:
    params = {
        "project_id": project_id,
        "layer": layer,
        "type": type,
        "status": status,
        "key": key,
        "limit": limit,
        "cursor": cursor,
    }
    return Call("GET", f"{_user(user_id)}/memories", _model(m.MemoryPage), params=params)


def _memory(user_id: str, memory_id: str) -> str:
    return f"{_user(user_id)}/memories/{_seg(memory_id)}"


def get_memory(user_id: str, memory_id: str, project_id: str | None = None) -> Call[m.MemoryCard]:
    params = {"project_id": project_id}
    return Call("GET", _memory(user_id, memory_id), _model(m.MemoryCard), params=params)


def memory_history(
    user_id: str,
    memory_id: str,
    project_id: str | None = None,
    limit: int = 1_000,
    cursor: str | None = None,
) -> Call[m.VersionPage]:
    params = {"project_id": project_id, "limit": limit, "cursor": cursor}
    return Call("GET", f"{_memory(user_id, memory_id)}/history", _model(m.VersionPage), params=params)


def edit_memory(
    user_id: str,
    memory_id: str,
    change: m.EditMemoryRequest | Mapping[str, Any],
    project_id: str | None = None,
) -> Call[m.MemoryCard]:
    """A human edit naming the version read (`expected_version`): a changed card answers 409."""
    body = _dump(change)
    params = {"project_id": project_id}
    return Call("PATCH", _memory(user_id, memory_id), _model(m.MemoryCard), params=params, body=body)


def delete_memory(user_id: str, memory_id: str, project_id: str | None = None) -> Call[None]:
    return Call("DELETE", _memory(user_id, memory_id), _nothing, params={"project_id": project_id})


def memory_feedback(
    user_id: str,
    memory_id: str,
    signal: Literal["used", "wrong"],
    text: str = "",
    project_id: str | None = None,
) -> Call[m.MemoryCard]:
    path = f"{_memory(user_id, memory_id)}/feedback"
    body = {"signal": signal, "text": text}
    params = {"project_id": project_id}
    return Call("POST", path, _model(m.MemoryCard), params=params, body=body, idempotent=False)


def export_memory(user_id: str, events: bool = False) -> Call[list[Json]]:
    """The user's memory as the records of a JSON Lines export (a header, every card version, events)."""
    return Call(
        "GET", f"{_user(user_id)}/export", _json_lines, params={"events": str(events).lower()}, text=True
    )


def import_memory(user_id: str, records: Sequence[Mapping[str, Any]]) -> Call[m.ImportResponse]:
    body = {"records": [dict(r) for r in records]}  # idempotent: the same ids and versions
    return Call("POST", f"{_user(user_id)}/import", _model(m.ImportResponse), body=body)


def session_events(user_id: str, session_id: str) -> Call[m.SessionEvents]:
    return Call("GET", f"{_user(user_id)}/sessions/{_seg(session_id)}/events", _model(m.SessionEvents))


def overview() -> Call[m.OverviewResponse]:
    return Call("GET", "/overview", _model(m.OverviewResponse))


def _json_lines(text: Any) -> list[Json]:
    return [json.loads(line) for line in str(text or "").splitlines() if line.strip()]


def list_users(limit: int = 1_000, cursor: str | None = None) -> Call[m.UsersResponse]:
    return Call("GET", "/users", _model(m.UsersResponse), params={"limit": limit, "cursor": cursor})


def forget_user(user_id: str) -> Call[m.ForgetResponse]:
    return Call("DELETE", _user(user_id), _model(m.ForgetResponse))


def start_dream(user_id: str, budget: m.BudgetIn | Mapping[str, Any] | None = None) -> Call[m.DreamStarted]:
    body = {"budget": _dump(budget)} if budget is not None else {}
    # a second start while one runs answers 409, so a retry never starts two runs
    return Call("POST", f"{_user(user_id)}/dreams", _model(m.DreamStarted), body=body)


def list_dreams(user_id: str, limit: int = 50, cursor: str | None = None) -> Call[m.RunPage]:
    params = {"limit": limit, "cursor": cursor}
    return Call("GET", f"{_user(user_id)}/dreams", _model(m.RunPage), params=params)


def dream_report(run_id: str, user_id: str | None = None) -> Call[m.RunReport]:
    """A run and its changes: under its user's path, or any user's (the admin role) without one."""
    base = f"{_user(user_id)}/dreams" if user_id else "/dreams"
    return Call("GET", f"{base}/{_seg(run_id)}", _model(m.RunReport))


def rollback_dream(run_id: str, user_id: str | None = None) -> Call[m.RollbackDone]:
    base = f"{_user(user_id)}/dreams" if user_id else "/dreams"
    return Call(
        "POST", f"{base}/{_seg(run_id)}/rollback", _model(m.RollbackDone)
    )  # a rolled-back run stays so


def list_reviews(
    user_id: str | None = None,
    status: ReviewState | None = "open",
    limit: int = 1_000,
    cursor: str | None = None,
) -> Call[m.ReviewPage]:
    """A user's review items, or every user's (the admin role) without one."""
    path = "/reviews" if user_id is None else f"{_user(user_id)}/reviews"
    params = {"status": status, "limit": limit, "cursor": cursor}
    return Call("GET", path, _model(m.ReviewPage), params=params)


def resolve_review(
    item_id: str, decision: m.ReviewDecision | Mapping[str, Any], user_id: str | None = None
) -> Call[m.ReviewItem]:
    base = f"{_user(user_id)}/reviews" if user_id else "/reviews"
    return Call(
        "POST", f"{base}/{_seg(item_id)}", _model(m.ReviewItem), body=_dump(decision), idempotent=False
    )

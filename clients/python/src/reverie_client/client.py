"""The synchronous client."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Literal, TypeVar

import httpx

from reverie_client import calls
from reverie_client import models as m
from reverie_client.auth import SigV4
from reverie_client.calls import Call, EventLike, MemoryLike, Page, ReviewState
from reverie_client.retry import RetryPolicy
from reverie_client.transport import build, give_up, read, settings_for, should_retry, transport_error

T = TypeVar("T")
P = TypeVar("P", bound=Page)


class Reverie:
    """A Reverie service: a local one (`reverie serve`, a bearer token when it asks for one) or one on
    AWS (SigV4: `Reverie.for_aws(url)`).

        with Reverie("http://127.0.0.1:8080") as reverie:
            reverie.append_events("alice", "s-1", [{"event_id": "e1", "kind": "message", ...}])
            print(reverie.context("alice", "deploying today").context)

    Every method is one route; errors raise `errors.ApiError` subclasses carrying the error body and
    the request id; 429/5xx are retried (`RetryPolicy`). `transport` is for tests and in-process
    services (`httpx.WSGITransport`)."""

    def __init__(
        self,
        base_url: str | None = None,
        *,
        token: str | None = None,
        auth: httpx.Auth | None = None,
        aws_region: str | None = None,
        retry: RetryPolicy | None = None,
        timeout: float = 30.0,
        headers: Mapping[str, str] | None = None,
        transport: httpx.BaseTransport | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.settings = settings_for(base_url, token, auth, aws_region, retry, timeout, headers)
        self._sleep = sleep
        self._http = httpx.Client(
            base_url=self.settings.base_url,
            auth=self.settings.auth,
            timeout=timeout,
            headers=dict(self.settings.headers),
            transport=transport,
        )

    @classmethod
    def for_aws(cls, base_url: str, region: str | None = None, **kwargs: Any) -> Reverie:
        """A Reverie on AWS: requests signed with SigV4, credentials from botocore's standard chain."""
        return cls(base_url, auth=SigV4(region), **kwargs)

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> Reverie:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def send(self, call: Call[T]) -> T:
        """Send one call, retrying as the policy says, and read its answer."""
        policy, attempt = self.settings.retry, 1
        while True:
            try:
                response = self._http.send(build(self._http, call))
            except httpx.TransportError as error:
                if give_up(policy, call, attempt, error):
                    raise transport_error(call, error) from error
                self._sleep(policy.delay(attempt))
            else:
                if not should_retry(policy, call, attempt, response):
                    return read(call, response)
                self._sleep(policy.delay(attempt, response))
            attempt += 1

    def pages(self, first: Callable[[str | None], Call[P]]) -> Iterator[P]:
        """Every page of a listing: `first(cursor)` makes the call for one page (cursor None: the first)."""
        cursor: str | None = None
        while True:
            page = self.send(first(cursor))
            yield page
            cursor = page.next_cursor
            if not cursor:
                return

    # -- capture ---------------------------------------------------------------------------------
    def append_events(self, user_id: str, session_id: str, events: Sequence[EventLike]) -> m.CaptureResponse:
        """Record events of a session (idempotent by event id)."""
        return self.send(calls.append_events(user_id, session_id, events))

    def end_session(
        self, user_id: str, session_id: str, outcome: Literal["success", "failure", "unknown"] = "unknown"
    ) -> m.SessionEnded:
        """Mark a session ended and queue it for dreaming."""
        return self.send(calls.end_session(user_id, session_id, outcome))

    # -- recall ----------------------------------------------------------------------------------
    def context(
        self, user_id: str, query: str, budget_tokens: int = 1_000, project_id: str | None = None
    ) -> m.ContextResponse:
        """The context block for `query` within `budget_tokens`."""
        return self.send(calls.context(user_id, query, budget_tokens, project_id))

    def preview_context(
        self, user_id: str, query: str, budget_tokens: int = 1_000, project_id: str | None = None
    ) -> m.ContextResponse:
        """What `context` would answer, without recording hits (looking keeps no card from decaying)."""
        return self.send(calls.preview_context(user_id, query, budget_tokens, project_id))

    def search(
        self, user_id: str, query: str, limit: int = 10, project_id: str | None = None
    ) -> m.SearchResponse:
        """The memories a context for `query` would draw on, scored, best first."""
        return self.send(calls.search(user_id, query, limit, project_id))

    # -- memories --------------------------------------------------------------------------------
    def create_memories(
        self, user_id: str, memories: Sequence[MemoryLike], project_id: str | None = None
    ) -> m.MemoryList:
        return self.send(calls.create_memories(user_id, memories, project_id))

    def list_memories(self, user_id: str, **filters: Any) -> m.MemoryPage:
        """One page of memories (filters: project_id, layer, type, status, key, limit, cursor)."""
        return self.send(calls.list_memories(user_id, **filters))

    def iter_memories(self, user_id: str, page_size: int = 100, **filters: Any) -> Iterator[m.MemoryCard]:
        """Every memory matching the filters, page after page."""
        for page in self.pages(lambda c: calls.list_memories(user_id, limit=page_size, cursor=c, **filters)):
            yield from page.memories

    def get_memory(self, user_id: str, memory_id: str, project_id: str | None = None) -> m.MemoryCard:
        return self.send(calls.get_memory(user_id, memory_id, project_id))

    def memory_history(
        self,
        user_id: str,
        memory_id: str,
        project_id: str | None = None,
        limit: int = 1_000,
        cursor: str | None = None,
    ) -> m.VersionPage:
        """A memory's versions, oldest first (one page)."""
        return self.send(calls.memory_history(user_id, memory_id, project_id, limit, cursor))

    def edit_memory(
        self,
        user_id: str,
        memory_id: str,
        change: m.EditMemoryRequest | Mapping[str, Any],
        project_id: str | None = None,
    ) -> m.MemoryCard:
        return self.send(calls.edit_memory(user_id, memory_id, change, project_id))

    def delete_memory(self, user_id: str, memory_id: str, project_id: str | None = None) -> None:
        """Forget one memory, every version of it."""
        self.send(calls.delete_memory(user_id, memory_id, project_id))

    def memory_feedback(
        self,
        user_id: str,
        memory_id: str,
        signal: Literal["used", "wrong"],
        text: str = "",
        project_id: str | None = None,
    ) -> m.MemoryCard:
        return self.send(calls.memory_feedback(user_id, memory_id, signal, text, project_id))

    # -- users, dreams, reviews ------------------------------------------------------------------
    def list_users(self, limit: int = 1_000, cursor: str | None = None) -> m.UsersResponse:
        return self.send(calls.list_users(limit, cursor))

    def iter_users(self, page_size: int = 1_000) -> Iterator[m.UserOut]:
        for page in self.pages(lambda c: calls.list_users(page_size, c)):
            yield from page.users

    def forget_user(self, user_id: str) -> m.ForgetResponse:
        return self.send(calls.forget_user(user_id))

    def start_dream(
        self, user_id: str, budget: m.BudgetIn | Mapping[str, Any] | None = None
    ) -> m.DreamStarted:
        return self.send(calls.start_dream(user_id, budget))

    def list_dreams(self, user_id: str, limit: int = 50, cursor: str | None = None) -> m.RunPage:
        return self.send(calls.list_dreams(user_id, limit, cursor))

    def iter_dreams(self, user_id: str, page_size: int = 50) -> Iterator[m.DreamRun]:
        for page in self.pages(lambda c: calls.list_dreams(user_id, page_size, c)):
            yield from page.runs

    def dream_report(self, run_id: str, user_id: str | None = None) -> m.RunReport:
        return self.send(calls.dream_report(run_id, user_id))

    def rollback_dream(self, run_id: str, user_id: str | None = None) -> m.RollbackDone:
        return self.send(calls.rollback_dream(run_id, user_id))

    def list_reviews(
        self,
        user_id: str | None = None,
        status: ReviewState | None = "open",
        limit: int = 1_000,
        cursor: str | None = None,
    ) -> m.ReviewPage:
        return self.send(calls.list_reviews(user_id, status, limit, cursor))

    def iter_reviews(
        self, user_id: str | None = None, status: ReviewState | None = "open", page_size: int = 1_000
    ) -> Iterator[m.ReviewItem]:
        for page in self.pages(lambda c: calls.list_reviews(user_id, status, page_size, c)):
            yield from page.items

    def resolve_review(
        self, item_id: str, decision: m.ReviewDecision | Mapping[str, Any], user_id: str | None = None
    ) -> m.ReviewItem:
        return self.send(calls.resolve_review(item_id, decision, user_id))

    # -- portability, overview, service ----------------------------------------------------------
    def export_memory(self, user_id: str, events: bool = False) -> list[dict[str, Any]]:
        """The user's memory as export records (JSON Lines decoded), to keep or import elsewhere."""
        return self.send(calls.export_memory(user_id, events))

    def import_memory(self, user_id: str, records: Sequence[Mapping[str, Any]]) -> m.ImportResponse:
        """Import export records into the user's path (idempotent)."""
        return self.send(calls.import_memory(user_id, records))

    def session_events(self, user_id: str, session_id: str) -> m.SessionEvents:
        return self.send(calls.session_events(user_id, session_id))

    def overview(self) -> m.OverviewResponse:
        """Every user with counts and the tenant's health (the admin role)."""
        return self.send(calls.overview())

    def health(self) -> m.Health:
        return self.send(calls.health())

    def openapi(self) -> dict[str, Any]:
        return self.send(calls.openapi())

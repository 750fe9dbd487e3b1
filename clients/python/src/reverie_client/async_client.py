"""The asynchronous client: `Reverie`'s methods, awaited (generate_async.py writes this file from client.py)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
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


class AsyncReverie:
    """`Reverie` for asyncio: the same methods and behaviour, awaited.

        async with AsyncReverie("http://127.0.0.1:8080") as reverie:
            block = await reverie.context("alice", "deploying today")

    `transport` is for tests (`httpx.MockTransport`, `httpx.ASGITransport`)."""

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
        transport: httpx.AsyncBaseTransport | None = None,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.settings = settings_for(base_url, token, auth, aws_region, retry, timeout, headers)
        self._sleep = sleep
        self._http = httpx.AsyncClient(
            base_url=self.settings.base_url,
            auth=self.settings.auth,
            timeout=timeout,
            headers=dict(self.settings.headers),
            transport=transport,
        )

    @classmethod
    def for_aws(cls, base_url: str, region: str | None = None, **kwargs: Any) -> AsyncReverie:
        """A Reverie on AWS: requests signed with SigV4, credentials from botocore's standard chain."""
        return cls(base_url, auth=SigV4(region), **kwargs)

    async def close(self) -> None:
        await self._http.aclose()

    async def __aenter__(self) -> AsyncReverie:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def send(self, call: Call[T]) -> T:
        """Send one call, retrying as the policy says, and read its answer."""
        policy, attempt = self.settings.retry, 1
        while True:
            try:
                response = await self._http.send(build(self._http, call))
            except httpx.TransportError as error:
                if give_up(policy, call, attempt, error):
                    raise transport_error(call, error) from error
                await self._sleep(policy.delay(attempt))
            else:
                if not should_retry(policy, call, attempt, response):
                    return read(call, response)
                await self._sleep(policy.delay(attempt, response))
            attempt += 1

    async def pages(self, first: Callable[[str | None], Call[P]]) -> AsyncIterator[P]:
        """Every page of a listing: `first(cursor)` makes the call for one page (cursor None: the first)."""
        cursor: str | None = None
        while True:
            page = await self.send(first(cursor))
            yield page
            cursor = page.next_cursor
            if not cursor:
                return

    # -- capture ---------------------------------------------------------------------------------
    async def append_events(
        self, user_id: str, session_id: str, events: Sequence[EventLike]
    ) -> m.CaptureResponse:
        """Record events of a session (idempotent by event id)."""
        return await self.send(calls.append_events(user_id, session_id, events))

    async def end_session(
        self, user_id: str, session_id: str, outcome: Literal["success", "failure", "unknown"] = "unknown"
    ) -> m.SessionEnded:
        """Mark a session ended and queue it for dreaming."""
        return await self.send(calls.end_session(user_id, session_id, outcome))

    # -- recall ----------------------------------------------------------------------------------
    async def context(
        self, user_id: str, query: str, budget_tokens: int = 1_000, project_id: str | None = None
    ) -> m.ContextResponse:
        """The context block for `query` within `budget_tokens`."""
        return await self.send(calls.context(user_id, query, budget_tokens, project_id))

    async def preview_context(
        self, user_id: str, query: str, budget_tokens: int = 1_000, project_id: str | None = None
    ) -> m.ContextResponse:
        """What `context` would answer, without recording hits (looking keeps no card from decaying)."""
        return await self.send(calls.preview_context(user_id, query, budget_tokens, project_id))

    async def search(
        self, user_id: str, query: str, limit: int = 10, project_id: str | None = None
    ) -> m.SearchResponse:
        """The memories a context for `query` would draw on, scored, best first."""
        return await self.send(calls.search(user_id, query, limit, project_id))

    # -- memories --------------------------------------------------------------------------------
    async def create_memories(
        self, user_id: str, memories: Sequence[MemoryLike], project_id: str | None = None
    ) -> m.MemoryList:
        return await self.send(calls.create_memories(user_id, memories, project_id))

    async def list_memories(self, user_id: str, **filters: Any) -> m.MemoryPage:
        """One page of memories (filters: project_id, layer, type, status, key, limit, cursor)."""
        return await self.send(calls.list_memories(user_id, **filters))

    async def iter_memories(
        self, user_id: str, page_size: int = 100, **filters: Any
    ) -> AsyncIterator[m.MemoryCard]:
        """Every memory matching the filters, page after page."""
        async for page in self.pages(
            lambda c: calls.list_memories(user_id, limit=page_size, cursor=c, **filters)
        ):
            for item in page.memories:
                yield item

    async def get_memory(self, user_id: str, memory_id: str, project_id: str | None = None) -> m.MemoryCard:
        return await self.send(calls.get_memory(user_id, memory_id, project_id))

    async def memory_history(
        self,
        user_id: str,
        memory_id: str,
        project_id: str | None = None,
        limit: int = 1_000,
        cursor: str | None = None,
    ) -> m.VersionPage:
        """A memory's versions, oldest first (one page)."""
        return await self.send(calls.memory_history(user_id, memory_id, project_id, limit, cursor))

    async def edit_memory(
        self,
        user_id: str,
        memory_id: str,
        change: m.EditMemoryRequest | Mapping[str, Any],
        project_id: str | None = None,
    ) -> m.MemoryCard:
        return await self.send(calls.edit_memory(user_id, memory_id, change, project_id))

    async def delete_memory(self, user_id: str, memory_id: str, project_id: str | None = None) -> None:
        """Forget one memory, every version of it."""
        await self.send(calls.delete_memory(user_id, memory_id, project_id))

    async def memory_feedback(
        self,
        user_id: str,
        memory_id: str,
        signal: Literal["used", "wrong"],
        text: str = "",
        project_id: str | None = None,
    ) -> m.MemoryCard:
        return await self.send(calls.memory_feedback(user_id, memory_id, signal, text, project_id))

    # -- users, dreams, reviews ------------------------------------------------------------------
    async def list_users(self, limit: int = 1_000, cursor: str | None = None) -> m.UsersResponse:
        return await self.send(calls.list_users(limit, cursor))

    async def iter_users(self, page_size: int = 1_000) -> AsyncIterator[m.UserOut]:
        async for page in self.pages(lambda c: calls.list_users(page_size, c)):
            for item in page.users:
                yield item

    async def forget_user(self, user_id: str) -> m.ForgetResponse:
        return await self.send(calls.forget_user(user_id))

    async def start_dream(
        self, user_id: str, budget: m.BudgetIn | Mapping[str, Any] | None = None
    ) -> m.DreamStarted:
        return await self.send(calls.start_dream(user_id, budget))

    async def list_dreams(self, user_id: str, limit: int = 50, cursor: str | None = None) -> m.RunPage:
        return await self.send(calls.list_dreams(user_id, limit, cursor))

    async def iter_dreams(self, user_id: str, page_size: int = 50) -> AsyncIterator[m.DreamRun]:
        async for page in self.pages(lambda c: calls.list_dreams(user_id, page_size, c)):
            for item in page.runs:
                yield item

    async def dream_report(self, run_id: str, user_id: str | None = None) -> m.RunReport:
        return await self.send(calls.dream_report(run_id, user_id))

    async def rollback_dream(self, run_id: str, user_id: str | None = None) -> m.RollbackDone:
        return await self.send(calls.rollback_dream(run_id, user_id))

    async def list_reviews(
        self,
        user_id: str | None = None,
        status: ReviewState | None = "open",
        limit: int = 1_000,
        cursor: str | None = None,
    ) -> m.ReviewPage:
        return await self.send(calls.list_reviews(user_id, status, limit, cursor))

    async def iter_reviews(
        self, user_id: str | None = None, status: ReviewState | None = "open", page_size: int = 1_000
    ) -> AsyncIterator[m.ReviewItem]:
        async for page in self.pages(lambda c: calls.list_reviews(user_id, status, page_size, c)):
            for item in page.items:
                yield item

    async def resolve_review(
        self, item_id: str, decision: m.ReviewDecision | Mapping[str, Any], user_id: str | None = None
    ) -> m.ReviewItem:
        return await self.send(calls.resolve_review(item_id, decision, user_id))

    # -- portability, overview, service ----------------------------------------------------------
    async def export_memory(self, user_id: str, events: bool = False) -> list[dict[str, Any]]:
        """The user's memory as export records (JSON Lines decoded), to keep or import elsewhere."""
        return await self.send(calls.export_memory(user_id, events))

    async def import_memory(self, user_id: str, records: Sequence[Mapping[str, Any]]) -> m.ImportResponse:
        """Import export records into the user's path (idempotent)."""
        return await self.send(calls.import_memory(user_id, records))

    async def session_events(self, user_id: str, session_id: str) -> m.SessionEvents:
        return await self.send(calls.session_events(user_id, session_id))

    async def overview(self) -> m.OverviewResponse:
        """Every user with counts and the tenant's health (the admin role)."""
        return await self.send(calls.overview())

    async def health(self) -> m.Health:
        return await self.send(calls.health())

    async def openapi(self) -> dict[str, Any]:
        return await self.send(calls.openapi())

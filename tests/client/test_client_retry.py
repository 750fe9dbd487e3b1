"""Retries: 429 and 5xx answers come from a scripted server (`httpx.MockTransport`), the waits are recorded
instead of slept, so what is asserted is the decision and the wait, never a duration."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime

import httpx
import pytest

from reverie_client import AsyncReverie, RetryPolicy, Reverie, errors
from reverie_client.models import Health

URL = "http://reverie.test"
OK = {"status": "ok", "tenant_id": "t"}
BUSY = {"error": "ServiceUnavailable", "message": "retry", "request_id": "r-503", "detail": []}


def scripted(*answers: httpx.Response) -> tuple[httpx.MockTransport, list[httpx.Request]]:
    seen: list[httpx.Request] = []
    queue = list(answers)

    def answer(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return queue.pop(0)

    return httpx.MockTransport(answer), seen


def client(transport: httpx.MockTransport, waits: list[float], **kwargs: object) -> Reverie:
    return Reverie(URL, transport=transport, sleep=waits.append, **kwargs)  # type: ignore[arg-type]


def test_a_429_is_retried_after_the_seconds_retry_after_names() -> None:
    transport, seen = scripted(
        httpx.Response(
            429, headers={"Retry-After": "7"}, json={"error": "TooManyRequests", "message": "slow"}
        ),
        httpx.Response(200, json=OK),
    )
    waits: list[float] = []
    assert client(transport, waits).health().status == "ok"
    assert waits == [7.0] and len(seen) == 2


def test_retry_after_as_an_http_date_is_honoured() -> None:
    when = format_datetime(datetime.now(UTC) + timedelta(seconds=30), usegmt=True)
    transport, _ = scripted(
        httpx.Response(503, headers={"Retry-After": when}, json=BUSY), httpx.Response(200, json=OK)
    )
    waits: list[float] = []
    client(transport, waits).health()
    assert len(waits) == 1 and 20 < waits[0] <= 30


def test_backoff_grows_and_the_last_refusal_raises_with_its_body() -> None:
    transport, seen = scripted(*[httpx.Response(503, json=BUSY, headers={"X-Request-Id": "r-503"})] * 4)
    waits: list[float] = []
    with pytest.raises(errors.ServerError) as failed:
        client(transport, waits, retry=RetryPolicy(attempts=4, backoff=1.0)).health()
    assert len(seen) == 4 and len(waits) == 3
    assert all(0 <= w <= cap for w, cap in zip(waits, (1.0, 2.0, 4.0), strict=True))
    assert failed.value.status == 503 and failed.value.request_id == "r-503" and failed.value.body == BUSY


def test_a_500_to_a_write_that_is_not_idempotent_is_not_sent_twice() -> None:
    # a memory without an id: a second send could create a second card
    transport, seen = scripted(httpx.Response(500, json={**BUSY, "error": "InternalError"}))
    with pytest.raises(errors.ServerError):
        client(transport, []).create_memories("alice", [{"type": "fact", "statement": "x"}])
    assert len(seen) == 1


def test_a_500_to_an_idempotent_write_is_retried() -> None:
    # events carry their ids: the API stores each once however often it is sent
    answer = {"stored": 1, "duplicates": 0, "notes": [], "masked": []}
    transport, seen = scripted(httpx.Response(502, text="bad gateway"), httpx.Response(200, json=answer))
    event = {"event_id": "e1", "kind": "message", "role": "user", "text": "hi"}
    assert client(transport, []).append_events("alice", "s", [event]).stored == 1
    assert len(seen) == 2 and seen[0].content == seen[1].content


def test_a_refused_connection_is_retried_then_raised_as_a_transport_error() -> None:
    attempts: list[int] = []

    def refuse(request: httpx.Request) -> httpx.Response:
        attempts.append(1)
        raise httpx.ConnectError("connection refused", request=request)

    waits: list[float] = []
    with pytest.raises(errors.TransportError):
        client(httpx.MockTransport(refuse), waits, retry=RetryPolicy(attempts=3)).health()
    assert len(attempts) == 3 and len(waits) == 2


def test_the_async_client_retries_the_same_way() -> None:
    answers = iter([httpx.Response(429, headers={"Retry-After": "2"}), httpx.Response(200, json=OK)])
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    async def run() -> Health:
        transport = httpx.MockTransport(lambda request: next(answers))
        async with AsyncReverie(URL, transport=transport, sleep=sleep) as reverie:
            return await reverie.health()

    assert asyncio.run(run()).status == "ok" and waits == [2.0]


@pytest.mark.parametrize("attempts", [0, -1])
def test_a_policy_without_a_first_attempt_is_refused(attempts: int) -> None:
    make: Callable[[], RetryPolicy] = lambda: RetryPolicy(attempts=attempts)  # noqa: E731
    with pytest.raises(ValueError, match="attempts"):
        make()


def test_a_newer_service_answering_more_fields_still_reads() -> None:
    # GIVEN a service that answers a field this client does not know yet
    transport, _ = scripted(httpx.Response(200, json={**OK, "region": "eu-west-1"}))
    # THEN the answer reads, the new field kept beside the known ones
    health = client(transport, []).health()
    assert health.status == "ok" and health.model_extra == {"region": "eu-west-1"}


def test_a_success_the_client_cannot_read_raises_its_own_error() -> None:
    # a proxy's HTML page answered 200 in place of the service
    transport, _ = scripted(httpx.Response(200, text="<html>login</html>"))
    with pytest.raises(errors.UnexpectedAnswer) as unreadable:
        client(transport, []).health()
    assert unreadable.value.status == 200 and "login" in unreadable.value.body

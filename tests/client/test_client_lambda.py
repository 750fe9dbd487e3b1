"""The client against the API's Lambda handler behind an emulated API Gateway with IAM auth: every request
is signed by the client (SigV4, credentials from botocore's standard chain) and its signature checked
before the handler sees it (`gateway.signature_error`, botocore's SigV4 primitives)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from botocore.credentials import Credentials  # type: ignore[import-untyped, unused-ignore]

from reverie.handlers import api
from reverie.services.backends import Backends
from reverie_client import AsyncReverie, Reverie, SigV4, errors
from tests.client.gateway import ApiGatewayTransport, signature_error
from tests.handlers.conftest import ENVIRONMENT, RUNTIMES, LambdaContext

URL = "https://r7x2k9q4vb.execute-api.eu-west-1.amazonaws.com/prod"
REGION = "eu-west-1"
KEYS = Credentials("AKIAEXAMPLECLIENT", "client-secret-key-for-tests", "session-token-for-tests")


@pytest.fixture
def gateway(monkeypatch: pytest.MonkeyPatch, backends: Backends) -> Iterator[ApiGatewayTransport]:
    """The API function over fakes, behind the gateway; the caller's keys in the environment, where
    botocore's standard credential chain finds them."""
    for name, value in ENVIRONMENT.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", KEYS.access_key)
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", KEYS.secret_key)
    monkeypatch.setenv("AWS_SESSION_TOKEN", KEYS.token)
    api.runtime.configure(backends=lambda settings: backends)
    yield ApiGatewayTransport(api.handler, LambdaContext(), KEYS, REGION)
    for runtime in RUNTIMES:
        runtime.configure()


def aws_client(gateway: ApiGatewayTransport, **kwargs: Any) -> Reverie:
    return Reverie.for_aws(URL, REGION, transport=gateway, **kwargs)


def test_signed_requests_reach_the_lambda_handler_and_answer_typed(gateway: ApiGatewayTransport) -> None:
    # GIVEN a client for the AWS endpoint, with no credentials passed: the chain finds them
    with aws_client(gateway) as reverie:
        # WHEN it records a session, writes a memory and asks for context
        captured = reverie.append_events(
            "alice",
            "s-1",
            [{"event_id": "e1", "kind": "message", "role": "user", "text": "I deploy on Fridays."}],
        )
        [card] = reverie.create_memories(
            "alice", [{"type": "constraint", "statement": "Never deploy payments on a Friday."}]
        ).memories
        context = reverie.context("alice", "can I deploy payments today?")
        page = reverie.list_memories("alice", limit=5, type="constraint")

    # THEN every request passed the signature check and the handler answered it
    assert captured.stored == 1
    assert card.memory_id in context.memory_ids
    assert [c.memory_id for c in page.memories] == [card.memory_id]
    assert len(gateway.events) == 4
    identity = gateway.events[0]["requestContext"]["identity"]
    assert identity["accessKey"] == KEYS.access_key
    assert gateway.events[-1]["queryStringParameters"] == {"limit": "5", "type": "constraint"}


def test_the_request_id_of_a_lambda_error_is_api_gateways(gateway: ApiGatewayTransport) -> None:
    with aws_client(gateway) as reverie, pytest.raises(errors.NotFound) as missing:
        reverie.get_memory("alice", "m-nothing")
    # the API Gateway request id, as the function's error body names it
    assert missing.value.request_id == gateway.events[-1]["requestContext"]["requestId"]
    assert missing.value.error == "NotFound"


def test_a_tampered_or_wrongly_keyed_request_is_refused_before_the_handler(
    gateway: ApiGatewayTransport,
) -> None:
    # GIVEN a request signed by the client
    signer = SigV4(REGION, KEYS)
    request = httpx.Request("POST", f"{URL}/users/alice/context", json={"query": "deploy?"})
    signed = next(signer.auth_flow(request))
    assert signature_error(signed, KEYS, REGION) is None
    # WHEN its body is changed after signing, or it is signed with another secret
    tampered = httpx.Request("POST", signed.url, headers=signed.headers, content=b'{"query": "other"}')
    other = next(SigV4(REGION, Credentials(KEYS.access_key, "wrong-secret", KEYS.token)).auth_flow(request))
    # THEN the gateway refuses both with 403, and the client raises Forbidden without calling the handler
    assert signature_error(tampered, KEYS, REGION) is not None
    assert signature_error(other, KEYS, REGION) is not None
    wrong = Credentials(KEYS.access_key, "wrong-secret", KEYS.token)
    with (
        Reverie(URL, auth=SigV4(REGION, wrong), transport=gateway) as reverie,
        pytest.raises(errors.Forbidden) as refused,
    ):
        reverie.health()
    assert "signature" in refused.value.message
    assert gateway.events == []


def test_the_async_client_signs_the_same_way() -> None:
    checked: list[str | None] = []

    def gateway_check(request: httpx.Request) -> httpx.Response:
        checked.append(signature_error(request, KEYS, REGION))
        if request.url.path.endswith("/context"):
            empty = {"context": "", "tokens": 0, "budget_tokens": 1000, "memory_ids": [], "sections": {}}
            return httpx.Response(200, json={**empty, "citations": []})
        return httpx.Response(200, json={"status": "ok", "tenant_id": "acme"})

    async def run() -> str:
        transport = httpx.MockTransport(gateway_check)
        async with AsyncReverie(URL, auth=SigV4(REGION, KEYS), transport=transport) as reverie:
            await reverie.context("alice", "deploy?")
            return (await reverie.health()).status

    assert asyncio.run(run()) == "ok"
    assert checked == [None, None]  # both requests, body included, carried a valid signature

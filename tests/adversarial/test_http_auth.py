"""Issue 10, "Scope" (the local part): loopback by default; beyond it a bearer token, with an admin and
an agent role, and routes learn the caller's role from one place (`current_caller`)."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from email.message import Message
from pathlib import Path
from typing import Any

import pytest
from pydantic import SecretStr

from reverie.api.caller import BearerTokens, caller_of, current_caller
from reverie.api.local_server import make_server
from reverie.api.routes import create_app
from reverie.cli.main import is_loopback, main
from tests.api.conftest import apigw_event
from tests.fakes.backends import fake_backends

ADMIN = "admin-token-0123456789abcdef"
AGENT = "agent-token-0123456789abcdef"


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    """The local server requiring tokens, with one extra route that says who called."""
    backends = fake_backends()
    app = create_app(lambda: backends, "t-auth")

    @app.get("/whoami")
    def whoami() -> dict[str, str]:
        caller = current_caller(app)
        return {"role": caller.role, "principal": caller.principal}

    tokens = BearerTokens(admin=SecretStr(ADMIN), agent=SecretStr(AGENT))
    with make_server(app, "127.0.0.1", 0, tokens) as server:
        yield server.url


def call(base_url: str, path: str, token: str | None = None) -> tuple[int, Any, Message]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    request = urllib.request.Request(base_url + path, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read()), response.headers
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read()), error.headers


@pytest.mark.parametrize("token", [None, "not-a-known-token", ADMIN + "x"], ids=["none", "unknown", "longer"])
def test_without_a_known_token_a_request_is_refused(base_url: str, token: str | None) -> None:
    status, body, headers = call(base_url, "/users", token)

    assert status == 401
    assert body["error"] == "Unauthorized" and "REVERIE_API_TOKEN" in body["message"]
    assert body["request_id"] == headers.get("X-Request-Id")
    assert headers.get("WWW-Authenticate") == "Bearer"


@pytest.mark.parametrize(("token", "role"), [(ADMIN, "admin"), (AGENT, "agent")])
def test_each_token_names_its_role_to_the_routes(base_url: str, token: str, role: str) -> None:
    assert call(base_url, "/whoami", token)[:2] == (200, {"role": role, "principal": f"{role}-token"})
    assert call(base_url, "/users/alice/memories", token)[0] == 200
    assert call(base_url, "/users", token)[0] == (200 if role == "admin" else 403)  # the admin's list


def test_health_answers_a_liveness_probe_without_a_token(base_url: str) -> None:
    assert call(base_url, "/health")[:2] == (200, {"status": "ok", "tenant_id": "t-auth"})


def test_the_docs_and_the_document_are_read_without_a_token(base_url: str) -> None:
    # WHEN a browser opens /docs on a service that requires tokens (it cannot send one with the page)
    with urllib.request.urlopen(base_url + "/docs", timeout=10) as response:
        page = response.read().decode()
        kind = response.headers.get("Content-Type")
    # THEN it gets Powertools' Swagger UI with its script and styles in the page (no CDN) and the
    # document in it, which says how to authenticate
    assert kind.startswith("text/html")
    assert "SwaggerUIBundle" in page and "<style>" in page
    assert "unpkg.com" not in page and "cdn" not in page.lower().split("<script>")[0]
    assert '"/users/{user_id}/memories"' in page and '"bearer"' in page
    # AND /openapi.json is open too, declaring bearer (local) and SigV4 (AWS), either one per operation
    status, document, _ = call(base_url, "/openapi.json")
    assert status == 200
    schemes = document["components"]["securitySchemes"]
    assert schemes["bearer"] == {**schemes["bearer"], "type": "http", "scheme": "bearer"}
    assert schemes["sigv4"]["x-amazon-apigateway-authtype"] == "awsSigv4"
    assert document["security"] == [{"bearer": []}, {"sigv4": []}]
    # AND a call made without the token is refused with how to send it
    status, body, _ = call(base_url, "/users/alice/memories")
    assert status == 401 and "Authorize" in body["message"] and "Bearer" in body["message"]


def test_a_caller_cannot_name_its_own_role_in_a_header(base_url: str) -> None:
    # the authorizer context is the server's to fill in: a header claiming admin changes nothing
    request = urllib.request.Request(base_url + "/whoami", headers={"X-Role": "admin", "Role": "admin"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=10)
    assert refused.value.code == 401


def test_serve_refuses_a_non_loopback_host_without_a_token(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("REVERIE_API_TOKEN", raising=False)
    monkeypatch.delenv("REVERIE_AGENT_TOKEN", raising=False)

    code = main(["--home", str(tmp_path), "serve", "--host", "0.0.0.0", "--port", "0"])

    assert code == 2
    assert "REVERIE_API_TOKEN" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []  # refused before opening any store


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("127.8.0.1", True),
        ("::1", True),
        ("localhost", True),
        ("0.0.0.0", False),
        ("192.168.1.20", False),
        ("::", False),
        ("example.internal", False),
    ],
)
def test_only_loopback_hosts_count_as_loopback(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


def test_on_aws_the_caller_is_the_iam_principal_or_the_authorizer_role() -> None:
    event = apigw_event("list_users")
    assert caller_of(event).role == "admin"  # IAM (SigV4) authorisation grants the whole API
    event["requestContext"]["authorizer"] = {"principalId": "agent-7", "role": "agent"}
    assert (caller_of(event).role, caller_of(event).principal) == ("agent", "agent-7")

"""The console's files served by the local service at /console/: offline (every asset in the package,
nothing from a CDN), with a content security policy, and no token needed for the files while every
read of memory still needs one."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest
from pydantic import SecretStr

from reverie.api.caller import BearerTokens
from reverie.api.routes import create_app
from reverie.console.assets import STATIC, make_console_server
from tests.fakes.backends import fake_backends

TOKEN = "console-test-admin-token"


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    backends = fake_backends()
    app = create_app(lambda: backends, "t-console")
    with make_console_server(app, "127.0.0.1", 0, BearerTokens(admin=SecretStr(TOKEN))) as server:
        yield server.url


def fetch(url: str, token: str | None = None) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"} if token else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as resp:
            return resp.status, dict(resp.headers), resp.read()
    except urllib.error.HTTPError as err:
        return err.code, dict(err.headers), err.read()


def test_the_console_page_and_its_modules_are_served_with_a_strict_policy(base_url: str) -> None:
    status, headers, body = fetch(f"{base_url}/console/")

    assert status == 200 and headers["Content-Type"].startswith("text/html")
    assert "default-src 'self'" in headers["Content-Security-Policy"]
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert b'<script type="module" src="app.js">' in body
    status, headers, _ = fetch(f"{base_url}/console/app.js")
    assert status == 200 and headers["Content-Type"].startswith("text/javascript")


def test_every_asset_is_bundled_none_comes_from_elsewhere() -> None:
    # GIVEN every file of the console
    texts = {
        p.name: p.read_text(encoding="utf-8")
        for p in STATIC.rglob("*")
        if p.suffix in {".html", ".js", ".css"}
    }

    # THEN none loads anything from another origin, and every module it imports is in the package
    assert texts and not [name for name, text in texts.items() if re.search(r"(src|href)=\"https?://", text)]
    imports = {m for text in texts.values() for m in re.findall(r'from "\./([\w.]+)"', text)}
    assert imports and imports <= set(texts)


def test_the_files_need_no_token_but_the_api_still_does(base_url: str) -> None:
    assert fetch(f"{base_url}/console/style.css")[0] == 200
    assert fetch(f"{base_url}/users")[0] == 401
    assert fetch(f"{base_url}/users", TOKEN)[0] == 200


def test_only_the_consoles_files_are_reachable(base_url: str) -> None:
    assert fetch(f"{base_url}/console/nothing.js")[0] == 404
    assert fetch(f"{base_url}/console/../assets.py")[0] in (400, 401, 404)
    assert fetch(f"{base_url}/console/%2e%2e/assets.py")[0] == 404
    status, headers, _ = fetch(f"{base_url}/console")
    assert status == 200 and headers["Content-Type"].startswith("text/html")  # redirected to /console/


def send(url: str, body: object, token: str | None = TOKEN) -> dict[str, object]:
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers=headers, method="POST")
    with urllib.request.urlopen(request, timeout=10) as resp:
        return dict(json.loads(resp.read()))


def test_injected_tokens_per_context_are_counted_for_the_health_panel(base_url: str) -> None:
    # GIVEN a memory, and two contexts asked for (the count goes on from what other tests asked)
    before = json.loads(fetch(f"{base_url}/console/context-stats.json", TOKEN)[2])
    memory = {"type": "fact", "statement": "The staging database is db-stage-2"}
    send(f"{base_url}/users/ann/memories", {"memories": [memory]})
    answers = [send(f"{base_url}/users/ann/context", {"query": q}) for q in ("staging database", "nothing")]

    # WHEN the console reads the figure
    status, _, body = fetch(f"{base_url}/console/context-stats.json", TOKEN)

    # THEN both contexts are counted with the tokens they injected
    stats = json.loads(body)
    assert status == 200
    assert stats["contexts"] == before["contexts"] + 2
    assert int(str(answers[0]["tokens"])) > 0
    assert stats["injected_tokens_p95"] >= int(str(answers[0]["tokens"]))
    # AND the figure is the admin's, as every read of the service is
    assert fetch(f"{base_url}/console/context-stats.json")[0] == 401

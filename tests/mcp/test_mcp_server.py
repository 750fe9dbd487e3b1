"""`reverie mcp` through the MCP SDK's own client session, over stdio and over streamable HTTP: the tools
are listed, each is called, and what it did is read back through the API (the typed client)."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client

from reverie.mcp.connect import local_client
from reverie_client import Reverie, errors

TOOLS = {"record_events", "end_session", "remember", "recall", "search", "list_memories", "forget"}


def cli(*args: str) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=["-m", "reverie.cli.main", *args])


@asynccontextmanager
async def over_stdio(*args: str) -> AsyncIterator[ClientSession]:
    async with stdio_client(cli(*args)) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        yield session


def result(reply: Any) -> Any:
    """A tool's answer: its structured content (a bare value comes wrapped as {"result": ...})."""
    assert not reply.is_error, reply.content
    found = reply.structured_content
    return found["result"] if isinstance(found, dict) and set(found) == {"result"} else found


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def reverie(service_url: str) -> Iterator[Reverie]:
    with Reverie(service_url) as client:
        yield client


def test_every_tool_over_stdio_acts_on_the_remote_service(service_url: str, reverie: Reverie) -> None:
    async def agent() -> dict[str, Any]:
        async with over_stdio("mcp", "--url", service_url, "--user", "alice") as mcp:
            listed = {t.name for t in (await mcp.list_tools()).tools}
            turns = [
                {"role": "user", "text": "I always deploy the payments service with blue-green."},
                {"role": "assistant", "text": "Understood, blue-green for payments."},
            ]
            recorded = result(await mcp.call_tool("record_events", {"session_id": "s-1", "turns": turns}))
            again = result(await mcp.call_tool("record_events", {"session_id": "s-1", "turns": turns}))
            note = result(await mcp.call_tool("remember", {"statement": "Alice reviews PRs in the morning."}))
            card = result(
                await mcp.call_tool(
                    "remember",
                    {"statement": "Alice writes Python with tabs.", "type": "preference", "mode": "memory"},
                )
            )
            recalled = result(await mcp.call_tool("recall", {"query": "how does alice indent python?"}))
            listed_cards = result(await mcp.call_tool("list_memories", {"layer": "L2"}))
            searched = result(await mcp.call_tool("search", {"query": "python tabs", "limit": 3}))
            block = await mcp.read_resource("reverie://memory")
            forgotten = result(await mcp.call_tool("forget", {"memory_id": card["memory_id"]}))
            ended = result(await mcp.call_tool("end_session", {"session_id": "s-1", "outcome": "success"}))
            refused = await mcp.call_tool("forget", {"memory_id": "m-unknown"})
            return locals()

    seen = anyio.run(agent)

    # THEN the tools are those a model needs, and each call did what it says, as the API shows
    assert seen["listed"] >= TOOLS
    assert seen["recorded"] == {"stored": 2, "duplicates": 0} and seen["again"] == {
        "stored": 0,
        "duplicates": 2,
    }
    assert "tabs" in seen["recalled"] and "[1]" in seen["recalled"]
    assert seen["note"]["memory_id"] in {c["memory_id"] for c in seen["listed_cards"]}
    assert seen["searched"][0]["memory_id"] == seen["card"]["memory_id"] and seen["searched"][0]["score"] > 0
    assert "tabs" in seen["block"].contents[0].text
    assert seen["forgotten"] == {"forgotten": seen["card"]["memory_id"]}
    assert seen["ended"]["recorded"] is True
    assert seen["refused"].is_error and "NotFound" in seen["refused"].content[0].text
    with pytest.raises(errors.NotFound):
        reverie.get_memory("alice", seen["card"]["memory_id"])
    assert (
        reverie.get_memory("alice", seen["note"]["memory_id"]).statement
        == "Alice reviews PRs in the morning."
    )
    assert reverie.end_session("alice", "s-1").stored == 0  # the tool already ended it


def test_the_tools_over_streamable_http(service_url: str, reverie: Reverie) -> None:
    # GIVEN `reverie mcp --transport http` on a loopback port
    port = free_port()
    args = ["mcp", "--transport", "http", "--port", str(port), "--url", service_url, "--user", "bob"]
    server = subprocess.Popen([sys.executable, "-m", "reverie.cli.main", *args], stderr=subprocess.PIPE)
    try:
        wait_for(port, server)

        async def agent() -> tuple[set[str], Any, str]:
            async with (
                streamable_http_client(f"http://127.0.0.1:{port}/mcp") as (read, write),
                ClientSession(read, write) as mcp,
            ):
                await mcp.initialize()
                names = {t.name for t in (await mcp.list_tools()).tools}
                card = result(
                    await mcp.call_tool(
                        "remember",
                        {"statement": "Bob's on-call week starts Monday.", "type": "plan", "mode": "memory"},
                    )
                )
                recalled = result(await mcp.call_tool("recall", {"query": "when is bob on call?"}))
                return names, card, recalled

        names, card, recalled = anyio.run(agent)
    finally:
        server.terminate()
        server.wait(10)

    # THEN the same tools answer over HTTP, and the memory is in the service
    assert names >= TOOLS
    assert "on-call" in recalled
    assert reverie.get_memory("bob", card["memory_id"]).statement == "Bob's on-call week starts Monday."


def wait_for(port: int, process: subprocess.Popen[bytes]) -> None:
    for _ in range(600):  # the process imports the SDK first: up to a minute on a busy machine
        if process.poll() is not None:
            raise AssertionError(f"reverie mcp exited: {process.stderr.read() if process.stderr else ''}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.1)
    raise AssertionError("reverie mcp did not listen")


def test_a_local_home_over_stdio(tmp_path: Path) -> None:
    # GIVEN no service running: the MCP server opens the local home itself
    async def agent() -> tuple[Any, str]:
        async with over_stdio("--home", str(tmp_path), "mcp", "--user", "carol") as mcp:
            card = result(
                await mcp.call_tool(
                    "remember", {"statement": "Carol lives in Lyon.", "type": "fact", "mode": "memory"}
                )
            )
            return card, result(await mcp.call_tool("recall", {"query": "where does carol live?"}))

    card, recalled = anyio.run(agent)
    # THEN the memory is in the home's stores, for the next process that opens it
    assert "Lyon" in recalled
    with local_client(tmp_path) as home:
        assert home.get_memory("carol", card["memory_id"]).statement == "Carol lives in Lyon."
        assert json.loads(home.get_memory("carol", card["memory_id"]).model_dump_json())["type"] == "fact"

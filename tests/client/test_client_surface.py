"""The client covers every route of the served OpenAPI document, and the async client has exactly the
sync client's methods."""

from __future__ import annotations

import importlib.util
import inspect
import re
from pathlib import Path
from typing import Any

from reverie_client import AsyncReverie, Reverie, calls

# one example of each call; ids are named after their path parameter so the route can be read back
EXAMPLES: list[calls.Call[Any]] = [
    calls.health(),
    calls.openapi(),
    calls.append_events("USER", "SESSION", []),
    calls.end_session("USER", "SESSION"),
    calls.context("USER", "q"),
    calls.search("USER", "q"),
    calls.preview_context("USER", "q"),
    calls.create_memories("USER", []),
    calls.list_memories("USER"),
    calls.get_memory("USER", "MEMORY"),
    calls.memory_history("USER", "MEMORY"),
    calls.edit_memory("USER", "MEMORY", {}),
    calls.delete_memory("USER", "MEMORY"),
    calls.memory_feedback("USER", "MEMORY", "used"),
    calls.list_users(),
    calls.forget_user("USER"),
    calls.start_dream("USER"),
    calls.list_dreams("USER"),
    calls.dream_report("RUN", "USER"),
    calls.dream_report("RUN"),
    calls.rollback_dream("RUN", "USER"),
    calls.rollback_dream("RUN"),
    calls.list_reviews("USER"),
    calls.list_reviews(),
    calls.resolve_review("ITEM", {}, "USER"),
    calls.resolve_review("ITEM", {}),
    calls.export_memory("USER"),
    calls.import_memory("USER", []),
    calls.session_events("USER", "SESSION"),
    calls.overview(),
]
PARAMS = {
    "USER": "{user_id}",
    "SESSION": "{session_id}",
    "MEMORY": "{memory_id}",
    "RUN": "{run_id}",
    "ITEM": "{item_id}",
}
CLIENT = Path(__file__).resolve().parents[2] / "clients" / "python"
NOT_FOR_CLIENTS = {("GET", "/docs")}  # the Swagger UI page, for people


def route(call: calls.Call[Any]) -> tuple[str, str]:
    return call.method, re.sub("|".join(PARAMS), lambda m: PARAMS[m.group()], call.path)


def test_every_route_of_the_served_document_has_a_client_call(reverie: Reverie) -> None:
    document = reverie.openapi()
    served = {(method.upper(), path) for path, ops in document["paths"].items() for method in ops}
    covered = {route(c) for c in EXAMPLES}
    assert served - NOT_FOR_CLIENTS - covered == set(), (
        "routes without a client call: add one to clients/python/src/reverie_client/calls.py, a method to "
        "client.py, an example here, then run clients/python/generate_models.py and generate_async.py"
    )
    assert covered - served == set(), "client calls to routes the service does not have"


def test_every_call_has_a_method_on_both_clients_with_the_same_parameters() -> None:
    factories = {
        n
        for n, f in inspect.getmembers(calls, inspect.isfunction)
        if f.__module__ == calls.__name__ and not n.startswith("_")
    }
    sync = {n: f for n, f in inspect.getmembers(Reverie, inspect.isfunction) if not n.startswith("_")}
    asynchronous = {
        n: f for n, f in inspect.getmembers(AsyncReverie, inspect.isfunction) if not n.startswith("_")
    }
    assert factories <= set(sync), "calls without a method"
    assert set(sync) == set(asynchronous)
    for name, method in sync.items():
        assert (
            inspect.signature(method).parameters.keys()
            == inspect.signature(asynchronous[name]).parameters.keys()
        )
        if name not in {"close", "for_aws", "send", "pages"} and not name.startswith("iter_"):
            assert inspect.iscoroutinefunction(asynchronous[name]), name


def test_the_async_client_is_the_sync_client_awaited() -> None:
    # the async client is written from the sync one (clients/python/generate_async.py): no hand edits
    spec = importlib.util.spec_from_file_location("generate_async", CLIENT / "generate_async.py")
    assert spec is not None and spec.loader is not None
    generator = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generator)
    rendered = generator.formatted(
        generator.render((generator.PACKAGE / "client.py").read_text(encoding="utf-8"))
    )
    assert rendered == (generator.PACKAGE / "async_client.py").read_text(encoding="utf-8"), (
        "async_client.py is not client.py awaited: run python clients/python/generate_async.py"
    )

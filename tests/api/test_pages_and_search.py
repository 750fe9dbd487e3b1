"""Issue 13, item 1: every list is paged by cursor and carries its total; `search` returns the memories a
context would draw on, scored, in recall's own order. Requests go through the one resolver (as Lambda and
the local service send them) into the embedded stores."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from reverie.domain.models import Scope
from reverie.services.backends import Backends
from reverie.services.recall import build_context, rank
from reverie_bench.common import SettableClock, clocked_local_backends
from reverie_bench.injection import START, TENANT, ApiClient
from tests.fakes.embedder import HashEmbedder

FACTS = [
    "Alice deploys payments-api on Tuesdays.",
    "Alice's team reviews every migration twice.",
    "The staging database is called pg-stage-2.",
    "Alice prefers short answers with commands first.",
    "Health checks of payments-api take 40 seconds.",
]


@pytest.fixture
def backends(tmp_path: Path) -> Backends:
    return clocked_local_backends(tmp_path, SettableClock(START), HashEmbedder())


@pytest.fixture
def api(backends: Backends) -> ApiClient:
    return ApiClient(backends)


def remember(api: ApiClient, user: str, statements: list[str]) -> None:
    memories = [{"type": "fact", "statement": text} for text in statements]
    assert api.call("POST", f"/users/{user}/memories", {"memories": memories})[0] == 201


def every_page(api: ApiClient, path: str, key: str, role: str = "agent") -> list[dict[str, Any]]:
    """Follow next_cursor from the first page to the last, checking each page's fields."""
    pages: list[dict[str, Any]] = []
    cursor: str | None = None
    while True:
        sep = "&" if "?" in path else "?"
        status, page = api.call("GET", path + (f"{sep}cursor={cursor}" if cursor else ""), role=role)
        assert status == 200, page
        assert page["count"] == len(page[key])
        pages.append(page)
        cursor = page["next_cursor"]
        if cursor is None:
            return pages


def test_memories_come_a_page_at_a_time_each_once_with_the_total(api: ApiClient) -> None:
    # GIVEN five memories of alice's and one of bob's
    remember(api, "alice", FACTS)
    remember(api, "bob", ["Bob drinks coffee."])
    # WHEN alice's agent pages through them two at a time
    pages = every_page(api, "/users/alice/memories?limit=2", "memories")
    # THEN three pages (2, 2, 1) each say the total, and together hold each of her memories once
    assert [p["count"] for p in pages] == [2, 2, 1]
    assert {p["total"] for p in pages} == {5}
    statements = [m["statement"] for p in pages for m in p["memories"]]
    assert sorted(statements) == sorted(FACTS)


def test_a_cursor_is_refused_by_another_listing_and_a_made_up_one_is_refused(api: ApiClient) -> None:
    remember(api, "alice", FACTS)
    cursor = api.call("GET", "/users/alice/memories?limit=2")[1]["next_cursor"]
    # WHEN the cursor is sent with other filters, for another user, or made up
    other_filter = api.call("GET", f"/users/alice/memories?limit=2&type=plan&cursor={cursor}")
    other_user = api.call("GET", f"/users/bob/memories?limit=2&cursor={cursor}")
    made_up = api.call("GET", "/users/alice/memories?cursor=bm90LWEtY3Vyc29y")
    # THEN each is refused in the one error shape, saying what is wrong, rather than paging something else
    for status, body in (other_filter, other_user, made_up):
        assert status == 400 and body["error"] == "InvalidRequest" and "cursor" in body["message"]
        assert body["request_id"]


def test_every_list_carries_count_total_and_next_cursor(api: ApiClient) -> None:
    # GIVEN three users, one of them with a dream run
    for user in ("alice", "bob", "carol"):
        remember(api, user, [f"{user.title()} likes tea."])
    assert api.call("POST", "/users/alice/dreams")[0] == 202
    # WHEN each list is read a page at a time
    users = every_page(api, "/users?limit=2", "users", role="admin")
    runs = every_page(api, "/users/alice/dreams?limit=1", "runs")
    reviews = every_page(api, "/users/alice/reviews?limit=1", "items")
    admin_reviews = every_page(api, "/reviews?limit=1", "items", role="admin")
    memory_id = api.call("GET", "/users/alice/memories")[1]["memories"][0]["memory_id"]
    versions = every_page(api, f"/users/alice/memories/{memory_id}/history?limit=1", "versions")
    # THEN every one pages the same way and says its total
    assert [u["user_id"] for p in users for u in p["users"]] == ["alice", "bob", "carol"]
    assert [p["total"] for p in users] == [3, 3]
    assert [p["total"] for p in runs] == [1] and runs[0]["runs"][0]["user_id"] == "alice"
    assert reviews[0]["total"] == admin_reviews[0]["total"] == 0
    assert versions[0]["total"] == 1


def test_search_ranks_as_the_context_does_and_scores_each_memory(api: ApiClient) -> None:
    # GIVEN alice's memories, and bob's on the same subject
    remember(api, "alice", FACTS)
    remember(api, "bob", ["Bob deploys payments-api on Fridays."])
    # WHEN her agent searches, and asks for a context with the same query
    status, found = api.call(
        "POST", "/users/alice/search", {"query": "when does payments-api deploy", "limit": 3}
    )
    context = api.call("POST", "/users/alice/context", {"query": "when does payments-api deploy"})[1]
    # THEN it gets at most 3 of her memories, best first, each with its score, confidence and evidence
    assert status == 200 and 1 <= found["count"] == len(found["results"]) <= 3
    results = found["results"]
    assert all("Bob" not in r["statement"] for r in results)
    assert [r["score"] for r in results] == sorted((r["score"] for r in results), reverse=True)
    assert results[0]["statement"] == "Alice deploys payments-api on Tuesdays."
    assert all(r["evidence"] and 0 < r["confidence"] <= 1 and r["status"] == "verified" for r in results)
    # AND in recall's own order: the context's ranking starts with the same memories
    assert context["memory_ids"][0] == results[0]["memory_id"]


def test_search_is_recalls_ranking_itself(api: ApiClient, backends: Backends) -> None:
    # GIVEN alice's memories; WHEN her agent searches
    remember(api, "alice", FACTS)
    b = backends
    scope = Scope(tenant_id=TENANT, user_id="alice")
    query = "how is the staging database named"
    found = api.call("POST", "/users/alice/search", {"query": query, "limit": 5})[1]["results"]
    # THEN the answer is recall's ranking (no copy of it), in the order a context reads the cards
    assert [r["memory_id"] for r in found] == [s.card.memory_id for s in rank(b, query, scope, 5)]
    ranked = build_context(b, query, scope, 1_000, record_hits=False).ranked_ids
    assert [r["memory_id"] for r in found] == ranked[: len(found)]

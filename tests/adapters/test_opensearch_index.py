"""OpenSearchIndex through a real opensearch-py client whose HTTP layer is a recording fake connection.

Emulated: there is no OpenSearch here (and moto has no OpenSearch data plane). The fake connection records
every request the client sends (method, path, query parameters, body) and answers with recorded response
shapes; the requests are compared with the golden files in tests/data/opensearch/ (index creation with its
settings and mappings, bulk upserts and deletes, the keyword, k-NN, timeline and hybrid queries with the
hybrid pipeline inside, count, delete-by-query, rebuild). `REVERIE_UPDATE_GOLDEN=1` rewrites the golden requests from what the code sends: review the diff.
The scope filter is also checked as a property, by evaluating it against random documents with a small
evaluator for the part of the query DSL it uses, and round-tripped through osmem-server when installed.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from opensearchpy import Connection, OpenSearch
from opensearchpy.exceptions import ConnectionError as OpenSearchConnectionError

from reverie.adapters.aws.opensearch_documents import STOP_WORDS, doc_source, query_terms
from reverie.adapters.aws.opensearch_index import OpenSearchIndex, build_client
from reverie.adapters.aws.opensearch_queries import (
    count_query,
    hybrid_query,
    knn_query,
    scope_filter,
    text_query,
    timeline_query,
)
from reverie.domain.errors import StorageError
from reverie.domain.models import INJECTABLE_STATUSES, MemoryType, Scope, ScopeKind, Status, scope_allows
from reverie.domain.search import SearchDoc, SearchFilter, SearchHit

pytestmark = pytest.mark.emulated

DATA = Path(__file__).resolve().parents[1] / "data" / "opensearch"
UPDATE = os.environ.get("REVERIE_UPDATE_GOLDEN") == "1"
DIM = 4
NOW = datetime(2025, 1, 1, 12, 0, tzinfo=UTC)
ALICE = Scope(tenant_id="acme", user_id="alice", project_id="apollo")
VIEW = SearchFilter(scope=ALICE, now=NOW)


def recorded(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / f"{name}.json").read_text("utf-8"))
    return data


class Script:
    """What the fake server answers, in order, and what the client sent it."""

    def __init__(self, responses: list[dict[str, Any]]) -> None:
        self.responses, self.sent = list(responses), list[dict[str, Any]]()

    def answer(self) -> dict[str, Any]:
        assert self.responses, "the client sent more requests than the script answers"
        return self.responses.pop(0)


class RecordingConnection(Connection):
    """Stands in for the HTTP connection: records each request, replies from the script."""

    def __init__(self, script: Script, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.script = script

    def perform_request(  # type: ignore[override]
        self, method: str, url: str, params: Any = None, body: Any = None, **_: Any
    ) -> tuple[int, dict[str, str], str]:
        self.script.sent.append(
            {
                "method": method,
                "path": url,
                "params": {k: v.decode() if isinstance(v, bytes) else v for k, v in (params or {}).items()},
                "body": decode(body),
            }
        )
        reply = self.script.answer()
        if reply.get("raise") == "connection":
            raise OpenSearchConnectionError("N/A", "connection refused", None)
        raw = json.dumps(reply["body"])
        if reply["status"] >= 300:
            self._raise_error(reply["status"], raw, "application/json")
        return reply["status"], {"content-type": "application/json"}, raw


def decode(body: Any) -> Any:
    """JSON bodies as data; a bulk body (NDJSON) as its list of lines."""
    if body is None:
        return None
    text = body.decode() if isinstance(body, bytes) else str(body)
    lines = [json.loads(line) for line in text.splitlines() if line.strip()]
    return lines if len(lines) > 1 or text.endswith("\n") else lines[0]


class SleepRecorder:
    def __init__(self) -> None:
        self.waits: list[float] = []

    def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)


def open_index(script: Script, sleep: SleepRecorder | None = None, **kwargs: Any) -> OpenSearchIndex:
    client = OpenSearch(
        hosts=[{"host": "search.test", "port": 443}],
        connection_class=RecordingConnection,
        script=script,
        max_retries=0,
    )
    return OpenSearchIndex(client=client, dim=DIM, sleep=sleep or SleepRecorder(), **kwargs)


@pytest.fixture
def golden(request: pytest.FixtureRequest) -> Iterator[Any]:
    """Runs a scenario against its recorded responses, then compares the requests with the golden ones."""
    scripts: list[tuple[str, Script]] = []

    def load(name: str) -> Script:
        scripts.append((name, Script(recorded(name)["responses"])))
        return scripts[-1][1]

    yield load
    for name, script in scripts:
        assert not script.responses, f"{name}: recorded responses left unused"
        if UPDATE:
            data = recorded(name)
            data["requests"] = script.sent
            (DATA / f"{name}.json").write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", "utf-8")
        assert script.sent == recorded(name)["requests"], f"{name}: requests differ from the golden ones"


def doc(memory_id: str, **fields: Any) -> SearchDoc:
    base: dict[str, Any] = {
        "memory_id": memory_id, "tenant_id": "acme", "scope": ScopeKind.USER, "user_id": "alice",
        "type": MemoryType.FACT, "status": Status.VERIFIED, "text": "Deploys go out on Tuesdays",
        "observed_at": NOW - timedelta(days=1),
    }  # fmt: skip
    return SearchDoc(**{**base, **fields})


DOCS = [
    doc("m-1", vector=[0.1, 0.2, 0.3, 0.4], entities=["Ada Lovelace", " ada  lovelace "],
        valid_until=NOW + timedelta(days=30, microseconds=1500)),
    doc("m-2", scope=ScopeKind.PROJECT, user_id=None, project_id="apollo", key="deploy:day",
        type=MemoryType.CONSTRAINT, text="Never deploy on Fridays", observed_at=None),
    doc("m-3", scope=ScopeKind.ORG, user_id=None, vector=[1.0, 0.0, 0.0, 0.0], entities=["Tuesday"]),
]  # fmt: skip


def ids(hits: list[SearchHit]) -> list[str]:
    return [hit.memory_id for hit in hits]


# -- golden request bodies -----------------------------------------------------------------------------


def test_ensure_index_creates_the_first_generation_with_its_settings_and_mappings(golden: Any) -> None:
    index = open_index(golden("ensure_index"))
    assert index.ensure_index() == "reverie-cards-v000001"


CLUSTER_WIDE = ("/_index_template", "/_template", "/_component_template", "/_search/pipeline", "/_ingest")


def test_no_request_creates_a_cluster_wide_object_another_tenant_could_share() -> None:
    # GIVEN every request the adapter is pinned to send (set-up, rebuild, writes, every search path)
    sent = [
        r for f in sorted(DATA.glob("*.json")) for r in json.loads(f.read_text("utf-8")).get("requests", [])
    ]
    assert {"PUT /reverie-cards-v000001", "POST /reverie-cards/_search"} <= {
        f"{r['method']} {r['path']}" for r in sent
    }
    # THEN none names an index template or a stored pipeline: on a shared domain these are cluster-wide,
    # and a role that may put one may put any tenant's (the security plugin cannot scope them by name)
    assert not [r["path"] for r in sent if r["path"].startswith(CLUSTER_WIDE)]
    assert not [r for r in sent if "search_pipeline" in r["params"]]


def test_ensure_index_on_a_live_alias_checks_the_stored_dimension(golden: Any) -> None:
    index = open_index(golden("ensure_index_existing"))
    assert index.ensure_index() == "reverie-cards-v000002"


def test_a_new_embedding_dimension_is_refused_until_the_index_is_rebuilt() -> None:
    responses = recorded("ensure_index_existing")["responses"]
    index = OpenSearchIndex(
        client=OpenSearch(
            hosts=["search.test"], connection_class=RecordingConnection, script=Script(responses)
        ),
        dim=8,
    )
    with pytest.raises(StorageError, match=r"4-dimensional vectors but the embedder gives 8.*rebuild"):
        index.ensure_index()


def test_upsert_sends_one_bulk_request_of_whole_documents(golden: Any) -> None:
    open_index(golden("bulk_upsert")).upsert(DOCS)


def test_delete_sends_bulk_deletes_and_an_unknown_id_is_a_no_op(golden: Any) -> None:
    open_index(golden("bulk_delete")).delete("acme", ["m-1", "gone"])


def test_delete_user_deletes_by_query_and_says_how_many(golden: Any) -> None:
    assert open_index(golden("delete_user")).delete_user("acme", "alice") == 3


def test_keyword_search_matches_words_inside_the_filter_best_first(golden: Any) -> None:
    hits = open_index(golden("search_text")).search_text('Which "deploy" day -- NOT friday?', VIEW, 5)
    assert [(h.memory_id, h.score) for h in hits] == [("m-2", 3.2), ("m-1", 1.7), ("m-9", 1.7)]


def test_vector_search_filters_inside_knn_and_reports_cosine(golden: Any) -> None:
    rules = VIEW.model_copy(update={"types": frozenset({MemoryType.FACT, MemoryType.CONSTRAINT})})
    hits = open_index(golden("search_knn")).search_vector([0.5, 0.5, 0.0, 0.0], rules, 3)
    assert ids(hits) == ["m-1", "m-3", "m-2"]
    assert [h.score for h in hits] == pytest.approx([0.95, 0.5, -0.2])


def test_timeline_scores_entities_then_recency_inside_the_window(golden: Any) -> None:
    index = open_index(golden("search_timeline"))
    hits = index.search_timeline(
        VIEW, 10, ["Ada Lovelace", "ADA  LOVELACE", "Tuesday"], NOW - timedelta(days=7), NOW
    )
    assert [(h.memory_id, h.score) for h in hits] == [("m-4", 2.0), ("m-1", 1.0), ("m-7", 1.0)]


def test_timeline_without_entities_lists_the_most_recent_first(golden: Any) -> None:
    hits = open_index(golden("search_timeline_recent")).search_timeline(
        VIEW, 2, start=NOW - timedelta(days=1)
    )
    assert [(h.memory_id, h.score) for h in hits] == [("m-1", 0.0), ("m-4", 0.0)]


def test_hybrid_search_carries_its_pipeline_with_the_filter_in_both_clauses(golden: Any) -> None:
    hits = open_index(golden("search_hybrid")).search_hybrid("deploy days", [0.0, 1.0, 0.0, 0.0], VIEW, 3)
    assert [(h.memory_id, h.score) for h in hits] == [("m-3", 0.9), ("m-1", 0.55), ("m-2", 0.1)]


def test_count_applies_the_filter(golden: Any) -> None:
    assert open_index(golden("count")).count(VIEW) == 7


def test_rebuild_fills_a_new_generation_and_switches_the_alias_atomically(golden: Any) -> None:
    assert open_index(golden("rebuild")).rebuild([DOCS[0], DOCS[2]]) == "reverie-cards-v000002"


# -- nothing is sent when nothing can match or the input is wrong ------------------------------------------


@pytest.mark.parametrize("query", ["", "the and of", "?! ...", "what is it"])
def test_a_query_without_searchable_words_sends_nothing(query: str) -> None:
    script = Script([])
    assert open_index(script).search_text(query, VIEW, 5) == []
    assert script.sent == []


def test_an_empty_status_set_or_k_zero_sends_nothing() -> None:
    script, nothing = Script([]), VIEW.model_copy(update={"statuses": frozenset()})
    index = open_index(script)
    assert index.search_text("deploy", nothing, 5) == []
    assert index.search_vector([1.0, 0, 0, 0], VIEW, 0) == []
    assert index.search_timeline(VIEW, 5, entities=["  "]) == []
    assert index.count(nothing) == 0
    assert script.sent == []


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (doc("m-1", vector=[1.0, 0.0]), "2 dimensions but this index holds 4"),
        (doc("m-1", vector=[0.0, 0.0, 0.0, 0.0]), "not all zeros"),
        (doc("m-1", vector=[float("nan"), 0.0, 0.0, 1.0]), "finite"),
        (doc("m-1", scope=ScopeKind.PROJECT), "needs its project_id"),
    ],
)
def test_a_bad_document_is_refused_before_anything_is_sent(bad: SearchDoc, message: str) -> None:
    script = Script([])
    with pytest.raises(ValueError, match=message):
        open_index(script).upsert([DOCS[2], bad])
    assert script.sent == []


def test_both_backends_drop_the_same_stop_words() -> None:
    from reverie.adapters.local.search_sql import STOP_WORDS as EMBEDDED

    assert STOP_WORDS == EMBEDDED
    assert query_terms("What is the ＤＥＰＬＯＹ day? deploy, DAY!") == ["deploy", "day"]


# -- throttling and errors ---------------------------------------------------------------------------------


def errors(*names: str) -> list[dict[str, Any]]:
    shapes = recorded("errors")
    return [shapes[name] for name in names]


def test_throttled_search_is_retried_with_backoff_then_answers() -> None:
    sleep, answer = SleepRecorder(), recorded("search_text")["responses"]
    index = open_index(Script(errors("throttled", "throttled") + answer), sleep)
    assert ids(index.search_text("deploy", VIEW, 5)) == ["m-2", "m-1", "m-9"]
    assert len(sleep.waits) == 2 and sleep.waits[1] > sleep.waits[0] / 2 > 0


def test_only_the_bulk_items_rejected_with_429_are_sent_again() -> None:
    script, sleep = Script(errors("bulk_item_throttled", "bulk_item_ok")), SleepRecorder()
    open_index(script, sleep).upsert(DOCS[:2])
    first, second = (request["body"] for request in script.sent)
    assert [line["index"]["_id"] for line in first[::2]] == ["acme/m-1", "acme/m-2"]
    assert second == first[2:4]
    assert len(sleep.waits) == 1


def test_a_rejected_bulk_item_becomes_a_storage_error_naming_it() -> None:
    index = open_index(Script(errors("bulk_item_rejected")))
    with pytest.raises(StorageError, match=r"1 of 2 documents failed \(first acme/m-2: failed to parse"):
        index.upsert(DOCS[:2])


@pytest.mark.parametrize(
    ("replies", "message"),
    [
        (["throttled"] * 3, "still busy \\(429\\) after 3 attempts"),
        (["forbidden"], "refused keyword search \\(403: User: arn:aws:sts.*access policy"),
        (["index_missing"], "index reverie-cards does not exist: run ensure_index"),
    ],
)
def test_failures_become_storage_errors_that_say_what_to_do(replies: list[str], message: str) -> None:
    index = open_index(Script(errors(*replies)), max_attempts=3)
    with pytest.raises(StorageError, match=message):
        index.search_text("deploy", VIEW, 5)


def test_an_unreachable_cluster_is_retried_then_reported() -> None:
    sleep = SleepRecorder()
    index = open_index(Script([{"raise": "connection"}] * 2), sleep, max_attempts=2)
    with pytest.raises(StorageError, match="unreachable for count after 2 attempts"):
        index.count(VIEW)
    assert len(sleep.waits) == 1


# -- the client built for AWS ----------------------------------------------------------------------------


@pytest.mark.parametrize("service", ["es", "aoss"])
def test_the_built_client_signs_for_the_chosen_service(monkeypatch: pytest.MonkeyPatch, service: Any) -> None:
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "AKIDEXAMPLE")  # signing only: nothing is sent
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "secret")
    client = build_client("https://search-memory.eu-west-1.es.amazonaws.com", "eu-west-1", service)
    connection = client.transport.get_connection()
    assert connection.host == "https://search-memory.eu-west-1.es.amazonaws.com:443"
    headers = connection.session.auth.signer.sign("POST", f"{connection.host}/reverie-cards/_search", b"{}")
    assert f"/eu-west-1/{service}/aws4_request" in headers["Authorization"]
    assert "x-amz-content-sha256" in headers["Authorization"].lower()


def test_nothing_is_built_or_sent_at_construction() -> None:
    index = OpenSearchIndex(endpoint="search-memory.eu-west-1.es.amazonaws.com", region="eu-west-1")
    assert index._client is None
    with pytest.raises(ValueError, match="client or an endpoint"):
        OpenSearchIndex()


# -- the scope filter, as a property -------------------------------------------------------------------------


def matches(query: dict[str, Any], source: dict[str, Any]) -> bool:
    """A tiny evaluator for the DSL subset the filter uses: bool, term, terms, exists, range, match_all."""
    ((kind, spec),) = query.items()
    if kind == "bool":
        clauses = [*spec.get("filter", []), *spec.get("must", [])]
        should = spec.get("should", [])
        wanted = spec.get("minimum_should_match", 0 if clauses else 1) if should else 0
        return (
            all(matches(c, source) for c in clauses)
            and not any(matches(c, source) for c in spec.get("must_not", []))
            and sum(matches(c, source) for c in should) >= wanted
        )
    if kind == "match_all":
        return True
    ((field, value),) = spec.items()
    present = source.get(field)
    values = present if isinstance(present, list) else [] if present is None else [present]
    if kind == "term":
        return value in values
    if kind == "terms":
        return any(v in value for v in values)
    if kind == "exists":
        return source.get(value) is not None
    if kind == "range":
        if present is None:
            return False
        at, ops = (
            datetime.fromisoformat(present),
            {"gt": "__gt__", "gte": "__ge__", "lt": "__lt__", "lte": "__le__"},
        )
        return all(getattr(at, ops[op])(datetime.fromisoformat(bound)) for op, bound in value.items())
    raise AssertionError(f"the evaluator does not know {kind}")


MOMENTS = [
    None,
    NOW - timedelta(days=1),
    NOW - timedelta(milliseconds=1),
    NOW,
    NOW + timedelta(milliseconds=1),
]
docs = st.builds(
    doc,
    memory_id=st.sampled_from(["m-1", "m-2"]),
    tenant_id=st.sampled_from(["acme", "globex"]),
    scope=st.sampled_from(list(ScopeKind)),
    user_id=st.sampled_from(["alice", "bob"]),
    project_id=st.sampled_from([None, "apollo", "zeus"]),
    status=st.sampled_from(list(Status)),
    type=st.sampled_from(list(MemoryType)),
    valid_until=st.sampled_from([*MOMENTS, NOW + timedelta(days=1)]),
).filter(lambda d: d.scope is not ScopeKind.PROJECT or d.project_id is not None)
filters = st.builds(
    SearchFilter,
    scope=st.builds(
        Scope,
        tenant_id=st.sampled_from(["acme", "globex"]),
        user_id=st.sampled_from(["alice", "bob"]),
        project_id=st.sampled_from([None, "apollo", "zeus"]),
    ),
    statuses=st.one_of(st.just(INJECTABLE_STATUSES), st.frozensets(st.sampled_from(list(Status)))),
    types=st.one_of(st.none(), st.frozensets(st.sampled_from(list(MemoryType)))),
    now=st.just(NOW),
)


def visible(f: SearchFilter, d: SearchDoc) -> bool:
    return (
        d.tenant_id == f.scope.tenant_id
        and scope_allows(f.scope, d.scope, d.user_id, d.project_id)
        and d.status in f.statuses
        and (f.types is None or d.type in f.types)
        and (d.valid_until is None or d.valid_until > NOW)
    )


@settings(max_examples=300, deadline=None)
@given(f=filters, batch=st.lists(docs, max_size=12))
def test_the_filter_admits_exactly_what_the_scope_may_see(f: SearchFilter, batch: list[SearchDoc]) -> None:
    built = scope_filter(f)
    assert {"term": {"tenant_id": f.scope.tenant_id}} in built["bool"]["filter"]
    for d in batch:
        admitted = matches(built, doc_source(d))
        assert admitted == visible(f, d), (d, built)
        if d.scope is ScopeKind.USER and d.user_id != f.scope.user_id:
            assert not admitted


@given(f=filters)
def test_every_query_path_carries_the_same_filter(f: SearchFilter) -> None:
    wanted, vector = scope_filter(f), [1.0, 0.0, 0.0, 0.0]
    assert text_query(["deploy"], f, 5)["query"]["bool"]["filter"] == [wanted]
    assert knn_query(vector, f, 5)["query"]["knn"]["vector"]["filter"] == wanted
    assert timeline_query(f, 5, ["ada"], NOW)["query"]["bool"]["filter"][0] == wanted
    keyword, knn = hybrid_query(["deploy"], vector, f, 5)["query"]["hybrid"]["queries"]
    assert keyword["bool"]["filter"] == [wanted] and knn["knn"]["vector"]["filter"] == wanted
    assert count_query(f)["query"] == wanted


@pytest.fixture(scope="module")
def osmem_url() -> Iterator[str]:
    osmem = pytest.importorskip("osmem_server", reason="osmem-server (dev dependency) is not installed")
    server = osmem.OsmemServer.start(japanese=False)
    yield server.url
    server.close()


@settings(max_examples=25, deadline=None)
@given(batch=st.lists(docs, max_size=10), queries=st.lists(filters, min_size=1, max_size=3))
def test_a_compatible_server_returns_exactly_what_the_scope_may_see(
    osmem_url: str, batch: list[SearchDoc], queries: list[SearchFilter]
) -> None:
    # Emulated round trip (osmem-server on 127.0.0.1): keyword, timeline and count paths; no k-NN there.
    batch = [d.model_copy(update={"memory_id": f"m-{i}", "vector": None}) for i, d in enumerate(batch)]
    index = OpenSearchIndex(
        client=OpenSearch(hosts=[osmem_url]), alias=f"prop-{os.urandom(6).hex()}", dim=DIM
    )
    index.ensure_index()
    index.upsert(batch)
    for f in queries:
        seen = {d.memory_id for d in batch if visible(f, d)}
        assert set(ids(index.search_text("deploys tuesday", f, 50))) == seen
        assert set(ids(index.search_timeline(f, 50, start=NOW - timedelta(days=2)))) == seen
        assert index.count(f) == len(seen)

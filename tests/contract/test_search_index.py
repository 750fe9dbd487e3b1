"""Contract of the `SearchIndex` port: every adapter passes this same suite.

Only the port is exercised here (no adapter internals): an adapter joins by adding one entry to `ADAPTERS`.
Each adapter is opened on named storage: opening the same name again must see the same data.

Real (`opensearch`): `OpenSearchIndex` runs against a single-node OpenSearch 2.19 on 127.0.0.1 with the
k-NN plugin (lucene engine) and the neural-search plugin, started once per session (tests/contract/engines.py;
skipped only without Java and Maven). Every test runs there, the vector path included.

Emulated (`opensearch-osmem`): the same adapter against osmem-server, an in-memory OpenSearch-compatible
server from PyPI (no Java). It serves CRUD, BM25 `match`, the bool filters, aliases and delete-by-query,
but has no k-NN and no search pipelines: tests that need the vector path are skipped for it. Golden
request bodies pin the requests themselves (tests/adapters/test_opensearch_index.py).
"""

from __future__ import annotations

import hashlib
import itertools
import threading
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reverie.adapters.aws.opensearch_index import OpenSearchIndex
from reverie.adapters.local.search_index import SqliteSearchIndex
from reverie.domain.models import INJECTABLE_STATUSES, MemoryType, Scope, ScopeKind, Status, scope_allows
from reverie.domain.search import SearchDoc, SearchFilter, SearchHit
from reverie.ports import SearchIndex
from tests.contract.opensearch_indices import IndexPool

DIM = 8
NOW = datetime(2025, 1, 1, 12, 0, tzinfo=UTC)
ME = Scope(tenant_id="t1", user_id="u1", project_id="p1")

Opener = Callable[[Path, str], SearchIndex]


def sqlite_opener(request: pytest.FixtureRequest) -> Opener:
    return lambda root, name: SqliteSearchIndex(root / f"{name}.db", dim=DIM)


def opensearch_opener(request: pytest.FixtureRequest) -> Opener:
    """Each name the test opens takes an emptied index from the session's pool on the real OpenSearch
    (the same name opens the same index); the test gives them back when it ends."""
    pool: IndexPool = request.getfixturevalue("opensearch_pool")
    taken: dict[str, str] = {}

    def opener(root: Path, name: str) -> SearchIndex:
        if name not in taken:
            taken[name] = pool.take()
        index = pool.open(taken[name])
        index.ensure_index()
        return index

    def forget(name: str) -> None:
        pool.give_back(taken.pop(name))

    def give_back_all() -> None:
        for name in list(taken):
            forget(name)

    request.addfinalizer(give_back_all)
    opener.forget = forget  # type: ignore[attr-defined]
    return opener


@pytest.fixture(scope="session")
def opensearch_pool(opensearch_engine: str) -> IndexPool:
    return IndexPool(opensearch_engine, DIM)


def osmem_opener(request: pytest.FixtureRequest) -> Opener:
    """One alias per (test, name) on the session's emulated server: the same name opens the same index."""
    node = request.node
    path = node.callspec.params.get("path") if hasattr(node, "callspec") else None
    if path == "vector" or node.originalname in NEEDS_KNN:
        pytest.skip("emulated OpenSearch (osmem) has no k-NN: the vector path is checked by golden bodies")
    url = request.getfixturevalue("opensearch_emulator")

    def opener(root: Path, name: str) -> SearchIndex:
        from opensearchpy import OpenSearch

        alias = f"rc-{hashlib.sha1(str(root).encode()).hexdigest()[:12]}-{name}"
        index = OpenSearchIndex(client=OpenSearch(hosts=[url]), alias=alias, dim=DIM)
        index.ensure_index()
        return index

    return opener


ADAPTERS: dict[str, Callable[[pytest.FixtureRequest], Opener]] = {
    "sqlite": sqlite_opener,
    "opensearch": opensearch_opener,
    "opensearch-osmem": osmem_opener,
}
MARKS = {"opensearch": [pytest.mark.engine], "opensearch-osmem": [pytest.mark.emulated]}
NEEDS_KNN = {
    "test_vector_search_returns_the_nearest_first_with_cosine_scores",
    "test_a_doc_without_a_vector_is_found_by_text_and_timeline_but_not_by_vector",
    "test_a_vector_of_the_wrong_size_is_refused_and_the_stored_doc_is_kept",
    "test_upsert_replaces_text_vector_and_fields_on_every_path",
    "test_one_upsert_of_new_and_held_docs_and_a_doc_given_twice_leaves_the_last_of_each",
    "test_docs_survive_closing_and_reopening_the_index",
    "test_a_write_through_one_handle_is_seen_by_another_on_the_same_storage",
    "test_concurrent_writers_and_readers_see_a_consistent_index",
    "test_no_path_returns_a_doc_the_scope_cannot_see",
}
"""Tests that call `search_vector` on every run; the emulated OpenSearch skips them."""


@pytest.fixture(scope="session")
def opensearch_emulator() -> Iterator[str]:
    """osmem-server on 127.0.0.1 for the whole session; its URL."""
    try:
        from osmem_server import OsmemServer
    except ImportError:
        pytest.skip("osmem-server (dev dependency) is not installed: no emulated OpenSearch")
    server = OsmemServer.start(japanese=False)
    yield server.url
    server.close()


class Backend:
    """Opens the adapter under test on named storage and closes whatever it opened."""

    def __init__(self, opener: Opener, root: Path) -> None:
        self._opener, self._root, self._open = opener, root, list[SearchIndex]()
        self._fresh_names = (f"fresh{i}" for i in itertools.count())

    def open_fresh(self) -> tuple[SearchIndex, str]:
        """The adapter on storage no other name uses, and that storage's name (for `discard`)."""
        name = next(self._fresh_names)
        return self.open(name), name

    def discard(self, index: SearchIndex, name: str) -> None:
        """Close `index`; its storage `name` is not opened again (an opener may reuse it, emptied)."""
        self.close(index)
        forget = getattr(self._opener, "forget", None)
        if forget is not None:
            forget(name)

    def open(self, name: str = "main") -> SearchIndex:
        self._open.append(self._opener(self._root, name))
        return self._open[-1]

    def close(self, index: SearchIndex) -> None:
        close = getattr(index, "close", None)
        if close is not None:
            close()
        self._open.remove(index)

    def close_all(self) -> None:
        for index in list(self._open):
            self.close(index)


@pytest.fixture(params=[pytest.param(name, marks=MARKS.get(name, [])) for name in sorted(ADAPTERS)])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Backend]:
    opened = Backend(ADAPTERS[request.param](request), tmp_path)
    yield opened
    opened.close_all()


@pytest.fixture
def index(backend: Backend) -> SearchIndex:
    return backend.open()


def vec(*values: float) -> list[float]:
    return [*values, *[0.0] * (DIM - len(values))]


def doc(
    memory_id: str,
    text: str = "deploy notes",
    *,
    tenant: str = "t1",
    scope: ScopeKind = ScopeKind.USER,
    user: str | None = "u1",
    project: str | None = None,
    type: MemoryType = MemoryType.FACT,
    status: Status = Status.VERIFIED,
    vector: list[float] | None = None,
    valid_until: datetime | None = None,
    observed: datetime | None = NOW - timedelta(days=1),
    entities: tuple[str, ...] = (),
) -> SearchDoc:
    return SearchDoc(
        memory_id=memory_id, tenant_id=tenant, scope=scope, user_id=user, project_id=project, type=type,
        status=status, text=text, vector=vector, valid_until=valid_until, observed_at=observed,
        entities=list(entities),
    )  # fmt: skip


def view(
    scope: Scope = ME,
    statuses: frozenset[Status] = INJECTABLE_STATUSES,
    types: frozenset[MemoryType] | None = None,
) -> SearchFilter:
    return SearchFilter(scope=scope, statuses=statuses, types=types, now=NOW)


def ids(hits: list[SearchHit]) -> list[str]:
    return [hit.memory_id for hit in hits]


PATHS = ["text", "vector", "timeline", "count"]


def found(index: SearchIndex, path: str, filter: SearchFilter) -> set[str] | int:
    """What one recall path returns for a query every `world` doc matches (count: how many)."""
    if path == "text":
        return set(ids(index.search_text("deploy", filter, 100)))
    if path == "vector":
        return set(ids(index.search_vector(vec(1.0), filter, 100)))
    if path == "timeline":
        return set(ids(index.search_timeline(filter, 100, entities=["Ada"], start=NOW - timedelta(days=7))))
    return index.count(filter)


def expect(path: str, visible: set[str]) -> set[str] | int:
    return len(visible) if path == "count" else visible


@pytest.fixture
def world(index: SearchIndex) -> SearchIndex:
    """GIVEN docs that every path matches, spread over tenants, users, projects, statuses, types, expiry."""
    every = partial(doc, vector=vec(1.0, 0.1), entities=("Ada",))
    index.upsert([
        every("mine", type=MemoryType.PREFERENCE),
        every("other-user", user="u2"),
        every("other-tenant", tenant="t2"),
        every("project-mine", scope=ScopeKind.PROJECT, user=None, project="p1"),
        every("project-other", scope=ScopeKind.PROJECT, user="u1", project="p2"),
        every("org", scope=ScopeKind.ORG, user=None),
        every("global", scope=ScopeKind.GLOBAL, user=None),
        every("org-other-tenant", tenant="t2", scope=ScopeKind.ORG, user=None),
        every("hypothesis", status=Status.HYPOTHESIS),
        every("superseded", status=Status.SUPERSEDED),
        every("expired", valid_until=NOW),
        every("valid", type=MemoryType.CONSTRAINT, valid_until=NOW + timedelta(days=1)),
    ])  # fmt: skip
    return index


MY_VIEW = {"mine", "project-mine", "org", "global", "valid"}


# -- filters, on every path ----------------------------------------------------------------------


@pytest.mark.parametrize("path", PATHS)
def test_a_user_sees_own_project_org_and_global_docs_and_nothing_else(world: SearchIndex, path: str) -> None:
    # WHEN u1 in project p1 asks THEN other tenants, users, projects, hypotheses and expired docs stay out
    assert found(world, path, view()) == expect(path, MY_VIEW)


@pytest.mark.parametrize("path", PATHS)
def test_another_user_of_the_tenant_sees_only_shared_docs_and_their_own(
    world: SearchIndex, path: str
) -> None:
    other = Scope(tenant_id="t1", user_id="u2")
    assert found(world, path, view(other)) == expect(path, {"other-user", "org", "global"})


@pytest.mark.parametrize("path", PATHS)
def test_same_user_id_in_another_tenant_sees_only_that_tenant(world: SearchIndex, path: str) -> None:
    elsewhere = Scope(tenant_id="t2", user_id="u1", project_id="p1")
    assert found(world, path, view(elsewhere)) == expect(path, {"other-tenant", "org-other-tenant"})


@pytest.mark.parametrize("path", PATHS)
def test_project_docs_reach_only_a_request_naming_that_project(world: SearchIndex, path: str) -> None:
    no_project = Scope(tenant_id="t1", user_id="u1")
    assert found(world, path, view(no_project)) == expect(path, MY_VIEW - {"project-mine"})


@pytest.mark.parametrize("path", PATHS)
def test_hypotheses_stay_out_by_default_and_come_back_when_asked_for(world: SearchIndex, path: str) -> None:
    asked = view(statuses=frozenset({Status.HYPOTHESIS, Status.SUPERSEDED}))
    assert found(world, path, asked) == expect(path, {"hypothesis", "superseded"})


@pytest.mark.parametrize("path", PATHS)
def test_type_filter_keeps_only_those_types(world: SearchIndex, path: str) -> None:
    rules = view(types=frozenset({MemoryType.PREFERENCE, MemoryType.CONSTRAINT}))
    assert found(world, path, rules) == expect(path, {"mine", "valid"})


@pytest.mark.parametrize("path", PATHS)
def test_expiry_is_relative_to_the_filter_now(world: SearchIndex, path: str) -> None:
    earlier = SearchFilter(scope=ME, now=NOW - timedelta(hours=1))
    assert found(world, path, earlier) == expect(path, MY_VIEW | {"expired"})
    later = SearchFilter(scope=ME, now=NOW + timedelta(days=2))
    assert found(world, path, later) == expect(path, MY_VIEW - {"valid"})


@pytest.mark.parametrize("path", PATHS)
def test_without_a_given_now_expiry_follows_the_clock(index: SearchIndex, path: str) -> None:
    today = datetime.now(UTC)
    index.upsert([
        doc("lapsed", vector=vec(1.0), entities=("Ada",), valid_until=today - timedelta(minutes=1)),
        doc("current", vector=vec(1.0), entities=("Ada",), valid_until=today + timedelta(days=1)),
    ])  # fmt: skip
    assert found(index, path, SearchFilter(scope=ME)) == expect(path, {"current"})


# -- keyword path --------------------------------------------------------------------------------


def test_keyword_search_ranks_the_doc_matching_more_query_words_first(index: SearchIndex) -> None:
    index.upsert([
        doc("editor-font", "The editor font size is 14"),
        doc("dark-editor", "The user wants dark mode in the code editor"),
        doc("tea", "The user drinks green tea in the morning"),
    ])  # fmt: skip
    hits = index.search_text("dark mode editor", view(), 10)
    assert ids(hits) == ["dark-editor", "editor-font"]
    assert hits[0].score > hits[1].score


def test_keyword_search_matches_other_word_forms_and_accents(index: SearchIndex) -> None:
    index.upsert([doc("build", "The nightly build runs at 2am"), doc("cafe", "Meetings happen at the café")])
    assert ids(index.search_text("running builds", view(), 10)) == ["build"]
    assert ids(index.search_text("cafe", view(), 10)) == ["cafe"]


@pytest.mark.parametrize("query", ["", "   ", "the and of", "?! ...", "what is it", "AND OR NOT"])
def test_empty_or_stop_word_queries_return_nothing(index: SearchIndex, query: str) -> None:
    index.upsert([doc("a", "the and of what is it")])
    assert index.search_text(query, view(), 10) == []


HOSTILE = [
    '"', '""', "'", "alpha\"", 'NEAR(', "NEAR(alpha beta, 0)", "*", "OR", "-", "(", ")", "((alpha", "alpha)",
    "text:alpha", "{text}: alpha", "^alpha", "alpha + beta", "🙂 alpha", "\x00alpha", "ａｌｐｈａ", "\u200balpha",
    "'; DROP TABLE docs; --", "alpha AND", "alpha" * 2_000, " ".join(["alpha"] * 500), "Ελληνικά 日本語 عربى",
]  # fmt: skip


@pytest.mark.parametrize("query", HOSTILE)
def test_hostile_query_text_neither_errors_nor_breaks_the_index(index: SearchIndex, query: str) -> None:
    index.upsert([doc("alpha", "alpha report"), doc("beta", "beta report")])
    assert set(ids(index.search_text(query, view(), 10))) <= {"alpha", "beta"}
    assert index.count(view()) == 2


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("alpha NOT beta", {"alpha", "beta"}),  # NOT is a word here, not an operator
        ("-beta", {"beta"}),  # not a negation
        ("alp*", set()),  # not a prefix query
        ('beta" OR "alpha', {"alpha", "beta"}),  # a quote cannot close the term early
        ("text:beta", {"beta"}),  # not a column filter
        ("NEAR(alpha beta)", {"alpha", "beta"}),
    ],
)
def test_query_text_is_searched_as_words_never_as_syntax(
    index: SearchIndex, query: str, expected: set[str]
) -> None:
    index.upsert([doc("alpha", "alpha report"), doc("beta", "beta report")])
    assert set(ids(index.search_text(query, view(), 10))) == expected


# -- vector path ---------------------------------------------------------------------------------


def test_vector_search_returns_the_nearest_first_with_cosine_scores(index: SearchIndex) -> None:
    index.upsert([
        doc("east", vector=vec(1.0, 0.0)),
        doc("north-east", vector=vec(3.0, 3.0)),  # length does not matter, direction does
        doc("west", vector=vec(-1.0, 0.2)),
        doc("north", vector=vec(0.0, 2.0)),
    ])  # fmt: skip
    hits = index.search_vector(vec(1.0, 0.2), view(), 3)
    assert ids(hits) == ["east", "north-east", "north"]
    query = np.array(vec(1.0, 0.2))
    for hit, other in zip(hits, [vec(1.0), vec(1.0, 1.0), vec(0.0, 1.0)], strict=True):
        cosine = query @ other / (np.linalg.norm(query) * np.linalg.norm(other))
        assert hit.score == pytest.approx(cosine, abs=1e-5)
    assert ids(index.search_vector(vec(-1.0), view(), 1)) == ["west"]


def test_a_doc_without_a_vector_is_found_by_text_and_timeline_but_not_by_vector(index: SearchIndex) -> None:
    index.upsert([doc("plain", "deploy checklist", vector=None, entities=("Ada",))])
    assert ids(index.search_text("deploy", view(), 5)) == ["plain"]
    assert ids(index.search_timeline(view(), 5, entities=["ada"])) == ["plain"]
    assert index.search_vector(vec(1.0), view(), 5) == []


def test_a_vector_of_the_wrong_size_is_refused_and_the_stored_doc_is_kept(index: SearchIndex) -> None:
    index.upsert([doc("kept", "deploy checklist", vector=vec(1.0))])
    with pytest.raises(ValueError, match="dimension"):
        index.upsert([doc("kept", "replacement", vector=[1.0, 0.0, 0.0])])
    with pytest.raises(ValueError, match="dimension"):
        index.search_vector([1.0, 0.0], view(), 5)
    assert ids(index.search_text("deploy", view(), 5)) == ["kept"]
    assert ids(index.search_vector(vec(1.0), view(), 5)) == ["kept"]


# -- timeline / entity path ----------------------------------------------------------------------


def test_timeline_keeps_the_window_and_puts_the_most_recent_first(index: SearchIndex) -> None:
    index.upsert([doc(f"day{d}", observed=NOW - timedelta(days=d)) for d in range(1, 6)] + [
        doc("undated", observed=None)
    ])  # fmt: skip
    window = index.search_timeline(view(), 10, start=NOW - timedelta(days=4), end=NOW - timedelta(days=2))
    assert ids(window) == ["day2", "day3", "day4"]  # both ends included
    assert ids(index.search_timeline(view(), 10, end=NOW - timedelta(days=4))) == ["day4", "day5"]
    assert ids(index.search_timeline(view(), 2, start=NOW - timedelta(days=3))) == ["day1", "day2"]


def test_several_windows_read_at_once_give_each_window_what_it_gives_alone(index: SearchIndex) -> None:
    """GIVEN episodes and facts over ten days, some another user's, some expired
    WHEN recall reads three windows at once (the neighbour boost), episodes only, two a window
    THEN each window holds what the timeline gives it alone: the same ids, in order, within the filter."""
    index.upsert([
        doc(f"ep{h}", type=MemoryType.EPISODE, observed=NOW - timedelta(hours=h)) for h in range(0, 240, 6)
    ] + [
        doc("fact", observed=NOW - timedelta(hours=12)),
        doc("theirs", type=MemoryType.EPISODE, user="u2", observed=NOW - timedelta(hours=12)),
        doc("expired", type=MemoryType.EPISODE, valid_until=NOW, observed=NOW - timedelta(hours=13)),
    ])  # fmt: skip
    episodes = view(types=frozenset({MemoryType.EPISODE}))
    windows = [
        (NOW - timedelta(hours=14), NOW - timedelta(hours=6)),
        (NOW - timedelta(days=30), NOW - timedelta(days=20)),
        (NOW - timedelta(hours=100), NOW - timedelta(hours=60)),
    ]
    together = index.search_windows(episodes, 2, windows)
    assert [ids(hits) for hits in together] == [["ep6", "ep12"], [], ["ep60", "ep66"]]
    assert together == [index.search_timeline(episodes, 2, (), start, end) for start, end in windows]
    assert index.search_windows(episodes, 2, []) == []


def test_timeline_ranks_by_entities_mentioned_then_recency(index: SearchIndex) -> None:
    index.upsert([
        doc("ada-old", entities=("Ada Lovelace",), observed=NOW - timedelta(days=9)),
        doc("ada-new", entities=("ada lovelace",), observed=NOW - timedelta(days=1)),
        doc("both", entities=("ADA LOVELACE", "Analytical Engine"), observed=NOW - timedelta(days=30)),
        doc("bob", entities=("Bob",), observed=NOW - timedelta(hours=1)),
        doc("none", observed=NOW),
    ])  # fmt: skip
    hits = index.search_timeline(view(), 10, entities=["Ada Lovelace", "analytical engine"])
    assert ids(hits) == ["both", "ada-new", "ada-old"]
    assert [hit.score for hit in hits] == [2.0, 1.0, 1.0]
    assert index.search_timeline(view(), 10, entities=["Lovelace"]) == []  # whole entities, not substrings


# -- writes --------------------------------------------------------------------------------------


def test_upsert_replaces_text_vector_and_fields_on_every_path(index: SearchIndex) -> None:
    index.upsert([doc("m1", "deploy with blue green", vector=vec(1.0), entities=("Ada",))])
    assert ids(index.search_vector(vec(1.0), view(), 5)) == ["m1"]  # warm whatever the adapter caches
    index.upsert([doc("m1", "rollback with canary", vector=vec(0.0, 1.0), entities=("Bob",))])
    assert index.search_text("blue green", view(), 5) == []
    assert ids(index.search_text("canary", view(), 5)) == ["m1"]
    assert index.search_vector(vec(1.0), view(), 5)[0].score == pytest.approx(0.0, abs=1e-5)
    assert index.search_timeline(view(), 5, entities=["Ada"]) == []
    assert index.count(view()) == 1
    # a status or scope change takes effect at once, on the vector path too
    index.upsert([doc("m1", "rollback with canary", vector=vec(0.0, 1.0), status=Status.ARCHIVED)])
    assert index.search_vector(vec(0.0, 1.0), view(), 5) == []
    index.upsert([doc("m1", "rollback with canary", vector=vec(0.0, 1.0), scope=ScopeKind.ORG, user=None)])
    someone = view(Scope(tenant_id="t1", user_id="u9"))
    assert ids(index.search_vector(vec(0.0, 1.0), someone, 5)) == ["m1"]


def test_one_upsert_of_new_and_held_docs_and_a_doc_given_twice_leaves_the_last_of_each(
    index: SearchIndex,
) -> None:
    # GIVEN a held doc, searched once (whatever the adapter caches is warm)
    index.upsert([doc("m1", "deploy with blue green", vector=vec(1.0), entities=("Ada",))])
    assert ids(index.search_vector(vec(1.0), view(), 5)) == ["m1"]
    # WHEN one upsert rewrites it, and brings a new doc in two versions
    index.upsert(
        [
            doc("m1", "rollback with canary", vector=vec(0.0, 1.0), entities=("Bob",)),
            doc("m2", "first wording", vector=vec(1.0), entities=("Cy",)),
            doc("m2", "second wording", vector=vec(0.0, 0.0, 1.0), entities=("Dee",)),
        ]
    )
    # THEN each doc is its last version on every path, and nothing of the versions before is left
    assert index.count(view()) == 2
    assert [ids(index.search_timeline(view(), 5, entities=[e])) for e in ("Ada", "Bob", "Cy", "Dee")] == [
        [],
        ["m1"],
        [],
        ["m2"],
    ]
    assert index.search_text("blue first", view(), 5) == []
    assert ids(index.search_text("second wording", view(), 5)) == ["m2"]
    assert ids(index.search_vector(vec(0.0, 0.0, 1.0), view(), 1)) == ["m2"]
    assert index.search_vector(vec(1.0), view(), 5)[0].score == pytest.approx(0.0, abs=1e-5)


@pytest.mark.parametrize("path", PATHS)
def test_deleted_docs_are_gone_from_every_path(world: SearchIndex, path: str) -> None:
    found(world, path, view())  # warm whatever the adapter caches
    world.delete("t1", ["mine", "org", "no-such-id"])
    world.delete("t2", ["global"])  # another tenant's delete does not reach t1
    assert found(world, path, view()) == expect(path, MY_VIEW - {"mine", "org"})


@pytest.mark.parametrize("path", PATHS)
def test_delete_user_removes_only_that_users_own_docs(world: SearchIndex, path: str) -> None:
    found(world, path, view())
    # "mine", "hypothesis", "superseded", "expired", "valid" are u1's in t1
    assert world.delete_user("t1", "u1") == 5
    assert found(world, path, view()) == expect(path, {"project-mine", "org", "global"})
    everything = frozenset(Status)
    assert found(world, path, view(statuses=everything)) == expect(path, {"project-mine", "org", "global"})
    elsewhere = view(Scope(tenant_id="t2", user_id="u1"))
    assert found(world, path, elsewhere) == expect(path, {"other-tenant", "org-other-tenant"})
    assert world.delete_user("t1", "u1") == 0


def test_docs_survive_closing_and_reopening_the_index(backend: Backend) -> None:
    first = backend.open("kept")
    first.upsert([doc("m1", "deploy checklist", vector=vec(1.0), entities=("Ada",))])
    backend.close(first)
    again = backend.open("kept")
    assert ids(again.search_text("deploy", view(), 5)) == ["m1"]
    assert ids(again.search_vector(vec(1.0), view(), 5)) == ["m1"]
    assert ids(again.search_timeline(view(), 5, entities=["ada"])) == ["m1"]


def test_a_write_through_one_handle_is_seen_by_another_on_the_same_storage(backend: Backend) -> None:
    # GIVEN the server's handle has answered (and may cache) WHEN the dream writes through its own handle
    server, dream = backend.open("shared"), backend.open("shared")
    server.upsert([doc("old", vector=vec(1.0))])
    assert ids(server.search_vector(vec(1.0), view(), 5)) == ["old"]
    dream.upsert([doc("new", vector=vec(1.0, 0.5))])
    dream.delete("t1", ["old"])
    # THEN the server answers from the new state on every path
    assert ids(server.search_vector(vec(1.0), view(), 5)) == ["new"]
    assert ids(server.search_text("deploy", view(), 5)) == ["new"]


def test_concurrent_writers_and_readers_see_a_consistent_index(index: SearchIndex) -> None:
    errors: list[BaseException] = []

    def work(worker: int) -> None:
        try:
            for i in range(25):
                index.upsert([doc(f"w{worker}-{i}", f"deploy {worker} {i}", vector=vec(1.0, i))])
                index.search_vector(vec(1.0), view(), 5)
                index.search_text("deploy", view(), 5)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(w,)) for w in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert index.count(view()) == 100
    assert len(index.search_vector(vec(1.0), view(), 1000)) == 100


# -- the scope rule, as a property ---------------------------------------------------------------

doc_fields = st.fixed_dictionaries({
    "tenant": st.sampled_from(["t1", "t2"]),
    "scope": st.sampled_from(list(ScopeKind)),
    "user": st.sampled_from(["u1", "u2", "u3"]),
    "project": st.sampled_from(["p1", "p2"]),
    "status": st.sampled_from(list(Status)),
    "type": st.sampled_from(list(MemoryType)),
    "valid_until": st.sampled_from([None, NOW - timedelta(days=1), NOW, NOW + timedelta(days=1)]),
    "has_vector": st.booleans(),
    "entities": st.sets(st.sampled_from(["Ada", "Bob"])),
})  # fmt: skip
queries = st.builds(
    SearchFilter,
    scope=st.builds(
        Scope,
        tenant_id=st.sampled_from(["t1", "t2"]),
        user_id=st.sampled_from(["u1", "u2", "u3"]),
        project_id=st.sampled_from([None, "p1", "p2"]),
    ),
    statuses=st.one_of(
        st.just(INJECTABLE_STATUSES), st.frozensets(st.sampled_from(list(Status)), min_size=1)
    ),
    types=st.one_of(st.none(), st.frozensets(st.sampled_from(list(MemoryType)), min_size=1)),
    now=st.just(NOW),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(fields=st.lists(doc_fields, max_size=25), filters=st.lists(queries, min_size=1, max_size=4))
def test_no_path_returns_a_doc_the_scope_cannot_see(
    backend: Backend, fields: list[dict[str, object]], filters: list[SearchFilter]
) -> None:
    rng = np.random.default_rng(0)
    docs = [
        doc(
            f"m{i}", "deploy memo", tenant=str(f["tenant"]), scope=ScopeKind(f["scope"]), user=str(f["user"]),
            project=str(f["project"]), status=Status(f["status"]), type=MemoryType(f["type"]),
            valid_until=f["valid_until"], entities=tuple(f["entities"]),  # type: ignore[arg-type]
            vector=[float(x) for x in rng.normal(size=DIM)] if f["has_vector"] else None,
        )
        for i, f in enumerate(fields)
    ]  # fmt: skip
    index, name = backend.open_fresh()
    index.upsert(docs)
    for query in filters:
        visible = {
            d.memory_id
            for d in docs
            if d.tenant_id == query.scope.tenant_id
            and scope_allows(query.scope, d.scope, d.user_id, d.project_id)
            and d.status in query.statuses
            and (query.types is None or d.type in query.types)
            and (d.valid_until is None or d.valid_until > NOW)
        }
        with_vector = {d.memory_id for d in docs if d.vector is not None} & visible
        with_ada = {d.memory_id for d in docs if "Ada" in d.entities} & visible
        assert set(ids(index.search_text("memo", query, 100))) == visible
        assert set(ids(index.search_vector(vec(1.0), query, 100))) == with_vector
        assert set(ids(index.search_timeline(query, 100))) == visible
        assert set(ids(index.search_timeline(query, 100, entities=["ADA"]))) == with_ada
        assert index.count(query) == len(visible)
    backend.discard(index, name)

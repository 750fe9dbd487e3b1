"""The embedded index's keyword path on a large index: the informative terms are ranked, not every row that
shares a common word (adapters/local/keyword_bound.py), and the answer a user sees stays the same."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from reverie.adapters.local.keyword_bound import MatchCounts, bounded_expressions, keyword_expressions
from reverie.adapters.local.search_index import SqliteSearchIndex
from reverie.adapters.local.search_sql import query_terms
from reverie.domain.models import MemoryType, Scope, ScopeKind, Status
from reverie.domain.search import SearchDoc, SearchFilter

ALICE = Scope(tenant_id="t1", user_id="alice")
BOB = Scope(tenant_id="t1", user_id="bob")


def _doc(i: int, text: str, user: str = "alice") -> SearchDoc:
    return SearchDoc(
        memory_id=f"{user}-{i:04d}", tenant_id="t1", scope=ScopeKind.USER, user_id=user,
        type=MemoryType.EPISODE, status=Status.VERIFIED, text=text,
    )  # fmt: skip


# --- the expression --------------------------------------------------------------------------------------


def test_a_query_within_the_bound_is_the_plain_or_of_its_words() -> None:
    assert bounded_expressions(["deploy", "lisbon"], {"deploy": 40, "lisbon": 3}, 100) == [
        '"deploy" OR "lisbon"'
    ]


def test_over_the_bound_the_rarest_words_are_kept_and_the_common_ones_dropped() -> None:
    counts = {"moved": 900, "lisbon": 5, "office": 60, "team": 700}
    assert bounded_expressions(["moved", "lisbon", "office", "team"], counts, 100) == ['"lisbon" OR "office"']


def test_when_every_word_is_common_a_row_needs_the_rarest_and_one_more_then_ever_more_of_them() -> None:
    counts = {"team": 700, "moved": 900, "office": 300, "friday": 500}
    assert bounded_expressions(["team", "moved", "office", "friday"], counts, 100) == [
        '"office" AND ("friday" OR "team" OR "moved")',
        '"office" AND "friday" AND ("team" OR "moved")',
        '"office" AND "friday" AND "team" AND "moved"',
    ]
    assert bounded_expressions(["team"], {"team": 700}, 100) == ['"team"']


def test_words_in_no_row_are_left_out_and_a_query_of_only_those_still_finds_nothing() -> None:
    assert bounded_expressions(["zzz", "lisbon"], {"zzz": 0, "lisbon": 3}, 100) == ['"lisbon"']
    assert bounded_expressions(["zzz"], {"zzz": 0}, 100) == ['"zzz"']


# --- through the index ------------------------------------------------------------------------------------


@pytest.fixture
def crowded(tmp_path: Path) -> Path:
    """400 of Alice's notes share 'deploy'; three also name Lisbon; Bob has two deploy notes of his own."""
    index = SqliteSearchIndex(tmp_path / "index.db")
    docs = [_doc(i, f"note {i}: the deploy of service {i % 17} went fine") for i in range(400)]
    docs += [_doc(400 + i, f"the deploy in Lisbon number {i} failed") for i in range(3)]
    docs += [_doc(i, f"bob's deploy {i} of the billing job", user="bob") for i in range(2)]
    index.upsert(docs)
    index.close()
    return tmp_path / "index.db"


def test_a_bounded_search_ranks_the_same_best_notes_as_ranking_every_match(crowded: Path) -> None:
    # GIVEN the same index opened with a small candidate bound and with none
    bounded = SqliteSearchIndex(crowded, max_keyword_candidates=50)
    exact = SqliteSearchIndex(crowded, max_keyword_candidates=10**9)
    # WHEN Alice asks about the failed deploy in Lisbon
    found = bounded.search_text("why did the deploy in Lisbon fail?", SearchFilter(scope=ALICE), 3)
    # THEN the three Lisbon notes come first, exactly as when every 'deploy' note is ranked
    assert {h.memory_id for h in found} == {"alice-0400", "alice-0401", "alice-0402"}
    every = exact.search_text("why did the deploy in Lisbon fail?", SearchFilter(scope=ALICE), 3)
    assert [h.memory_id for h in found] == [h.memory_id for h in every]


def test_a_user_whose_notes_hold_only_the_common_words_still_finds_them(crowded: Path) -> None:
    # GIVEN a small bound: 'Lisbon' (3 rows) is kept and 'deploy' (405 rows) dropped
    index = SqliteSearchIndex(crowded, max_keyword_candidates=50)
    # WHEN Bob, none of whose notes names Lisbon, asks the same question
    found = index.search_text("why did the deploy in Lisbon fail?", SearchFilter(scope=BOB), 5)
    # THEN his own deploy notes are found (the cut admitted none of his rows, so every match is ranked)
    assert {h.memory_id for h in found} == {"bob-0000", "bob-0001"}


@pytest.fixture
def common_words(tmp_path: Path) -> Path:
    """600 of Alice's notes that all say 'deploy' and 'service', each in one of 5 cities on one of 7 days;
    two of Bob's in Oslo."""
    cities, days = ["Lisbon", "Oslo", "Pune", "Lima", "Cork"], ["monday", "tuesday", "friday", "sunday"]
    days += ["wednesday", "thursday", "saturday"]
    docs = [
        _doc(i, f"note {i}: the deploy of service {i % 17} in {cities[i % 5]} on {days[i % 7]}")
        for i in range(600)
    ]
    docs += [_doc(i, f"bob's deploy of service {i} in Oslo on friday", user="bob") for i in range(2)]
    index = SqliteSearchIndex(tmp_path / "index.db")
    index.upsert(docs)
    index.close()
    return tmp_path / "index.db"


QUESTION = "the deploy of service in Lisbon on friday?"


def test_when_every_word_is_common_the_rows_ranked_are_narrowed_to_within_the_bound(
    common_words: Path,
) -> None:
    # GIVEN a bound of 50 rows, which each of the question's words exceeds ('friday' alone is in 86 rows)
    db = sqlite3.connect(common_words)
    # WHEN the expressions for the question are chosen
    first, *looser = keyword_expressions(MatchCounts(db), query_terms(QUESTION), 50, 3)
    # THEN the first one ranks at most 50 rows (and at least the 3 asked for); the last is the plain OR
    admitted = db.execute("SELECT count(*) FROM docs_fts WHERE docs_fts MATCH ?", (first,)).fetchone()[0]
    assert 3 <= admitted <= 50
    assert first == '"friday" AND "lisbon" AND ("deploy" OR "service")'
    assert looser[-1] == '"deploy" OR "service" OR "lisbon" OR "friday"'


def test_narrowed_searches_rank_the_same_best_notes_and_a_user_left_short_is_searched_more_loosely(
    common_words: Path,
) -> None:
    bounded = SqliteSearchIndex(common_words, max_keyword_candidates=50)
    exact = SqliteSearchIndex(common_words, max_keyword_candidates=10**9)
    # WHEN Alice asks with every word common THEN her best notes are those ranking every match finds
    found = bounded.search_text(QUESTION, SearchFilter(scope=ALICE), 5)
    assert [h.memory_id for h in found] == [
        h.memory_id for h in exact.search_text(QUESTION, SearchFilter(scope=ALICE), 5)
    ]
    assert all(
        int(h.memory_id[-4:]) % 35 == 30 for h in found
    )  # in Lisbon (i % 5 == 0) on friday (i % 7 == 2)
    # WHEN Bob, none of whose notes names Lisbon, asks THEN his own notes are found
    bobs = bounded.search_text(QUESTION, SearchFilter(scope=BOB), 5)
    assert {h.memory_id for h in bobs} == {"bob-0000", "bob-0001"}


@pytest.mark.parametrize("writer", ["the same handle", "another handle"])
def test_a_word_counted_before_a_write_is_counted_again_after_it(crowded: Path, writer: str) -> None:
    # GIVEN a bounded index that counted 'zanzibar' in no row (a word in no row is left out of the query)
    index = SqliteSearchIndex(crowded, max_keyword_candidates=50)
    assert index.search_text("deploy to Zanzibar", SearchFilter(scope=ALICE), 3)[0].memory_id != "alice-0999"
    # WHEN a note naming Zanzibar is written, through this handle or another on the same file
    other = index if writer == "the same handle" else SqliteSearchIndex(crowded)
    long_note = "the deploy " + "and a long story " * 10 + "in Zanzibar"  # ranked by 'deploy' alone: last
    other.upsert([_doc(999, long_note)])
    # THEN the next search counts the word again and finds the note first
    assert index.search_text("deploy to Zanzibar", SearchFilter(scope=ALICE), 3)[0].memory_id == "alice-0999"


def test_match_counts_are_remembered_until_the_index_changes(crowded: Path) -> None:
    db = sqlite3.connect(crowded)
    counts = MatchCounts(db)
    counts.refresh()
    assert counts('"lisbon"') == 3
    # GIVEN a row added by this connection WHEN the counts are refreshed THEN the count is read again
    db.execute("INSERT INTO docs (memory_id, tenant_id, scope, user_id, type, status, entities, text)"
               " VALUES ('x', 't1', 'user', 'alice', 'fact', 'verified', '[]', 'Lisbon again')")  # fmt: skip
    assert counts('"lisbon"') == 3  # not refreshed yet: remembered
    counts.refresh()
    assert counts('"lisbon"') == 4

"""The embedded index's keyword path on a large index: the informative terms are ranked, not every row that
shares a common word (adapters/local/keyword_bound.py), and the answer a user sees stays the same."""

from __future__ import annotations

from pathlib import Path

import pytest

from reverie.adapters.local.keyword_bound import bounded_expression
from reverie.adapters.local.search_index import SqliteSearchIndex
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
    assert (
        bounded_expression(["deploy", "lisbon"], {"deploy": 40, "lisbon": 3}, 100) == '"deploy" OR "lisbon"'
    )


def test_over_the_bound_the_rarest_words_are_kept_and_the_common_ones_dropped() -> None:
    counts = {"moved": 900, "lisbon": 5, "office": 60, "team": 700}
    assert bounded_expression(["moved", "lisbon", "office", "team"], counts, 100) == '"lisbon" OR "office"'


def test_when_every_word_is_common_a_row_needs_the_rarest_and_one_more() -> None:
    counts = {"team": 700, "moved": 900, "office": 300}
    assert bounded_expression(["team", "moved", "office"], counts, 100) == '"office" AND ("team" OR "moved")'
    assert bounded_expression(["team"], {"team": 700}, 100) == '"team"'


def test_words_in_no_row_are_left_out_and_a_query_of_only_those_still_finds_nothing() -> None:
    assert bounded_expression(["zzz", "lisbon"], {"zzz": 0, "lisbon": 3}, 100) == '"lisbon"'
    assert bounded_expression(["zzz"], {"zzz": 0}, 100) == '"zzz"'


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

"""The index sync function: a scheduled repair of lost index writes, and the rebuild that re-embeds every
card when the embedding model changes (run on every deploy as `rebuild_if_needed`)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.domain.models import Layer, Scope
from reverie.domain.search import SearchFilter
from reverie.handlers import index_sync
from reverie.services.backends import Backends
from reverie.services.index_model import GuardedIndex, IndexModel
from reverie.services.recall import build_context
from tests.fakes.embedder import HashEmbedder
from tests.fakes.factories import make_card
from tests.handlers.conftest import TENANT, LambdaContext, MemoryStamp, load_event

ALICE = Scope(tenant_id=TENANT, user_id="alice")
HASH = IndexModel(HashEmbedder.model_id, 384)


@pytest.fixture
def stamp(backends: Backends, monkeypatch: pytest.MonkeyPatch) -> MemoryStamp:
    """The function configured for the test embedder; its index guarded by an in-memory stamp."""
    monkeypatch.setenv("REVERIE_EMBEDDING_MODEL_ID", HashEmbedder.model_id)
    monkeypatch.setenv("REVERIE_EMBEDDING_DIM", "384")
    stamp = MemoryStamp(HASH)
    backends.index = GuardedIndex(backends.index, stamp, HASH)
    index_sync.runtime.configure(backends=lambda settings: backends, stamp=lambda settings: stamp)
    return stamp


def lost_write(b: Backends, memory_id: str, statement: str) -> None:
    """A verified card whose index write never happened (the function died in between)."""
    card = make_card(
        memory_id,
        tenant_id=TENANT,
        user_id="alice",
        layer=Layer.KNOWLEDGE,
        statement=statement,
        updated_at=datetime.now(UTC),
    )
    b.notes.create(card)


def test_the_repair_indexes_recent_cards_whose_write_was_lost(
    backends: Backends, stamp: MemoryStamp, lambda_context: LambdaContext
) -> None:
    lost_write(backends, "m-pnpm", "Alice uses pnpm, not npm")
    assert build_context(backends, "pnpm", ALICE, 300).memory_ids == []
    done = index_sync.handler(load_event("eventbridge/index_repair"), lambda_context)
    assert done == {"action": "repair", "cards": 1}
    assert build_context(backends, "pnpm", ALICE, 300).memory_ids == ["m-pnpm"]


def test_nothing_is_rebuilt_while_the_model_is_unchanged(
    backends: Backends, stamp: MemoryStamp, lambda_context: LambdaContext
) -> None:
    lost_write(backends, "m-pnpm", "Alice uses pnpm, not npm")
    done = index_sync.handler(load_event("eventbridge/index_rebuild_if_needed"), lambda_context)
    assert done["action"] == "none"
    assert backends.index.count(SearchFilter(scope=ALICE)) == 0


def test_a_new_model_is_rebuilt_on_deploy(
    backends: Backends, stamp: MemoryStamp, lambda_context: LambdaContext
) -> None:
    # GIVEN the index stamped with the model used before this deploy
    stamp.model = IndexModel("amazon.titan-embed-text-v2:0", 1024)
    lost_write(backends, "m-pnpm", "Alice uses pnpm, not npm")
    with pytest.raises(Exception, match="run the index rebuild"):
        build_context(backends, "pnpm", ALICE, 300)
    # WHEN the deploy runs the sync
    done = index_sync.handler(load_event("eventbridge/index_rebuild_if_needed"), lambda_context)
    # THEN every card was embedded with the new model, the stamp moved, and recall serves again
    assert done == {"action": "rebuild", "cards": 1, "model": f"{HashEmbedder.model_id} (384 dimensions)"}
    assert stamp.model == HASH
    assert build_context(backends, "pnpm", ALICE, 300).memory_ids == ["m-pnpm"]


def test_a_rebuild_can_be_asked_for_directly(
    backends: Backends, stamp: MemoryStamp, lambda_context: LambdaContext
) -> None:
    assert index_sync.handler({"action": "rebuild"}, lambda_context)["action"] == "rebuild"
    with pytest.raises(ValueError, match="action"):
        index_sync.handler({"action": "drop-everything"}, lambda_context)

"""One embedding model per index: a function configured for another model than the index's refuses to
search or write it (never a mixed index) until a rebuild re-embedded every card and stamped the model."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace

import boto3  # type: ignore[import-untyped, unused-ignore]
import pytest
from moto import mock_aws

from reverie.adapters.local.search_index import SqliteSearchIndex
from reverie.bootstrap.aws import SsmIndexStamp
from reverie.domain.models import Layer, Scope
from reverie.domain.search import SearchFilter
from reverie.handlers import api
from reverie.services import admin
from reverie.services.backends import Backends
from reverie.services.index_model import (
    GuardedIndex,
    IndexModel,
    IndexModelMismatch,
    IndexStamp,
    check_index_model,
    rebuild_index,
    reindex,
)
from reverie.services.recall import build_context
from tests.fakes.embedder import HashEmbedder
from tests.fakes.factories import make_card
from tests.handlers.conftest import REGION, TENANT, LambdaContext, MemoryStamp, load_event

ALICE = Scope(tenant_id=TENANT, user_id="alice")


class OtherEmbedder(HashEmbedder):
    """Another model: same dimension, other vectors."""

    model_id = "test/other-embedder"

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return [list(reversed(v)) for v in super().embed(texts)]


OLD = IndexModel(HashEmbedder.model_id, 384)
NEW = IndexModel(OtherEmbedder.model_id, 384)


def remember(b: Backends, *statements: str) -> None:
    items = [admin.NewMemory(type="preference", statement=s) for s in statements]  # type: ignore[arg-type]
    admin.create_memories(b, ALICE, items)


def guarded(b: Backends, stamp: IndexStamp, model: IndexModel, embedder: HashEmbedder) -> Backends:
    inner = b.index.inner if isinstance(b.index, GuardedIndex) else b.index
    return replace(b, index=GuardedIndex(inner, stamp, model), embedder=embedder)


def test_the_first_model_claims_an_empty_index() -> None:
    stamp = MemoryStamp()
    check_index_model(stamp, OLD)
    assert stamp.model == OLD
    check_index_model(stamp, OLD)


def test_index_names_differ_per_model_and_dimension() -> None:
    assert IndexModel("amazon.titan-embed-text-v2:0", 1024).tag == "amazon-titan-embed-text-v2-0-1024"
    assert (
        IndexModel("amazon.titan-embed-text-v2:0", 512).tag
        != IndexModel("amazon.titan-embed-text-v2:0", 1024).tag
    )
    long = IndexModel("arn:aws:bedrock:eu-west-1:123456789012:inference-profile/" + "x" * 80, 1024)
    assert len(long.tag) <= 60 and long.tag.endswith("-1024")


def test_another_model_is_refused_until_a_rebuild_ran(backends: Backends) -> None:
    # GIVEN cards embedded with the old model, and an index stamped with it
    stamp = MemoryStamp()
    old = guarded(backends, stamp, OLD, HashEmbedder())
    remember(old, "Alice prefers concise answers", "Alice deploys on Mondays")
    assert stamp.model == OLD
    # WHEN the functions are configured for a new model
    new = guarded(backends, stamp, NEW, OtherEmbedder())
    # THEN they refuse to read or write the index, with a message saying what to do
    with pytest.raises(IndexModelMismatch, match="run the index rebuild"):
        build_context(new, "concise answers", ALICE, 300)
    with pytest.raises(IndexModelMismatch):
        remember(new, "Alice uses pnpm")  # stored in the note store (the truth), not indexed
    # but counting and deleting (forgetting a user) still work
    assert new.index.count(SearchFilter(scope=ALICE)) == 2

    # WHEN the rebuild re-embeds every card with the new model (into that model's own index)
    new_index = SqliteSearchIndex(":memory:", dim=384)
    rebuilt = replace(new, index=GuardedIndex(new_index, stamp, NEW))
    assert rebuild_index(rebuilt, TENANT, stamp, NEW) >= 2
    # THEN the new model serves every card, the one written during the switch too
    assert stamp.model == NEW
    assert new_index.count(SearchFilter(scope=ALICE)) == 3
    context = build_context(rebuilt, "which package manager, pnpm?", ALICE, 300)
    assert "Alice uses pnpm" in context.text


def test_a_waiting_function_serves_as_soon_as_the_rebuild_is_stamped(backends: Backends) -> None:
    stamp = MemoryStamp(OLD)
    new = guarded(backends, stamp, NEW, OtherEmbedder())
    with pytest.raises(IndexModelMismatch):
        build_context(new, "anything", ALICE, 300)
    stamp.write(NEW)  # another function finished the rebuild
    assert build_context(new, "anything", ALICE, 300).memory_ids == []
    reads = stamp.reads
    build_context(new, "anything", ALICE, 300)
    assert stamp.reads == reads  # once it passed, the stamp is not read again


def test_the_rebuild_refuses_an_embedder_of_another_model(backends: Backends) -> None:
    with pytest.raises(ValueError, match="not test/other-embedder"):
        rebuild_index(backends, TENANT, MemoryStamp(), NEW)


def test_repair_indexes_a_card_whose_index_write_was_lost(backends: Backends) -> None:
    # GIVEN a verified card stored without its index write (a crash between the two)
    backends.notes.create(
        make_card(
            "m-lost", tenant_id=TENANT, user_id="alice", layer=Layer.KNOWLEDGE, statement="Alice uses pnpm"
        )
    )
    assert build_context(backends, "pnpm", ALICE, 300).memory_ids == []
    # WHEN the repair runs
    assert reindex(backends, TENANT) == 1
    # THEN recall finds it
    assert build_context(backends, "pnpm", ALICE, 300).memory_ids == ["m-lost"]


def test_a_context_request_during_a_model_switch_answers_503(
    backends: Backends, lambda_context: LambdaContext
) -> None:
    new = guarded(backends, MemoryStamp(OLD), NEW, OtherEmbedder())
    api.runtime.configure(backends=lambda settings: new)
    event = load_event("apigw/get_context")
    reply = api.handler(event, lambda_context)
    assert reply["statusCode"] == 503
    body = json.loads(reply["body"])
    assert body["error"] == "IndexModelMismatch"
    assert "rebuild" in body["message"]


@pytest.mark.emulated
def test_the_stamp_lives_in_ssm() -> None:
    """Emulated: moto's SSM Parameter Store, read through Powertools Parameters."""
    with mock_aws():
        client = boto3.client("ssm", region_name=REGION)
        stamp = SsmIndexStamp("/reverie/acme/index-model", client=client)
        assert stamp.read() is None
        stamp.write(OLD)
        assert stamp.read() == OLD
        stamp.write(NEW)
        assert stamp.read() == NEW  # the cache is dropped on write
        stored = json.loads(client.get_parameter(Name="/reverie/acme/index-model")["Parameter"]["Value"])
        assert stored == {"model_id": NEW.model_id, "dim": 384}

"""Search: the ranked memories themselves for a query, where the context route renders them into a block.

The ranking is recall's own (`services.recall.rank`: the keyword, vector and timeline paths fused, then
reranked by relevance × confidence × freshness × type, one card per key), over the same cards a context
may inject (verified or human-approved, current, inside the caller's scope). A search records no hits: it
is not an injection.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

from aws_lambda_powertools.event_handler import APIGatewayRestResolver
from aws_lambda_powertools.event_handler.openapi.params import Path
from pydantic import BaseModel, ConfigDict, Field

from reverie.api.problems import documented
from reverie.api.schemas import JsonInt
from reverie.domain.models import ID_PATTERN, EvidenceRef, MemoryType, Scope, ScopeKind, Status
from reverie.services.backends import Backends
from reverie.services.recall import rank

UserId = Annotated[str, Path(pattern=ID_PATTERN, description="the end user whose memory this is")]


class SearchRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    query: str = Field(min_length=1, max_length=4_000, description="what to find memories about")
    limit: JsonInt = Field(default=10, ge=1, le=100, description="at most this many memories, best first")
    project_id: str | None = Field(
        default=None, pattern=ID_PATTERN, description="search inside a project too"
    )


class ScoredMemory(BaseModel):
    memory_id: str
    statement: str
    type: MemoryType
    status: Status
    scope: ScopeKind
    key: str | None = Field(description="the memory's stable identity (one current card per key)")
    confidence: float
    score: float = Field(description="recall's rank score (higher is better; comparable within one answer)")
    evidence: list[EvidenceRef] = Field(description="the L1 events (session and event ids) it rests on")


class SearchResponse(BaseModel):
    results: list[ScoredMemory] = Field(description="best first, as the context would rank them")
    count: int


def add_search_routes(
    app: APIGatewayRestResolver, get_backends: Callable[[], Backends], tenant_id: str
) -> None:
    @app.post("/users/<user_id>/search", responses=documented(200))
    def search(user_id: UserId, request: SearchRequest) -> SearchResponse:
        """The memories a context for `query` would draw on, scored and best first (no budget, no hits)."""
        scope = Scope(tenant_id=tenant_id, user_id=user_id, project_id=request.project_id)
        found = rank(get_backends(), request.query, scope, request.limit)
        results = [
            ScoredMemory(
                memory_id=s.card.memory_id,
                statement=s.card.statement,
                type=s.card.type,
                status=s.card.status,
                scope=s.card.scope,
                key=s.card.key,
                confidence=s.card.confidence,
                score=round(s.score, 6),
                evidence=list(s.card.evidence_refs),
            )
            for s in found
        ]
        return SearchResponse(results=results, count=len(results))

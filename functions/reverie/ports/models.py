"""The model ports: embeddings, token counts, reranking, the dream's reasoning, and environment probes.
Every adapter passes the port's contract suite or its adapter tests (tests/contract/, tests/adapters/)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from reverie.domain.dream import Candidate, ProbeResult
from reverie.domain.events import Event
from reverie.domain.models import MemoryCard, Scope


class Embedder(ABC):
    """Sentence embeddings: unit-length vectors of `dim` floats, the same text always the same vector.

    `related_cosine`: the cosine above which a question and a text are likelier related than not for this
    model (`reverie bench meaning-floor` measures it), or None when it was never measured: what uses it
    (recall's meaning path over pending turns) is then off. Cosines are not comparable across models."""

    model_id: str
    dim: int
    related_cosine: float | None = None

    @abstractmethod
    def embed(self, texts: Sequence[str]) -> list[list[float]]: ...


class TokenCounter(ABC):
    """Counts tokens the way a model would see the text (for the recall budget)."""

    @abstractmethod
    def count(self, text: str) -> int: ...


class Reranker(ABC):
    """Scores (query, passage) pairs; higher is more relevant. One score per passage, in order."""

    @abstractmethod
    def rerank(self, query: str, passages: Sequence[str]) -> list[float]: ...


class ReasonerUsage(BaseModel):
    model_config = ConfigDict(frozen=True)

    calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0

    def __add__(self, other: ReasonerUsage) -> ReasonerUsage:
        return ReasonerUsage(
            calls=self.calls + other.calls,
            input_tokens=self.input_tokens + other.input_tokens,
            output_tokens=self.output_tokens + other.output_tokens,
        )


class Extraction(BaseModel):
    model_config = ConfigDict(frozen=True)

    candidates: list[Candidate]
    usage: ReasonerUsage = ReasonerUsage()


class MergeAction(StrEnum):
    ADD = "add"  # nothing like it exists: a new card
    FUSE = "fuse"  # new detail about the target's subject: one richer card (`statement`) absorbs the target
    SUPERSEDE = "supersede"  # the state changed (latest wins): retire the target for a new card
    RETIRE = "retire"  # the target was wrong or is over: it is rejected; the candidate is kept on its own
    NOOP = "noop"  # already known: at most the target gains evidence
    CONFLICT = "conflict"  # contradicts the target and cannot be settled: both go to human review


class MergeDecision(BaseModel):
    model_config = ConfigDict(frozen=True)

    action: MergeAction
    target_id: str | None = None
    statement: str | None = Field(
        default=None,
        description="the fused text for FUSE; for SUPERSEDE, the new card's text when it keeps what the "
        "old card said beside the replaced value",
    )
    reason: str = ""
    usage: ReasonerUsage = ReasonerUsage()


class Reasoner(ABC):
    """The dream's language work: extraction of candidate propositions and merge decisions.

    - `extract` reads one session's events (in order) and returns candidates that cite those events;
      it follows the extraction rules: will it still matter in a month, better to miss than to store
      noise, one idea per candidate, facts without opinion, volatile state never.
    - `decide` compares one candidate with the most similar current cards (possibly none) and says what
      to do; `target_id` is one of the given cards' ids (None for ADD; any other action with none leaves
      the claim undecided, waiting for a later run: "it's plot 14B" when no held card says what "it" is).
    - Both report their usage: `calls` counts language-model calls (a deterministic reasoner makes none),
      which the run's budget (`Budget.max_reasoner_calls`) bounds.
    """

    name: str

    @abstractmethod
    def extract(self, events: Sequence[Event], scope: Scope) -> Extraction: ...

    @abstractmethod
    def decide(self, candidate: Candidate, neighbours: Sequence[MemoryCard]) -> MergeDecision: ...


class Prober(ABC):
    """A registered re-check of a claim against the environment (a file exists, a service answers...).

    `applies_to` says whether this probe can judge the candidate; `probe` answers supported,
    contradicted or unknown, never raises for an unreachable environment (that is `unknown`).
    """

    name: str

    @abstractmethod
    def applies_to(self, candidate: Candidate) -> bool: ...

    @abstractmethod
    def probe(self, candidate: Candidate) -> ProbeResult: ...

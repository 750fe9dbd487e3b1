"""What every language-model `Reasoner` shares: its errors, retries with backoff, and the whole flow.

A backend (Bedrock, an OpenAI-compatible server) subclasses `StructuredReasoner` and implements one call,
`_complete_once`. Two calls make the dream's language work: extraction (the session's candidates, each with
its slot, validity and one-off flag), then consolidation (per candidate, add, fuse, supersede, retire, noop
or conflict against the nearest cards). The prompts and schemas come from `prompting`; what the model
answers is checked by `answers` the same way for every backend (one-off items and unknown evidence dropped,
trust recomputed from the cited events, secrets masked, merge targets limited to the cards shown, a card a
person edited never rewritten).
"""

from __future__ import annotations

import logging
import random
from abc import abstractmethod
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from reverie.adapters.backoff import Backoff, Judge, Retry
from reverie.adapters.llm.answers import MalformedAnswer, parse_candidates, parse_decision
from reverie.adapters.llm.prompting import StructuredTask, decision_task, extraction_task
from reverie.domain.dream import Candidate
from reverie.domain.errors import ReverieError
from reverie.domain.events import Event
from reverie.domain.models import MemoryCard, Scope
from reverie.ports import Extraction, MergeAction, MergeDecision, Reasoner, ReasonerUsage

logger = logging.getLogger(__name__)
T = TypeVar("T")


class ReasonerError(ReverieError):
    """A language-model reasoner gave no usable answer (refused, unreachable, throttled too long, malformed).

    Nothing was written; the dream run that asked fails its stage and the online path keeps serving.
    """


class TransientReasonerError(ReasonerError):
    """A failure worth retrying (throttling, a busy or restarting server); `retry_after_s` if it said."""

    def __init__(self, message: str, retry_after_s: float | None = None) -> None:
        super().__init__(message)
        self.retry_after_s = retry_after_s


def judge_transient(what: str, max_attempts: int) -> Judge:
    """Retry `TransientReasonerError` (waiting at least the server's Retry-After); any other error
    propagates at once; when the attempts run out a `ReasonerError` says so."""

    def judge(exc: Exception, last: bool) -> Retry:
        if not isinstance(exc, TransientReasonerError):
            raise exc
        if last:
            raise ReasonerError(
                f"{what}: still failing after {max_attempts} attempts ({exc}); try again later, "
                "or lower the dream's reasoner budget"
            ) from exc
        return Retry(str(exc), exc.retry_after_s)

    return judge


class StructuredReasoner(Reasoner):
    """A `Reasoner` over a language model with structured output; a backend implements one call.

    `total_usage` sums every call this instance made; `dropped` counts the candidates refused, by reason
    (`one_off`, `unknown_evidence`, ...: see `answers.parse_candidates`).
    """

    def __init__(
        self, max_attempts: int, sleep: Callable[[float], None], rng: random.Random | None = None
    ) -> None:
        self.backoff = Backoff("", max_attempts, sleep=sleep, rng=rng or random.Random())
        self.total_usage = ReasonerUsage()
        self.dropped: Counter[str] = Counter()

    @abstractmethod
    def _complete_once(self, task: StructuredTask) -> tuple[Any, ReasonerUsage]:
        """One call: the model's JSON answer (parsed) and its usage. Raise `TransientReasonerError` for
        what is worth retrying and `ReasonerError` for the rest, never a backend's own exception."""

    def _complete(self, task: StructuredTask) -> tuple[Any, ReasonerUsage]:
        what = f"{self.name} {task.tool_name}"
        payload, usage = self.backoff.run(
            what, lambda: self._complete_once(task), judge_transient(what, self.backoff.max_attempts)
        )
        self.total_usage += usage
        return payload, usage

    def extract(self, events: Sequence[Event], scope: Scope) -> Extraction:
        own = [e for e in events if e.tenant_id == scope.tenant_id and e.user_id == scope.user_id]
        if not own:
            return Extraction(candidates=[])
        try:
            payload, usage = self._complete(extraction_task(own))
            parsed = parse_candidates(payload, own)
        except MalformedAnswer as exc:
            raise ReasonerError(f"{self.name} extract: {exc}") from exc
        if parsed.dropped:
            logger.info("%s extract: dropped candidates %s", self.name, dict(parsed.dropped))
        self.dropped.update(parsed.dropped)
        return Extraction(candidates=parsed.candidates, usage=usage)

    def decide(self, candidate: Candidate, neighbours: Sequence[MemoryCard]) -> MergeDecision:
        if not neighbours:  # nothing to compare with: no call needed
            return MergeDecision(action=MergeAction.ADD, reason="no similar memory exists")
        try:
            payload, usage = self._complete(decision_task(candidate, neighbours))
            decision = parse_decision(payload, candidate, neighbours)
        except MalformedAnswer as exc:
            raise ReasonerError(f"{self.name} decide: {exc}") from exc
        return decision.model_copy(update={"usage": usage})

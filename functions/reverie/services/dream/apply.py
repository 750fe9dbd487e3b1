"""The writes of restructure: each one a new version (never an in-place change), recorded, repeat-safe.

A card a human edited is never rewritten here. A repeat of a write already done by the same run (a
retried stage) is recognised and skipped: created cards have ids derived from their claim, and an
updated card carries the run id and the candidate's evidence already.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from reverie.domain.dream import Candidate, ChangeKind, DreamRun, ReviewItem, claim_of
from reverie.domain.errors import AlreadyExists
from reverie.domain.guards import mask_secrets
from reverie.domain.models import Layer, MemoryCard, ReviewStatus, Scope, Status
from reverie.ports import ReasonerUsage, RunStore
from reverie.services.backends import Backends
from reverie.services.dream.common import dream_memory_id, record
from reverie.services.indexing import is_indexed, sync_index

# Fields a revision may touch that do not make a new version on their own.
BOOKKEEPING = frozenset({"last_verified_at"})


@dataclass
class Writer:
    """Applies one run's restructure writes and remembers which cards changed."""

    b: Backends
    runs: RunStore
    run: DreamRun
    stage: str = "restructure"
    changed: dict[str, MemoryCard] = field(default_factory=dict)
    dirty: dict[str, MemoryCard] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)

    @property
    def scope(self) -> Scope:
        return Scope(tenant_id=self.run.tenant_id, user_id=self.run.user_id)

    def flush_index(self) -> None:
        """Index the cards written since the last flush that the index keeps, so later steps of the run
        find them. Removals wait for the commit (`commit.repair_index`): until then the cards the run
        retires are still the current ones for recall, which reads the committed note store."""
        if self.dirty:
            sync_index(self.b, [card for card in self.dirty.values() if is_indexed(card)])
            self.dirty.clear()

    def _changed(self, *cards: MemoryCard) -> None:
        for card in cards:
            self.changed[card.memory_id] = card
            self.dirty[card.memory_id] = card

    def count(self, name: str) -> None:
        self.counts[name] = self.counts.get(name, 0) + 1

    def calls_left(self) -> int:
        """The language-model calls the run's budget still allows (select's extractions included): past
        it, a step that needs the reasoner leaves its material as it is for a later run."""
        return self.run.budget.max_reasoner_calls - self.run.reasoner_tokens.get("calls", 0)

    def spend(self, usage: ReasonerUsage) -> None:
        """Add a reasoner call's usage to the run's."""
        spent = self.run.reasoner_tokens
        for name, value in (
            ("calls", usage.calls),
            ("input", usage.input_tokens),
            ("output", usage.output_tokens),
        ):
            spent[name] = spent.get(name, 0) + value

    def own_id(self, candidate: Candidate) -> str:
        return dream_memory_id(self.run.tenant_id, self.run.user_id, candidate.fingerprint)

    def card_from(
        self, candidate: Candidate, layer: Layer, status: Status, confidence: float, revival: bool = False
    ) -> MemoryCard:
        """The card for a candidate. A claim whose card was retired (rejected, superseded, archived) and
        comes back with new evidence gets a new card, with an id derived from the claim and this run."""
        memory_id = self.own_id(candidate)
        if revival:
            memory_id = dream_memory_id(
                self.run.tenant_id, self.run.user_id, f"{candidate.fingerprint}@{self.run.run_id}"
            )
        now = self.b.clock()
        return MemoryCard(
            memory_id=memory_id,
            layer=layer,
            status=status,
            tenant_id=self.run.tenant_id,
            user_id=self.run.user_id,
            **claim_of(candidate),
            confidence=confidence,
            last_verified_at=now if layer is Layer.KNOWLEDGE else None,
            created_at=now,
            updated_at=now,
            dream_run_id=self.run.run_id,
        )

    def create(self, card: MemoryCard, kind: ChangeKind, reason: str, fingerprint: str | None) -> MemoryCard:
        try:
            stored = self.b.notes.create(card)
        except AlreadyExists:  # a retried stage: the card is there; make sure the change is recorded
            stored = self.b.notes.get(card.tenant_id, card.memory_id)
            if stored.dream_run_id != self.run.run_id or stored.version != 1:
                return stored
        record(self.runs, self.run, self.stage, kind, stored, None, reason, fingerprint)
        self._changed(stored)
        self.count(kind.value)
        return stored

    def revise(
        self,
        card: MemoryCard,
        kind: ChangeKind,
        reason: str,
        fingerprint: str | None = None,
        **changes: Any,
    ) -> MemoryCard | None:
        """A new version of `card` with `changes`; None when it is human-edited or already done."""
        if card.review_status is ReviewStatus.EDITED:
            self.count("skipped_human_edited")
            return None
        if all(getattr(card, k) == v for k, v in changes.items() if k not in BOOKKEEPING):
            # nothing the card says, cites or is trusted for changes: no new version (a retried stage, or a
            # session read again that brings nothing new)
            return None
        now = self.b.clock()
        data = card.model_dump()
        data.update(changes, updated_at=now, dream_run_id=self.run.run_id)
        stored = self.b.notes.update(MemoryCard.model_validate(data), card.version)
        record(self.runs, self.run, self.stage, kind, stored, card.version, reason, fingerprint)
        self._changed(stored)
        self.count(kind.value)
        return stored

    def supersede(self, old: MemoryCard, new: MemoryCard, reason: str, fingerprint: str) -> MemoryCard | None:
        if old.review_status is ReviewStatus.EDITED:
            self.count("skipped_human_edited")
            return None
        if old.superseded_by == new.memory_id:
            return self.b.notes.get(new.tenant_id, new.memory_id)
        retired, created = self.b.notes.supersede(old, new.model_copy(update={"supersedes": old.memory_id}))
        record(self.runs, self.run, self.stage, ChangeKind.ADDED, created, None, reason, fingerprint)
        record(
            self.runs, self.run, self.stage, ChangeKind.SUPERSEDED, retired, old.version, reason, fingerprint
        )
        self._changed(retired, created)
        self.count(ChangeKind.SUPERSEDED.value)
        return created

    def review(self, memory_ids: list[str], reason: str, detail: str) -> None:
        item_id = f"rv-{self.run.run_id}-{'-'.join(sorted(memory_ids))}"[:128]
        self.runs.add_review(
            ReviewItem(
                item_id=item_id,
                tenant_id=self.run.tenant_id,
                user_id=self.run.user_id,
                memory_ids=memory_ids,
                reason=reason,
                detail=mask_secrets(detail).text[:2_000],  # masked before the cut
                run_id=self.run.run_id,
                created_at=self.b.clock(),
            )
        )
        self.count(f"review_{reason}")


def union_refs(card: MemoryCard, candidate: Candidate) -> list[Any]:
    return list(dict.fromkeys([*card.evidence_refs, *candidate.evidence_refs]))


def new_sessions(card: MemoryCard, candidate: Candidate) -> set[str]:
    """Sessions the candidate cites that the card does not: the only support that is independent of
    what the card already rests on (the same session read again, however it grew, is not)."""
    return {r.session_id for r in candidate.evidence_refs} - {r.session_id for r in card.evidence_refs}

"""What a dream run writes waits in its journal until the run commits: the note store as the run sees it.

Why a journal (a redo log) rather than cards tagged with their run and hidden from reads until a commit
marker: the tagging needs every read path of every backend to resolve "the newest version whose run
committed" (recall's hot `get_many` included, and on DynamoDB a second read per card of an open run),
while the journal leaves the note store and recall exactly as they were. A run's card writes go to
`RunStore.append_journal` (fenced: a run that lost its lease writes nothing), the run reads its own
writes through `RunNotes` (the store below, with its journal laid over it), and only
`RunStore.commit_run` (one conditional write of the commit marker, also fenced) makes them the truth;
`services.dream.commit` then applies them to the note store, idempotently, and a run that died after its
commit is applied by the next run for the user (roll forward). Before the marker nothing of the run
exists for anyone else, so a crash needs no undo. The same on SQLite and DynamoDB: one mechanism over
the ports. A superseded card stays current for recall until the commit, since the run never touched it.

Journal entries are plain JSON: `create` (card), `update` (card, expected), `supersede` (old as read,
retired, new) and `review` (a review item the run raises, queued for humans only once it commits).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from pydantic import ValidationError

from reverie.domain.dream import ReviewItem
from reverie.domain.errors import AlreadyExists, InvalidRequest, NotFound, VersionConflict
from reverie.domain.models import STORED_CARD, MemoryCard, Status
from reverie.ports import CardQuery, Fence, NoteStore, RunStore


def card_json(card: MemoryCard) -> dict[str, Any]:
    return card.model_dump(mode="json")


def card_of(data: dict[str, Any]) -> MemoryCard:
    return MemoryCard.model_validate(data, context=STORED_CARD)


def journal_ids(entries: Sequence[dict[str, Any]]) -> list[str]:
    """The ids of the cards a journal writes, in the order first written."""
    ids: dict[str, None] = {}
    for entry in entries:
        for name in ("card", "old", "new"):
            if name in entry:
                ids.setdefault(str(entry[name]["memory_id"]), None)
    return list(ids)


class Journal:
    """One run's journal, read once and appended to under the run's fence."""

    def __init__(self, runs: RunStore, tenant_id: str, run_id: str, fence: Fence) -> None:
        self.runs, self.tenant_id, self.run_id, self.fence = runs, tenant_id, run_id, fence
        self.entries: list[dict[str, Any]] = runs.journal(tenant_id, run_id)

    def append(self, entry: dict[str, Any]) -> None:
        """Keep the entry (`LeaseLost` if the run lost its lease: then nothing changes)."""
        self.runs.append_journal(self.tenant_id, self.run_id, len(self.entries), entry, self.fence)
        self.entries.append(entry)

    def review(self, item: ReviewItem) -> None:
        self.append({"op": "review", "item": item.model_dump(mode="json")})


def _stored(card: MemoryCard, version: int, updated_at: datetime) -> MemoryCard:
    """The card as the note store would store it at `version` (validated again, like the adapters)."""
    data = card.model_dump()
    data.update(version=version, updated_at=updated_at)
    try:
        return MemoryCard.model_validate(data)
    except ValidationError as exc:
        raise InvalidRequest(f"memory {card.memory_id} is not a valid card: {exc}") from exc


class RunNotes(NoteStore):
    """The note store as one run sees it: the committed cards with the run's journal laid over them.

    Writes follow the `NoteStore` contract (versions, `VersionConflict`, `AlreadyExists`, an atomic
    supersede) but land in the journal; reads see them. Deleting and hit counting are not a run's to do.
    """

    def __init__(self, notes: NoteStore, journal: Journal, clock: Any) -> None:
        self._notes, self._journal, self._clock = notes, journal, clock
        self._staged: dict[str, MemoryCard] = {}  # the run's newest version of each card it wrote
        self._versions: dict[str, list[MemoryCard]] = {}
        for entry in journal.entries:
            self._replay(entry)

    def _replay(self, entry: dict[str, Any]) -> None:
        for name in ("card", "retired", "new"):
            if name in entry:
                card = card_of(entry[name])
                self._staged[card.memory_id] = card
                self._versions.setdefault(card.memory_id, []).append(card)

    def _write(self, entry: dict[str, Any]) -> None:
        self._journal.append(entry)
        self._replay(entry)

    # --- writes (journaled) -------------------------------------------------------------------------

    def create(self, card: MemoryCard) -> MemoryCard:
        self._check_free(card)
        stored = _stored(card, 1, card.updated_at)
        self._write({"op": "create", "card": card_json(stored)})
        return stored

    def update(self, card: MemoryCard, expected_version: int) -> MemoryCard:
        self._check_current(card.tenant_id, card.memory_id, expected_version)
        stored = _stored(card, expected_version + 1, self._clock())
        self._write({"op": "update", "card": card_json(stored), "expected": expected_version})
        return stored

    def supersede(self, old: MemoryCard, new: MemoryCard) -> tuple[MemoryCard, MemoryCard]:
        if old.tenant_id != new.tenant_id:
            raise InvalidRequest("a card can only be superseded by a card of the same tenant")
        self._check_current(old.tenant_id, old.memory_id, old.version)
        self._check_free(new)
        created = _stored(new.model_copy(update={"supersedes": old.memory_id}), 1, new.updated_at)
        retired = old.model_copy(update={"status": Status.SUPERSEDED, "superseded_by": new.memory_id})
        retired = _stored(retired, old.version + 1, self._clock())
        self._write(
            {
                "op": "supersede",
                "old": card_json(old),
                "retired": card_json(retired),
                "new": card_json(created),
            }
        )
        return retired, created

    def record_hits(self, tenant_id: str, memory_ids: Sequence[str], at: datetime) -> None:
        raise InvalidRequest("a dream run does not record hits")

    def delete(self, tenant_id: str, memory_id: str) -> None:
        raise InvalidRequest("a dream run never deletes a card: it retires it with a new version")

    def delete_user(self, tenant_id: str, user_id: str) -> int:
        raise InvalidRequest("a dream run never deletes a user's cards")

    # --- reads (the journal over the store) ---------------------------------------------------------

    def _mine(self, tenant_id: str, memory_id: str) -> MemoryCard | None:
        return self._staged.get(memory_id) if tenant_id == self._journal.tenant_id else None

    def get(self, tenant_id: str, memory_id: str) -> MemoryCard:
        mine = self._mine(tenant_id, memory_id)
        return mine if mine is not None else self._notes.get(tenant_id, memory_id)

    def get_many(self, tenant_id: str, memory_ids: Sequence[str], counters: bool = True) -> list[MemoryCard]:
        wanted = list(dict.fromkeys(memory_ids))
        rest = [m for m in wanted if self._mine(tenant_id, m) is None]
        found = {c.memory_id: c for c in self._notes.get_many(tenant_id, rest, counters)} if rest else {}
        found.update((m, c) for m in wanted if (c := self._mine(tenant_id, m)) is not None)
        return [found[m] for m in wanted if m in found]

    def history(self, tenant_id: str, memory_id: str) -> list[MemoryCard]:
        mine = self._versions.get(memory_id, []) if tenant_id == self._journal.tenant_id else []
        try:
            before = self._notes.history(tenant_id, memory_id)
        except NotFound:
            if not mine:
                raise
            before = []
        first = mine[0].version if mine else len(before) + 1
        return [c for c in before if c.version < first] + mine

    def query(self, query: CardQuery) -> list[MemoryCard]:
        if query.limit < 0 or query.offset < 0:
            raise InvalidRequest("limit and offset must not be negative")
        wanted = query.offset + query.limit
        # enough committed cards that those the run rewrote can be left out and the page still fills
        below = self._notes.query(replace(query, offset=0, limit=wanted + len(self._staged)))
        merged = [c for c in below if c.memory_id not in self._staged]
        merged += [c for c in self._staged.values() if query.admits(c)]
        merged.sort(key=lambda c: c.memory_id)
        merged.sort(key=lambda c: c.updated_at, reverse=True)
        return merged[query.offset : wanted]

    def shared_by(self, tenant_id: str, user_id: str) -> list[str]:
        return self._notes.shared_by(tenant_id, user_id)

    def count_by_user(self, tenant_id: str) -> dict[str, int]:
        return self._notes.count_by_user(tenant_id)

    # --- checks -------------------------------------------------------------------------------------

    def _check_free(self, card: MemoryCard) -> None:
        if self._mine(card.tenant_id, card.memory_id) is not None or self._notes.get_many(
            card.tenant_id, [card.memory_id]
        ):
            raise AlreadyExists(f"memory {card.memory_id} already exists; update it or pick another id")

    def _check_current(self, tenant_id: str, memory_id: str, expected: int) -> None:
        current = self.get(tenant_id, memory_id)
        if current.version != expected:
            raise VersionConflict(memory_id, expected, current.version)

"""Keeps the search index in step with the note store: one document per injectable current card.

A card is found by its own words and by the words of the events it rests on: a statement compresses
what was said ("Caroline went to an LGBTQ support group"), while a question may use the words of the
original message ("When did Caroline go to the support group she mentioned?"). Only the search text and
the embedding carry the evidence; what recall injects and what counts as memory size stay the card.
"""

from __future__ import annotations

from collections.abc import Sequence

from reverie.domain.events import Event, event_text
from reverie.domain.guards import mask_secrets
from reverie.domain.models import INJECTABLE_STATUSES, Layer, MemoryCard
from reverie.domain.search import SearchDoc, card_search_text
from reverie.domain.text import entities
from reverie.services.backends import Backends
from reverie.services.query_vector import Prefetched
from reverie.services.spans import span

MAX_EVIDENCE_EVENTS = 3  # enough to recover the original wording, few enough to keep the card's focus


def is_indexed(card: MemoryCard) -> bool:
    """Only L3 cards that recall may inject are indexed, and looked-up facts (shown as reference only);
    other hypotheses and retired cards stay out."""
    return (card.layer is Layer.KNOWLEDGE and card.status in INJECTABLE_STATUSES) or card.looked_up


class _EvidenceReader:
    """The text of a card's evidence events, reading each session of the L1 log at most once, and not at
    all for events the caller has just written (`known`)."""

    def __init__(self, b: Backends, known: Sequence[Event] = ()) -> None:
        self.b = b
        self.sessions: dict[tuple[str, str, str], dict[str, Event]] = {}
        self.known = {(e.tenant_id, e.user_id, e.session_id, e.event_id): e for e in known}

    def texts(self, card: MemoryCard) -> list[str]:
        if card.user_id is None:
            return []  # the log is partitioned by user: a shared card's evidence is not looked up here
        out: list[str] = []
        for ref in dict.fromkeys(card.evidence_refs):
            event = self.known.get((card.tenant_id, card.user_id, ref.session_id, ref.event_id))
            if event is None:
                event = self._session(card.tenant_id, card.user_id, ref.session_id).get(ref.event_id)
            if event is not None:
                out.append(mask_secrets(event_text(event)).text)
            if len(out) == MAX_EVIDENCE_EVENTS:
                break
        return out

    def _session(self, tenant_id: str, user_id: str, session_id: str) -> dict[str, Event]:
        key = (tenant_id, user_id, session_id)
        if key not in self.sessions:
            events = self.b.log.read_session(tenant_id, user_id, session_id)
            self.sessions[key] = {e.event_id: e for e in events}
        return self.sessions[key]


def indexed_text(card: MemoryCard, evidence: Sequence[str]) -> str:
    """What a card is searched by: its text, then the text of its evidence events, each once and none that
    only repeats the card's text (the L1 record of a memory written directly is its own statement)."""
    own = card_search_text(card)
    extra = [t for t in dict.fromkeys(e.strip() for e in evidence) if t and t != own.strip()]
    return " ".join([own, *extra])


class VectorsAhead:
    """The embeddings of cards about to be stored, computed on a worker while the stores write them.

    A bulk write spends most of its time embedding; the L1 append and the note store's transaction need
    no vector. So the embedding starts before them (a local forward pass and a remote call release the
    GIL, as SQLite does while it steps) and `sync_index` takes the vectors when it needs them. Only a
    text embedded here is taken from here: a stored card whose indexed text differs (nothing in a
    create does that) is embedded again, so the index never holds a vector of other words."""

    def __init__(self, b: Backends, cards: Sequence[MemoryCard], written: Sequence[Event] = ()) -> None:
        self.reader = _EvidenceReader(b, written)
        texts = list(dict.fromkeys(indexed_text(c, self.reader.texts(c)) for c in cards if is_indexed(c)))
        self._job = Prefetched(
            lambda: dict(zip(texts, b.embedder.embed(texts), strict=True)) if texts else {}
        )

    def get(self) -> dict[str, list[float]]:
        """Each text embedded ahead and its vector (waits for the worker, or computes them here)."""
        return self._job.result()


def sync_index(
    b: Backends, cards: Sequence[MemoryCard], written: Sequence[Event] = (), ahead: VectorsAhead | None = None
) -> None:
    """Upsert the cards that belong in the index and remove the ones that no longer do (timed as the
    span "index sync"). `written` are L1 events the caller has just appended: cards citing them take
    their text from there, not from the log. `ahead` holds vectors already computed (or under way) for
    these cards' texts."""
    with span("index sync"):
        _sync(b, cards, written, ahead)


def _sync(
    b: Backends, cards: Sequence[MemoryCard], written: Sequence[Event], ahead: VectorsAhead | None
) -> None:
    keep = [c for c in cards if is_indexed(c)]
    drop = [c.memory_id for c in cards if not is_indexed(c)]
    if keep:
        reader = ahead.reader if ahead is not None else _EvidenceReader(b, written)
        texts = [indexed_text(c, reader.texts(c)) for c in keep]
        known = ahead.get() if ahead is not None else {}
        missing = [t for t in dict.fromkeys(texts) if t not in known]
        if missing:
            known = {**known, **dict(zip(missing, b.embedder.embed(missing), strict=True))}
        b.index.upsert(
            [
                SearchDoc.from_card(c, known[t], entities(card_search_text(c))).model_copy(update={"text": t})
                for c, t in zip(keep, texts, strict=True)
            ]
        )
    if drop:
        tenants = {c.tenant_id for c in cards}
        for tenant in tenants:
            b.index.delete(
                tenant, [c.memory_id for c in cards if c.tenant_id == tenant and c.memory_id in drop]
            )

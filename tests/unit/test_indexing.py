"""The search index: a card is found by its own words and by the words of the events it rests on."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from reverie.domain.events import Event
from reverie.domain.models import EvidenceRef, MemoryType, Scope
from reverie.domain.search import SearchFilter
from reverie.services.admin import NewMemory, create_memories
from reverie.services.backends import Backends
from reverie.services.indexing import indexed_text
from reverie.services.recall import RecallSettings, build_context
from tests.fakes.backends import fake_backends
from tests.fakes.stores import InMemoryLogStore
from tests.unit.helpers import event, remember

SCOPE = Scope(tenant_id="t1", user_id="u1")
T0 = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)


class CountingLogStore(InMemoryLogStore):
    """Counts how often a session of the log is read."""

    def __init__(self) -> None:
        super().__init__()
        self.session_reads = 0

    def read_session(self, tenant_id: str, user_id: str, session_id: str) -> list[Event]:
        self.session_reads += 1
        return super().read_session(tenant_id, user_id, session_id)


def said(b: Backends, session: str, event_id: str, text: str) -> EvidenceRef:
    b.log.append([event(SCOPE, session, event_id, text=text, speaker="Caroline", ts=T0)])
    return EvidenceRef(session_id=session, event_id=event_id)


def found(b: Backends, query: str) -> list[str]:
    return [h.memory_id for h in b.index.search_text(query, SearchFilter(scope=SCOPE, now=T0), 10)]


def test_a_card_is_found_by_the_words_of_its_evidence() -> None:
    # GIVEN a card whose statement compresses what was said, citing the message it came from
    b = fake_backends(clock=lambda: T0)
    ref = said(b, "s1", "e1", "I went to the LGBTQ support group yesterday and it was so powerful")
    card = remember(b, SCOPE, "Caroline attended a meeting on 7 May 2023", evidence_refs=[ref])
    # WHEN a question uses the words of the original message
    hits = found(b, "support group")
    # THEN the card is found, and what recall injects as the memory is still the card's own statement
    assert hits == [card.memory_id]
    cards_only = RecallSettings(cited_turns=0)
    context = build_context(b, "support group", SCOPE, 200, cards_only, record_hits=False)
    assert "Caroline attended a meeting" in context.text
    assert "powerful" not in context.text
    # (with recall's default, the message's words follow only as a quote under the card's line)
    quoted = build_context(b, "support group", SCOPE, 200, record_hits=False).text.splitlines()
    assert [line for line in quoted if "powerful" in line] == [
        '  > Caroline: "I went to the LGBTQ support group yesterday and it was so powerful"'
    ]


def test_a_card_without_readable_evidence_is_indexed_by_its_own_text() -> None:
    b = fake_backends(clock=lambda: T0)
    card = remember(b, SCOPE, "Caroline plays the violin")  # cites an event the log does not hold
    assert found(b, "violin") == [card.memory_id]


def test_at_most_three_evidence_events_are_indexed() -> None:
    b = fake_backends(clock=lambda: T0)
    refs = [said(b, "s1", f"e{i}", f"I mentioned topic{i} once") for i in range(5)]
    remember(b, SCOPE, "Caroline keeps a journal", evidence_refs=refs)
    assert found(b, "topic2") and not found(b, "topic3")


def test_each_session_of_the_log_is_read_once_per_sync() -> None:
    # GIVEN many cards citing events of two sessions
    log = CountingLogStore()
    b = fake_backends(clock=lambda: T0)
    b.log = log
    refs: Sequence[EvidenceRef] = [said(b, f"s{i % 2}", f"e{i}", f"I own pet number {i}") for i in range(6)]
    # WHEN they are stored (and indexed) in one call
    create_memories(
        b,
        SCOPE,
        [
            NewMemory(type=MemoryType.FACT, statement=f"Caroline owns pet {i}", evidence_refs=[r])
            for i, r in enumerate(refs)
        ],
    )
    # THEN the log was read once per distinct session, not once per card
    assert log.session_reads == 2


def test_a_direct_write_is_indexed_at_once_without_reading_its_own_record_back() -> None:
    # GIVEN memories written directly, without evidence (each write is recorded in L1 and cited)
    log = CountingLogStore()
    b = fake_backends(clock=lambda: T0)
    b.log = log
    statements = [f"Caroline adopted a greyhound named Biscuit{i}" for i in range(3)]
    # WHEN they are stored in one call
    cards = create_memories(b, SCOPE, [NewMemory(type=MemoryType.FACT, statement=s) for s in statements])
    # THEN the index took each record's text from the write itself: the log was not read back
    assert log.session_reads == 0
    # AND each card is found at once by a word of it and by its vector
    assert found(b, "Biscuit1") == [cards[1].memory_id]
    (vector,) = b.embedder.embed([statements[2]])
    assert (
        b.index.search_vector(vector, SearchFilter(scope=SCOPE, now=T0), 1)[0].memory_id == cards[2].memory_id
    )


def test_an_evidence_text_that_only_repeats_the_card_is_not_indexed_again() -> None:
    # GIVEN a card whose evidence holds its own words twice (a direct write's record) and one other message
    b = fake_backends(clock=lambda: T0)
    same = "Caroline plays the violin"
    refs = [
        said(b, "s1", "e1", same),
        said(b, "s1", "e2", f"  {same} "),
        said(b, "s1", "e3", "at the jazz club"),
    ]
    card = remember(b, SCOPE, same, evidence_refs=refs)
    # WHEN it is indexed
    # THEN its words are in its search text once, followed by the other message's
    assert indexed_text(card, [same, f"  {same} ", "at the jazz club"]) == f"{same} at the jazz club"
    assert found(b, "jazz") == [card.memory_id]

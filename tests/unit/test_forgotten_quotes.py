"""What the user asked to forget is never shown again: the dream keeps the request as an archived record, and
recall withholds, from the turns it quotes under other cards, every sentence said before the request that
names the topic. The raw log keeps the turn as it was; what the user tells anew after the request is quoted."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.domain.forgotten import FORGOTTEN_KEY, ForgottenTopic, withheld
from reverie.domain.models import Scope, Status
from reverie.ports import CardQuery
from reverie.services.backends import Backends
from reverie.services.recall import build_context
from tests.conftest import Clock
from tests.unit.test_consolidation import b, dreamt, live_saying
from tests.unit.test_recall_cited_turns import QUOTES, quotes

__all__ = ["b"]  # the fixture, parametrised over the stores

MIXED = (
    "My flatmate Tobiah plays bass in a covers band and borrows my car on Fridays. "
    "I teach pottery at the community centre every Tuesday evening."
)


def test_a_quote_under_another_card_withholds_the_forgotten_topic(
    b: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN one message naming a flatmate and a lasting habit, and a later request to forget the flatmate
    dreamt(b, alice, "s1", clock, MIXED)
    assert live_saying(b, alice, "pottery")
    dreamt(b, alice, "s2", clock, "Please forget everything about Tobiah.", days_later=5)

    # WHEN a question brings the pottery card up, with the turn it cites quoted under it
    ctx = build_context(b, "What does Alice do on Tuesday evenings? Who plays bass?", alice, 600, QUOTES)

    # THEN the pottery card is shown and no line of the block names the flatmate; the raw log is unchanged
    assert "pottery" in ctx.text
    assert "Tobiah" not in ctx.text and "bass" not in ctx.text
    logged = b.log.read_session(alice.tenant_id, alice.user_id or "", "s1")
    assert any("Tobiah" in (getattr(e, "text", "") or "") for e in logged)


def test_the_request_is_kept_as_an_archived_record_never_shown(
    b: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN a request to forget a topic, dreamt
    dreamt(b, alice, "s1", clock, MIXED)
    dreamt(b, alice, "s2", clock, "Please forget everything about Tobiah.", days_later=5)

    # WHEN the note store is read for records of forgotten topics
    archived = frozenset({Status.ARCHIVED})
    records = b.notes.query(CardQuery(scope=alice, statuses=archived, key=FORGOTTEN_KEY, limit=10))

    # THEN there is one, archived (so never injected), naming the topic; a recall never shows it
    assert [r.statement for r in records] == ["Forgotten at the user's request: Tobiah"]
    assert "Forgotten at" not in build_context(b, "Tobiah", alice, 600, QUOTES).text


def test_without_a_request_the_quote_keeps_the_person(b: Backends, alice: Scope, clock: Clock) -> None:
    # GIVEN the same message and no request to forget
    dreamt(b, alice, "s1", clock, MIXED)
    # WHEN the same question is asked THEN the quote under the pottery card still names the flatmate
    ctx = build_context(b, "What does Alice do on Tuesday evenings? Who plays bass?", alice, 600, QUOTES)
    assert quotes(ctx) and "Tobiah" in ctx.text


T = datetime(2026, 6, 1, tzinfo=UTC)
TOPIC = ForgottenTopic(frozenset({"tobiah"}), T)


def test_a_sentence_naming_the_topic_said_before_the_request_is_withheld() -> None:
    assert withheld("Tobiah borrows my car on Fridays.", T.replace(month=5), (TOPIC,))


def test_a_sentence_told_anew_after_the_request_or_on_another_topic_is_not() -> None:
    assert not withheld("Tobiah is back in my life.", T.replace(month=7), (TOPIC,))
    assert not withheld("I teach pottery on Tuesdays.", T.replace(month=5), (TOPIC,))

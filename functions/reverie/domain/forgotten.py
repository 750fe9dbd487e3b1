"""What a user asked to forget, kept so that nothing shows it again.

A request to forget a topic ("please forget everything about Jonas") archives the user's cards about it (the
dream's `services.dream.forgetting`). The raw log (L1) is append-only and keeps the turns that named it; a
card about something else may cite one of them, and recall quotes cited turns under the top cards. So the
request itself is kept as a record in the note store: an archived L2 card under `FORGOTTEN_KEY` (never
injected, as any archived card), stating the topic and observed when the request was made. Recall reads
these records and withholds every sentence said up to the request that names the topic (`withheld`); what
the user tells anew after the request is theirs to have remembered again.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from reverie.domain.models import MemoryCard, Status
from reverie.domain.restatement import terms

FORGOTTEN_KEY = "user.forgotten_topic"
"""The key of every record of a request to forget (one card per topic, all archived)."""
_PREFIX = "Forgotten at the user's request: "


@dataclass(frozen=True)
class ForgottenTopic:
    """A topic the user asked to forget (its stemmed content words), and when they asked."""

    words: frozenset[str]
    asked_at: datetime | None


def record_statement(topic: str) -> str:
    """The statement of the record of a request to forget `topic`."""
    return f"{_PREFIX}{topic}"


def forgotten_topic(card: MemoryCard) -> ForgottenTopic | None:
    """The topic a record (`FORGOTTEN_KEY`, archived) keeps; None for any other card or an empty topic."""
    if card.key != FORGOTTEN_KEY or card.status is not Status.ARCHIVED:
        return None
    if not card.statement.startswith(_PREFIX):
        return None
    words = terms(card.statement.removeprefix(_PREFIX))
    return ForgottenTopic(words, card.observed_at) if words else None


def withheld(text: str, said_at: datetime, topics: tuple[ForgottenTopic, ...]) -> bool:
    """Whether `text`, said at `said_at`, names a topic asked forgotten at or after it was said: it speaks
    of every content word of the topic (as `services.dream.forgetting` judges a card about it)."""
    said = terms(text)
    return any(
        topic.words <= said and (topic.asked_at is None or said_at <= topic.asked_at) for topic in topics
    )

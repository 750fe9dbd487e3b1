"""A user's request to forget what they said about a topic (`Candidate.forgets`): every card of theirs about
the topic, in any layer, is archived with the request as its reason, recorded in the run, and never shown
again. The request itself is no memory: it is kept as an archived record (`domain.forgotten`) that recall
reads to withhold the topic from the turns it quotes. A forgotten claim read again from the turns it was
forgotten on (a later run over an old session) stays forgotten: only a new session brings it back."""

from __future__ import annotations

from reverie.domain.dream import Candidate, ChangeKind
from reverie.domain.forgotten import FORGOTTEN_KEY, record_statement
from reverie.domain.models import INJECTABLE_STATUSES, Layer, MemoryCard, MemoryType, Status
from reverie.domain.restatement import terms
from reverie.ports import CardQuery
from reverie.services.backends import Backends
from reverie.services.dream.apply import Writer, new_sessions

LIVE = INJECTABLE_STATUSES | {Status.HYPOTHESIS}


def about(card: MemoryCard, topic: frozenset[str]) -> bool:
    """`card` speaks of every content word of the topic ("the therapist", "my sister's wedding")."""
    return bool(topic) and topic <= terms(" ".join(filter(None, [card.statement, card.key])))


def forget(b: Backends, w: Writer, request: Candidate) -> None:
    """Archive the user's live cards about the topic `request` asks to forget, the request as the reason."""
    topic = terms(request.forgets or "")
    if not topic:
        return
    held = b.notes.query(CardQuery(scope=w.scope, statuses=frozenset(LIVE), limit=10_000))
    why = f"forgotten: the user asked to forget what they said about {request.forgets}"
    for card in held:
        if card.observed_at and request.observed_at and card.observed_at > request.observed_at:
            continue  # said again after the request: the user told it anew
        if about(card, topic) and w.revise(
            card, ChangeKind.ARCHIVED, why, request.fingerprint, status=Status.ARCHIVED
        ):
            w.count("forgotten")
    _keep_request(w, request)


def _keep_request(w: Writer, request: Candidate) -> None:
    """The record of the request (`domain.forgotten`): archived, so never injected; one per request, its id
    from the request's claim, so a retried stage writes it once."""
    card = w.card_from(request, Layer.NOTES, Status.ARCHIVED, request.confidence)
    record = card.model_copy(
        update={
            "type": MemoryType.CORRECTION,
            "key": FORGOTTEN_KEY,
            "statement": record_statement(request.forgets or ""),
            "condition": None,
            "action": None,
            "outcome": None,
        }
    )
    why = f"the user asked to forget what they said about {request.forgets}: kept so nothing shows it again"
    w.create(record, ChangeKind.ARCHIVED, why, request.fingerprint)


def stays_forgotten(own: MemoryCard | None, candidate: Candidate) -> bool:
    """The claim's own card was archived and the candidate reads it from no session the card had not
    already cited: the same old turns bring back nothing the user put away."""
    return own is not None and own.status is Status.ARCHIVED and not new_sessions(own, candidate)

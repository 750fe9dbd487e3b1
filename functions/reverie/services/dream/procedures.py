"""Restructure, last step: repeated episodes become a procedure.

When one situation (`reverie.domain.recurring`: the same tool and the same condition, details aside) was
seen in two or more sessions, one procedure card generalises the cards that describe it: type
`procedure`, condition / action / outcome, `derived_from` those cards, their evidence, a confidence that
grows with the repetitions, and a key derived from the situation, so a later repetition revises that card
(a new version) instead of adding another. Deterministic: no reasoner call is spent (the text work is
aligning texts that differ in details, which rules do exactly; a merge decision would be asked of a
model for one candidate against neighbours, not for a group of cards).

What becomes of the sources, and why:
- procedures and tool failure facts in L3 are superseded by the new card (`superseded_by` it): it says
  all they said, with all their evidence, and left active the same advice would be injected twice; the
  merge rules elsewhere in restructure keep one card per idea in the same way (a restatement reinforces
  the known card, a changed value supersedes it). Their versions stay, and they still count as sources;
- episodes stay as they are: they record what happened when (recall's timeline path answers from them),
  where the procedure says how to act;
- L2 hypotheses (a tool failure seen once, not trusted enough to promote) stay: they are never injected,
  and a later repetition of the same claim lands on them (`keep_hypothesis` updates only a live
  hypothesis), so it is counted here next time.

Never rewritten: a human-edited card. A situation whose procedure or any source procedure a person
edited is left alone (the person's card is the procedure), and so is one whose procedure is under review
(`conflicting`, e.g. after a correction of a source). Never a source: a card under review, rejected,
archived, or carrying instruction-like text where none belongs (`recurring.poisoned`). Every write goes
through the run's `Writer`, so a rollback undoes the new procedure and restores its sources as a unit;
the sessions a run newly generalised are remembered (`fingerprint@session`, as for candidates) and are
generalised again only together with a new one. Likewise a procedure that was retired (rolled back,
archived, rejected by a reviewer, replaced by a correction) comes back only with a session it had not seen.
"""

from __future__ import annotations

from collections.abc import Sequence

from reverie.domain.dream import ChangeKind
from reverie.domain.models import (
    INJECTABLE_STATUSES,
    Layer,
    MemoryCard,
    MemoryType,
    ReviewStatus,
    ScopeKind,
    Status,
)
from reverie.domain.recurring import (
    MIN_SESSIONS,
    SITUATION_TYPES,
    Generalisation,
    Situation,
    generalise_sources,
    is_procedure_of_repeats,
    poisoned,
    sessions_of,
    situation_of,
)
from reverie.ports import CardQuery
from reverie.services.backends import Backends
from reverie.services.dream.apply import Writer
from reverie.services.dream.common import dream_memory_id

SUPERSEDED_SOURCE_TYPES = frozenset({MemoryType.PROCEDURE, MemoryType.FACT})


def generalise_repeats(b: Backends, w: Writer, blocked: set[str]) -> list[str]:
    """Write or revise the procedure of every situation seen in two or more sessions; returns the rollback
    keys (`fingerprint@session`) of the sessions it newly generalised."""
    query = CardQuery(scope=w.scope, types=SITUATION_TYPES, limit=1_000_000)
    cards = [c for c in b.notes.query(query) if c.scope is ScopeKind.USER and c.user_id == w.run.user_id]
    groups: dict[Situation, list[MemoryCard]] = {}
    for card in cards:
        situation = situation_of(card)
        if situation is not None and card.status is not Status.REJECTED and not poisoned(card):
            groups.setdefault(situation, []).append(card)
    current: dict[str | None, MemoryCard] = {}
    retired: dict[str | None, MemoryCard] = {}
    for card in sorted(cards, key=lambda c: (c.updated_at, c.memory_id)):
        if is_procedure_of_repeats(card):  # the newest wins, should a key have two
            (current if card.status in INJECTABLE_STATUSES else retired)[card.key] = card
    written: list[str] = []
    for situation in sorted(groups):
        key = situation.key
        written += _generalise(
            b, w, situation, groups[situation], current.get(key), retired.get(key), blocked
        )
    return written


def sources_of(group: Sequence[MemoryCard], procedure: MemoryCard | None) -> list[MemoryCard]:
    """The cards a procedure rests on: live ones (verified in L3, hypotheses in L2), and retired ones
    superseded into the procedure or into another source (a fix replaced by a newer one was seen too)."""
    sources = [
        c
        for c in group
        if (c.layer is Layer.KNOWLEDGE and c.status is Status.VERIFIED)
        or (c.layer is Layer.NOTES and c.status is Status.HYPOTHESIS)
    ]
    ids = {c.memory_id for c in sources} | ({procedure.memory_id} if procedure else set())
    retired = [c for c in group if c.status is Status.SUPERSEDED]
    grew = True
    while grew:
        grew = False
        for card in retired:
            if card.memory_id not in ids and card.superseded_by in ids:
                ids.add(card.memory_id)
                sources.append(card)
                grew = True
    return sources


def _generalise(
    b: Backends,
    w: Writer,
    situation: Situation,
    group: Sequence[MemoryCard],
    existing: MemoryCard | None,
    retired: MemoryCard | None,
    blocked: set[str],
) -> list[str]:
    """Create, revise or leave the procedure of one situation. `existing` is its current card; `retired`
    the last one rolled back, archived, rejected or replaced, which comes back only with a session it
    had not seen."""
    anchor = existing or retired
    sources = sources_of(group, anchor)
    seen = set(sessions_of(sources)) | (set(sessions_of([existing])) if existing else set())
    if not sources or len(seen) < MIN_SESSIONS:
        return []
    edited = any(c.type is MemoryType.PROCEDURE and c.review_status is ReviewStatus.EDITED for c in sources)
    if edited or (existing is not None and existing.review_status is ReviewStatus.EDITED):
        w.count("skipped_human_edited")
        return []
    if existing is not None and existing.status is not Status.VERIFIED:
        w.count("skipped_in_review")
        return []
    fresh = sorted(seen - set(sessions_of([anchor]) if anchor else []))
    if existing is None and not fresh:
        return []  # retired, and nothing new since
    keys = [f"{situation.fingerprint}@{s}" for s in fresh]
    if keys and set(keys) <= blocked:
        w.count("blocked_rolled_back")
        return []
    g = generalise_sources(situation, sources, existing)
    if existing is None:
        card = w.create(_new_card(b, w, g), ChangeKind.ADDED, _why(g, "repeated"), situation.fingerprint)
        w.count("procedures_from_repeats")
    elif any(getattr(existing, k) != v for k, v in g.content().items()):
        revised = w.revise(
            existing,
            ChangeKind.UPDATED,
            _why(g, "seen again"),
            situation.fingerprint,
            **g.content(),
            confidence=g.confidence,
            observed_at=g.observed_at,
            source=g.source,
            last_verified_at=b.clock(),
        )
        card = revised or existing
    else:  # nothing new; a source left active by an interrupted stage is retired below
        card = existing
    for source in sources:
        if (
            source.type in SUPERSEDED_SOURCE_TYPES
            and source.layer is Layer.KNOWLEDGE
            and source.status is Status.VERIFIED
        ):
            w.revise(
                source,
                ChangeKind.SUPERSEDED,
                f"generalised into {card.memory_id} ({situation.key})",
                situation.fingerprint,
                status=Status.SUPERSEDED,
                superseded_by=card.memory_id,
            )
    return keys


def _why(g: Generalisation, what: str) -> str:
    return (
        f"{what}: {g.situation.tool or 'a situation'} in {len(g.sessions)} sessions "
        f"({', '.join(g.sessions)}), generalised from {len(g.derived_from)} card(s)"
    )


def _new_card(b: Backends, w: Writer, g: Generalisation) -> MemoryCard:
    """The procedure's card: its id derived from the situation (a retried stage cannot make two), or from
    the situation and this run when that id is taken by a retired card (a rolled-back procedure)."""
    run = w.run
    memory_id = dream_memory_id(run.tenant_id, run.user_id, g.situation.fingerprint)
    if b.notes.get_many(run.tenant_id, [memory_id]):
        memory_id = dream_memory_id(run.tenant_id, run.user_id, f"{g.situation.fingerprint}@{run.run_id}")
    now = b.clock()
    return MemoryCard(
        memory_id=memory_id,
        layer=Layer.KNOWLEDGE,
        status=Status.VERIFIED,
        type=MemoryType.PROCEDURE,
        tenant_id=run.tenant_id,
        user_id=run.user_id,
        key=g.situation.key,
        statement=g.statement,
        condition=g.condition,
        action=g.action,
        outcome=g.outcome,
        evidence_refs=g.evidence_refs,
        source=g.source,
        confidence=g.confidence,
        derived_from=g.derived_from,
        observed_at=g.observed_at,
        last_verified_at=now,
        created_at=now,
        updated_at=now,
        dream_run_id=run.run_id,
    )

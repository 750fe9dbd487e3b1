"""The self-audit: every dream also looks at cards already held, not only at what a new session brought,
and fuses paraphrases and statements one card absorbs ("Rust is the user's strongest language" beside
"The user excels at Rust systems programming"), even when no new session mentions them; a state a later card
changed, missed when the news came ("Han has long hair", then "Han's hair is a pixie cut now"), is superseded by it.

Bounded work per run: the cards this run touched, then the next slice of the user's whole namespace in
`memory_id` order, resuming where the previous run's audit stopped (`audit_cursor` in its restructure
output), so every card is audited in rotation. Each audited card is compared with its nearest neighbours
by meaning; only pairs close enough to be about the same thing (by meaning, by most of their words, or by
a word few of the user's cards use) reach the reasoner (a bound on calls, not a judgement: the reasoner, or
the deterministic paraphrase check, decides).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from datetime import datetime

from reverie.domain.dream import Candidate, ChangeKind, RunStatus, claim_of
from reverie.domain.models import Layer, MemoryCard, ReviewStatus, Status
from reverie.domain.restatement import terms
from reverie.domain.search import SearchFilter, card_search_text
from reverie.ports import CardQuery, MergeAction, MergeDecision, RunStore
from reverie.services.backends import Backends
from reverie.services.dream.apply import Writer
from reverie.services.dream.common import dream_memory_id, said_later
from reverie.services.dream.decisions import MAX_CONFIDENCE, latest
from reverie.services.dream.similarity import cosine_of, paraphrase_of

AUDIT_PER_RUN = 40  # cards audited per run: those the run touched first, then the rotation
NEIGHBOURS = 3
NEAR_COSINE = 0.55  # below this two statements are not about the same thing: no reasoner call is spent
NEAR_SHARE = 0.5  # ... unless they share this share of the shorter one's words
RARE_CARDS = 3  # ... or a word this few of the user's cards use ("pnpm", "Leo"): a thing both name
AUDIT_CALLS = 20  # reasoner calls the audit may spend per run (the paraphrase check costs none)


def previous_cursor(runs: RunStore, tenant_id: str, user_id: str) -> str:
    """Where the last succeeded run's audit stopped ("" to start from the beginning)."""
    for run in runs.list_runs(tenant_id, user_id, limit=20):
        if run.status is RunStatus.SUCCEEDED:
            output = runs.stage_output(tenant_id, run.run_id, "restructure") or {}
            return str(output.get("audit_cursor", ""))
    return ""


def audit_held(b: Backends, w: Writer, touched: Sequence[str], cursor: str) -> str:
    """Fuse duplicates among the user's held cards (see the module docstring); returns the new cursor."""
    # a conflicting card waits for a person: fused away, its review would be lost
    query = CardQuery(
        scope=w.scope,
        layers=frozenset({Layer.KNOWLEDGE}),
        statuses=frozenset({Status.VERIFIED}),
        limit=10_000,
    )
    held = {c.memory_id: c for c in b.notes.query(query) if not c.is_expired(b.clock())}
    ordered = sorted(held)
    first = list(dict.fromkeys(i for i in touched if i in held))[:AUDIT_PER_RUN]
    rotation = [i for i in ordered if i > cursor] + [i for i in ordered if i <= cursor]
    turn = [i for i in rotation if i not in first][: AUDIT_PER_RUN - len(first)]
    chosen = first + turn
    if not chosen:
        return cursor
    vectors = dict(zip(chosen, b.embedder.embed([card_search_text(held[i]) for i in chosen]), strict=True))
    used = Counter(t for c in held.values() for t in terms(c.statement))
    rare = frozenset(t for t, n in used.items() if n <= RARE_CARDS)
    gone: set[str] = set()
    filt = SearchFilter(scope=w.scope, now=b.clock())
    for memory_id in chosen:
        if memory_id in gone:
            continue
        card = w.changed.get(memory_id, held[memory_id])
        # neighbours by meaning and by words ("Too long: keep answers short" is far from "prefers concise
        # answers" by MiniLM, close by words); the cards as this run last wrote them
        hits = [
            *b.index.search_vector(vectors[memory_id], filt, NEIGHBOURS + 1),
            *b.index.search_text(card.statement, filt, NEIGHBOURS + 1),
        ]
        ids = dict.fromkeys(i for h in hits if (i := h.memory_id) in held.keys() - gone - {memory_id})
        near = [w.changed.get(i, held[i]) for i in ids]
        said = b.embedder.embed([card_search_text(c) for c in near]) if near else []
        for other, vector in zip(near, said, strict=True):
            close = cosine_of(vectors[memory_id], vector)
            if _near(card, other, close, rare) and (merged := _audit_pair(b, w, card, other, close, near)):
                gone.update(merged)
                break
    return turn[-1] if turn else cursor


def _near(card: MemoryCard, other: MemoryCard, close: float, rare: frozenset[str]) -> bool:
    """Close enough to be about the same thing to spend a reasoner call on: by meaning, by resting on the
    same event, sharing most of the shorter statement's words, or naming a thing few cards name (`rare`;
    "Inês manages her dependencies with pnpm" / "The user's repositories use pnpm"): a bound on calls, not a
    judgement."""
    if close >= NEAR_COSINE or set(card.evidence_refs) & set(other.evidence_refs):
        return True  # close in meaning, or resting on the same event
    mine, theirs = terms(card.statement), terms(other.statement)
    if mine & theirs & rare:
        return True
    return min(len(mine), len(theirs)) >= 2 and len(mine & theirs) >= NEAR_SHARE * min(len(mine), len(theirs))


def _audit_pair(
    b: Backends, w: Writer, card: MemoryCard, other: MemoryCard, close: float, near: Sequence[MemoryCard]
) -> set[str]:
    """The ids retired by fusing one pair of held cards (empty when they stay apart). The reasoner sees the
    pair with the audited card's other neighbours (`near`): "that job the user took over" is the one job
    held only when no other near card is a job taken over, as the dream judged it when it was news."""
    keeper, absorbed = sorted((card, other), key=_seniority)
    claim = Candidate(**claim_of(absorbed), confidence=absorbed.confidence)
    if paraphrase_of(claim, [keeper], {keeper.memory_id: close}) is not None:
        return _absorb(w, keeper, absorbed, f"a paraphrase of {keeper.memory_id} (cosine {close:.2f})")
    senior = Candidate(**claim_of(keeper), confidence=keeper.confidence)
    if paraphrase_of(senior, [absorbed], {absorbed.memory_id: close}) is not None:  # the other says it all
        return _absorb(w, absorbed, keeper, f"said in full by {absorbed.memory_id} (cosine {close:.2f})")
    # either card, taken as news about the other, may join it: "books a hot desk in Leeds every Tuesday and
    # Thursday" adds nothing to a held "works from the Leeds office on Tuesdays and Thursdays" in one
    # direction, and fuses with it in the other; the pair is one idea either way
    around = [c for c in near if c.memory_id not in (card.memory_id, other.memory_id)]
    for news, held, newer in ((claim, keeper, absorbed), (senior, absorbed, keeper)):
        decision = _decide(b, w, news, [held, *around])
        if decision is None:
            return set()
        if decision.target_id != held.memory_id:
            continue
        if (
            decision.action is MergeAction.SUPERSEDE
            and decision.statement is None
            and said_later(newer, held)
            and newer.valid_from is None  # a value said ahead holds from its day; the held one until then
            and held.valid_until is None
        ):
            return _outdated(w, held, newer, decision.reason)  # a changed state the news missed: latest wins
        if decision.action is MergeAction.NOOP:  # the held one says all the news does
            retired = absorbed if held is keeper else keeper
            return _absorb(w, held, retired, f"says no more than {held.memory_id}: {decision.reason}")
        if decision.action is MergeAction.FUSE and decision.statement:
            return _fuse(w, keeper, absorbed, decision.statement, decision.reason)
    return set()


def _decide(b: Backends, w: Writer, news: Candidate, held: Sequence[MemoryCard]) -> MergeDecision | None:
    """The reasoner's decision on `news` against the `held` cards, or None when the audit's calls are spent."""
    if w.counts.get("audit_calls", 0) >= AUDIT_CALLS or w.calls_left() <= 0:
        return None
    w.count("audit_calls")
    _, reasoner = b.dream_ports()
    decision = reasoner.decide(news, list(held))
    w.spend(decision.usage)
    return decision


def _outdated(w: Writer, old: MemoryCard, newer: MemoryCard, why: str) -> set[str]:
    """`old` states what `newer`, said later, changed ("Han has long hair", then "Han's hair is a pixie cut
    now"): superseded by it (a card a person edited is left for them)."""
    if old.review_status is ReviewStatus.EDITED:
        return set()
    return _retired(w, old, newer, f"audit: replaced by {newer.memory_id}, {why}", "audit_superseded")


def _retired(w: Writer, card: MemoryCard, by: MemoryCard, why: str, counted: str) -> set[str]:
    """`card` superseded by `by` (the id retired, counted under `counted`; nothing when the write was refused)."""
    if (
        w.revise(card, ChangeKind.SUPERSEDED, why, status=Status.SUPERSEDED, superseded_by=by.memory_id)
        is None
    ):
        return set()
    w.count(counted)
    return {card.memory_id}


def _seniority(card: MemoryCard) -> tuple[bool, int, datetime, str]:
    """The card that stays first: one a person edited, then the best supported, then the oldest."""
    edited = card.review_status is ReviewStatus.EDITED
    return (not edited, -len(card.evidence_refs), card.created_at, card.memory_id)


def _absorb(w: Writer, keeper: MemoryCard, absorbed: MemoryCard, why: str) -> set[str]:
    """`absorbed` says nothing `keeper` does not: it is retired, superseded by the keeper, which gains its
    evidence (a keeper a person edited is left as it is)."""
    if absorbed.review_status is ReviewStatus.EDITED:
        return set()
    # the keeper gains what the absorbed card rested on; resting on nothing new, it stays as it is (the
    # absorbed card's superseded_by records the link): no new version, and no surer, without new support
    adds = not set(absorbed.evidence_refs) <= set(keeper.evidence_refs)
    if adds and keeper.review_status is not ReviewStatus.EDITED:
        w.revise(
            keeper,
            ChangeKind.UPDATED,
            f"audit: absorbed {absorbed.memory_id}, {why}",
            evidence_refs=list(dict.fromkeys([*keeper.evidence_refs, *absorbed.evidence_refs])),
            derived_from=list(dict.fromkeys([*keeper.derived_from, absorbed.memory_id])),
            confidence=min(MAX_CONFIDENCE, max(keeper.confidence, absorbed.confidence)),
            observed_at=latest(keeper.observed_at, absorbed.observed_at),
        )
    return _retired(w, absorbed, keeper, f"audit: {why}", "audit_fused")


def _fuse(w: Writer, keeper: MemoryCard, absorbed: MemoryCard, statement: str, why: str) -> set[str]:
    """One richer card saying `statement` replaces both (each superseded by it, derived from both)."""
    if ReviewStatus.EDITED in (keeper.review_status, absorbed.review_status):
        return set()
    now = w.b.clock()
    fused = MemoryCard.model_validate(
        {
            **claim_of(keeper),
            "memory_id": dream_memory_id(
                w.run.tenant_id, w.run.user_id, f"audit:{keeper.memory_id}+{absorbed.memory_id}"
            ),
            "layer": Layer.KNOWLEDGE,
            "status": Status.VERIFIED,
            "tenant_id": keeper.tenant_id,
            "user_id": keeper.user_id,
            "scope": keeper.scope,
            "project_id": keeper.project_id,
            "statement": statement,
            "key": keeper.key or absorbed.key,  # the slot either held: a later value of it changes this card
            "evidence_refs": list(dict.fromkeys([*keeper.evidence_refs, *absorbed.evidence_refs])),
            "derived_from": list(dict.fromkeys([*keeper.derived_from, keeper.memory_id, absorbed.memory_id])),
            "confidence": max(keeper.confidence, absorbed.confidence),
            "observed_at": latest(keeper.observed_at, absorbed.observed_at),
            "last_verified_at": now,
            "created_at": now,
            "updated_at": now,
            "dream_run_id": w.run.run_id,
        }
    )
    created = w.supersede(keeper, fused, f"audit: fused with {absorbed.memory_id}: {why}", "audit")
    if created is None:
        return set()
    w.revise(
        absorbed,
        ChangeKind.SUPERSEDED,
        f"audit: fused into {created.memory_id}",
        status=Status.SUPERSEDED,
        superseded_by=created.memory_id,
    )
    w.count("audit_fused")
    return {keeper.memory_id, absorbed.memory_id}

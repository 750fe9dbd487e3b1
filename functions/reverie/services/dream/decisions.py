"""Restructure's merge decisions applied to the note store: add, fuse, supersede, retire, no-op, conflict.

Each decision is one or two new versions, recorded in the run with the reasoner's reason. A card a person
edited is never rewritten: a decision to fuse into, supersede or retire it becomes a conflict for review.
A claim from an untrusted source (a tool, a document) never replaces, retires or contests a card from a
trusted one: it is held as a proposal (a hypothesis that `supersedes` the card) for a person to review.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import cast

from reverie.domain.denial import denied_outright, repeats_denied
from reverie.domain.dream import Candidate, ChangeKind
from reverie.domain.models import (
    INJECTABLE_STATUSES,
    EvidenceRef,
    Layer,
    MemoryCard,
    MemoryType,
    ReviewStatus,
    Status,
    Trust,
)
from reverie.domain.restatement import changed_values
from reverie.domain.swapped import repeats_swapped
from reverie.domain.text import human_date
from reverie.ports import CardQuery, MergeAction, MergeDecision
from reverie.services.backends import Backends
from reverie.services.dream.apply import Writer, new_sessions, union_refs
from reverie.services.dream.lineage import absorbed_by

RETIRED = frozenset({Status.REJECTED, Status.SUPERSEDED, Status.ARCHIVED})
MAX_CONFIDENCE = 0.95
CONFIRMED_STEP = 0.05  # a claim restated in a new session is this much surer


def latest(*times: datetime | None) -> datetime | None:
    return max((t for t in times if t is not None), default=None)


@dataclass
class Promotion:
    """One verified candidate on its way into L3, and what the run already holds of its claim."""

    b: Backends
    w: Writer
    candidate: Candidate
    confidence: float
    why: str
    own: MemoryCard | None  # the card of this very claim, if any (any layer and status)

    @property
    def held(self) -> MemoryCard | None:
        """A hypothesis of this very claim, held earlier: it becomes the L3 card."""
        own = self.own
        return (
            own if own is not None and own.layer is Layer.NOTES and own.status is Status.HYPOTHESIS else None
        )

    @property
    def retired(self) -> bool:
        """The claim's own card was retired before: it comes back as a new card."""
        return self.own is not None and self.own.status in RETIRED

    @property
    def fingerprint(self) -> str:
        return self.candidate.fingerprint

    def become(self, status: Status, kind: ChangeKind, **extra: object) -> MemoryCard | None:
        """The candidate as an L3 card: the held hypothesis promoted, or a new card."""
        c, w = self.candidate, self.w
        if self.held is not None:
            # what a fused claim cites (`_claim`) is cited beside what the held hypothesis and the candidate do
            cited = [*union_refs(self.held, c), *cast(list[EvidenceRef], extra.pop("evidence_refs", []))]
            return w.revise(
                self.held,
                kind,
                f"promoted: {self.why}",
                self.fingerprint,
                layer=Layer.KNOWLEDGE,
                status=status,
                evidence_refs=list(dict.fromkeys(cited)),
                confidence=self.confidence,
                last_verified_at=self.b.clock(),
                observed_at=latest(self.held.observed_at, c.observed_at),
                **extra,
            )
        card = w.card_from(c, Layer.KNOWLEDGE, status, self.confidence, revival=self.retired)
        return w.create(card.model_copy(update=extra) if extra else card, kind, self.why, self.fingerprint)

    def replace(self, target: MemoryCard, new: MemoryCard) -> MemoryCard | None:
        """`new` becomes current and `target` is kept as history (superseded by it)."""
        if self.held is None:
            return self.w.supersede(target, new, self.why, self.fingerprint)
        # two versions rather than one transaction: the held card exists already
        created = self.become(Status.VERIFIED, ChangeKind.ADDED, supersedes=target.memory_id, **_claim(new))
        if created is not None:
            self.w.revise(
                target,
                ChangeKind.SUPERSEDED,
                self.why,
                self.fingerprint,
                status=Status.SUPERSEDED,
                superseded_by=created.memory_id,
            )
        return created


def _claim(card: MemoryCard) -> dict[str, object]:
    """What a fused card says beyond the candidate it was made from."""
    return {
        "statement": card.statement,
        "evidence_refs": card.evidence_refs,
        "derived_from": card.derived_from,
        "key": card.key,
        "type": card.type,
    }


def apply_decision(p: Promotion, decision: MergeDecision, target: MemoryCard | None) -> None:
    c, w, b = p.candidate, p.w, p.b
    action = decision.action
    if target is None and action is not MergeAction.ADD:
        w.count("undecided")  # the reasoner named no card it was shown: the claim waits for a later run
        return
    if target is None or action is MergeAction.ADD:
        if p.own is None or p.held is not None or p.retired:
            p.become(Status.VERIFIED, ChangeKind.ADDED)
        return
    if action is MergeAction.NOOP:
        surer = min(MAX_CONFIDENCE, max(target.confidence, p.confidence) + CONFIRMED_STEP)
        w.revise(
            target,
            ChangeKind.UPDATED,
            p.why,
            p.fingerprint,
            evidence_refs=union_refs(target, c),
            last_verified_at=b.clock(),
            confidence=surer if new_sessions(target, c) else target.confidence,
            observed_at=latest(target.observed_at, c.observed_at),
        )
        return
    if c.source.trust is Trust.UNTRUSTED and target.source.trust is not Trust.UNTRUSTED:
        propose(p, target)  # a tool or a document does not change what a person or the agent holds
        return
    if target.review_status is ReviewStatus.EDITED or action is MergeAction.CONFLICT:
        conflict(p, target)
        return
    if action is MergeAction.FUSE:
        fused = fuse(p, target, decision.statement or target.statement)
        if fused is not None:
            w.count("fused")
            # a correction said with the card it puts right, not beside it: what was built on the card was wrong
            if c.type is MemoryType.CORRECTION and target.statement.rstrip(" .") not in fused.statement:
                propagate_correction(b, w, target, fused)
    elif action is MergeAction.SUPERSEDE and c.valid_from is not None and c.valid_from > b.clock():
        hand_over(p, target, c.valid_from)
    elif action is MergeAction.SUPERSEDE:
        new = w.card_from(c, Layer.KNOWLEDGE, Status.VERIFIED, p.confidence, revival=p.retired)
        if new.key is None and target.key is not None and target.type is new.type is not MemoryType.PLAN:
            # the new value of the slot the old card held ("switched to McFit" after "my gym is FitX"):
            # a value said later for that slot ("my gym is FitX again") is a change of this one
            new = new.model_copy(update={"key": target.key})
        if decision.statement:  # the new value, with what the old card said beside it (on its evidence too)
            refs = union_refs(target, c)
            new = new.model_copy(update={"statement": decision.statement, "evidence_refs": refs})
        created = p.replace(target, new)
        # the candidate's own words deny the value ("£1,250, not £1,150") its card may no longer say
        if created is not None:
            propagate_correction(b, w, target, created, denied_by=c.statement)
    elif action is MergeAction.RETIRE:
        rejected = w.revise(target, ChangeKind.REJECTED, p.why, p.fingerprint, status=Status.REJECTED)
        if rejected is not None:
            propagate_correction(b, w, target, p.become(Status.VERIFIED, ChangeKind.ADDED))


def fuse(p: Promotion, target: MemoryCard, statement: str) -> MemoryCard | None:
    """One richer card saying `statement`, resting on the target's evidence and the candidate's, derived
    from the target, which it supersedes (its history stays readable)."""
    c, w = p.candidate, p.w
    new = w.card_from(c, Layer.KNOWLEDGE, Status.VERIFIED, max(p.confidence, target.confidence), p.retired)
    new = new.model_copy(
        update={
            "statement": statement,
            "type": target.type,
            "key": target.key or c.key,
            "evidence_refs": list(dict.fromkeys([*target.evidence_refs, *c.evidence_refs])),
            "derived_from": list(dict.fromkeys([*target.derived_from, target.memory_id])),
            "observed_at": latest(target.observed_at, c.observed_at),
            "valid_until": c.valid_until or target.valid_until,
        }
    )
    return p.replace(target, new)


def hand_over(p: Promotion, target: MemoryCard, day: datetime) -> None:
    """A change said ahead ("from 1 March I'm based at BRS"): the held value stays current until that day
    (its card expires then, and decay archives it), the new card holds from then; until the day comes both
    are true, each with its dates."""
    until = min(target.valid_until or day, day)
    p.w.revise(
        target,
        ChangeKind.UPDATED,
        f"holds until {human_date(day)}: {p.why}",
        p.fingerprint,
        valid_until=until,
    )
    p.become(Status.VERIFIED, ChangeKind.ADDED)


def propose(p: Promotion, target: MemoryCard) -> None:
    """An untrusted claim that would change `target`: held as a hypothesis proposing to supersede it, both
    named in a review item; the target stays as it is until a person approves the proposal."""
    c, w = p.candidate, p.w
    why = f"a claim from an untrusted source ({c.source.kind.value}) would change {target.memory_id}: {p.why}"
    if p.held is not None:
        proposal = w.revise(p.held, ChangeKind.QUEUED, why, p.fingerprint, supersedes=target.memory_id)
        proposal = proposal or p.held
    else:
        card = w.card_from(c, Layer.NOTES, Status.HYPOTHESIS, min(p.confidence, 0.5), revival=p.retired)
        proposal = w.create(
            card.model_copy(update={"supersedes": target.memory_id}), ChangeKind.QUEUED, why, p.fingerprint
        )
    w.review([target.memory_id, proposal.memory_id], "correction", why)


def conflict(p: Promotion, target: MemoryCard) -> None:
    """Both to review: the candidate as a conflicting card, the target flagged (unless a person edited it)."""
    created = p.become(Status.CONFLICTING, ChangeKind.CONFLICTED)
    if target.review_status is not ReviewStatus.EDITED:
        p.w.revise(target, ChangeKind.CONFLICTED, p.why, p.fingerprint, status=Status.CONFLICTING)
    if created is not None:
        p.w.review([target.memory_id, created.memory_id], "conflict", p.why)


def propagate_correction(
    b: Backends,
    w: Writer,
    wrong: MemoryCard,
    right: MemoryCard | None,
    said: str | None = None,
    denied_by: str | None = None,
) -> None:
    """Cards built on a card found wrong are not left live: those derived from it (`derived_from`) or
    repeating the value it got wrong (an address, a path, a version: "POST https://api-v1.../shipments"
    after "the base URL is https://api-v1..." was corrected to api-v2). A held guess is rejected; a verified
    card loses confidence and goes to review as conflicting, unless it is derived from the wrong card and
    repeats the value the correction denies ("..., not St Anne's"): then it is superseded too (and named
    to a person). `said` is what replaced the wrong card when
    no card did (a verified claim that rejected a hypothesis); `denied_by` the words that replaced it, when the
    new card no longer says the value they deny (the card with the value put right: `value_swap`)."""
    replaced_by = right.statement if right is not None else said
    stale = changed_values(wrong.statement, replaced_by) if replaced_by else frozenset()
    origins = {wrong.memory_id, *absorbed_by(b, wrong)}  # what was built on a card it absorbed is built on it
    query = CardQuery(
        scope=w.scope, statuses=frozenset({*INJECTABLE_STATUSES, Status.HYPOTHESIS}), limit=10_000
    )
    for card in b.notes.query(query):
        card = w.changed.get(card.memory_id, card)
        if card.memory_id in (wrong.memory_id, right.memory_id if right else None):
            continue
        derived = not origins.isdisjoint(card.derived_from)
        if derived:
            why = f"derived from {wrong.memory_id}, "
        elif shared := next((v for v in sorted(stale) if v in card.statement.lower()), None):
            why = f"repeats {shared} of {wrong.memory_id}, "
        else:
            continue
        why += f"superseded by {right.memory_id}" if right is not None else "found wrong"
        if (
            right is not None
            and derived
            and (
                _repeats_wrong(wrong, right, card)
                or bool(denied_by and repeats_denied(denied_by, card.statement))
                or _rested_on_denied(wrong, right, card, origins)
            )
        ):
            # built on the wrong card and saying the very value the correction denies (or built on it alone,
            # and it is denied outright): wrong as well, retired, and named to a person in case it held for
            # another reason
            retired = w.revise(
                card, ChangeKind.SUPERSEDED, why, status=Status.SUPERSEDED, superseded_by=right.memory_id
            )
            if retired is not None:
                w.review([card.memory_id, right.memory_id], "correction", why)
            continue
        flag_built_on(w, card, right or wrong, why, INJECTABLE_STATUSES)


def _repeats_wrong(wrong: MemoryCard, right: MemoryCard, card: MemoryCard) -> bool:
    """`card` says the very value the correction `right` denies ("..., not St Anne's"), or pairs again what
    it paired otherwise ("Ahmed ... Wednesday" after "Ahmed does Mondays, Zainab Wednesdays")."""
    return repeats_denied(right.statement, card.statement) or repeats_swapped(
        wrong.statement, right.statement, card.statement
    )


def _rested_on_denied(wrong: MemoryCard, right: MemoryCard, card: MemoryCard, origins: set[str]) -> bool:
    """`card` was built on `wrong` alone (or on what it absorbed), and `right` denies `wrong` outright, giving
    nothing instead ("The user is not lactose intolerant"): nothing is left under it ("Use oat milk in their
    recipes")."""
    return set(card.derived_from) <= origins and denied_outright(wrong.statement, right.statement)


def flag_built_on(
    w: Writer, card: MemoryCard, beside: MemoryCard, why: str, flaggable: frozenset[Status]
) -> None:
    """A card built on a wrong value is no longer shown as settled: a held guess is rejected; a card of a
    `flaggable` status loses half its confidence and goes to review as conflicting, beside `beside`."""
    if card.status is Status.HYPOTHESIS:
        w.revise(card, ChangeKind.REJECTED, why, status=Status.REJECTED)
        return
    if card.status not in flaggable:
        return
    flagged = w.revise(
        card, ChangeKind.CONFLICTED, why, confidence=round(card.confidence / 2, 4), status=Status.CONFLICTING
    )
    if flagged is not None:
        w.review([card.memory_id, beside.memory_id], "correction", why)

"""Hypotheses (L2) against what else the run learnt: a held guess that a verified claim now contradicts is
rejected (and what was derived from it goes to review), and two guesses of this run that disagree with
nothing to settle them (two config files, two tools, two people at the same time) become conflicting, with
an open review item, instead of both being silently withheld.

Bounded: the user's newest hypotheses (HELD_LIMIT), compared only with claims that share a word of what
they are about; the reasoner decides each pair.
"""

from __future__ import annotations

from collections.abc import Sequence

from reverie.domain.dream import Candidate, ChangeKind, claim_of
from reverie.domain.models import EvidenceRef, Layer, MemoryCard, Status
from reverie.domain.restatement import names_no_one, terms
from reverie.ports import CardQuery, MergeAction, MergeDecision, Reasoner
from reverie.services.backends import Backends
from reverie.services.dream.apply import Writer
from reverie.services.dream.common import said_later
from reverie.services.dream.decisions import propagate_correction
from reverie.services.dream.verify import Assessment

HELD_LIMIT = 500
PAIRS_PER_CLAIM = 3


def cards_as_written(b: Backends, w: Writer, layer: Layer, status: Status, limit: int) -> list[MemoryCard]:
    """The user's cards of `layer` stored with `status` (at most `limit`), each as this run has rewritten it so far."""
    query = CardQuery(scope=w.scope, layers=frozenset({layer}), statuses=frozenset({status}), limit=limit)
    return [w.changed.get(c.memory_id, c) for c in b.notes.query(query)]


def _held(b: Backends, w: Writer) -> list[MemoryCard]:
    return cards_as_written(b, w, Layer.NOTES, Status.HYPOTHESIS, HELD_LIMIT)


def _related(claim: Candidate, cards: Sequence[MemoryCard], own: str) -> list[MemoryCard]:
    """The cards sharing most words of what `claim` is about (same key first): two words, or one for a claim
    that names no one ("His name's Jack, not Jake" shares only "Jake" with "Mae's son is called Jake")."""
    words, cited = terms(claim.statement), set(claim.evidence_refs)
    least = 1 if names_no_one(claim.statement) else 2
    scored = [
        (
            _slot(c.key) is not None and _slot(c.key) == _slot(claim.key),
            len(words & terms(c.statement)),
            c.memory_id,
            c,
        )
        for c in cards
        if c.memory_id != own and c.status is Status.HYPOTHESIS and not _itself(claim, words, cited, c)
    ]
    return [c for same_key, shared, _, c in sorted(scored, reverse=True) if same_key or shared >= least][
        :PAIRS_PER_CLAIM
    ]


def _itself(claim: Candidate, words: frozenset[str], cited: set[EvidenceRef], card: MemoryCard) -> bool:
    """`card` is the claim itself, as captured online (a note citing the claim's own evidence and saying
    no more or less); two claims one message relays ("Farah says X, and Mum insists Y") are two."""
    if not cited & set(card.evidence_refs):
        return False
    theirs = terms(card.statement)
    return words <= theirs or theirs <= words


def _slot(key: str | None) -> str | None:
    """The attribute a key names, whoever it is about (the reasoner checks the subject)."""
    return key.partition(".")[2] or None if key else None


def decide_pair(w: Writer, reasoner: Reasoner, claim: Candidate, card: MemoryCard) -> MergeAction | None:
    """The reasoner's action for `claim` against `card` alone, on the run's call budget (None: spent, or
    it points elsewhere)."""
    decision = _pair_decision(w, reasoner, claim, card)
    return decision.action if decision is not None else None


def _pair_decision(w: Writer, reasoner: Reasoner, claim: Candidate, card: MemoryCard) -> MergeDecision | None:
    """The reasoner's decision for `claim` against `card` alone (see `decide_pair`)."""
    if w.calls_left() <= 0:  # the run's budget is spent: the pair stays as it is for a later run
        return None
    decision = reasoner.decide(claim, [card])
    w.spend(decision.usage)
    return decision if decision.target_id == card.memory_id else None


def reject_contradicted(b: Backends, w: Writer, reasoner: Reasoner, promoted: Sequence[Assessment]) -> None:
    """Held hypotheses that a claim this run verified replaces or shows wrong are rejected; one it says in full,
    with more detail, is superseded by it."""
    held = _held(b, w)
    for a in promoted:
        own = w.own_id(a.candidate)
        # as this run last wrote them: a correction's propagation may have rejected some already
        held = [w.changed.get(c.memory_id, c) for c in held]
        for related in _related(a.candidate, held, own):
            # a rejection's propagation earlier in this loop may have rewritten this one since
            card = w.changed.get(related.memory_id, related)
            if card.status is not Status.HYPOTHESIS or said_later(card, a.candidate):
                continue  # put right already, or a guess made after the claim, which it does not contradict
            decision = _pair_decision(w, reasoner, a.candidate, card)
            action = decision.action if decision is not None else None
            written = w.changed.get(own)  # the claim's own card, as this run wrote it (if it did)
            if (
                action is MergeAction.FUSE
                and written is not None
                and written.status is Status.VERIFIED
                and card.memory_id not in w.changed
                # and the fusion says nothing the claim does not ("... Ama attends Hillside Primary" is not
                # held in "Kofi's daughter is called Ama")
                and decision is not None
                and terms(decision.statement or written.statement) <= terms(written.statement)
            ):
                # the verified claim says all the guess says and more ("plays padel every Tuesday at ..."
                # beside the guess "plays padel"): the guess is held in it, not beside it
                w.revise(
                    card,
                    ChangeKind.SUPERSEDED,
                    f"said in full by the verified claim {own}",
                    status=Status.SUPERSEDED,
                    superseded_by=own,
                )
                continue
            if action in (MergeAction.SUPERSEDE, MergeAction.RETIRE):
                rejected = w.revise(
                    card,
                    ChangeKind.REJECTED,
                    f"contradicted by the verified claim {own}",
                    status=Status.REJECTED,
                )
                if rejected is not None:
                    propagate_correction(b, w, card, None, said=a.candidate.statement)
                    held = [rejected if c.memory_id == card.memory_id else c for c in held]
                    if written is None:  # kept only to put a guess right ("he's in Year 5, not Year 4")
                        _said_right(w, a, card, decision)
                    else:
                        _put_right(w, written, card, decision)


def _said_right(w: Writer, a: Assessment, guess: MemoryCard, decision: MergeDecision | None) -> None:
    """A verified claim the merge kept no card of (it names no one held: "he's in Year 5, not Year 4") that
    puts a held guess right: what is known is the guess put right ("Dana's son Max is in Year 5"), as the
    reasoner wrote it, on the claim's evidence; nothing when the reasoner wrote no such statement."""
    if decision is None or decision.action is not MergeAction.SUPERSEDE or not decision.statement:
        return
    if not names_no_one(a.candidate.statement):
        return  # a claim that names whom it is about was kept, or said as a held card says it
    claim = a.candidate.model_copy(update={"statement": decision.statement, "key": guess.key})
    card = w.card_from(claim, Layer.KNOWLEDGE, Status.VERIFIED, a.confidence)
    w.create(card, ChangeKind.ADDED, f"the guess {guess.memory_id} put right", None)


def _put_right(
    w: Writer, written: MemoryCard | None, guess: MemoryCard, decision: MergeDecision | None
) -> None:
    """The verified claim's own card, saying the guess it replaces put right when the reasoner wrote that
    ("31 August 2027, not 30 June 2027" against "the tenancy ends on 30 June 2027": "the tenancy ends on 31
    August 2027"), as a held card replaced is written: what is known is the guess corrected, not the
    contrast that corrected it."""
    if (
        written is None
        or written.status is not Status.VERIFIED
        or decision is None
        or decision.action is not MergeAction.SUPERSEDE
        or not decision.statement
    ):
        return
    w.revise(
        written,
        ChangeKind.UPDATED,
        f"says the guess {guess.memory_id} put right",
        statement=decision.statement,
    )


def flag_disagreements(b: Backends, w: Writer, reasoner: Reasoner, kept: Sequence[Assessment]) -> None:
    """A hypothesis of this run and another held one (of this run or an earlier one: Mum's claim last week,
    Efe's today) that the reasoner finds in conflict become conflicting, for review."""
    mine = {w.own_id(a.candidate) for a in kept}
    # earlier runs' hypotheses, not notes captured online: this run judges those and retires them
    every = [c for c in _held(b, w) if c.memory_id in mine or c.dream_run_id]
    held = [c for c in every if c.memory_id in mine]
    flagged: set[str] = set()
    for card in held:
        if card.memory_id in flagged:
            continue
        claim = Candidate(**claim_of(card), confidence=card.confidence)
        for other in _related(claim, every, card.memory_id):
            if (
                other.memory_id in flagged
                or decide_pair(w, reasoner, claim, other) is not MergeAction.CONFLICT
            ):
                continue
            flag_conflict(w, card, other)
            flagged.update({card.memory_id, other.memory_id})
            break


def flag_conflict(w: Writer, card: MemoryCard, other: MemoryCard) -> None:
    """`card` and `other` disagree with nothing to settle them: both conflicting, with a review item (a
    conflict is shown, flagged, rather than silently withheld)."""
    why = f"{card.memory_id} and {other.memory_id} disagree, and nothing settles which is right"
    for c in (card, other):
        w.revise(c, ChangeKind.CONFLICTED, why, layer=Layer.KNOWLEDGE, status=Status.CONFLICTING)
    w.review([card.memory_id, other.memory_id], "conflict", why)

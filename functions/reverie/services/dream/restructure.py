"""Stage 3, restructure: add / fuse / supersede / retire / no-op by slot and similarity (`decisions`), flag
conflicts for human review, propagate corrections (and people's edits: `edits`) to derived cards, generalise
repeated episodes into procedures (`procedures`), and audit held cards for duplicates no new session
mentions (`audit`)."""

from __future__ import annotations

from collections.abc import Sequence

from reverie.domain.dream import Candidate, ChangeKind
from reverie.domain.models import INJECTABLE_STATUSES, Layer, MemoryCard, Status, Trust
from reverie.domain.search import SearchFilter, card_search_text
from reverie.ports import CardQuery, MergeAction, MergeDecision, Reasoner
from reverie.services.backends import Backends
from reverie.services.dream.apply import Writer, new_sessions, union_refs
from reverie.services.dream.audit import audit_held, previous_cursor
from reverie.services.dream.claims_against_known import flag_claims_against_known
from reverie.services.dream.common import StageInput, StageOutput, load_run
from reverie.services.dream.corroboration import corroborated, retire_absorbed
from reverie.services.dream.decisions import Promotion, apply_decision, latest, propose
from reverie.services.dream.dependents import retire_held_at_old_values
from reverie.services.dream.edits import propagate_edits
from reverie.services.dream.forgetting import forget, stays_forgotten
from reverie.services.dream.hypotheses import flag_disagreements, reject_contradicted
from reverie.services.dream.procedures import generalise_repeats
from reverie.services.dream.similarity import cosine_of, paraphrase_of
from reverie.services.dream.verify import Assessment

STAGE = "restructure"
NEIGHBOURS = 5
# A claim the run had no reasoner call left to judge against the held cards: a hypothesis until a later run.
OVER_BUDGET = "not judged: the run's reasoner budget (max_reasoner_calls) is spent; a later run re-checks it"
CHANGES = frozenset({MergeAction.FUSE, MergeAction.SUPERSEDE, MergeAction.RETIRE, MergeAction.CONFLICT})


def rollback_keys(candidate: Candidate) -> list[str]:
    """What a rollback remembers of a candidate: its claim as seen in each of its sessions. A later run
    may promote the same claim again only with evidence from a session not rolled back (new evidence)."""
    return sorted({f"{candidate.fingerprint}@{r.session_id}" for r in candidate.evidence_refs})


def neighbours(
    b: Backends, w: Writer, candidate: Candidate, vector: list[float]
) -> tuple[list[MemoryCard], dict[str, float]]:
    """The most similar current L3 cards (same key first, then keyword and vector neighbours), and the
    cosine similarity of what each says to the candidate (not the index's score: the index embeds a card
    with its evidence text, for recall, which blurs a comparison of two statements)."""
    found: dict[str, None] = {}
    if candidate.key:
        query = CardQuery(
            scope=w.scope, key=candidate.key, layers=frozenset({Layer.KNOWLEDGE}), limit=NEIGHBOURS
        )
        found.update((c.memory_id, None) for c in b.notes.query(query) if c.status in INJECTABLE_STATUSES)
    filt = SearchFilter(scope=w.scope, now=b.clock())
    for hit in b.index.search_text(candidate.statement, filt, NEIGHBOURS):
        found.setdefault(hit.memory_id, None)
    for hit in b.index.search_vector(vector, filt, NEIGHBOURS):
        found.setdefault(hit.memory_id, None)
    own = w.own_id(candidate)
    cards = b.notes.get_many(w.run.tenant_id, [i for i in found if i != own])
    cards = [c for c in cards if c.layer is Layer.KNOWLEDGE and c.status in INJECTABLE_STATUSES]
    said = b.embedder.embed([card_search_text(c) for c in cards]) if cards else []
    return cards, {c.memory_id: cosine_of(vector, v) for c, v in zip(cards, said, strict=True)}


def promote(b: Backends, w: Writer, reasoner: Reasoner, a: Assessment, vector: list[float]) -> None:
    c, fp = a.candidate, a.candidate.fingerprint
    found = b.notes.get_many(w.run.tenant_id, [w.own_id(c)])
    own = found[0] if found else None
    if own is not None and own.layer is Layer.KNOWLEDGE and own.status in INJECTABLE_STATUSES:
        # the same claim again: reinforce what is known, surer only with support from another session
        surer = max(own.confidence, a.confidence) if new_sessions(own, c) else own.confidence
        w.revise(
            own,
            ChangeKind.UPDATED,
            f"seen again: {a.reason}",
            fp,
            evidence_refs=union_refs(own, c),
            confidence=surer,
            last_verified_at=b.clock(),
            observed_at=latest(own.observed_at, c.observed_at),
        )
        return
    if stays_forgotten(own, c):  # the user asked to forget it: old turns read again do not bring it back
        w.count("stays_forgotten")
        return
    cards, cosine = neighbours(b, w, c, vector)
    same = paraphrase_of(c, cards, cosine)
    if same is None and cards and w.calls_left() <= 0:
        w.count("deferred_over_budget")
        keep_hypothesis(b, w, a.model_copy(update={"decision": "hold", "reason": OVER_BUDGET}))
        return
    decision = (
        MergeDecision(
            action=MergeAction.NOOP,
            target_id=same.memory_id,
            reason=f"a paraphrase (cosine {cosine[same.memory_id]:.2f})",
        )
        if same is not None
        else reasoner.decide(c, cards)
    )
    w.spend(decision.usage)
    target = b.notes.get(w.run.tenant_id, decision.target_id) if decision.target_id else None
    why = f"{decision.action.value}: {decision.reason}; {a.reason}"
    apply_decision(Promotion(b, w, c, a.confidence, why, own), decision, target)


def hold_proposal(b: Backends, w: Writer, reasoner: Reasoner, a: Assessment) -> None:
    """An untrusted correction (`Assessment.proposal`): judged against the held cards as a promotion would
    be, but never applied; when it would change a card of a trusted source, it is held as a proposal for
    review (`decisions.propose`), otherwise quarantined as it is."""
    c = a.candidate
    vector = b.embedder.embed([c.statement])[0]
    cards, cosine = neighbours(b, w, c, vector)
    named = next((card for card in cards if card.named_by(c.correction_of)), None)
    if named is None and paraphrase_of(c, cards, cosine) is None and cards and w.calls_left() <= 0:
        w.count("deferred_over_budget")
        keep_hypothesis(b, w, a.model_copy(update={"reason": f"{a.reason}; {OVER_BUDGET}"}))
        return
    if named is None and paraphrase_of(c, cards, cosine) is None:
        decision = reasoner.decide(c, cards)
        w.spend(decision.usage)
        if decision.action in CHANGES and decision.target_id:
            named = next((card for card in cards if card.memory_id == decision.target_id), None)
    if named is None or named.source.trust is Trust.UNTRUSTED:
        keep_hypothesis(b, w, a)
        return
    found = b.notes.get_many(w.run.tenant_id, [w.own_id(c)])
    propose(Promotion(b, w, c, a.confidence, a.reason, found[0] if found else None), named)


def keep_hypothesis(b: Backends, w: Writer, a: Assessment) -> None:
    c, fp = a.candidate, a.candidate.fingerprint
    status = Status.REJECTED if a.decision == "reject" else Status.HYPOTHESIS
    if a.decision == "quarantine" and not a.proposal:
        status = Status.ARCHIVED  # an instruction is never a live card: put away until a person decides
    own = b.notes.get_many(w.run.tenant_id, [w.own_id(c)])
    if own:
        held = own[0]
        refs = union_refs(held, c)
        unchanged = refs == held.evidence_refs and status is held.status  # checked again, nothing new
        if held.layer is Layer.NOTES and held.status is Status.HYPOTHESIS and not unchanged:
            w.revise(held, ChangeKind.UPDATED, a.reason, fp, evidence_refs=refs, status=status)
        return
    kinds = {Status.REJECTED: ChangeKind.REJECTED, Status.ARCHIVED: ChangeKind.ARCHIVED}
    kind = kinds.get(status, ChangeKind.ADDED)
    card = w.create(w.card_from(c, Layer.NOTES, status, a.confidence), kind, a.reason, fp)
    if a.decision == "quarantine":
        w.review([card.memory_id], "quarantine", a.reason)


def retire_capture_notes(b: Backends, w: Writer, assessments: Sequence[Assessment]) -> None:
    """Notes captured online (L2) that this run has now judged are replaced by the dream's card."""
    notes = b.notes.query(
        CardQuery(
            scope=w.scope,
            layers=frozenset({Layer.NOTES}),
            statuses=frozenset({Status.HYPOTHESIS}),
            limit=10_000,
        )
    )
    by_ref = {ref: card for card in notes if not card.dream_run_id for ref in card.evidence_refs}
    # A note that is itself one of the run's claims stays; one split into several candidates is retired
    # once, for the first of them.
    retired = {w.own_id(a.candidate) for a in assessments}
    for a in assessments:
        own = w.own_id(a.candidate)
        for ref in a.candidate.evidence_refs:
            note = by_ref.get(ref)
            if note is not None and note.memory_id not in retired:
                retired.add(note.memory_id)
                w.revise(
                    note,
                    ChangeKind.SUPERSEDED,
                    f"judged by the dream as {own}",
                    status=Status.SUPERSEDED,
                    superseded_by=own,
                )


def restructure(b: Backends, stage_input: StageInput) -> StageOutput:
    runs, run = load_run(b, stage_input)
    saved = runs.stage_output(run.tenant_id, run.run_id, STAGE)
    if saved is not None:
        return StageOutput(**stage_input.model_dump(), stage=STAGE, counts=saved["counts"])
    _, reasoner = b.dream_ports()
    verified = runs.stage_output(run.tenant_id, run.run_id, "verify") or {"assessments": []}
    assessments = [Assessment.model_validate(a) for a in verified["assessments"]]
    blocked = runs.rolled_back_fingerprints(run.tenant_id, run.user_id)
    w = Writer(b, runs, run)
    todo = []
    for a in assessments:
        if set(rollback_keys(a.candidate)) <= blocked:
            w.count("blocked_rolled_back")
        else:
            todo.append(a)
    forgets = [a.candidate for a in todo if a.candidate.forgets and a.decision in ("promote", "hold")]
    todo = [a for a in todo if not a.candidate.forgets]  # a request to forget is never a card
    todo, absorbed = corroborated(b, w, todo)  # a guess restated in other words in another session
    promoted = [a for a in todo if a.decision == "promote"]
    vectors = b.embedder.embed([a.candidate.statement for a in promoted]) if promoted else []
    for a, vector in zip(promoted, vectors, strict=True):
        promote(b, w, reasoner, a, vector)
        w.flush_index()  # later candidates must find what earlier ones wrote
    retire_absorbed(w, absorbed)
    for a in todo:
        if a.decision != "promote":
            if a.proposal:
                hold_proposal(b, w, reasoner, a)
            else:
                keep_hypothesis(b, w, a)
    for request in forgets:  # after this run's own cards: what it just learned of the topic goes too
        forget(b, w, request)
    reject_contradicted(b, w, reasoner, promoted)  # this run's guesses too
    flag_disagreements(b, w, reasoner, [a for a in todo if a.decision == "hold"])
    # someone else's date held as a guess against the user's own: both flagged, not the guess withheld
    flag_claims_against_known(b, w, reasoner, [a for a in todo if a.decision == "hold"])
    retire_capture_notes(b, w, todo)
    generalised = generalise_repeats(b, w, blocked)
    propagate_edits(b, w)
    retire_held_at_old_values(b, w)  # a title held at a former employer, a landlord at a former home
    w.flush_index()
    cursor = audit_held(b, w, sorted(w.changed), previous_cursor(runs, run.tenant_id, run.user_id))
    w.flush_index()
    runs.save_run(run)
    counts = dict(w.counts)
    output = {
        "changed": sorted(w.changed),
        "counts": counts,
        "generalised": generalised,
        "audit_cursor": cursor,
    }
    runs.save_stage_output(run.tenant_id, run.run_id, STAGE, output)
    return StageOutput(**stage_input.model_dump(), stage=STAGE, counts=counts)

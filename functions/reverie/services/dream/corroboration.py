"""A guess restated in other words in another session: a second, independent support.

Verify counts a claim's sessions by its exact wording (its fingerprint) and its later restatements by the
words they share, so an agent that noted "Yan's son is called Alfie" in January and "Yan has a son named Alfie"
in March has said it twice, yet each note alone stayed a hypothesis. Here a claim held back for want of a
second support is promoted when a hypothesis held from another session says the same thing
(`similarity.paraphrase_of`: MiniLM cosine, no number or slot value changed), or when the nearest held
hypothesis, close in words but no paraphrase ("Jo's flat is in Clapton" / "Jo lives in Clapton"), is one the
reasoner finds the claim adds nothing to or only detail (one call at most per claim); the held hypothesis is then
superseded by the new card, whose evidence carries both. A source marked untrusted repeating itself is no
second support, nor is a correction or a proposal waiting for review. Only held hypotheses sharing a word with a
waiting claim are embedded and compared (a paraphrase names its person or thing again).
"""

from __future__ import annotations

from collections.abc import Sequence

from reverie.domain.dream import Candidate, ChangeKind
from reverie.domain.models import EvidenceRef, Layer, MemoryCard, Status, Trust
from reverie.domain.restatement import adds_no_number, terms
from reverie.ports import MergeAction
from reverie.services.backends import Backends
from reverie.services.dream.apply import Writer, union_refs
from reverie.services.dream.hypotheses import cards_as_written, decide_pair
from reverie.services.dream.similarity import SAME_SOURCE_COSINE, cosine_of, paraphrase_of
from reverie.services.dream.verify import Assessment

HELD_LIMIT = 500  # the user's newest hypotheses compared


def _may_count(a: Assessment) -> bool:
    c = a.candidate
    return (
        a.decision == "hold"
        and not a.proposal
        and c.source.trust is not Trust.UNTRUSTED
        and c.correction_of is None
    )


def _sessions(refs: Sequence[EvidenceRef]) -> set[str]:
    return {r.session_id for r in refs}


def corroborated(
    b: Backends, w: Writer, todo: Sequence[Assessment]
) -> tuple[list[Assessment], dict[str, str]]:
    """`todo`, each held claim that a hypothesis held from another session restates turned into a promotion
    citing both; and, by the new claim's own memory id, the hypothesis it absorbs."""
    out = list(todo)
    waiting = [i for i, a in enumerate(out) if _may_count(a)]
    if not waiting:
        return out, {}
    # only guesses sharing a word with a waiting claim are embedded: with a remote embedder each text is a call
    said_terms = frozenset().union(*(terms(out[i].candidate.statement) for i in waiting))
    held = [
        h
        for h in cards_as_written(b, w, Layer.NOTES, Status.HYPOTHESIS, HELD_LIMIT)
        if h.source.trust is not Trust.UNTRUSTED and h.dream_run_id and terms(h.statement) & said_terms
    ]
    if not held:
        return out, {}
    said = b.embedder.embed([out[i].candidate.statement for i in waiting] + [h.statement for h in held])
    held_vectors = dict(zip((h.memory_id for h in held), said[len(waiting) :], strict=True))
    absorbed: dict[str, str] = {}
    for i, vector in zip(waiting, said[: len(waiting)], strict=True):
        a = out[i]
        own, sessions = w.own_id(a.candidate), _sessions(a.candidate.evidence_refs)
        others = [
            h
            for h in held
            if h.memory_id != own
            and h.memory_id not in absorbed.values()
            and not sessions & _sessions(h.evidence_refs)
        ]
        cosine = {h.memory_id: cosine_of(vector, held_vectors[h.memory_id]) for h in others}
        same = paraphrase_of(a.candidate, others, cosine, Status.HYPOTHESIS) or _judged_same(
            b, w, a.candidate, others, cosine
        )
        if same is None:
            continue
        candidate = a.candidate.model_copy(update={"evidence_refs": union_refs(same, a.candidate)})
        out[i] = a.model_copy(
            update={
                "candidate": candidate,
                "decision": "promote",
                "supports": a.supports + 1,
                # the first reason said why it was held: no longer so
                "reason": "; ".join(
                    [
                        f"2 independent supports: restated in other words by {same.memory_id}",
                        *a.reason.split("; ")[1:],
                    ]
                ),
            }
        )
        absorbed[own] = same.memory_id
    return out, absorbed


def _judged_same(
    b: Backends, w: Writer, candidate: Candidate, others: Sequence[MemoryCard], cosine: dict[str, float]
) -> MemoryCard | None:
    """The nearest held hypothesis, when its words are close but not a paraphrase's ("Jo's flat is in Clapton" /
    "Jo lives in Clapton", "Guy's repo uses pnpm workspaces" / "Guy's monorepo is managed with pnpm
    workspaces") and the reasoner finds the claim says nothing it does not (no-op) or the same thing with
    detail (fuse): one reasoner call at most per waiting claim, on the run's call budget (`decide_pair`)."""
    near = max(others, key=lambda h: (cosine[h.memory_id], h.memory_id), default=None)
    if near is None or b.reasoner is None or cosine[near.memory_id] < SAME_SOURCE_COSINE:
        return None
    if not adds_no_number(candidate.statement, near.statement):
        return None  # "record 3" / "record 7": never one claim, whatever the reasoner says
    action = decide_pair(w, b.reasoner, candidate, near)
    return near if action in (MergeAction.NOOP, MergeAction.FUSE) else None


def retire_absorbed(w: Writer, absorbed: dict[str, str]) -> None:
    """Each held hypothesis a promoted claim restated is superseded by the card the claim became (none when
    the claim was found to say what a current card already says: the hypothesis then stays as it was)."""
    for own, held_id in absorbed.items():
        found = w.b.notes.get_many(w.run.tenant_id, [held_id])
        guess = w.changed.get(held_id) or (found[0] if found else None)
        if own not in w.changed or guess is None or guess.status is not Status.HYPOTHESIS:
            continue
        w.revise(
            guess,
            ChangeKind.SUPERSEDED,
            f"restated in other words in another session: promoted as {own}",
            status=Status.SUPERSEDED,
            superseded_by=own,
        )

"""Someone else's claim held as a guess against what the user said themselves: "Meera's birthday is 9
November" verified weeks ago, and now the user pastes their mother's "don't forget Meera's birthday on
11th Nov". The claim is too weak to replace the card, and too important to be withheld silently beside it:
when the reasoner finds the two in conflict (another value in the same slot, nothing to settle it), both
become conflicting, with an open review item.

Only someone else's word relayed by the user (a user source on low trust) is compared, with the few verified
cards that share most words of what it is about; the reasoner decides each pair. A guess of the agent's or a
tool's, or one about something the user holds nothing of, stays as it was.
"""

from __future__ import annotations

from collections.abc import Sequence

from reverie.domain.dream import Candidate, claim_of
from reverie.domain.models import Layer, MemoryCard, SourceKind, Status, Trust
from reverie.domain.restatement import terms
from reverie.ports import MergeAction, Reasoner
from reverie.services.backends import Backends
from reverie.services.dream.apply import Writer
from reverie.services.dream.hypotheses import PAIRS_PER_CLAIM, cards_as_written, decide_pair, flag_conflict
from reverie.services.dream.verify import Assessment

KNOWN_LIMIT = 500
# One word of what the claim is about in common is enough to ask the reasoner ("the belt has never been done"
# beside "timing belt and water pump replaced"); the cards sharing most come first.
SHARED_WORDS = 1


def _known(b: Backends, w: Writer) -> list[MemoryCard]:
    cards = cards_as_written(b, w, Layer.KNOWLEDGE, Status.VERIFIED, KNOWN_LIMIT)
    return [c for c in cards if c.status is Status.VERIFIED]


def _related(claim: Candidate, cards: Sequence[MemoryCard]) -> list[MemoryCard]:
    """The verified cards sharing most words of what `claim` says."""
    words = terms(claim.statement)
    scored = sorted(((len(words & terms(c.statement)), c.memory_id, c) for c in cards), reverse=True)
    return [c for shared, _, c in scored if shared >= SHARED_WORDS][:PAIRS_PER_CLAIM]


def _relayed(a: Assessment) -> bool:
    """Someone else's word, relayed by the user: held on low trust."""
    source = a.candidate.source
    return source.kind is SourceKind.USER and source.trust is Trust.LOW


def flag_claims_against_known(b: Backends, w: Writer, reasoner: Reasoner, kept: Sequence[Assessment]) -> None:
    """Each claim of someone else's this run holds as a guess that the reasoner finds in conflict with a
    verified card: both conflicting, for review (see the module)."""
    claims = [a.candidate for a in kept if _relayed(a)]
    known = _known(b, w) if claims else []
    for candidate in claims:
        card = w.changed.get(w.own_id(candidate))
        if card is None or card.status is not Status.HYPOTHESIS:
            continue  # not held as a guess (or already flagged by another rule)
        claim = Candidate(**claim_of(card), confidence=card.confidence)
        for other in _related(claim, [c for c in known if c.memory_id != card.memory_id]):
            if decide_pair(w, reasoner, claim, other) is MergeAction.CONFLICT:
                flag_conflict(w, card, other)
                break

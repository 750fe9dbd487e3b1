"""A note written beside the conversation, citing the very message a statement is drawn from: the writer's
record of that message.

An agent that hears "I'm not driving on Wednesdays, the car-share rota is four weeks on since March" and
writes "Amara starts at 7 on weekdays; Wednesday is her non-driving day (car-share rota)", citing that
message, has recorded what the message says in its own words. A statement the dream draws from the same message,
about the same person and mostly about what the note is about, is the same memory: nothing new when the
note already holds its words, more of the note otherwise. What else the message says ("... and my son
starts nursery in September") shares no more than a word with the note and stays its own card; a statement that
disagrees with the note is left to the rules of change (the user's own words outrank the note of them).

A note is a card not made by the dream from a conversation: written by the agent, or written directly
(through the API) on anyone's word.
"""

from __future__ import annotations

from collections.abc import Sequence

from reverie.adapters.local.rules.about import name_words, owner, subject
from reverie.adapters.local.rules.keys import other_slots
from reverie.adapters.local.rules.pointer import Pointer, Way, at_odds, compound_apart
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType, SourceKind, Status
from reverie.domain.restatement import terms

# What a statement must share with the note, beside whom both are about, to be part of its record: two
# words (one may be a coincidence: "starts nursery" beside "starts at 7"), or most of its own.
RECORDED_WORDS = 2
RECORDED_SHARE = 0.5
_PLAIN = frozenset({MemoryType.FACT, MemoryType.PREFERENCE})


def _note(card: MemoryCard) -> bool:
    """Written beside the conversation: by the agent, or directly, not drawn by a dream."""
    return card.status is Status.VERIFIED and (
        card.source.kind is SourceKind.AGENT or card.dream_run_id is None
    )


def _words(statement: str, who: frozenset[str]) -> frozenset[str]:
    """What a statement is about beside whom, its compound words apart ("car-share" is car, share)."""
    return terms(compound_apart(statement)) - who


def recorded(candidate: Candidate, cards: Sequence[MemoryCard]) -> Pointer | None:
    """The note among `cards` that records the message `candidate` is drawn from, and whether the candidate
    adds to it (see the module docstring); None when no note records it."""
    if candidate.type not in _PLAIN or not candidate.evidence_refs:
        return None
    person, _ = owner(candidate.statement)
    for card in cards:
        if (
            card.type not in _PLAIN
            or not _note(card)
            or not set(candidate.evidence_refs) & set(card.evidence_refs)
            or not person
            or person not in {w for w in terms(card.statement)}
            or other_slots(candidate.key, card.key, card.user_id or "")
            or at_odds(candidate.statement, card.statement)
        ):
            continue
        who = subject(candidate.statement) | name_words(candidate.statement) | subject(card.statement)
        mine, theirs = _words(candidate.statement, who), _words(card.statement, who)
        shared = len(mine & theirs)
        if not mine or (shared < RECORDED_WORDS and shared < RECORDED_SHARE * len(mine)):
            continue  # another thing the same message says
        if mine <= theirs:
            why = f"{card.memory_id} is the note of the same message, saying as much"
            return Pointer(card, Way.RECORD, candidate.statement, why, adds=False)
        return Pointer(card, Way.RECORD, candidate.statement, f"{card.memory_id} notes the same message")
    return None

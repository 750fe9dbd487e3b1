"""How the rule reasoner words its decision once it knows how a candidate relates to a held card: a change
(latest wins, or a person decides), a fusion into one richer card, or a plain add / no-op. Shared by the
merge (`merge`) and the fusion by subject (`by_topic`)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta

from reverie.adapters.local.rules.claims import attributed_to
from reverie.adapters.local.rules.language import lowered_opening
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType, ReviewStatus, SourceKind, Trust
from reverie.ports import MergeAction, MergeDecision, ReasonerUsage

SAME_TIME = timedelta(minutes=5)  # observations this close count as simultaneous
FUSED_MAX_CHARS = 400  # a fusion longer than this is no longer one idea: keep two cards
_USAGE = ReasonerUsage()  # no language-model call
_TRUST_RANK = {Trust.HIGH: 3, Trust.MEDIUM: 2, Trust.LOW: 1, Trust.UNTRUSTED: 0}


def time_of(card: MemoryCard) -> datetime:
    """When what a card says was observed (when it was written, if nobody said)."""
    return card.observed_at or card.updated_at


def _rank(trust: Trust | None) -> int:
    return _TRUST_RANK[trust or Trust.UNTRUSTED]


def decision(
    action: MergeAction, card: MemoryCard | None, reason: str, statement: str | None = None
) -> MergeDecision:
    """A decision about `card` (none for an add), with no language-model call spent."""
    return MergeDecision(
        action=action,
        target_id=card.memory_id if card else None,
        statement=statement,
        reason=reason,
        usage=_USAGE,
    )


def one_held_value(
    cards: Sequence[MemoryCard],
    values: re.Pattern[str] | Callable[[str], list[re.Match[str]]],
    of: Callable[[MemoryCard], bool] = lambda card: True,
) -> tuple[MemoryCard, re.Match[str]] | None:
    """The one held fact that `of` accepts and whose statement gives one value (`values` finds them: a pattern's
    matches, or a function's), with that value; None when no card, or more than one, does (which one is meant is
    not known)."""
    find = values.finditer if isinstance(values, re.Pattern) else values
    fits = [
        (card, found[0])
        for card in cards
        if card.type is MemoryType.FACT and of(card) and len(found := list(find(card.statement))) == 1
    ]
    return fits[0] if len(fits) == 1 else None


def opened_by(*who: str) -> Callable[[MemoryCard], bool]:
    """Whether a card's statement opens with `who` ("The user ", "The user's "): the same person's card."""
    openings = tuple(f"{w} " for w in who)
    return lambda card: card.statement.startswith(openings)


def with_value(statement: str, held: re.Match[str], group: str, new: str) -> str:
    """`statement` with the value `held` found (its `group`) replaced by `new`."""
    return statement[: held.start(group)] + new + statement[held.end(group) :]


def replace_with(candidate: Candidate, card: MemoryCard, what: str, statement: str) -> MergeDecision:
    """`replace`, the new card worded as `statement` when the candidate wins (the held card with a new value
    in place: "Rent is £1,200 a month", "The user is 20 weeks pregnant")."""
    decided = replace(candidate, card, what)
    if decided.action is MergeAction.SUPERSEDE:
        return decided.model_copy(update={"statement": statement})
    return decided


def replace(candidate: Candidate, card: MemoryCard, what: str) -> MergeDecision:
    """The candidate says something else than `card` about the same thing: latest wins, or a person
    decides (a card a person edited, a less trusted source, an older or simultaneous observation)."""
    if card.review_status is ReviewStatus.EDITED:
        return decision(MergeAction.CONFLICT, card, f"{what}, but {card.memory_id} was edited by a person")
    if _one_message(candidate, card):  # "I'm not vegan any more, I eat fish again": one statement, two parts
        return fused(
            candidate, card, join(card.statement, candidate.statement), f"{what} in the same message"
        )
    if _own_words_against_a_note(candidate, card):
        return decision(
            MergeAction.SUPERSEDE, card, f"{what}: the user's own words outrank the agent's note of them"
        )
    if candidate.type is MemoryType.CORRECTION or candidate.source.kind is SourceKind.HUMAN_REVIEW:
        return decision(MergeAction.SUPERSEDE, card, f"{what}: a correction replaces {card.memory_id}")
    theirs, mine = attributed_to(card.statement), attributed_to(candidate.statement)
    if theirs and mine and theirs != mine:  # Mum says Saturday, Efe says Sunday: the later is no better
        return decision(MergeAction.CONFLICT, card, f"{what}: two people's claims, nothing settles them")
    if _rank(candidate.source.trust) < _rank(card.source.trust):
        return decision(
            MergeAction.CONFLICT, card, f"{what}, from a less trusted source than {card.memory_id}"
        )
    if candidate.observed_at is None:
        return decision(MergeAction.SUPERSEDE, card, f"{what}: the new observation wins")
    delta = candidate.observed_at - time_of(card)
    if abs(delta) <= SAME_TIME:
        # at the same time the more trusted source wins, if someone vouches for it: hearsay against a web
        # page is two claims nothing settles
        if _rank(candidate.source.trust) > max(_rank(card.source.trust), _rank(Trust.LOW)):
            return decision(MergeAction.SUPERSEDE, card, f"{what}: a more trusted source at the same time")
        return decision(MergeAction.CONFLICT, card, f"{what}: two sources disagree at the same time")
    if delta > timedelta(0):
        return decision(MergeAction.SUPERSEDE, card, f"{what}: the newer value wins (latest wins)")
    return decision(MergeAction.CONFLICT, card, f"{what}, but {card.memory_id} was observed later")


def _one_message(candidate: Candidate, card: MemoryCard) -> bool:
    """Both are what the user said of themselves in one message (never relayed claims, which are
    other people's and may disagree)."""
    own = (candidate.source.kind, card.source.kind) == (
        SourceKind.USER,
        SourceKind.USER,
    ) and Trust.LOW not in (
        candidate.source.trust,
        card.source.trust,
    )
    return own and bool(set(candidate.evidence_refs) & set(card.evidence_refs))


def _own_words_against_a_note(candidate: Candidate, card: MemoryCard) -> bool:
    """The candidate is what the user said of themselves, the card the agent's note from the same
    session: the note records the conversation, the user's words are its source ("I take it two times per
    day" against the agent's note "takes it once daily")."""
    sessions = {r.session_id for r in candidate.evidence_refs} & {r.session_id for r in card.evidence_refs}
    return (
        bool(sessions)
        and candidate.source.kind is SourceKind.USER
        and _rank(candidate.source.trust) >= _rank(Trust.MEDIUM)
        and card.source.kind is SourceKind.AGENT
    )


def fused(candidate: Candidate, card: MemoryCard, statement: str, why: str) -> MergeDecision:
    """One card saying `statement` instead of `card`, unless the two hold for other times, a person edited
    `card`, or the result is too long to be one idea (then the candidate is added beside it)."""
    if candidate.valid_until != card.valid_until:  # one would carry the other's expiry
        return decision(MergeAction.ADD, None, f"{why}, but it holds for another time than {card.memory_id}")
    if card.review_status is ReviewStatus.EDITED:
        return decision(MergeAction.NOOP, card, f"{why}, but {card.memory_id} was edited by a person")
    theirs, mine = attributed_to(card.statement), attributed_to(candidate.statement)
    if (
        theirs and mine and theirs != mine
    ):  # "in Sintra (according to Sister)" / "in Cascais (according to Mum)"
        return decision(MergeAction.CONFLICT, card, f"{why}, but two people's claims: nothing settles them")
    if len(statement) > FUSED_MAX_CHARS:
        return decision(MergeAction.ADD, None, f"{why}, too much for one card with {card.memory_id}")
    return decision(MergeAction.FUSE, card, f"{why}: fused with {card.memory_id}", statement)


def join(held: str, new: str) -> str:
    """Two statements about one subject as one: "The user loves jazz." + "The user goes to a jazz club
    every Friday." → "The user loves jazz and goes to a jazz club every Friday."."""
    first = held.rstrip(" .;")
    # who it is about, a name in full ("Ngozi Eze", "The user's sister")
    opening = re.match(
        r"^((?:(?i:the )[\w-]+|[A-Z][\w-]*(?: [A-Z][\w-]*){0,2}|[\w-]+)(?:'s [\w-]+)?) ", first
    )
    second = new.strip()
    said = opening and second.lower().startswith(opening.group(1).lower() + " ")
    # "Ama ..." + "Ama Owusu's lease ...": the second names someone in full, not the same opening; "Pip's
    # sister and Dan split up" has two people as its subject, not the second's one
    shared = said and opening and not first[opening.end() :].lower().startswith(("and ", "& "))
    if shared and opening and not second[len(opening.group(1)) + 1 :][:1].isupper():
        return f"{first} and {second[len(opening.group(1)) + 1 :].rstrip(' .')}."
    return f"{first}; {lowered_opening(second)}"

"""Properties of the rule reasoner's merge decisions over generated histories (hypothesis): whatever the
wording, people, values and order, the promises of `rules.merge.decide` hold.

- The decision does not depend on the order the neighbours come in.
- Latest wins only forwards: a different value in one slot supersedes a card observed earlier, never one
  observed later (that is a conflict for a person).
- A card a person edited is never fused into, superseded or retired.
- A lasting statement never fuses with one that expires, and a fused card stays one idea (bounded length).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reverie.adapters.local.rules.merge import FUSED_MAX_CHARS, decide
from reverie.domain.dream import Candidate
from reverie.domain.models import (
    EvidenceRef,
    Layer,
    MemoryCard,
    MemoryType,
    ReviewStatus,
    Source,
    SourceKind,
    Status,
)
from reverie.ports import MergeAction

T0 = datetime(2026, 3, 1, 9, tzinfo=UTC)
PEOPLE = ["Ana", "Kwame", "The user", "Greta"]
CITIES = ["Lisbon", "Porto", "Berlin", "Nairobi", "Denver"]
STATES = [
    ("lives in {}", "home_city", CITIES),
    ("works at {}", "employer", ["Feedzai", "Shopify", "Deloitte", "the city council"]),
    ("uses {} for everything", "editor", ["VS Code", "Neovim", "Emacs", "Zed"]),
]
PLAIN = [
    "{} loves jazz.",
    "{} goes to a jazz club every Friday.",
    "{} has a cat called Miso.",
    "{} started learning the cello.",
    "{} played the cello in a first concert.",
    "{} is allergic to nuts.",
    "{} never deploys on a Friday.",
    "{}'s sprints end on Thursdays.",
    "{}'s sprints end on Fridays, not Thursdays.",
    "The staging cluster is reserved for QA.",
]


def card(memory_id: str, statement: str, key: str | None, days: int, **extra: object) -> MemoryCard:
    return MemoryCard(
        memory_id=memory_id,
        layer=Layer.KNOWLEDGE,
        status=Status.VERIFIED,
        type=MemoryType.FACT,
        tenant_id="t",
        user_id="u",
        statement=statement,
        key=key,
        evidence_refs=[EvidenceRef(session_id=f"s{memory_id}", event_id="e1")],
        source=Source(kind=SourceKind.USER),
        observed_at=T0 + timedelta(days=days),
        **extra,  # type: ignore[arg-type]
    )


def candidate(statement: str, key: str | None, days: int, **extra: object) -> Candidate:
    return Candidate(
        type=MemoryType.FACT,
        statement=statement,
        key=key,
        evidence_refs=[EvidenceRef(session_id="new", event_id="e1")],
        source=Source(kind=SourceKind.USER),
        observed_at=T0 + timedelta(days=days),
        **extra,  # type: ignore[arg-type]
    )


def slot(person: str, attribute: str) -> str:
    return f"{person.split()[-1].lower()}.{attribute}"


@st.composite
def held_cards(draw: st.DrawFn) -> list[MemoryCard]:
    person = draw(st.sampled_from(PEOPLE))
    statements = draw(st.lists(st.sampled_from(PLAIN), min_size=1, max_size=5, unique=True))
    return [
        card(f"m-{n}", s.format(person), None, draw(st.integers(0, 30))) for n, s in enumerate(statements)
    ]


@settings(max_examples=60, deadline=None)
@given(held_cards(), st.sampled_from(PLAIN), st.sampled_from(PEOPLE), st.randoms(use_true_random=False))
def test_the_decision_does_not_depend_on_the_order_of_the_neighbours(
    cards: list[MemoryCard], said: str, person: str, rnd: object
) -> None:
    new = candidate(said.format(person), None, 40)
    shuffled = list(cards)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    first, second = decide(new, cards), decide(new, shuffled)
    assert (first.action, first.target_id, first.statement) == (
        second.action,
        second.target_id,
        second.statement,
    )


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(STATES),
    st.sampled_from(PEOPLE),
    st.data(),
    st.integers(-20, 20).filter(lambda d: d != 0),
)
def test_latest_wins_only_forwards(
    state: tuple[str, str, list[str]], person: str, data: st.DataObject, delta: int
) -> None:
    template, attribute, values = state
    old, new = data.draw(st.lists(st.sampled_from(values), min_size=2, max_size=2, unique=True))
    key = slot(person, attribute)
    held = card("m-1", f"{person} {template.format(old)}.", key, 10)
    decision = decide(candidate(f"{person} {template.format(new)}.", key, 10 + delta), [held])
    if delta > 0:
        assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")
    else:  # an older observation never replaces a newer one: a person decides
        assert decision.action is MergeAction.CONFLICT


@settings(max_examples=80, deadline=None)
@given(held_cards(), st.sampled_from(PLAIN), st.sampled_from(PEOPLE), st.integers(-10, 40))
def test_a_card_a_person_edited_is_never_rewritten(
    cards: list[MemoryCard], said: str, person: str, days: int
) -> None:
    edited = [c.model_copy(update={"review_status": ReviewStatus.EDITED}) for c in cards]
    decision = decide(candidate(said.format(person), None, days), edited)
    assert decision.action not in (MergeAction.FUSE, MergeAction.SUPERSEDE, MergeAction.RETIRE)


@settings(max_examples=80, deadline=None)
@given(held_cards(), st.sampled_from(PLAIN), st.booleans())
def test_a_lasting_statement_never_fuses_with_one_that_expires_and_a_fusion_stays_one_idea(
    cards: list[MemoryCard], said: str, expires: bool
) -> None:
    person = cards[0].statement.split()[0] if not cards[0].statement.startswith("The ") else "The user"
    until = T0 + timedelta(days=90)
    held = [c.model_copy(update={"valid_until": until}) for c in cards] if expires else cards
    decision = decide(candidate(said.format(person), None, 40), held)
    if decision.action is MergeAction.FUSE:
        target = next(c for c in held if c.memory_id == decision.target_id)
        assert target.valid_until is None  # the candidate holds for good: so does what it joined
        assert decision.statement is not None and len(decision.statement) <= FUSED_MAX_CHARS


@pytest.mark.parametrize(
    ("held", "said"),
    [
        ("Ana's sprints end on Thursdays.", "Ana's sprints end on Fridays, not Thursdays."),
        ("The local dev server port is 8080.", "Correction, the local dev server port is 3000."),
        ("Theo is 6.", "Theo turned 7."),
        ("The user has two cats.", "The user has three cats now."),
        ("The user is a member of PureGym.", "The user cancelled the PureGym membership."),
    ],
)
def test_whichever_rule_finds_the_change_a_card_a_person_edited_goes_to_a_person(
    held: str, said: str
) -> None:
    # GIVEN a card the news replaces, once as the dream wrote it and once as a person edited it
    plain = card("m-1", held, None, 0)
    edited = plain.model_copy(update={"review_status": ReviewStatus.EDITED})
    # WHEN the later news is decided against each
    # THEN the dream's own card is superseded, the edited one is left for a person to decide
    assert decide(candidate(said, None, 10), [plain]).action is MergeAction.SUPERSEDE
    assert decide(candidate(said, None, 10), [edited]).action is MergeAction.CONFLICT

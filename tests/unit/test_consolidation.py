"""The dream keeps memory correct (issue 15), at the service level, with the rule reasoner, on every note and
run store: the in-memory fakes, SQLite, and DynamoDB (emulated: moto in process, `tests/contract/moto_dynamodb`).

Each test tells a short history through the public services (capture, direct writes, the dream) and checks
what a user would notice: what the context shows, which cards are live, how many versions they have.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import ExitStack
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from reverie.adapters.local.note_store import SqliteNoteStore
from reverie.adapters.local.rule_reasoner import RuleReasoner
from reverie.adapters.local.run_store import SqliteRunStore
from reverie.domain.dream import Candidate, DreamRun
from reverie.domain.models import (
    INJECTABLE_STATUSES,
    EvidenceRef,
    Layer,
    MemoryCard,
    MemoryType,
    Scope,
    Status,
)
from reverie.ports import CardQuery, MergeAction, MergeDecision
from reverie.services import admin
from reverie.services.backends import Backends
from reverie.services.capture import append_events
from reverie.services.dream.runner import dream
from tests.conftest import Clock
from tests.fakes.backends import fake_backends
from tests.unit.helpers import event

STORES = ["fakes", "sqlite", pytest.param("dynamodb", marks=pytest.mark.emulated)]


@pytest.fixture(params=STORES)
def b(request: pytest.FixtureRequest, tmp_path: Path, clock: Clock) -> Iterator[Backends]:
    """Fakes for the log, queue and index; the note and run stores of the parameter; the rule reasoner."""
    backends = fake_backends(clock, reasoner=RuleReasoner())
    with ExitStack() as stack:
        if request.param == "sqlite":
            notes = SqliteNoteStore(tmp_path / "notes.db", clock=clock)
            runs = SqliteRunStore(tmp_path / "runs.db")
            stack.callback(notes.close)
            stack.callback(runs.close)
            backends.notes, backends.runs = notes, runs
        elif request.param == "dynamodb":
            from reverie.adapters.aws.dynamo_notes import DynamoNoteStore
            from reverie.adapters.aws.dynamo_runs import DynamoRunStore
            from tests.contract.moto_dynamodb import TABLE, moto_table

            new_client = stack.enter_context(moto_table())
            backends.notes = DynamoNoteStore(TABLE, client=new_client(), clock=clock)
            backends.runs = DynamoRunStore(TABLE, client=new_client(), clock=clock)
        yield backends


def say(b: Backends, scope: Scope, session: str, clock: Clock, *texts: str, **fields: Any) -> None:
    """The user says each text in `session`, a minute apart."""
    events = []
    for n, text in enumerate(texts):
        clock.advance(minutes=1)
        events.append(event(scope, session, f"e{clock.now:%j%H%M}-{n}", text=text, ts=clock.now, **fields))
    append_events(b, scope, events)


def dreamt(
    b: Backends, scope: Scope, session: str, clock: Clock, *texts: str, days_later: int = 0
) -> DreamRun:
    """`days_later`, the user says each text in `session`, and a dream runs after it."""
    clock.advance(days=days_later)
    say(b, scope, session, clock, *texts)
    return dream(b, scope.tenant_id, scope.user_id or "")


def live(b: Backends, scope: Scope) -> list[MemoryCard]:
    query = CardQuery(
        scope=scope, layers=frozenset({Layer.KNOWLEDGE}), statuses=INJECTABLE_STATUSES, limit=1000
    )
    return b.notes.query(query)


def live_saying(b: Backends, scope: Scope, word: str) -> list[MemoryCard]:
    return [c for c in live(b, scope) if word.lower() in c.statement.lower()]


# --- no confidence creep -----------------------------------------------------------------------------


def test_dreaming_again_over_a_session_that_grew_leaves_earlier_cards_untouched(
    b: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN a memory written directly through the API (every direct write goes to the one `api` session)
    refs = [EvidenceRef(session_id="api", event_id="m1")]
    admin.create_memories(
        b, alice, [admin.NewMemory(type=MemoryType.FACT, statement="Alice is a nurse", evidence_refs=refs)]
    )
    dream(b, "t1", "alice")
    (nurse,) = live_saying(b, alice, "nurse")
    # WHEN the same session grows day after day with other direct writes, and a dream runs after each
    for day in range(1, 8):
        clock.advance(days=1)
        other = admin.NewMemory(
            type=MemoryType.FACT,
            statement=f"Alice's gym locker is number {day}0{day}",
            evidence_refs=[EvidenceRef(session_id="api", event_id=f"m{day + 1}")],
        )
        admin.create_memories(b, alice, [other])
        dream(b, "t1", "alice")
    # THEN the card is neither surer nor rewritten: nothing new supports it
    (after,) = live_saying(b, alice, "nurse")
    assert (after.memory_id, after.version, after.confidence) == (
        nurse.memory_id,
        nurse.version,
        nurse.confidence,
    )


def test_a_statement_read_again_in_the_same_session_adds_no_confidence(
    b: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN a fact the user stated, dreamt once
    dreamt(b, alice, "s1", clock, "I work as a pediatric nurse at St. Mary's hospital.")
    (card,) = live_saying(b, alice, "nurse")
    # WHEN more is said in that same session and the dream reads it again, several times
    for n in range(5):
        clock.advance(hours=1)
        append_events(b, alice, [event(alice, "s1", f"x{n}", text="Thanks, that helps!", ts=clock.now)])
        dream(b, "t1", "alice")
    # THEN the card has the same version and confidence
    (again,) = live_saying(b, alice, "nurse")
    assert (again.version, again.confidence) == (card.version, card.confidence)


def test_the_same_fact_from_a_new_session_may_raise_confidence(
    b: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN a fact stated in one session and dreamt
    dreamt(b, alice, "s1", clock, "I work as a pediatric nurse at St. Mary's hospital.")
    (card,) = live_saying(b, alice, "nurse")
    # WHEN a later, independent session states it again
    dreamt(b, alice, "s2", clock, "I work as a pediatric nurse at St. Mary's hospital.", days_later=3)
    # THEN the one card now cites both sessions and is at least as sure
    (again,) = live_saying(b, alice, "nurse")
    assert {r.session_id for r in again.evidence_refs} == {"s1", "s2"}
    assert again.confidence >= card.confidence


def test_a_dream_with_nothing_new_writes_no_version(b: Backends, alice: Scope, clock: Clock) -> None:
    dreamt(b, alice, "s1", clock, "I live in Porto.", "I prefer short answers.")
    before = sorted((c.memory_id, c.version) for c in b.notes.query(CardQuery(scope=alice, limit=1000)))
    clock.advance(days=1)
    dream(b, "t1", "alice")
    clock.advance(hours=1)
    dream(b, "t1", "alice")
    after = sorted((c.memory_id, c.version) for c in b.notes.query(CardQuery(scope=alice, limit=1000)))
    assert after == before


# --- decisions: fuse and retire ----------------------------------------------------------------------


class Decides(RuleReasoner):
    """The rule reasoner's extraction, with the merge decision a test names (whenever a card is near)."""

    def __init__(self, action: MergeAction, statement: str | None = None) -> None:
        self.action, self.statement = action, statement

    def decide(self, candidate: Candidate, neighbours: Sequence[MemoryCard]) -> MergeDecision:
        if not neighbours:
            return MergeDecision(action=MergeAction.ADD, reason="nothing near")
        target = min(neighbours, key=lambda c: c.created_at)
        return MergeDecision(
            action=self.action, target_id=target.memory_id, statement=self.statement, reason="test"
        )


def test_a_fused_card_carries_both_statements_and_both_evidence_sets(
    b: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN a held taste
    dreamt(b, alice, "s1", clock, "I love jazz.")
    (taste,) = live_saying(b, alice, "jazz")
    # WHEN a later session adds detail and the reasoner says fuse
    b.reasoner = Decides(MergeAction.FUSE, "The user loves jazz and goes to a jazz club every Friday.")
    run = dreamt(b, alice, "s2", clock, "I go to a jazz club every Friday.", days_later=10)
    # THEN one live card says both, cites both sessions and is derived from the absorbed one,
    # which stays readable as superseded by it; the run says it fused
    (fused,) = live_saying(b, alice, "jazz")
    assert fused.statement == "The user loves jazz and goes to a jazz club every Friday."
    assert {r.session_id for r in fused.evidence_refs} == {"s1", "s2"}
    assert fused.derived_from == [taste.memory_id]
    old = b.notes.get("t1", taste.memory_id)
    assert (old.status, old.superseded_by) == (Status.SUPERSEDED, fused.memory_id)
    assert run.counts.get("restructure.fused") == 1


def test_a_retired_card_is_rejected_and_what_was_derived_from_it_goes_to_review(
    b: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN a held fact and a card derived from it
    dreamt(b, alice, "s1", clock, "My office is in building 7.")
    (wrong,) = live_saying(b, alice, "building 7")
    derived = b.notes.create(
        wrong.model_copy(
            update={
                "memory_id": "derived-1",
                "statement": "Meet Alice at building 7.",
                "key": None,
                "derived_from": [wrong.memory_id],
            }
        )
    )
    # WHEN later evidence shows it was wrong and the reasoner says retire
    b.reasoner = Decides(MergeAction.RETIRE)
    dreamt(b, alice, "s2", clock, "My office is in building 9.", days_later=2)
    # THEN the wrong card is rejected, the new one is live, and the derived card is flagged for review
    assert b.notes.get("t1", wrong.memory_id).status is Status.REJECTED
    assert live_saying(b, alice, "building 9")
    assert b.notes.get("t1", derived.memory_id).status is Status.CONFLICTING
    assert b.runs is not None
    reviews = b.runs.list_reviews("t1", "alice")
    assert [r.reason for r in reviews if derived.memory_id in r.memory_ids] == ["correction"]


@pytest.mark.parametrize("action", [MergeAction.FUSE, MergeAction.SUPERSEDE, MergeAction.RETIRE])
def test_a_card_a_person_edited_is_never_fused_superseded_or_retired(
    b: Backends, alice: Scope, clock: Clock, action: MergeAction
) -> None:
    dreamt(b, alice, "s1", clock, "I love jazz.")
    (taste,) = live_saying(b, alice, "jazz")
    edited = admin.edit_memory(
        b, alice, taste.memory_id, taste.version, {"statement": "Alice loves modal jazz."}
    )
    b.reasoner = Decides(action, "The user loves jazz and plays the saxophone.")
    dreamt(b, alice, "s2", clock, "I play jazz saxophone every weekend.", days_later=1)
    after = b.notes.get("t1", taste.memory_id)
    assert (after.version, after.statement) == (edited.version, "Alice loves modal jazz.")


# --- latest wins, refinements fuse, plans end (the rule reasoner deciding) -----------------------------


def current(b: Backends, scope: Scope, query: str) -> str:
    from reverie.services.recall import build_context

    return build_context(b, query, scope, 600, record_hits=False).text


@pytest.mark.parametrize(
    ("before", "after", "old", "new"),
    [
        ("I work in Lisbon at Feedzai.", "I moved to Berlin last month.", "Lisbon", "Berlin"),
        ("I'm vegetarian.", "I'm vegan now.", "vegetarian", "vegan"),
        ("My manager is Tom Okafor.", "My new manager is Priya Shah.", "Okafor", "Priya"),
        ("I use VS Code for everything.", "I switched from VS Code to Neovim.", "everything", "Neovim"),
    ],
)
def test_a_changed_state_supersedes_the_old_one(
    b: Backends, alice: Scope, clock: Clock, before: str, after: str, old: str, new: str
) -> None:
    # GIVEN a state the user stated, dreamt
    dreamt(b, alice, "s1", clock, before)
    # WHEN months later they state a new value
    dreamt(b, alice, "s2", clock, after, days_later=90)
    # THEN only the new value is live, the old card kept as superseded history
    assert live_saying(b, alice, new) and not live_saying(b, alice, old)
    every = b.notes.query(CardQuery(scope=alice, limit=100))
    assert any(old in c.statement and c.status is Status.SUPERSEDED for c in every)
    assert old not in current(b, alice, f"{old} {new}")


@pytest.mark.parametrize(
    ("first", "then", "word"),
    [
        ("I love jazz.", "I go to a jazz club every Friday.", "jazz"),
        ("I love hiking.", "I go hiking in the Dolomites every summer.", "hiking"),
    ],
)
def test_a_refinement_fuses_into_one_richer_card(
    b: Backends, alice: Scope, clock: Clock, first: str, then: str, word: str
) -> None:
    dreamt(b, alice, "s1", clock, first)
    dreamt(b, alice, "s2", clock, then, days_later=30)
    (card,) = live_saying(b, alice, word)
    assert {r.session_id for r in card.evidence_refs} == {"s1", "s2"} and card.derived_from


def test_a_plan_reported_done_is_no_longer_the_current_plan(b: Backends, alice: Scope, clock: Clock) -> None:
    dreamt(b, alice, "s1", clock, "I'm planning to take the Kubernetes CKA exam in May.")
    dreamt(b, alice, "s2", clock, "I passed the Kubernetes CKA exam yesterday!", days_later=60)
    (card,) = live_saying(b, alice, "CKA")
    assert card.type is MemoryType.FACT and "passed" in card.statement
    assert "planning" not in current(b, alice, "Kubernetes exam")


# --- self-audit --------------------------------------------------------------------------------------


@pytest.fixture
def meaning(b: Backends) -> Backends:
    """The same stores with the real MiniLM embedder (paraphrases are found by meaning) and its index."""
    from reverie.adapters.local.embedder import MiniLMEmbedder
    from reverie.adapters.local.search_index import SqliteSearchIndex

    b.embedder = MiniLMEmbedder()
    b.index = SqliteSearchIndex(":memory:", dim=b.embedder.dim)
    return b


@pytest.mark.slow
def test_the_audit_fuses_paraphrases_among_held_cards_that_no_new_session_mentions(
    meaning: Backends, alice: Scope, clock: Clock
) -> None:
    b = meaning
    # GIVEN two held cards that say the same rule in other words, written at different times
    for n, said in enumerate(
        ["Never deploy the payments service on a Friday.", "Do not deploy payments on Fridays."]
    ):
        refs = [EvidenceRef(session_id=f"s{n}", event_id="e1")]
        admin.create_memories(
            b, alice, [admin.NewMemory(type=MemoryType.CONSTRAINT, statement=said, evidence_refs=refs)]
        )
        clock.advance(days=3)
    # WHEN a dream runs over a session about something else
    run = dreamt(b, alice, "s9", clock, "I started learning Portuguese.")
    # THEN one rule is live, citing both, and the other is kept as superseded by it
    rules = [c for c in live(b, alice) if "Friday" in c.statement]
    assert len(rules) == 1 and {r.session_id for r in rules[0].evidence_refs} == {"s0", "s1"}
    assert run.counts.get("restructure.audit_fused") == 1
    every = b.notes.query(CardQuery(scope=alice, limit=100))
    assert [c.superseded_by for c in every if c.status is Status.SUPERSEDED] == [rules[0].memory_id]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("held", "word"),
    [
        # a preference, and a correction whose complaint ("Too long:") is not what it asks for
        (
            [
                ("preference", "Alice prefers concise answers: a few bullet points.", ["e1"]),
                ("correction", "Too long: keep answers to a few bullet points.", ["e7"]),
            ],
            "bullet",
        ),
        # two procedures resting on the same failure: an agent's note and one the dream derived
        (
            [
                ("procedure", "Pass dates to search_flights as YYYY-MM-DD.", ["e3", "e6"]),
                (
                    "procedure",
                    'When search_flights fails with "400 Bad Request": retry with ISO dates.',
                    ["e3"],
                ),
            ],
            "search_flights",
        ),
        # a fact one message told, beside the rule an agent wrote from that message and more
        (
            [
                (
                    "correction",
                    "Alice's repositories use pnpm, not npm: npm fails on their workspace: dependencies.",
                    ["e3", "e5"],
                ),
                ("fact", "Npm doesn't understand Alice's workspace: dependencies.", ["e5"]),
            ],
            "npm",
        ),
        # one preference written twice by an agent, once as a rule with what it is not
        (
            [
                ("preference", "Chen Wei prefers an aisle seat on flights.", ["e1"]),
                ("preference", "Always choose an aisle seat for Chen when booking; never a window.", ["e8"]),
            ],
            "aisle",
        ),
    ],
)
def test_the_audit_leaves_one_card_of_one_rule_told_twice(
    meaning: Backends, alice: Scope, clock: Clock, held: list[tuple[str, str, list[str]]], word: str
) -> None:
    b = meaning
    # GIVEN two held cards that are one rule, procedure or fact, told in other words
    for kind, said, events in held:
        refs = [EvidenceRef(session_id="s1", event_id=e) for e in events]
        admin.create_memories(
            b, alice, [admin.NewMemory(type=MemoryType(kind), statement=said, evidence_refs=refs)]
        )
        clock.advance(hours=1)
    # WHEN a dream runs over a session about something else
    dreamt(b, alice, "s9", clock, "I started learning Portuguese.", days_later=2)
    # THEN one of them is live
    assert len([c for c in live(b, alice) if word in c.statement]) == 1


@pytest.mark.slow
def test_a_fact_a_rule_of_the_same_message_says_in_full_is_absorbed_by_it_without_a_new_version(
    meaning: Backends, alice: Scope, clock: Clock
) -> None:
    b = meaning
    # GIVEN the fact an agent wrote first, and the rule one message built on it (the same event)
    refs = [EvidenceRef(session_id="s1", event_id="e1")]
    for kind, said in (
        ("fact", "Elif commutes on the 07:40 ferry from Kadikoy to Karakoy."),
        (
            "constraint",
            "Elif takes the 07:40 ferry from Kadikoy to Karakoy for work, so no meetings before 9.",
        ),
    ):
        admin.create_memories(
            b, alice, [admin.NewMemory(type=MemoryType(kind), statement=said, evidence_refs=refs)]
        )
        clock.advance(hours=1)
    rule = next(c for c in live(b, alice) if c.type is MemoryType.CONSTRAINT)
    # WHEN a dream runs over a session about something else
    dreamt(b, alice, "s9", clock, "I started learning Portuguese.", days_later=2)
    # THEN the rule alone is live, as it was: resting on nothing new, it gains no version and no confidence
    (kept,) = [c for c in live(b, alice) if "ferry" in c.statement]
    assert kept.memory_id == rule.memory_id
    assert (kept.version, kept.confidence) == (rule.version, rule.confidence)


def test_the_audit_walks_the_whole_namespace_in_rotation(b: Backends, alice: Scope, clock: Clock) -> None:
    from reverie.services.dream import audit

    # GIVEN more held cards than one run audits
    many = [
        admin.NewMemory(
            type=MemoryType.FACT,
            statement=f"Alice owns vinyl record number {n}",
            evidence_refs=[EvidenceRef(session_id="api", event_id=f"m{n}")],
        )
        for n in range(audit.AUDIT_PER_RUN + 10)
    ]
    admin.create_memories(b, alice, many)
    # WHEN two dreams run
    cursors = []
    for _ in range(2):
        clock.advance(days=1)
        dream(b, "t1", "alice")
        assert b.runs is not None
        cursors.append(audit.previous_cursor(b.runs, "t1", "alice"))
    # THEN the second run's audit continued where the first stopped and wrapped around
    ids = sorted(c.memory_id for c in live(b, alice))
    assert cursors[0] == ids[audit.AUDIT_PER_RUN - 1]
    assert cursors[1] == ids[(2 * audit.AUDIT_PER_RUN - 1) % len(ids)]


def test_a_taste_keyed_by_its_topic_is_ranked_with_the_memories_not_fixed_in_every_context(
    b: Backends, alice: Scope, clock: Clock
) -> None:
    from reverie.services.context_render import SECTION_TITLES

    dreamt(b, alice, "s1", clock, "I love jazz.", "I prefer short answers.")
    (taste,) = live_saying(b, alice, "jazz")
    assert taste.key is not None  # a slot, so that a reversal supersedes it
    text = current(b, alice, "jazz and answers")
    fixed = text.split(SECTION_TITLES["fixed"])[1].split("##")[0] if SECTION_TITLES["fixed"] in text else ""
    assert "jazz" not in fixed and "jazz" in text


# --- hypotheses: contradicted ones retire, disagreeing ones are flagged ---------------------------------


def agent_note(b: Backends, scope: Scope, session: str, clock: Clock, text: str, **fields: Any) -> None:
    clock.advance(minutes=1)
    append_events(
        b,
        scope,
        [event(scope, session, f"n{clock.now:%j%H%M}", kind="note", text=text, ts=clock.now, **fields)],
    )


def test_a_held_guess_a_verified_claim_contradicts_is_rejected(
    b: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN the agent's guess, held as a hypothesis (one agent note is not enough to trust)
    agent_note(b, alice, "s1", clock, "Alice lives in Lisbon.", key="alice.home_city")
    dream(b, "t1", "alice")

    def lisbon() -> set[Status]:
        return {c.status for c in b.notes.query(CardQuery(scope=alice, limit=100)) if "Lisbon" in c.statement}

    assert Status.HYPOTHESIS in lisbon()
    # WHEN the user later says where she lives
    dreamt(b, alice, "s2", clock, "I live in Berlin.", days_later=5)
    # THEN the guess is rejected, not left live beside the answer
    assert Status.REJECTED in lisbon() and not lisbon() & {Status.HYPOTHESIS, Status.VERIFIED}
    assert live_saying(b, alice, "Berlin")


def statuses_of(b: Backends, scope: Scope, word: str) -> set[Status]:
    """The statuses of the cards saying `word`, but for versions kept as history (superseded)."""
    cards = b.notes.query(CardQuery(scope=scope, limit=1000))
    return {c.status for c in cards if word in c.statement} - {Status.SUPERSEDED}


def corrected(b: Backends, scope: Scope, clock: Clock, text: str, days_later: int) -> None:
    """`days_later`, the user corrects the agent (a feedback event saying what is right), and a dream runs."""
    clock.advance(days=days_later)
    fix = event(scope, "s2", "f1", kind="feedback", signal="correction", text=text, ts=clock.now)
    append_events(b, scope, [fix])
    dream(b, scope.tenant_id, scope.user_id or "")


def test_a_correction_rejects_the_guesses_built_on_the_value_it_changed(
    b: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN the agent's notes from an old page: a base URL, and a procedure that repeats it
    agent_note(b, alice, "s1", clock, "The Parcelhub API base URL is https://api-v1.parcelhub.io.")
    agent_note(b, alice, "s1", clock, "To create a shipment: POST https://api-v1.parcelhub.io/shipments.")
    dream(b, "t1", "alice")
    assert statuses_of(b, alice, "api-v1") == {Status.HYPOTHESIS}
    # WHEN the user corrects the base URL the next day
    corrected(b, alice, clock, "The Parcelhub API base URL is https://api-v2.parcelhub.io.", days_later=1)
    # THEN both guesses on the old value are rejected, and only the new base is recalled
    assert statuses_of(b, alice, "api-v1") == {Status.REJECTED}
    text = current(b, alice, "Parcelhub API base URL and how to create a shipment")
    assert "api-v2.parcelhub.io" in text and "api-v1" not in text


def test_a_stated_cause_replaces_the_guessed_cause(b: Backends, alice: Scope, clock: Clock) -> None:
    # GIVEN the agent's guess at why the backup fails
    agent_note(b, alice, "s1", clock, "The nightly backup on backup-01 fails because the local disk is full.")
    dream(b, "t1", "alice")
    # WHEN the user says what the cause was
    corrected(
        b,
        alice,
        clock,
        "The nightly backup failed because /etc/restic/env still held the old access key.",
        days_later=1,
    )
    # THEN the guess is rejected
    assert statuses_of(b, alice, "disk is full") == {Status.REJECTED}


def test_a_guess_saying_more_than_the_users_claim_is_not_held_in_it_and_a_later_no_rejects_it(
    b: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN the user naming her daughter, and the agent's guess at the daughter's school, in one session
    say(b, alice, "s1", clock, "Can you find the term dates for my daughter Ama's school?", speaker="Alice")
    say(b, alice, "s1", clock, "I'll check Hillside Primary's term dates.", role="assistant")
    agent_note(b, alice, "s1", clock, "Alice's daughter Ama attends Hillside Primary.")
    dream(b, "t1", "alice")
    # THEN the guess is not retired as said in full by "Alice's daughter is called Ama": it says more
    (named,) = live_saying(b, alice, "called Ama")
    hillside = [c for c in b.notes.query(CardQuery(scope=alice, limit=100)) if "Hillside" in c.statement]
    assert hillside and all(c.superseded_by != named.memory_id for c in hillside)
    # WHEN she opens the next session with a "No," (nothing said before it in that session to deny)
    dreamt(b, alice, "s2", clock, "No, Ama goes to Oakwood Primary, not Hillside.", days_later=1)
    # THEN her words are kept and the guess is rejected
    assert live_saying(b, alice, "Oakwood")
    assert statuses_of(b, alice, "attends Hillside") == {Status.REJECTED}


def test_the_users_correction_rejects_the_agents_guess_about_the_same_person(
    b: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN the agent's guess, from a request for dairy-free recipes
    agent_note(
        b, alice, "s1", clock, "Alice's husband is probably lactose intolerant (asked for dairy-free)."
    )
    dream(b, "t1", "alice")
    assert statuses_of(b, alice, "lactose") == {Status.HYPOTHESIS}
    # WHEN she corrects the agent a week later: it is her mother, and it is gluten
    corrected(
        b,
        alice,
        clock,
        "No, it's my mother who is intolerant, to gluten. My husband eats everything.",
        days_later=7,
    )
    # THEN the guess is rejected, and what she said is what is recalled
    assert statuses_of(b, alice, "lactose") == {Status.REJECTED}
    text = current(b, alice, "Which food intolerances are there in Alice's family?")
    assert "gluten" in text and "lactose" not in text


@pytest.mark.parametrize(
    ("plan", "news", "word"),
    [
        (
            "We're planning to move to Halifax next spring.",
            "Change of plans: the Halifax move is off.",
            "Halifax",
        ),
        ("I'm planning a trekking trip to Patagonia.", "I'm back from Patagonia!", "Patagonia"),
        (
            "Next sprint we're going to migrate the pipeline to Dagster.",
            "The Dagster migration is done.",
            "Dagster",
        ),
    ],
)
def test_news_of_a_plan_in_other_words_ends_the_plan(
    b: Backends, alice: Scope, clock: Clock, plan: str, news: str, word: str
) -> None:
    dreamt(b, alice, "s1", clock, plan)
    assert "current plan" in current(b, alice, word)
    dreamt(b, alice, "s2", clock, news, days_later=40)
    assert [c.type for c in live_saying(b, alice, word)] == [MemoryType.FACT]
    assert "current plan" not in current(b, alice, word)


def test_a_bare_answer_to_the_agents_question_becomes_a_fact_a_correction_replaces(
    b: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN the user answers the agent's question with a bare value
    clock.advance(minutes=1)
    append_events(
        b,
        alice,
        [
            event(
                alice,
                "s1",
                "e1",
                role="assistant",
                text="Happy to help. What size do you take?",
                ts=clock.now,
            ),
            event(alice, "s1", "e2", text="UK 9, same as my last pair.", speaker="Alice", ts=clock.now),
        ],
    )
    dream(b, "t1", "alice")
    (size,) = live_saying(b, alice, "UK 9")
    assert "size is UK 9" in size.statement
    # WHEN a later correction gives another size
    corrected(b, alice, clock, "Alice's shoe size is UK 10.5.", days_later=6)
    # THEN the old size is no longer live
    assert not live_saying(b, alice, "UK 9") and live_saying(b, alice, "UK 10.5")


def test_two_people_the_user_quotes_disagreeing_are_a_conflict_for_review(
    b: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN the user relays two relatives' claims that disagree, and settles nothing
    dreamt(
        b,
        alice,
        "s1",
        clock,
        "My sister Farah says Nani's birthday is 8 June, and Mum insists it's the 3rd. No idea who's right.",
    )
    # THEN neither is promoted as the user's own word: both are conflicting, and a person is asked
    claims = [c for c in b.notes.query(CardQuery(scope=alice, limit=100)) if "birthday" in c.statement]
    assert {c.status for c in claims} == {Status.CONFLICTING} and len(claims) == 2
    assert sorted(c.statement for c in claims) == [
        "The user's nani's birthday is 8 June (according to Farah).",
        "The user's nani's birthday is the 3rd (according to Mum).",
    ]
    assert b.runs is not None
    (item,) = b.runs.list_reviews("t1", "alice")
    assert item.reason == "conflict"


def test_two_sources_that_disagree_with_nothing_to_settle_them_are_flagged_for_review(
    b: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN two config files read in one session that give the same setting two values
    agent_note(b, alice, "s1", clock, "The production upload size limit is 25 MB (config/production.yaml).")
    agent_note(b, alice, "s1", clock, "The production upload size limit is 50 MB (deploy/.env.production).")
    # WHEN the dream runs
    dream(b, "t1", "alice")
    # THEN both are conflicting (shown flagged, never bare) and a person is asked to decide
    limits = [
        c for c in b.notes.query(CardQuery(scope=alice, limit=100)) if "upload size limit" in c.statement
    ]
    live_ones = [c for c in limits if c.status is not Status.SUPERSEDED]
    assert {c.status for c in live_ones} == {Status.CONFLICTING} and len(live_ones) == 2
    assert b.runs is not None
    (item,) = b.runs.list_reviews("t1", "alice")
    assert item.reason == "conflict" and set(item.memory_ids) == {c.memory_id for c in live_ones}
    text = current(b, alice, "upload size limit")
    assert "25 MB" not in text.split("## Unresolved conflicts")[0]


# --- a reversal of who one is, told in one message with what one is now ---------------------------------


def test_no_longer_being_what_one_was_retires_the_old_card_and_one_message_is_one_card(
    b: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN alice said she is a paramedic with three sons, and vegan
    dreamt(b, alice, "s1", clock, "I'm a paramedic and I have three sons.", "I'm vegan.")
    # WHEN months later she says she is neither any more, each with what she is now, in one message
    dreamt(
        b,
        alice,
        "s2",
        clock,
        "I'm not a paramedic anymore, I'm a firefighter now.",
        "I'm not vegan any more, I eat chicken and fish again.",
        days_later=90,
    )
    # THEN the old cards are not live (MiniLM finds "not a paramedic any more" close to "a paramedic": a
    # negation is no paraphrase), the sons still are, and the two parts of each message (the job title, the
    # diet) are one card, not a conflict between two parts of one sentence
    statements = sorted(c.statement for c in live(b, alice))
    assert "The user is a paramedic." not in statements and "The user is vegan." not in statements
    assert "The user has three sons." in statements
    (job,) = [c for c in live(b, alice) if c.key == "user.job_title"]
    assert "firefighter now" in job.statement and "not a paramedic" in job.statement
    (diet,) = [c for c in live(b, alice) if c.key == "user.diet"]
    assert diet.status is Status.VERIFIED and "chicken" in diet.statement and "not vegan" in diet.statement


def test_a_correction_naming_the_id_an_agent_chose_retires_that_card_and_what_was_built_on_it(
    b: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN an agent wrote a card under an id it chose, and another built on it (ids are stored as <id>@user)
    refs = [EvidenceRef(session_id="api", event_id="m1")]
    board = admin.NewMemory(
        type=MemoryType.FACT, statement="Rohan sits GCSE Chemistry with the AQA board", evidence_refs=refs
    )
    built = admin.NewMemory(
        type=MemoryType.FACT,
        statement="Rohan's practical revision follows the AQA list of required practicals",
        evidence_refs=refs,
        memory_id="practicals",
        derived_from=["board"],
    )
    admin.create_memories(b, alice, [admin.NewMemory(**{**board.__dict__, "memory_id": "board"}), built])
    # WHEN the user corrects the card, the feedback naming it by the id the agent chose
    clock.advance(days=2)
    say(
        b,
        alice,
        "s2",
        clock,
        "Wrong exam board: Rohan sits GCSE Chemistry with OCR, not AQA.",
        kind="feedback",
        signal="correction",
        target_memory_id="board",
    )
    dream(b, "t1", "alice")
    # THEN the card is replaced, and the one built on it is no longer a plain verified card: repeating the
    # denied value (AQA), it is retired with it and goes to review
    stale = [c for c in live(b, alice) if "AQA" in c.statement and "OCR" not in c.statement]
    assert stale == []
    assert b.notes.get("t1", "practicals@alice").status is Status.SUPERSEDED
    assert b.runs is not None
    assert any("practicals@alice" in r.memory_ids for r in b.runs.list_reviews("t1", "alice"))


# --- a plan ends on the day it names ------------------------------------------------------------------


def test_a_plan_written_through_the_api_is_no_longer_current_after_the_day_it_names(
    b: Backends, alice: Scope, clock: Clock
) -> None:
    from reverie.services.recall import build_context

    # GIVEN an agent writes the plan "Deploy 2.15.0 on Monday 30 November" on Friday 27 November
    clock.now = datetime(2026, 11, 27, 16, 0, tzinfo=UTC)
    (plan,) = admin.create_memories(
        b,
        alice,
        [
            admin.NewMemory(
                type=MemoryType.PLAN, statement="Deploy payments-api 2.15.0 on Monday 30 November."
            )
        ],
    )
    # THEN it holds until the end of that day
    assert plan.valid_until == datetime(2026, 12, 1, tzinfo=UTC)
    assert "2.15.0" in build_context(b, "When is the payments deploy?", alice, 500).text
    # AND from the next day on it is no longer shown as the current plan
    clock.now = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
    assert "2.15.0" not in build_context(b, "When is the payments deploy?", alice, 500).text


def test_plan_ends_is_the_end_of_the_last_day_a_plan_names() -> None:
    from reverie.domain.plan_validity import plan_ends

    said = datetime(2026, 11, 27, 16, 0, tzinfo=UTC)
    assert plan_ends("Trip to Japan from April 3 to April 14, 2027.", said) == datetime(
        2027, 4, 15, tzinfo=UTC
    )
    assert plan_ends("Finish the report by 4th of March.", said) == datetime(2027, 3, 5, tzinfo=UTC)
    assert plan_ends("Move to Halifax one day.", said) is None


def test_a_pronouns_correction_puts_the_agents_note_right(b: Backends, alice: Scope, clock: Clock) -> None:
    # GIVEN the agent's note about the user's daughter's class
    agent_note(b, alice, "s1", clock, "Alice's daughter Zoe is in Year 2.")
    dream(b, "t1", "alice")
    # WHEN a week later, in a session that never names her, the user puts the year right
    clock.advance(days=7)
    say(b, alice, "s2", clock, "she's in Year 3 actually, not Year 2. can you suggest reading books for her?")
    dream(b, "t1", "alice")
    # THEN the note is rejected and what is known is the note put right
    assert statuses_of(b, alice, "Year 2") == {Status.REJECTED}
    assert "Zoe is in Year 3" in current(b, alice, "Which school year is Zoe in?")

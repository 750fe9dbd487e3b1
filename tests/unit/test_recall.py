"""Recall: a small, current, cited, conflict-flagged block inside the caller's scope and token budget."""

from __future__ import annotations

from datetime import timedelta
from typing import Any, Literal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reverie.domain.errors import InvalidRequest
from reverie.domain.models import EvidenceRef, MemoryCard, Scope, ScopeKind, Status
from reverie.services.admin import edit_memory
from reverie.services.backends import Backends
from reverie.services.context_render import Citation
from reverie.services.indexing import sync_index
from reverie.services.recall import RecallSettings, build_context, rank
from tests.conftest import Clock
from tests.unit.helpers import event, remember


def test_context_cites_each_memory_by_handle_with_its_id_and_evidence_beside(
    backends: Backends, alice: Scope
) -> None:
    # GIVEN a memory resting on event s1/e1
    card = remember(backends, alice, "The payments service deploys through ArgoCD")

    # WHEN the agent asks for context
    ctx = build_context(backends, "how do payments deploy?", alice, 500)

    # THEN the text cites it as [1] under its date, and the citations carry its id and evidence
    assert "- [1] The payments service deploys through ArgoCD" in ctx.text
    assert card.memory_id not in ctx.text and "s1/e1" not in ctx.text
    assert "1 June 2026" in ctx.text
    assert "may be stale" in ctx.text
    assert ctx.memory_ids == [card.memory_id]
    assert ctx.citations == [
        Citation(
            handle=1, memory_id=card.memory_id, evidence_refs=[EvidenceRef(session_id="s1", event_id="e1")]
        )
    ]


def test_ids_setting_writes_memory_id_and_evidence_inline(backends: Backends, alice: Scope) -> None:
    # GIVEN a memory resting on event s1/e1
    card = remember(backends, alice, "The payments service deploys through ArgoCD")

    # WHEN the agent asks for context with citations="ids"
    ctx = build_context(backends, "how do payments deploy?", alice, 500, RecallSettings(citations="ids"))

    # THEN the line carries the memory id and the evidence, as before handles
    assert f"- [{card.memory_id}] The payments service deploys through ArgoCD (ev s1/e1)" in ctx.text
    assert [c.memory_id for c in ctx.citations] == [card.memory_id]


def test_hypotheses_are_never_injected(backends: Backends, alice: Scope) -> None:
    from reverie.services.capture import append_events

    append_events(backends, alice, [event(alice, "s1", "n1", kind="note", text="payments deploy on Fridays")])
    assert build_context(backends, "payments deploy Fridays", alice, 500).memory_ids == []


def test_another_users_memory_never_appears(backends: Backends, alice: Scope, bob: Scope) -> None:
    remember(backends, bob, "Bob's passport number is in the safe")
    assert build_context(backends, "passport safe", alice, 500).memory_ids == []
    assert rank(backends, "passport safe", alice, 10) == []


def test_project_memory_only_reaches_that_project(backends: Backends) -> None:
    in_project = Scope(tenant_id="t1", user_id="alice", project_id="apollo")
    card = remember(backends, in_project, "Apollo uses Postgres 16", scope=ScopeKind.PROJECT)
    assert build_context(backends, "Apollo Postgres", in_project, 500).memory_ids == [card.memory_id]
    other = Scope(tenant_id="t1", user_id="alice", project_id="hermes")
    assert build_context(backends, "Apollo Postgres", other, 500).memory_ids == []


def test_expired_memory_is_not_injected(backends: Backends, alice: Scope, clock: Clock) -> None:
    remember(backends, alice, "The staging cluster is frozen", valid_until=clock.now + timedelta(days=1))
    assert len(build_context(backends, "staging cluster frozen", alice, 500).memory_ids) == 1
    clock.advance(days=2)
    assert build_context(backends, "staging cluster frozen", alice, 500).memory_ids == []


def test_constraints_come_first_and_low_confidence_is_reference_only(
    backends: Backends, alice: Scope
) -> None:
    fact = remember(backends, alice, "payments deploys take ten minutes")
    rule = remember(backends, alice, "never deploy payments on Fridays", type="constraint")
    weak = remember(backends, alice, "payments deploys might need a VPN", confidence=0.3)
    ctx = build_context(backends, "deploy payments", alice, 500)
    assert ctx.sections["constraints"] == [rule.memory_id]
    assert ctx.sections["memories"] == [fact.memory_id]
    assert ctx.sections["reference"] == [weak.memory_id]
    assert ctx.text.index("Constraints") < ctx.text.index("## Memories") < ctx.text.index("reference only")


def test_preferences_and_current_plan_sit_in_the_fixed_block(
    backends: Backends, alice: Scope, clock: Clock
) -> None:
    pref = remember(backends, alice, "prefers concise answers", type="preference", evidence_refs=())
    remember(backends, alice, "plan: migrate billing to v2", type="plan")
    clock.advance(minutes=1)
    newer = remember(backends, alice, "plan: migrate billing to v3", type="plan")
    ctx = build_context(backends, "unrelated question about the weather", alice, 500)
    assert ctx.sections["fixed"] == [pref.memory_id, newer.memory_id]


def inferred(b: Backends, scope: Scope, statement: str, **fields: Any) -> MemoryCard:
    """A preference a dream learnt from conversation: its current version written by a dream run."""
    card = remember(b, scope, statement, type="preference", **fields)
    stored = b.notes.update(card.model_copy(update={"dream_run_id": "run-1"}), card.version)
    sync_index(b, [stored])
    return stored


def test_an_inferred_taste_is_recalled_when_relevant_but_never_fills_the_fixed_block(
    backends: Backends, alice: Scope
) -> None:
    # GIVEN tastes a dream inferred from alice's conversations, with no key
    paint = inferred(backends, alice, "Alice loves the red and blue in Melanie's painting")
    inferred(backends, alice, "Alice enjoys long walks by the lake")

    # WHEN her agent asks about something else, then about the painting
    unrelated = build_context(backends, "deploy the payments service", alice, 500)
    related = build_context(backends, "which colours of the painting does Alice love", alice, 500)

    # THEN neither question gets the tastes as a fixed block; they rank like any memory, and the one
    # about the painting comes first when the painting is asked about
    assert "fixed" not in unrelated.sections and "fixed" not in related.sections
    assert related.ranked_ids[0] == paint.memory_id
    assert paint.memory_id in related.sections["memories"]


def test_a_favourite_inferred_under_its_slot_is_a_taste_not_a_standing_preference(
    backends: Backends, alice: Scope
) -> None:
    # GIVEN a favourite a dream inferred from alice's conversation, keyed by its slot as the extraction
    # prompt asks (so that a later favourite supersedes it), beside a standing rule-like preference
    tart = inferred(
        backends, alice, "Alice's favourite treat is a raspberry tart", key="alice.favourite_treat"
    )
    rule = inferred(backends, alice, "Alice wants answers as bullet points", key="alice.prefers.answer_style")

    # WHEN her agent asks about something else, then about her favourite treat
    unrelated = build_context(backends, "deploy the payments service", alice, 500)
    related = build_context(backends, "what treat does Alice like best", alice, 500)

    # THEN only the rule stands in the fixed block; the favourite ranks like any memory, first when it
    # is asked about
    assert unrelated.sections["fixed"] == related.sections["fixed"] == [rule.memory_id]
    assert tart.memory_id in related.sections["memories"] and related.ranked_ids[0] == tart.memory_id


def test_keyed_and_directly_written_preferences_stand_in_the_fixed_block(
    backends: Backends, alice: Scope
) -> None:
    # GIVEN a preference a dream inferred under a key, one written directly (no key; its write is its
    # evidence) and a plan
    keyed = inferred(
        backends, alice, "Alice wants answers as bullet points", key="alice.prefers.answer_style"
    )
    written = remember(
        backends,
        alice,
        "Alice reads replies on her phone",
        type="preference",
        confidence=0.7,
        evidence_refs=(),
    )
    # (a later dream reinforced the directly written one: its new version carries the dream's run id)
    direct = backends.notes.update(written.model_copy(update={"dream_run_id": "run-2"}), written.version)
    sync_index(backends, [direct])
    plan = remember(backends, alice, "plan: migrate billing to v3", type="plan")

    # WHEN her agent asks about something unrelated to any of them
    ctx = build_context(backends, "what is the weather in Lisbon", alice, 500)

    # THEN all three are in the fixed block, standing preferences by confidence, then the plan
    assert ctx.sections["fixed"] == [keyed.memory_id, direct.memory_id, plan.memory_id]
    assert ctx.memory_ids[:3] == ctx.sections["fixed"]


def test_conflicting_memories_are_flagged_never_side_by_side_silently(
    backends: Backends, alice: Scope
) -> None:
    a = remember(backends, alice, "Alice's manager is Dana", key="alice.manager")
    b = remember(backends, alice, "Alice's manager is Eve", key="alice.manager")
    for card in (a, b):
        current = backends.notes.get("t1", card.memory_id)
        flagged = current.model_copy(update={"status": Status.CONFLICTING})
        sync_index(backends, [backends.notes.update(MemoryCard.model_validate(flagged.model_dump()), 1)])
    ctx = build_context(backends, "who is Alice's manager", alice, 500)
    assert set(ctx.sections["conflicts"]) == {a.memory_id, b.memory_id}
    assert "disagree" in ctx.text


def test_one_card_per_key(backends: Backends, alice: Scope) -> None:
    remember(backends, alice, "Alice lives in Lisbon", key="alice.city")
    remember(backends, alice, "Alice lives in Lisbon, Portugal", key="alice.city")
    assert len(rank(backends, "where does Alice live Lisbon", alice, 10)) == 1


def test_edited_memory_is_recalled_with_its_new_text(backends: Backends, alice: Scope) -> None:
    card = remember(backends, alice, "the release train leaves on Tuesdays")
    edit_memory(backends, alice, card.memory_id, 1, {"statement": "the release train leaves on Thursdays"})
    ctx = build_context(backends, "release train day", alice, 500)
    assert "Thursdays" in ctx.text and "Tuesdays" not in ctx.text


def test_injection_records_hits(backends: Backends, alice: Scope) -> None:
    card = remember(backends, alice, "the payments service deploys through ArgoCD")
    build_context(backends, "payments ArgoCD", alice, 500)
    build_context(backends, "payments ArgoCD", alice, 500)
    stored = backends.notes.get("t1", card.memory_id)
    assert stored.hit_count == 2 and stored.version == card.version


@pytest.mark.parametrize("budget", [0, 10, 63, 32_001])
def test_budget_outside_limits_is_refused(backends: Backends, alice: Scope, budget: int) -> None:
    with pytest.raises(InvalidRequest, match="budget_tokens"):
        build_context(backends, "anything", alice, budget)


WORDS = ["deploy", "payments", "friday", "migration", "backup", "pnpm", "lisbon", "dana", "argo", "vpn"]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    statements=st.lists(st.lists(st.sampled_from(WORDS), min_size=1, max_size=30), min_size=1, max_size=25),
    budget=st.integers(min_value=64, max_value=600),
    citations=st.sampled_from(["handles", "ids"]),
)
def test_context_never_exceeds_its_budget(
    backends: Backends,
    alice: Scope,
    statements: list[list[str]],
    budget: int,
    citations: Literal["handles", "ids"],
) -> None:
    for words in statements:
        remember(backends, alice, " ".join(words))
    query = "deploy payments friday backup"
    ctx = build_context(backends, query, alice, budget, RecallSettings(citations=citations))
    assert ctx.tokens == backends.tokens.count(ctx.text) <= budget
    assert len(set(ctx.memory_ids)) == len(ctx.memory_ids)
    assert [c.memory_id for c in ctx.citations] == ctx.memory_ids


def test_the_turns_next_to_the_best_hits_of_two_sessions_are_brought_in_beside_them(
    backends: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN two sessions days apart, each with a question that names the query's words and the reply next
    # to it that names none of them, and a third session's turn that names none of them either
    def episode(statement: str, at: timedelta) -> str:
        return remember(backends, alice, statement, "episode", observed_at=clock.now - at).memory_id

    asked = episode("Which colours did Melanie paint the lake with?", timedelta(days=9))
    reply = episode("Mostly blues and a little orange for the sunset.", timedelta(days=9, minutes=-2))
    asked_again = episode("Did Melanie paint the lake again in spring?", timedelta(days=2))
    reply_again = episode("Yes, twice, once at dawn.", timedelta(days=2, minutes=-1))
    elsewhere = episode("The bakery on Elm Street closes early on Sundays.", timedelta(days=5))

    # WHEN the agent asks about what was said, the two strongest hits seeding the neighbour boost
    settings = RecallSettings(neighbour_seeds=2)
    ranked = {s.card.memory_id: s for s in rank(backends, "Melanie paint lake", alice, 10, settings)}

    # THEN each reply comes in through its session's question, and the unrelated turn gains nothing
    assert {asked, asked_again} <= ranked.keys()
    assert "neighbour" in ranked[reply].ranks and "neighbour" in ranked[reply_again].ranks
    assert elsewhere not in ranked or "neighbour" not in ranked[elsewhere].ranks
    if elsewhere in ranked:
        assert ranked[elsewhere].score < min(ranked[reply].score, ranked[reply_again].score)

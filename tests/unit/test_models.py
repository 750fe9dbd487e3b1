"""The memory card and the L1 events refuse invalid input with a message naming the field and the rule."""

from __future__ import annotations

from datetime import datetime

import pytest
from pydantic import ValidationError

from reverie.domain.events import MessageEvent, parse_event
from reverie.domain.models import (
    MAX_STATEMENT_CHARS,
    STORED_CARD,
    EvidenceRef,
    Layer,
    MemoryCard,
    Scope,
    ScopeKind,
    Stability,
    Status,
)

REF = EvidenceRef(session_id="s1", event_id="e1")


def card(**overrides: object) -> MemoryCard:
    data: dict[str, object] = {"type": "fact", "tenant_id": "t1", "user_id": "alice", "statement": "x"}
    data.update(overrides)
    return MemoryCard.model_validate(data)


@pytest.mark.parametrize(
    ("overrides", "field", "rule"),
    [
        ({"confidence": 1.5}, "confidence", "less than or equal to 1"),
        ({"confidence": -0.1}, "confidence", "greater than or equal to 0"),
        ({"type": "gossip"}, "type", "'fact'"),
        ({"statement": "x" * (MAX_STATEMENT_CHARS + 1)}, "statement", "at most"),
        ({"statement": ""}, "statement", "at least 1"),
        ({"layer": "L3", "status": "verified"}, "evidence_refs", "cite at least one L1 event"),
        ({"layer": "L2", "status": "verified"}, "status", "lives in L3"),
        ({"scope": "user", "user_id": None}, "user_id", "names its user"),
        ({"scope": "project"}, "project_id", "names its project"),
        ({"user_id": "bad id with spaces"}, "user_id", "pattern"),
        ({"ttl_days": 0}, "ttl_days", "greater than or equal to 1"),
    ],
)
def test_invalid_card_is_refused_naming_field_and_rule(
    overrides: dict[str, object], field: str, rule: str
) -> None:
    with pytest.raises(ValidationError) as info:
        card(**overrides)
    assert field in str(info.value)
    assert rule in str(info.value)


def test_every_card_gets_a_review_cycle_from_its_stability() -> None:
    assert card().ttl_days == 180
    assert card(stability=Stability.VOLATILE).ttl_days == 7
    assert card(valid_until=datetime(2027, 1, 1)).ttl_days is None


def test_times_are_stored_as_utc() -> None:
    assert card(observed_at=datetime(2026, 1, 1, 9, 0)).observed_at.tzinfo is not None  # type: ignore[union-attr]


def test_cards_are_immutable_values() -> None:
    c = card()
    with pytest.raises(ValidationError):
        c.statement = "changed"  # type: ignore[misc]


def test_l3_card_with_evidence_is_valid() -> None:
    c = card(layer=Layer.KNOWLEDGE, status=Status.VERIFIED, evidence_refs=[REF])
    assert c.evidence_refs == [REF]


def test_visibility_follows_scope() -> None:
    alice, bob = Scope(tenant_id="t1", user_id="alice"), Scope(tenant_id="t1", user_id="bob")
    assert card().visible_to(alice) and not card().visible_to(bob)
    assert not card().visible_to(Scope(tenant_id="t2", user_id="alice"))
    org = card(scope=ScopeKind.ORG, user_id=None)
    assert org.visible_to(alice) and org.visible_to(bob)
    proj = card(scope=ScopeKind.PROJECT, user_id=None, project_id="p1")
    assert proj.visible_to(Scope(tenant_id="t1", user_id="bob", project_id="p1"))
    assert not proj.visible_to(bob)


def test_events_parse_by_kind_and_refuse_unknown_kinds() -> None:
    base = {"event_id": "e1", "tenant_id": "t1", "user_id": "u1", "session_id": "s1"}
    assert isinstance(parse_event({**base, "kind": "message", "role": "user", "text": "hi"}), MessageEvent)
    with pytest.raises(ValidationError) as info:
        parse_event({**base, "kind": "telepathy"})
    assert "kind" in str(info.value)
    with pytest.raises(ValidationError) as info:
        parse_event({**base, "kind": "tool_result", "tool": "deploy"})
    assert "ok" in str(info.value)
    with pytest.raises(ValidationError) as info:
        parse_event({**base, "kind": "message", "role": "user", "text": "x" * 40_000})
    assert "text" in str(info.value)


def test_a_card_masks_every_text_field_and_round_trips_unchanged() -> None:
    # GIVEN a card built with a secret in each text field
    built = card(
        statement="mail carol@example.com",
        condition="token: abc123xyz",
        action="use AKIAIOSFODNN7EXAMPLE",
        outcome="call +44 20 7946 0958",
    )
    # THEN each is masked
    assert (built.statement, built.condition, built.action, built.outcome) == (
        "mail [REDACTED:email]",
        "token: [REDACTED:password]",
        "use [REDACTED:aws_access_key]",
        "call [REDACTED:phone]",
    )
    # WHEN it is validated again (a revision), or written as JSON and read back (with or without a store's
    # context); THEN it is the same card: nothing is masked twice
    assert MemoryCard.model_validate(built.model_dump()) == built
    assert MemoryCard.model_validate_json(built.model_dump_json()) == built
    assert MemoryCard.model_validate_json(built.model_dump_json(), context=STORED_CARD) == built


def test_a_read_shows_what_is_stored_and_the_next_revision_masks_it() -> None:
    # GIVEN a body stored before the guard covered a field: an e-mail address in its condition
    body = card(condition="ask PLACEHOLDER").model_dump_json().replace("PLACEHOLDER", "carol@example.com")
    # WHEN a store reads it back; THEN it is what was stored (a read never rewrites data)
    stored = MemoryCard.model_validate_json(body, context=STORED_CARD)
    assert stored.condition == "ask carol@example.com"
    # WHEN it is revised; THEN the new version is masked
    revised = MemoryCard.model_validate({**stored.model_dump(), "version": 2})
    assert revised.condition == "ask [REDACTED:email]"


def test_the_length_limit_applies_to_the_masked_text_a_card_keeps() -> None:
    # GIVEN a statement at the limit whose e-mail address is shorter than its mask
    # WHEN the card is built; THEN it is refused: no stored card is ever over the limit
    with pytest.raises(ValidationError, match="at most"):
        card(statement="x" * (MAX_STATEMENT_CHARS - 8) + " a@b.com")

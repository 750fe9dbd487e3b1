"""The pure rules of which slot holds at which (`domain.dependent_slots`)."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.domain.dependent_slots import changed_base, held_at, value_of
from reverie.domain.models import EvidenceRef, Layer, MemoryCard, MemoryType, Status

MAY, JUNE = datetime(2026, 5, 1, tzinfo=UTC), datetime(2026, 6, 1, tzinfo=UTC)


def card(
    memory_id: str, key: str, statement: str, refs: list[str], when: datetime, **extra: object
) -> MemoryCard:
    return MemoryCard(
        memory_id=memory_id,
        type=MemoryType.FACT,
        layer=Layer.KNOWLEDGE,
        status=Status.VERIFIED,
        tenant_id="t1",
        user_id="noor",
        key=key,
        statement=statement,
        evidence_refs=[EvidenceRef(session_id=r.split("/")[0], event_id=r.split("/")[1]) for r in refs],
        observed_at=when,
        **extra,  # type: ignore[arg-type]
    )


OLD = card("old", "noor_haddad.employer", "Noor Haddad's employer: Vela Robotics.", ["s1/e1"], MAY)
NEW = card("new", "noor.employer", "Noor works at Quarry Labs.", ["s2/e1"], JUNE)


def test_a_new_value_in_the_slot_of_the_user_however_named_is_a_change() -> None:
    assert changed_base(OLD, NEW, "noor")


def test_a_richer_card_derived_from_the_old_one_is_no_change() -> None:
    richer = NEW.model_copy(update={"derived_from": ["old"]})
    assert not changed_base(OLD, richer, "noor")


def test_a_slot_nothing_holds_at_is_no_base() -> None:
    diet = OLD.model_copy(update={"key": "noor.diet"})
    assert not changed_base(diet, NEW.model_copy(update={"key": "noor.diet"}), "noor")


def test_a_role_told_with_the_old_employer_is_held_at_it_and_says_where() -> None:
    role = card("r", "noor_haddad.role", "Noor Haddad's role: firmware engineer.", ["s1/e1"], MAY)
    held = held_at(role, OLD, NEW, "noor")
    assert held is not None and held.together
    assert held.reason.startswith("held at Vela Robotics, which is no longer the employer")


def test_someone_elses_role_and_a_role_restated_since_are_not() -> None:
    theirs = card("r", "omar.job_title", "Omar's job title: buyer.", ["s1/e1"], MAY)
    restated = card("r2", "noor.job_title", "Noor's job title: firmware lead.", ["s1/e1", "s2/e1"], JUNE)
    assert held_at(theirs, OLD, NEW, "noor") is None
    assert held_at(restated, OLD, NEW, "noor") is None


def test_the_value_is_read_from_a_record_or_a_sentence() -> None:
    assert value_of("Noor Haddad's employer: Vela Robotics.") == "Vela Robotics"
    assert value_of("Noor works at Quarry Labs.") == "Quarry Labs"
    assert value_of("Noor lives in Haifa.") == "Haifa"

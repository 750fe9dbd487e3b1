"""A label's text read by a photo's recognition (one line of pipe-separated cells) is a record kept in its own
words; a medicine named by its strength is about that medicine's dose, so a label and a letter giving it two
strengths at the same moment conflict, while a later source saying the dose changed replaces the old value;
a machine's status line or a pair is no label, and an amount with no medicine before it is no dose."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from reverie.adapters.local.rules.doses import dose_key
from reverie.adapters.local.rules.label_line import label_line
from reverie.adapters.local.rules.merge import decide
from reverie.domain.dream import Candidate
from reverie.domain.events import Event
from reverie.domain.models import EvidenceRef, Layer, MemoryCard, MemoryType, Source, SourceKind, Status
from reverie.ports import MergeAction
from tests.fakes.rule_session import RuleSession

T0 = datetime(2026, 3, 4, 9, 0, tzinfo=UTC)
S = RuleSession(T0)
WHO = "Priya Nair"
LABEL = (
    "GREENWAY CHEMIST | Mrs Kamala Nair | LEVOTHYROXINE 50MCG TABLETS | Take ONE each MORNING | 28 tablets"
)
LETTER = (
    "Clinic letter for Kamala Nair. Current medicines: Levothyroxine 75 mcg every morning, before breakfast. "
    "Review bloods in six weeks."
)


def test_a_one_line_label_is_kept_in_its_own_words_without_its_capitals() -> None:
    said = label_line(LABEL)
    assert said == (
        "Greenway Chemist: Mrs Kamala Nair; Levothyroxine 50 mcg Tablets; Take one each morning; 28 tablets."
    )
    assert dose_key(said) == "levothyroxine.dose"


def test_a_status_line_or_a_pair_is_no_label() -> None:
    assert label_line("ok | done | 3 files") is None  # nothing named: a machine's line
    assert label_line("Colour | Blue") is None  # two cells: a pair
    assert label_line("Name | Dose | When\nAspirin | 75 mg | daily") is None  # a table: `records` reads it


def test_an_amount_with_no_medicine_before_it_is_no_dose() -> None:
    assert dose_key("Take 500 mg with water.") is None
    assert dose_key("The dose was increased from 20 mg.") is None
    assert dose_key("Ibuprofen 200mg as needed") == "ibuprofen.dose"


def _looked_up() -> list[Candidate]:
    """The user asks for the label and the letter to be read; the agent tells each; the user cannot say which."""
    events: list[Event] = [
        S.ev("m0", 0, text="Can you read Mum's new pill box? Photo attached.", speaker=WHO),
        S.ev("r1", 20, kind="tool_result", tool="vision.ocr", call_id="k1", ok=True, output=LABEL),
        S.ev("a1", 30, role="assistant", text="The label says levothyroxine 50 mcg, one each morning."),
        S.ev("m1", 60, text="And the clinic letter is in my inbox.", speaker=WHO),
        S.ev("r2", 80, kind="tool_result", tool="mail.search", call_id="k2", ok=True, output=LETTER),
        S.ev("a2", 90, role="assistant", text="The clinic letter says levothyroxine 75 mcg every morning."),
        S.ev("m2", 120, text="Hmm, which one is right? I'll ask the surgery.", speaker=WHO),
    ]
    return S.extract(events)


def test_a_label_and_a_letter_read_the_same_hour_give_one_medicine_two_doses() -> None:
    # GIVEN a label and a letter read and told one after the other
    found = [c for c in _looked_up() if c.key == "levothyroxine.dose"]
    # THEN both are kept, each citing its own output, in the one slot
    assert len(found) == 2
    assert {r.event_id for c in found for r in c.evidence_refs} >= {"r1", "r2"}
    assert any("50 mcg" in c.statement for c in found) and any("75 mcg" in c.statement for c in found)


def _card(statement: str, at: datetime) -> MemoryCard:
    return MemoryCard(
        memory_id="m-label",
        layer=Layer.KNOWLEDGE,
        status=Status.VERIFIED,
        type=MemoryType.FACT,
        tenant_id="t1",
        user_id="u1",
        statement=statement,
        key=dose_key(statement),
        evidence_refs=[EvidenceRef(session_id="s1", event_id="r1")],
        source=Source(kind=SourceKind.USER, name="taken in by the user (vision.ocr)"),
        observed_at=at,
        created_at=at,
        updated_at=at,
    )


def _candidate(statement: str, at: datetime) -> Candidate:
    return Candidate(
        type=MemoryType.FACT,
        statement=statement,
        key=dose_key(statement),
        evidence_refs=[EvidenceRef(session_id="s2", event_id="r2")],
        source=Source(kind=SourceKind.USER, name="taken in by the user (mail.search)"),
        observed_at=at,
    )


def test_two_sources_at_the_same_moment_conflict_and_a_later_change_replaces() -> None:
    held = _card(label_line(LABEL) or "", T0)
    letter = "Current medicines: Levothyroxine 75 mcg every morning, before breakfast."
    # WHEN the letter is read minutes after the label: nothing settles which is right
    same_time = decide(_candidate(letter, T0 + timedelta(minutes=2)), [held])
    assert same_time.action is MergeAction.CONFLICT and same_time.target_id == "m-label"
    # WHEN a letter weeks later says the dose went up: the newer value wins
    later = "Levothyroxine 75 mcg every morning: dose increased after the last blood test."
    changed = decide(_candidate(later, T0 + timedelta(days=20)), [held])
    assert changed.action is MergeAction.SUPERSEDE and changed.target_id == "m-label"

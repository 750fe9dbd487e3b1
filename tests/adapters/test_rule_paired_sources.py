"""Two sources named together as disagreeing, then their values in the same order ("The vet's notes and the
insurer's letter disagree (18 kg vs 21 kg)", "The quote and the invoice don't match: £1,200 vs £1,350"): each
value is its source's claim, on one slot, so the dream shows them conflicting. A value given with its unit
alone is said as the source's own sentence giving it, which names what it is a value of. Two people who
disagree about something with no values, or two sources named with no values after them, are no such report."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.disagreements import reported
from reverie.adapters.local.rules.paired_sources import paired
from reverie.domain.models import SourceKind
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2026, 6, 22, 14, 0, tzinfo=UTC))


@pytest.mark.parametrize(
    ("sentence", "sources", "values"),
    [
        (
            "The vet's notes and the insurer's letter disagree (18 kg vs 21 kg).",
            ("the vet's notes", "the insurer's letter"),
            ("18", "21"),
        ),
        (
            "The quote and the invoice don't match: £1,200 vs £1,350.",
            ("the quote", "the invoice"),
            ("£1,200", "£1,350"),
        ),
        (
            "The lease and the agent's email still differ — 12 months versus 6",
            ("the lease", "the agent's email"),
            ("12", "6"),
        ),
    ],
)
def test_two_sources_then_their_values_are_a_disagreement(
    sentence: str, sources: tuple[str, str], values: tuple[str, str]
) -> None:
    found = reported(sentence)
    assert found is not None
    assert (found.first.source, found.second.source) == sources
    assert (found.first.value, found.second.value) == values


@pytest.mark.parametrize(
    "sentence",
    [
        "Tom and I disagree about the film.",
        "My mum and dad disagree on where to go: Rome vs Paris.",
        "The quote and the invoice don't match, I'll ring them.",
    ],
)
def test_no_values_after_the_sources_is_no_such_report(sentence: str) -> None:
    assert reported(sentence) is None


def test_a_bare_value_with_its_unit_is_said_as_its_sources_sentence() -> None:
    # GIVEN two tools giving a dog's weight, and the agent saying they disagree with the bare values
    events = [
        S.ev("m0", 0, text="What does Biscuit weigh? The flea treatment depends on it."),
        S.ev(
            "r0",
            1,
            kind="tool_result",
            tool="vet_notes",
            call_id="k0",
            ok=True,
            output="Consultation 2 May: Biscuit (beagle) weighed 18 kg, body condition good.",
        ),
        S.ev(
            "r1",
            2,
            kind="tool_result",
            tool="insurer_letter",
            call_id="k1",
            ok=True,
            output="Policy renewal: insured pet Biscuit, beagle, declared weight 21 kg.",
        ),
        S.ev(
            "a1",
            5,
            role="assistant",
            text="The vet's notes and the insurer's letter disagree (18 kg vs 21 kg). Worth weighing him.",
        ),
        S.ev("m1", 9, text="ugh, I'll pop him on the scales later"),
    ]
    found = [c for c in S.extract(events) if "kg" in c.statement]
    # THEN each is its tool's claim, naming Biscuit as its source's sentence does, on one slot
    assert len(found) == 2 and found[0].key == found[1].key is not None
    assert all(c.source.kind is SourceKind.TOOL and "Biscuit" in c.statement for c in found)
    assert any("18 kg" in c.statement and "(according to the vet's notes)" in c.statement for c in found)


def test_sources_without_values_split_nothing() -> None:
    assert paired("The bank and the insurer disagree.") is None

"""After the speaker's own clause, a clause that says what its definite subject is by naming it ("the
dishwasher is a Bosch Serie 4") is a fact of its own and gets its own card; one that only judges its subject
("the rent is cheap") may point back and stays with the speaker's clause."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.named_things import names_its_subject
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 4, 14, 18, 0, tzinfo=UTC))


def test_a_named_appliance_after_a_first_person_fact_is_its_own_card() -> None:
    # GIVEN a first-person fact with its own details, then ", and the <thing> is a <Brand> ..."
    said = SESSION.statements(
        "I pay £32 a month for broadband to Zen on the 15th, and the dishwasher is a Bosch Serie 4 under the sink."
    )
    # THEN each is a card of its own
    assert len(said) == 2
    assert any("Zen" in s and "Bosch" not in s for s in said)
    assert any(s.startswith("The dishwasher is a Bosch Serie 4") for s in said)


def test_a_named_person_in_a_role_after_a_first_person_fact_is_its_own_card() -> None:
    said = SESSION.statements(
        "I've booked the Hythe cottage for 12-19 August, and the cleaner is Mrs Penhaligon."
    )
    assert len(said) == 2
    assert any("Penhaligon" in s and "Hythe" not in s for s in said)


@pytest.mark.parametrize(
    "text",
    [
        # a judgement of the subject, not a name: it may point back at what the speaker said
        "I rent a flat in Didsbury near the tram stop, and the rent is steep.",
        # a vague first clause: "the author" is the book's, not a fact of its own
        "I'm reading a novel, and the author is Elif Shafak.",
    ],
)
def test_a_definite_subject_that_may_point_back_stays_with_the_speakers_clause(text: str) -> None:
    assert len(SESSION.statements(text)) == 1


@pytest.mark.parametrize(
    ("clause", "names"),
    [
        ("the boiler is a Vaillant ecoTEC", True),
        ("the childminder's Auntie Bea", True),
        ("the new vet is called Greenfields", True),
        ("the rent is cheap", False),
        ("the landlord is I think away", False),
        ("a boiler is a Vaillant", False),
    ],
)
def test_what_counts_as_naming_the_subject(clause: str, names: bool) -> None:
    assert names_its_subject(clause) is names

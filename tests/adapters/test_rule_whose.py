"""Two people's rules, preferences or arrangements are never one card because they share a value (a street
and number, an airline, a seat): whom each statement is about must agree. The same person's, told in other
words, still are one card."""

from __future__ import annotations

import pytest

from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.whose import other_people
from reverie.domain.models import MemoryType
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held

PREF = MemoryType.PREFERENCE
CONSTRAINT = MemoryType.CONSTRAINT
HELD = "Ines wants her pottery supplies delivered to the workshop at Calle Pelayo 12."


@pytest.mark.parametrize(
    "other",
    [
        "Send Bartek's pottery supplies to Calle Pelayo 12.",  # an imperative about someone else's things
        "Bartek wants his pottery supplies delivered to the workshop at Calle Pelayo 12.",  # someone else, same words
    ],
)
def test_another_persons_rule_for_the_same_address_is_its_own_card(other: str) -> None:
    # GIVEN Ines's standing delivery preference, WHEN Bartek's is given for the same workshop address
    decision = decide(cand(other, type=PREF), [held(HELD, type=PREF)])
    # THEN it is a card of its own: neither dropped as a duplicate nor fused into hers
    assert decision.action is MergeAction.ADD


def test_two_imperatives_for_two_people_sharing_their_verb_stay_apart() -> None:
    # GIVEN "Post Ines's ... to <address>", WHEN "Post Bartek's ... to <address>": the shared opening verb
    # is no shared person
    decision = decide(
        cand("Post Bartek's invoices to Calle Pelayo 12.", type=PREF),
        [held("Post Ines's invoices to Calle Pelayo 12.", type=PREF)],
    )
    assert decision.action is MergeAction.ADD


def test_two_peoples_seat_rules_are_two_rules() -> None:
    # GIVEN a seat rule for Odile, WHEN the same seat is asked for Femi, THEN two rules
    decision = decide(
        cand("Always book a window seat for Femi on the Eurostar.", type=CONSTRAINT),
        [held("Odile prefers a window seat on the Eurostar.", type=PREF)],
    )
    assert decision.action is MergeAction.ADD


def test_the_same_persons_rule_in_other_words_is_still_one_card() -> None:
    # GIVEN Ines's preference, WHEN a note asks the same for her by possessive (negative: must still merge)
    decision = decide(
        cand("Send Ines's pottery supplies to Calle Pelayo 12 (the workshop).", type=PREF),
        [held(HELD, type=PREF)],
    )
    assert decision.action in {MergeAction.FUSE, MergeAction.NOOP}
    assert decision.target_id == "m-1"


def test_a_seat_rule_for_the_same_person_is_still_one_rule() -> None:
    # negative: the rule names her by first name only, the held card by her full name
    decision = decide(
        cand("Always book a window seat for Odile; never an aisle.", type=CONSTRAINT),
        [held("Odile Marchetti prefers a window seat on trains.", type=PREF)],
    )
    assert decision.action is MergeAction.NOOP


@pytest.mark.parametrize(
    ("a", "b", "differ"),
    [
        ("Kwame Asante's flat is on Tenby Road", "Kwame Owusu's flat is on Tenby Road", True),
        ("Kwame Asante's flat is on Tenby Road", "Kwame's flat is on Tenby Road", False),
        ("Choose a quiet table for Priya", "Priya Nair prefers quiet tables", False),
        # the user may be Priya: no veto
        ("The user wants receipts by e-mail", "Priya wants receipts by e-mail", False),
        ("Keep replies short", "Priya wants short replies", False),  # names no one: no veto
    ],
)
def test_whom_two_statements_are_about(a: str, b: str, differ: bool) -> None:
    assert other_people(a, b) is differ


def test_a_code_opening_a_statement_is_no_person() -> None:
    # GIVEN a statement opening with a code ("Q3", "B2") beside a named person's card on the same fact
    # THEN the code is not read as a second person, so the two can still be one memory
    from reverie.adapters.local.rules.whose import other_people

    assert not other_people("Q3 is August to October.", "Carol's fiscal Q3 is August to October.")
    assert not other_people("B2 exams are in June.", "Tomasz sits his B2 exams in June.")

"""News about a thing held by its name ("Miso is 12 now ..." after "Pat has a cat called Miso"), and what
happened in a pursuit carried on ("passed her Japanese N4 exam" after "is learning Japanese"), fuse into the
held card."""

from __future__ import annotations

from reverie.adapters.local.rules.merge import decide
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held


def test_news_of_a_pet_by_its_name_fuses_into_the_card_that_names_it() -> None:
    cat = held("Pat has a cat called Miso.")
    decision = decide(cand("Miso is 12 now and has kidney disease, she's on a renal diet."), [cat])
    assert decision.action is MergeAction.FUSE and decision.target_id == "m-1"
    assert "called Miso" in (decision.statement or "") and "renal diet" in (decision.statement or "")
    # NEGATIVE: another name is not the cat
    assert decide(cand("Leo is 12 now."), [cat]).action is MergeAction.ADD


def test_what_happened_in_a_pursuit_carried_on_fuses_into_it() -> None:
    learning = held("Ivy is learning Japanese.")
    decision = decide(cand("Ivy passed her Japanese N4 exam."), [learning])
    assert decision.action is MergeAction.FUSE and "N4" in (decision.statement or "")
    # NEGATIVE: an exam in another subject is another thing
    assert decide(cand("Ivy passed her driving theory exam."), [learning]).action is MergeAction.ADD


def test_how_much_one_does_it_is_no_part_of_what_it_is_about() -> None:
    # "volunteers a bit": "a bit" says how much, so the Oxfam shop on Saturdays is more of the same
    a_bit = held("Opi volunteers a bit.")
    decision = decide(cand("Opi volunteers at the Oxfam shop on Saturdays."), [a_bit])
    assert decision.action is MergeAction.FUSE and "Oxfam" in (decision.statement or "")


def test_a_thing_named_by_the_noun_of_the_cards_verb_is_told_of() -> None:
    # "Bex's vinyl collection" is what "Bex collects vinyl" tells of
    collects = held("Bex collects vinyl, so record fairs are always a good idea.")
    decision = decide(cand("Bex's vinyl collection is mostly 70s soul, about 400 records."), [collects])
    assert decision.action is MergeAction.FUSE and "70s soul" in (decision.statement or "")

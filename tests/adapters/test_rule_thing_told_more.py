"""More about a thing a held fact already names, said as someone's thing ("The user's allotment shed has ...")
fuses with that fact; one word, another person's thing, or a thing two facts name fuse nothing. And a polite
"no thank you" to an offer is no standing rule."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.merge import decide
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 6, 2, 18, tzinfo=UTC))


def test_a_thing_named_by_the_held_facts_words_is_told_more_of() -> None:
    # GIVEN a held fact about where the user keeps bikes, and a later detail about "the user's shed bikes"
    old = held("The user keeps two bikes in the shed behind the house.")
    new = cand("The user's shed bikes are a Brompton and an old Raleigh.", "u.shed_bikes")
    # WHEN the dream merges them
    decision = decide(new, [old])
    # THEN one card says both
    assert decision.action is MergeAction.FUSE
    assert decision.statement is not None
    assert "in the shed behind the house" in decision.statement and "Brompton" in decision.statement


def test_one_word_another_persons_thing_or_two_naming_facts_fuse_nothing() -> None:
    # one word: which car is not known
    car = held("The user drives their car to the station.")
    assert decide(cand("The user's car is a Skoda."), [car]).action is not MergeAction.FUSE
    # another person's thing
    shed = held("The user keeps two bikes in the shed.")
    assert decide(cand("The user's sister's shed bikes are new."), [shed]).action is not MergeAction.FUSE
    # two facts name the thing: which one is not known
    other = held("The user paints the shed and the bikes every spring.").model_copy(
        update={"memory_id": "m-2"}
    )
    decision = decide(
        cand("The user's shed bikes are a Brompton and a Raleigh.", "u.shed_bikes"), [shed, other]
    )
    assert decision.action is not MergeAction.FUSE


def test_a_polite_no_to_an_offer_is_no_rule() -> None:
    session = RuleSession(datetime(2026, 6, 2, 18, tzinfo=UTC))
    assert not any("know" in s for s in session.statements("No thank you, I know my own timetable."))
    # while "no <thing>" said to the agent stays a standing rule
    assert any("No mushrooms" in s for s in session.statements("No mushrooms on anything, please."))


def test_a_thing_said_again_with_nothing_new_is_no_fuse() -> None:
    # GIVEN a held fact naming the user's shed bikes, said again in other words with nothing new
    old = held("The user keeps the Brompton in the bike shed.")
    decision = decide(cand("The user's bike shed has the Brompton."), [old])
    # THEN nothing is rewritten
    assert decision.action is MergeAction.NOOP


def test_more_detail_about_what_a_card_says_first_fuses_and_keeps_its_other_clause() -> None:
    # GIVEN a held card with a main clause and an aside, and a later statement saying the main clause whole
    old = held("The user sings alto in the Harbour Singers, been with them since 2019.")
    new = cand("In the Harbour Singers the user sings second alto beside Moira.")
    # WHEN the dream merges them
    decision = decide(new, [old])
    # THEN one card says the new detail and keeps the aside
    assert decision.action is MergeAction.FUSE
    assert decision.statement is not None
    assert "second alto" in decision.statement and "since 2019" in decision.statement


def test_a_statement_sharing_only_part_of_the_main_clause_does_not_fuse() -> None:
    # GIVEN the same choir, another voice part: the main clause is not said whole
    old = held("The user sings alto in the Harbour Singers, been with them since 2019.")
    decision = decide(cand("The user's daughter sings soprano in the Harbour Singers."), [old])
    assert decision.action is not MergeAction.FUSE

"""Two rules resting on one reason ("allergic to shellfish, so ...") are one rule, whoever wrote them and
whether they call the user "the user" or by the name their id opens with."""

from __future__ import annotations

from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.rule_reason import reason_and_result, same_reason
from reverie.adapters.local.rules.the_user import user_names
from reverie.domain.models import MemoryCard, MemoryType
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held

RULE = MemoryType.CONSTRAINT
NOTE = "Shellfish cause a severe allergic reaction in Ines, so leave them out of menus."


def _ines(statement: str = NOTE) -> MemoryCard:
    return held(statement, type=RULE).model_copy(update={"user_id": "ines-v"})


def test_a_rule_is_split_into_its_reason_and_what_follows() -> None:
    assert reason_and_result("Ravi has a bad knee, so no running.") == ("Ravi has a bad knee", "no running")
    assert reason_and_result("Ravi runs so far every day.") == ("Ravi runs so far every day", "")


def test_the_users_name_is_read_from_an_id_that_opens_with_it() -> None:
    # GIVEN ids naming a person with an initial or a surname after, THEN the given name is one of the names
    assert user_names("ines-v") == ("ines-v", "ine")  # stemmed, as statements' terms are
    assert "kofi" in user_names("kofi.boateng")
    # AND an id that is no name gives none besides itself
    assert user_names("u1") == ("u1",)
    assert user_names("7f3a-22bc") == ("7f3a-22bc",)


def test_the_same_reason_in_the_users_words_joins_the_note_with_what_else_follows() -> None:
    # GIVEN the agent's note of Ines's allergy, WHEN she says it as "I'm allergic to shellfish, so ..."
    decision = decide(
        cand("The user is allergic to shellfish, so no prawn crackers or fish sauce.", type=RULE), [_ines()]
    )
    # THEN one rule: the note, with what her words say follows
    assert decision.action is MergeAction.FUSE and decision.target_id == "m-1"
    assert decision.statement == f"{NOTE.rstrip('.')}; no prawn crackers or fish sauce."


def test_a_shorter_reason_with_nothing_following_adds_nothing() -> None:
    decision = decide(cand("Ines is allergic to shellfish.", type=RULE), [_ines()])
    assert decision.action is MergeAction.NOOP and decision.target_id == "m-1"


def test_two_reasons_each_saying_something_of_their_own_stay_two_rules() -> None:
    # GIVEN a meeting on Friday, WHEN a meeting on Monday comes with another consequence, THEN no one rule
    card = _ines("The user has a client meeting on Friday, so no calls after 4.")
    news = cand("The user has a client meeting on Monday, so keep the morning free.", type=RULE)
    assert same_reason(news, [card]) is None


def test_two_peoples_rules_on_one_reason_stay_apart() -> None:
    card = _ines("Marco is allergic to shellfish, so leave them out of his menus.")
    news = cand("Ines is allergic to shellfish, so no prawn crackers.", type=RULE)
    assert same_reason(news, [card]) is None
    assert decide(news, [card]).action is not MergeAction.FUSE

"""A standing list pasted under a sentence that introduces it is one card; an edit of one item said later
("swap X for Y", "X is out, put Y on the list instead", "drop X from the list", "add Z to the list") is what
the list now has, and supersedes the held card with the whole list edited. A list for the day is no standing
list, and a later mention of an item is no edit of it."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.merge import decide
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 2, 6, 19, 0, tzinfo=UTC))

TAKEAWAY = "my usual Friday takeaway order is always:\n- chicken katsu curry\n- 2 gyoza\n- **miso soup**"
HELD = "The user's usual Friday takeaway order is always: chicken katsu curry, 2 gyoza, miso soup."


def test_a_standing_list_under_its_intro_is_one_card() -> None:
    # GIVEN a usual order pasted as bullets under the sentence that introduces it
    said = SESSION.statements(TAKEAWAY)
    # THEN the whole list is one statement, in order, without the markup
    assert said == [HELD], said


def test_a_list_for_today_is_not_held() -> None:
    # GIVEN a to-do list and a shopping list, each for the day
    todo = SESSION.statements("today I need to:\n- call the bank\n- pick up the dry cleaning\n- email Sam")
    shopping = SESSION.statements("groceries for tonight:\n- rice\n- limes\n- coriander")
    # THEN neither is kept as a list that stands
    assert todo == [] and shopping == [], (todo, shopping)


def test_an_edit_of_one_item_is_said_as_what_the_list_now_has() -> None:
    # GIVEN edits said as requests, one with the reason in front
    swapped = SESSION.statements("swap the miso soup -> edamame")
    out_in = SESSION.statements(
        "Jonah can't do pork so the katsu is out, put the tofu katsu on the takeaway order instead"
    )
    dropped = SESSION.statements("drop the gyoza from the takeaway order")
    added = SESSION.statements("add a chalk bag to the climbing kit list")
    # THEN each is kept as the list's new content, item by item
    assert swapped == ["The list now has edamame instead of miso soup."], swapped
    assert "The takeaway order now has tofu katsu instead of katsu." in out_in, out_in
    assert dropped == ["The takeaway order no longer has gyoza."], dropped
    assert added == ["The climbing kit list now also has chalk bag."], added


def test_a_swap_for_tonight_only_or_of_a_thing_is_no_edit_of_a_list() -> None:
    # GIVEN a swap for one evening and a thing replaced by another of its kind
    tonight = SESSION.statements("just for tonight swap the beer for cider")
    kettle = SESSION.statements("replace the kettle with a new one, it broke")
    # THEN no list edit is kept from either
    assert not any("list" in s for s in tonight + kettle), (tonight, kettle)


def test_an_edit_supersedes_the_held_list_with_the_list_edited() -> None:
    # GIVEN the takeaway order held as one card
    card = held(HELD)
    # WHEN an item is swapped, then when another is dropped from the named list
    swap = decide(cand("The list now has edamame instead of miso soup."), [card])
    drop = decide(cand("The takeaway order no longer has gyoza."), [card])
    # THEN each replaces the card with the whole list, the edit made and the rest in place
    assert (swap.action, swap.target_id) == (MergeAction.SUPERSEDE, "m-1")
    assert swap.statement == (
        "The user's usual Friday takeaway order is always: chicken katsu curry, 2 gyoza, edamame."
    )
    assert drop.action is MergeAction.SUPERSEDE
    assert (
        drop.statement == "The user's usual Friday takeaway order is always: chicken katsu curry, miso soup."
    )


def test_an_addition_to_a_named_list_is_appended() -> None:
    # GIVEN a kit list held as one card
    card = held("The climbing kit list: harness, belay device, three screwgates.")
    # WHEN an item is added to that list
    decision = decide(cand("The climbing kit list now also has chalk bag."), [card])
    # THEN the list holds it at the end
    assert decision.action is MergeAction.SUPERSEDE
    assert decision.statement == "The climbing kit list: harness, belay device, three screwgates, chalk bag."


def test_a_later_mention_of_an_item_or_a_swap_of_another_item_leaves_the_list() -> None:
    # GIVEN the takeaway order held as one card
    card = held(HELD)
    # WHEN an item is mentioned for something else, or an item the list does not have is swapped
    mention = decide(cand("Gyoza are on offer at the Asian supermarket this week."), [card])
    other = decide(cand("The list now has oat milk instead of soya milk."), [card])
    # THEN the list card is not replaced, and the swap becomes no card of its own
    assert mention.action is not MergeAction.SUPERSEDE
    assert other.action is MergeAction.NOOP and other.target_id is None


def test_a_list_said_in_a_sentence_is_edited_in_its_own_words() -> None:
    # GIVEN a usual order held as a sentence, its items after the verb
    card = held("The user's usual coffee order is a flat white, an almond croissant and an orange juice.")
    # WHEN one item is swapped for another, and when a sentence of a person's traits meets the same swap
    decision = decide(cand("The list now has pain au chocolat instead of almond croissant."), [card])
    traits = decide(
        cand("The list now has pain au chocolat instead of almond croissant."),
        [held("Ana is kind, funny and clever.")],
    )
    # THEN the order reads as before with the swap made, and the traits are no list that has the item
    assert decision.action is MergeAction.SUPERSEDE
    assert (
        decision.statement
        == "The user's usual coffee order is a flat white, pain au chocolat and an orange juice."
    )
    assert traits.action is MergeAction.NOOP and traits.target_id is None

"""Two statements about one subject giving the same amount of the same thing for the same doing are one fact
(the self-audit's side: tests/unit/test_audit_same_amount.py)."""

from __future__ import annotations

from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.same_amount import amounts
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held


def test_an_amount_is_a_number_and_what_it_counts_however_joined() -> None:
    assert amounts("Deposits are returned within 14 days.") == amounts("a 14-day return of deposits")
    assert amounts("The fee is £120.") == frozenset({("120", "£")})


def test_the_same_terms_in_other_words_are_one_card() -> None:
    # GIVEN a held fact of a supplier's delivery lead time
    old = held("Marlow Timber's orders are deliverable within 10 days.")
    # WHEN the same lead time is said in other words
    news = cand("Marlow Timber delivers on 10-day lead times.")
    # THEN it joins the held card instead of standing beside it
    decision = decide(news, [old])
    assert decision.action is MergeAction.FUSE and decision.target_id == old.memory_id


def test_the_same_amount_of_another_doing_or_for_another_subject_stays_apart() -> None:
    # the same distance, run or swum: another doing (a shared day is no doing)
    assert (
        decide(cand("The user swims 3 km on Fridays."), [held("The user runs 3 km on Fridays.")]).action
        is MergeAction.ADD
    )
    # the same terms for another supplier
    other = decide(
        cand("Hexham Stone delivers within 10 days."), [held("Marlow Timber delivers within 10 days.")]
    )
    assert other.action is MergeAction.ADD
    # another number beside the same one
    more = decide(
        cand("Marlow Timber delivers within 10 days for orders over 200 kg."),
        [held("Marlow Timber delivers within 10 days for orders over 50 kg.")],
    )
    assert more.action is not MergeAction.FUSE or "50" in (more.statement or "")

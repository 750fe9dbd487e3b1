"""A thing reached at an address moved to another: the held card, with the new address, replaces the old one;
and "Correction:" / "Quick update:" only say what kind of news follows."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.thing_moved import thing_moved
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 4, 9, 9, 0, tzinfo=UTC))


def test_a_status_page_moved_to_another_host_replaces_the_held_address() -> None:
    # GIVEN the held address of the team's status page
    page = held("Kofi's team status page is https://status.lumen.dev/team.", key="kofi.status_page")
    # WHEN Kofi says it moved
    decision = decide(cand("Our status page has moved to https://lumen.instatus.com."), [page])
    # THEN the held card, with the new address, replaces the old one
    assert decision.action is MergeAction.SUPERSEDE and decision.target_id == "m-1"
    assert decision.statement == "Kofi's team status page is https://lumen.instatus.com."


def test_a_host_moved_likewise() -> None:
    portal = held("Invoices for Hollins are uploaded at portal.hollins.co.uk/invoices.")
    decision = thing_moved(cand("The invoices portal is now at billing.hollins.co.uk."), [portal])
    assert decision is not None
    assert decision.statement == "Invoices for Hollins are uploaded at billing.hollins.co.uk."


def test_another_things_address_or_the_same_address_is_left() -> None:
    page = held("Kofi's team status page is https://status.lumen.dev/team.")
    # NEGATIVE: the thing moved is not the one the card is about
    assert thing_moved(cand("The wiki moved to https://lumen.notion.site."), [page]) is None
    # NEGATIVE: the same address again is nothing new
    assert thing_moved(cand("The status page moved to https://status.lumen.dev/team."), [page]) is None
    # NEGATIVE: a move to a day is no address
    assert thing_moved(cand("The status review moved to Friday."), [page]) is None


def test_a_label_naming_the_kind_of_news_is_no_statement() -> None:
    # GIVEN a message opening with "Correction:" over a statement in a shape of its own
    statements = S.statements("Correction: the webhook moved to https://hooks.lumen.dev/v3 last week.")
    # THEN the label is dropped and the statement kept without it
    assert [s.split(" last")[0].split(" in the")[0] for s in statements] == [
        "The webhook moved to https://hooks.lumen.dev/v3"
    ]
    # and so does "Quick update:" over a plan moved
    assert S.statements("Quick update: the standup moved to 9:30.") == [
        "The user's standup is moved to 9:30."
    ]

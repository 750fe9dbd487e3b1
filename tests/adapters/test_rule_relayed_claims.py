"""Claims other people make, relayed by the user: said in speech ("my cousin, in the group chat, she's saying
..."), about a thing the message brought in ("there's a wedding in Porto, my dad says it's ..."), or forwarded as
written; and two people's claims giving one thing two days or times, which nothing settles."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.claims import claims_disagree
from reverie.adapters.local.rules.merge import decide
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 9, 1, 18, 0, tzinfo=UTC))


def test_a_subject_said_first_and_taken_up_by_she_is_who_makes_the_claim() -> None:
    # GIVEN speech that names the person, an aside, then "she's saying"
    said = SESSION.statements(
        "ok so my sister Lina, on the phone earlier, she's saying the christening is on the 14th, so now "
        "I really don't know"
    )
    # THEN the claim is Lina's, without the speaker's doubt after it, and the fragment is no card
    assert said == ["The christening is on the 14th (according to Lina)."]


def test_it_in_a_claim_is_the_thing_the_sentence_brought_in() -> None:
    said = SESSION.statements("there's a wedding in Porto, my dad says it's on Saturday the 3rd")
    assert said == ["The wedding is on Saturday the 3rd (according to Dad)."]


def test_a_forwarded_message_is_the_forwarders_claim_and_their_place_is_theirs() -> None:
    # GIVEN a message forwarded as written, on the line after who forwarded it
    said = SESSION.statements('Auntie Rosa just forwarded this:\n"Barbecue at our place, 12 July, 4 pm"')
    # THEN it is Rosa's claim, and "our place" is hers
    assert said == ["Barbecue at Rosa's place, 12 July, 4 pm (according to Rosa)."]


def test_dont_want_to_said_of_oneself_is_no_rule_for_the_agent() -> None:
    dropped = SESSION.dropped("no idea which one is right, don't want to call and ask")
    assert not SESSION.statements("no idea which one is right, don't want to call and ask")
    assert any("call and ask" in text for _, text in dropped)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (
            "The christening is on the 14th (according to Lina).",
            "The christening is the 21st (according to Mum).",
        ),
        (
            "The barbecue at Rosa's is at 4 pm (according to Rosa).",
            "Barbecue at Rosa's, 5:30 pm (according to Leo).",
        ),
        ("The match is on Saturday (according to Sam).", "The match is on Sunday (according to Jo)."),
    ],
)
def test_two_people_giving_one_thing_two_days_or_times_disagree(a: str, b: str) -> None:
    assert claims_disagree(a, b)
    # and the later claim does not replace the earlier: a person decides
    decision = decide(cand(b), [held(a)])
    assert decision.action is MergeAction.CONFLICT


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # one person changing their mind: the latest word is theirs
        ("The match is on Saturday (according to Sam).", "The match is on Sunday (according to Sam)."),
        # another thing
        ("The match is on Saturday (according to Sam).", "The party is on Sunday (according to Jo)."),
        # the same time said two ways
        ("The party is at 7pm (according to Sam).", "The party is at 7 pm (according to Jo)."),
        # another kind of detail, not another value
        ("The reunion is on the 8th (according to Mum).", "The reunion is in Leicester (according to Efe)."),
    ],
)
def test_claims_that_do_not_disagree(a: str, b: str) -> None:
    assert not claims_disagree(a, b)

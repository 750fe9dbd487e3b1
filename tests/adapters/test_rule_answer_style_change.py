"""A new way to answer, given as an order with its reason after it, replaces the old one.

"Please reply to me in plain prose from now on, I find lists hard to follow" is a standing rule for the agent
(the speaker's "I" after the comma gives the reason; it is no state of theirs), in the answer-style slot, so a
later such rule supersedes the earlier one; whom the slot is about is not its value.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.merge import decide
from reverie.domain.models import MemoryType
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 6, 1, 9, tzinfo=UTC))
KEY = "user.prefers.answer_style"


def test_an_order_from_now_on_with_a_reason_after_it_is_a_standing_rule() -> None:
    # GIVEN an order about how to answer, then the speaker's reason
    found = SESSION.extract(
        SESSION.told(
            "Please answer me in two or three paragraphs from now on, I want to practise reading prose."
        )
    )
    # THEN one constraint in the answer-style slot carries both
    assert [(c.type, c.key) for c in found] == [(MemoryType.CONSTRAINT, KEY)]
    assert "paragraphs from now on" in found[0].statement


@pytest.mark.parametrize(
    "text",
    ["Use bullet points from today on.", "Reply in Spanish from here on.", "Cc Dana from now onwards."],
)
def test_other_words_for_from_now_on_make_a_standing_rule(text: str) -> None:
    # GIVEN an order that says it holds from a day on, in other words than "from now on"
    found = SESSION.extract(SESSION.told(text))
    # THEN it is a standing rule, not a request for now
    assert [c.type for c in found] == [MemoryType.CONSTRAINT]


def test_a_state_of_the_speaker_from_now_on_is_no_rule() -> None:
    # GIVEN the speaker's own state from now on (NEGATIVE: "I" in the main clause)
    found = SESSION.extract(SESSION.told("I'm off dairy from now on, my doctor said so."))
    # THEN it is not a rule for the agent
    assert all(c.type is not MemoryType.CONSTRAINT for c in found)


def test_a_request_for_now_with_a_reason_stays_no_rule() -> None:
    # GIVEN an order with no marker of a standing rule (NEGATIVE)
    found = SESSION.extract(SESSION.told("Please summarise this chapter for me, I have a seminar at noon."))
    # THEN no constraint comes of it
    assert all(c.type is not MemoryType.CONSTRAINT for c in found)


def test_a_later_answer_style_naming_the_user_replaces_the_earlier_one() -> None:
    # GIVEN a held answer style naming the user, and a new one naming the user too
    old = held("Always give Lena Fischer answers as numbered lists.", key="lena_fischer.prefers.answer_style")
    new = cand(
        "Please write to Lena Fischer in short paragraphs from now on.",
        key="lena_fischer.prefers.answer_style",
        type=MemoryType.CONSTRAINT,
    )
    old = old.model_copy(update={"type": MemoryType.CONSTRAINT})
    # THEN the new one supersedes it (the user's name is not a value the two share)
    decision = decide(new, [old])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


def test_the_same_named_value_in_a_slot_still_fuses() -> None:
    # GIVEN a held home and more about the same city (NEGATIVE: a real shared value beside the subject)
    old = held("Lena Fischer is based in Hamburg.", key="lena_fischer.home_city")
    new = cand("Lena Fischer is back in Hamburg since Friday.", key="lena_fischer.home_city")
    # THEN it is more of the same card, not a change
    assert decide(new, [old]).action is MergeAction.FUSE

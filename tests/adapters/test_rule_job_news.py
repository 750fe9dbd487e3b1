"""News of a job names where one works: "got the job at/on <a named place>" and "a <role> on <a named ward or
unit>" set the employer slot, so the later of two places supersedes the earlier; a day after "on" is when."""

from __future__ import annotations

import pytest

from reverie.adapters.local.rules.keys import attribute_key, statement_key
from reverie.adapters.local.rules.merge import decide
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held


@pytest.mark.parametrize(
    "said",
    [
        "I got a job at Deloitte.",
        "I got the senior registrar post at St Mary's.",
        "I got the charge nurse job on the Stroke Unit from March.",
        "I'm a healthcare assistant on Ward 12 at the Royal.",
        "I'm a staff nurse on Maple Ward, nights mostly.",
    ],
)
def test_a_job_got_or_held_at_a_named_place_sets_the_employer(said: str) -> None:
    # GIVEN the user telling of a job at or on a named place
    # THEN the statement sets their employer slot
    assert attribute_key(said, "user") == "user.employer"


@pytest.mark.parametrize(
    "said",
    [
        "I'm a nurse on Mondays and Tuesdays.",
        "I got a job on Saturdays at the farm shop.",
        "I got the job on the night shift.",
    ],
)
def test_a_day_or_a_lowercase_shift_after_on_is_no_workplace(said: str) -> None:
    # GIVEN "on" followed by a day or by no named place (NEGATIVE)
    # THEN no employer slot is read from it
    assert attribute_key(said, "user") != "user.employer"


def test_the_later_job_supersedes_the_earlier_place() -> None:
    # GIVEN a held card of the user's ward, then news of a post on another unit
    old = held("Tomas Ruiz is a healthcare assistant on Ward 12, weekends mostly.", key="tomas_ruiz.employer")
    news = cand("Tomas Ruiz got the band 4 post on the Day Surgery Unit, starting in July.")
    assert statement_key(news.statement) == "tomas_ruiz.employer"
    # WHEN merged
    decision = decide(news.model_copy(update={"key": "tomas_ruiz.employer"}), [old])
    # THEN latest wins
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")

"""A version moved on ("upgraded staging to Postgres 16") replaces the held one, even where both name the same
tool; a level moved on ("Maya started Year 4") replaces the same person's held level of that kind."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.levels import level_moved, levels
from reverie.adapters.local.rules.merge import decide
from reverie.adapters.local.rules.same_tool import same_tool
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2027, 9, 8, 9, 0, tzinfo=UTC))


def test_an_upgrade_replaces_the_version_held() -> None:
    staging = held("Tam's staging database is Postgres 14, keep migrations compatible with that.")
    decision = decide(cand("Tam upgraded staging to Postgres 16 over the weekend."), [staging])
    assert decision.action is MergeAction.SUPERSEDE and decision.target_id == "m-1"
    # the same tool in another version is no "same choice" to fuse
    assert same_tool(cand("Tam's staging runs Postgres 16."), [staging]) is None


def test_a_level_moved_on_replaces_the_same_persons_level() -> None:
    year = held("Rae's daughter Maya is in Year 3.")
    decision = decide(cand("Maya started Year 4 this week."), [year])
    assert decision.action is MergeAction.SUPERSEDE and decision.target_id == "m-1"
    # NEGATIVE: another person, a person of hers, or a level of another kind
    assert level_moved(cand("Leo started Year 4."), [year]) is None
    assert level_moved(cand("Maya's brother started Year 4."), [year]) is None
    assert level_moved(cand("Maya passed Grade 4 piano."), [year]) is None
    assert levels("Maya is in Year 3 and on Grade 2 piano.") == {"year": "3", "grade": "2"}


def test_a_named_persons_new_level_is_kept_and_year_4_stays_a_number() -> None:
    assert SESSION.statements("Maya started Year 4 this week!") == ["Maya started Year 4 this week."]
    assert "thanks for this" in SESSION.dropped("thanks 4 this")[0][1]

"""In a message announcing a new job, "I'm at <name>" is the new employer (English or code-switched, with a
"since" in figures before it), so it supersedes the held one; without job news it is where one is today."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.merge import decide
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 11, 2, 9, tzinfo=UTC))


def _employer(text: str) -> list[str]:
    return [c.statement for c in SESSION.extract(SESSION.told(text)) if c.key and c.key.endswith(".employer")]


def test_im_at_a_named_firm_after_job_news_is_the_employer() -> None:
    # GIVEN a user telling the agent they switched firms, then where they are
    said = _employer("Big news, I switched firms. Since 09/15 I'm at Arup, in the Leeds structures team.")
    # THEN the firm is their employer, since the day said
    assert said == ["Since 09/15 the user works at Arup, in the Leeds structures team."], said


def test_a_code_switched_clause_after_job_news_is_read_too() -> None:
    said = _employer("Nuevo trabajo! Desde el 09/15 estoy en Mapfre, en el equipo de riesgos.")
    assert len(said) == 1 and "works at Mapfre" in said[0], said


def test_the_new_employer_supersedes_the_held_one() -> None:
    old = held("The user works at Atkins in Bristol.", "user.employer")
    new = cand("Since 09/15 the user works at Arup, in the Leeds structures team.", "user.employer")
    assert decide(new, [old]).action is MergeAction.SUPERSEDE


def test_without_job_news_im_at_a_place_is_no_employer() -> None:
    assert _employer("I'm at Arup today for a site meeting, back by six.") == []
    assert _employer("New job starts soon, for now I'm at home with the kids.") == []

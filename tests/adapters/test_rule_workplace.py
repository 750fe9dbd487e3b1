"""Where in a workplace someone works (a ward, a unit, a department, a branch), and a move to another, said
in the shorthand of a night shift ("moved to ward 9 from mon, perm."): one slot, changed by a move, never the
slot of where they live."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.keys import statement_key
from reverie.adapters.local.rules.spelling import spelled_out
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 3, 2, 4, 10, tzinfo=UTC))


def test_a_move_to_a_ward_or_a_branch_is_a_move_of_work() -> None:
    assert statement_key("Tomasz moved to the renal unit.") == "tomasz.workplace"
    assert statement_key("Tomasz works on ward 12.") == "tomasz.workplace"
    assert statement_key("Tomasz transferred to the Derby branch.") == "tomasz.workplace"


def test_a_move_of_home_stays_a_move_of_home() -> None:
    # NEGATIVE: a city, a flat in a city: where one lives
    assert statement_key("Tomasz moved to Derby.") == "tomasz.home_city"
    assert statement_key("Tomasz moved to a bigger flat in Derby.") == "tomasz.home_city"


def test_night_shift_shorthand_is_written_out() -> None:
    assert spelled_out("moved to the renal unit from thu, perm.") == (
        "moved to the renal unit from Thursday, permanently."
    )
    assert spelled_out("nights this wk") == "nights this week"


def test_words_that_only_look_like_shorthand_stay() -> None:
    # NEGATIVE: a weekday's letters with no word of time before them, and a perm one had done
    assert spelled_out("I sat on the sun lounger") == "I sat on the sun lounger"
    assert spelled_out("She had a perm, then a cut") == "She had a perm, then a cut"


def test_the_update_is_kept_as_a_move_of_work() -> None:
    said = SESSION.extract(SESSION.told("update: moved to the renal unit from thu, perm. still on nights"))
    moved = [c for c in said if "renal unit" in c.statement]
    assert [(c.statement, c.key) for c in moved] == [
        ("The user moved to the renal unit from Thursday, permanently.", "user.workplace")
    ]

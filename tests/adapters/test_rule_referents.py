"""A later statement that names a held thing only by pointing back at it ("that job we picked up", "rehearsals
are Mondays") is more about that held card: one richer card, when exactly one held card fits."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.merge import decide
from reverie.domain.models import MemoryCard
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 3, 1, 18, 0, tzinfo=UTC))


def _cards(*statements: str) -> list[MemoryCard]:
    return [held(s).model_copy(update={"memory_id": f"m-{n}"}) for n, s in enumerate(statements, 1)]


def test_a_demonstrative_is_the_one_held_thing_of_its_kind_and_fuses_with_it() -> None:
    # GIVEN a held card naming a job, WHEN a later statement calls it "this sync job Noor picked up"
    cards = _cards("Noor's team took over the ledger-sync job from the payments squad.")
    decision = decide(
        cand("This sync job Noor picked up runs every hour on cron and pushes to the archive bucket."), cards
    )
    # THEN one card says both, the job named as the held card names it
    assert decision.action is MergeAction.FUSE and decision.target_id == "m-1"
    assert decision.statement is not None
    assert "took over the ledger-sync job" in decision.statement
    assert "the ledger-sync job Noor picked up runs every hour" in decision.statement


def test_a_demonstrative_giving_another_value_replaces_the_held_one_named() -> None:
    # GIVEN a schedule held for a named job, WHEN "that job" is said to run at another time
    cards = _cards("The invoice-archive job runs every night at 01:00.")
    decision = decide(cand("That job now runs every Sunday at 03:00."), cards)
    # THEN the new value replaces it, and the stored statement says which job it is
    assert decision.action is MergeAction.SUPERSEDE and decision.target_id == "m-1"
    assert decision.statement == "The invoice-archive job now runs every Sunday at 03:00."


def test_two_held_things_of_the_kind_leave_a_demonstrative_unresolved() -> None:
    # GIVEN two jobs held, WHEN "that job" is told about, THEN it is not known which: a card of its own
    cards = _cards(
        "Noor's team took over the ledger-sync job from the payments squad.",
        "Noor's team owns the payroll-export job.",
    )
    decision = decide(cand("That job Noor picked up runs every hour on cron."), cards)
    assert decision.action is MergeAction.ADD


def test_a_demonstrative_naming_another_kind_of_that_thing_is_not_the_held_one() -> None:
    # GIVEN the ledger-sync job held, WHEN "that payroll job" is told about, THEN it is another job
    cards = _cards("Noor's team took over the ledger-sync job from the payments squad.")
    assert decide(cand("That payroll job runs every hour on cron."), cards).action is MergeAction.ADD


def test_the_sessions_of_the_one_group_someone_has_a_role_in_fuse_with_that_role() -> None:
    # GIVEN a held tutoring role, WHEN lessons are told with no owner, THEN they are that group's lessons
    cards = _cards("Ines has agreed to tutor the year 10 maths group at Cranfield Academy.")
    decision = decide(cand("Lessons are Wednesdays 4 to 5 in room 12 (for the term)."), cards)
    assert decision.action is MergeAction.FUSE and decision.target_id == "m-1"
    assert decision.statement == (
        "Ines has agreed to tutor the year 10 maths group at Cranfield Academy; "
        "Lessons are Wednesdays 4 to 5 in room 12 (for the term)."
    )


def test_sessions_said_settled_in_a_later_message_join_the_held_group_card() -> None:
    # GIVEN a held choir membership, WHEN the user says rehearsals are settled with their day and place
    cards = _cards("The user joined the Harlow community choir in September.")
    told = SESSION.extract(
        SESSION.told("rehearsals are sorted for the autumn - Mondays 7:30 to 9 at St Jude's hall")
    )
    assert [c.statement for c in told] == [
        "Rehearsals are Mondays 7:30 to 9 at St Jude's hall (for the autumn)."
    ]
    decision = decide(told[0].model_copy(update={"observed_at": cand("x").observed_at}), cards)
    # THEN one card holds the choir and its rehearsals
    assert decision.action is MergeAction.FUSE and decision.target_id == "m-1"
    assert decision.statement is not None and "Harlow community choir" in decision.statement
    assert "Rehearsals are Mondays 7:30" in decision.statement


def test_sessions_with_two_groups_held_stay_their_own_card() -> None:
    # GIVEN two groups someone has a role in, WHEN lessons are told with no owner, THEN not known whose
    cards = _cards(
        "Ines tutors the year 10 maths group at Cranfield Academy.",
        "Ines coaches the under-12s netball squad at Ashby.",
    )
    assert decide(cand("Lessons are Wednesdays 4 to 5 in room 12."), cards).action is MergeAction.ADD


def test_someone_elses_sessions_or_no_group_held_are_not_a_held_role() -> None:
    # GIVEN a choir held, WHEN another person's lessons are told, THEN they are not the choir's
    choir = _cards("The user joined the Harlow community choir in September.")
    assert decide(cand("Kemi's swimming lessons are Tuesdays at 6."), choir).action is MergeAction.ADD
    # GIVEN nothing held about a group, WHEN training is told with no owner, THEN nothing is its group
    home = _cards("The user lives in Leeds.")
    assert decide(cand("Training is Thursdays 6 to 7 at the rugby club."), home).action is MergeAction.ADD

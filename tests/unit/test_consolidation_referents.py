"""The dream, at the service level with the rule reasoner: a later message that names a held thing only by
pointing back at it ("that job we took over", "training is Tuesdays") adds to that card, when one held card
fits; with two that fit, each statement stays its own card."""

from __future__ import annotations

from reverie.domain.models import Scope
from reverie.services.backends import Backends
from tests.conftest import Clock
from tests.unit.test_consolidation import b, dreamt, live, live_saying

__all__ = ["b"]  # the parametrised backends fixture, shared with test_consolidation

JOB_TOLD = "that job we took over runs every hour on cron and pushes to the archive bucket."
TRAINING_TOLD = "training is booked for the spring - Tuesdays 6 to 7 at the sports hall"


def test_that_job_we_took_over_is_the_held_job_and_one_card_tells_both(
    b: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN the user's team took over a named job
    dreamt(b, alice, "s1", clock, "My team has taken over the ledger-sync job from the payments squad.")
    # WHEN a week later the user tells how "that job we took over" runs
    dreamt(b, alice, "s2", clock, JOB_TOLD, days_later=7)
    # THEN one live card names the job with its schedule, resting on both sessions
    (card,) = live(b, alice)
    assert "ledger-sync job" in card.statement and "every hour" in card.statement
    assert {r.session_id for r in card.evidence_refs} == {"s1", "s2"} and card.derived_from


def test_with_two_jobs_held_that_job_stays_its_own_card(b: Backends, alice: Scope, clock: Clock) -> None:
    # GIVEN two jobs held, WHEN "that job we took over" is told about
    dreamt(
        b,
        alice,
        "s1",
        clock,
        "My team has taken over the ledger-sync job from the payments squad.",
        "My team owns the payroll-export job too.",
    )
    dreamt(b, alice, "s2", clock, JOB_TOLD, days_later=7)
    # THEN neither job card takes the schedule: it is not known which job it is
    assert len(live(b, alice)) == 3
    (schedule,) = live_saying(b, alice, "every hour")
    assert "ledger-sync" not in schedule.statement and "payroll-export" not in schedule.statement


def test_training_told_with_no_owner_joins_the_one_team_coached(
    b: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN the user coaches one team, WHEN later they say when training is
    dreamt(b, alice, "s1", clock, "I coach the under-12s netball squad at Ashby.")
    dreamt(b, alice, "s2", clock, TRAINING_TOLD, days_later=7)
    # THEN one card tells the team and its training
    (card,) = live(b, alice)
    assert "netball squad at Ashby" in card.statement and "Tuesdays 6 to 7" in card.statement


def test_training_told_with_two_teams_coached_stays_apart_from_both(
    b: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN the user coaches two teams, WHEN later they say when training is
    dreamt(
        b,
        alice,
        "s1",
        clock,
        "I coach the under-12s netball squad at Ashby.",
        "I also coach the under-14s at Millfield.",
    )
    dreamt(b, alice, "s2", clock, TRAINING_TOLD, days_later=7)
    # THEN the training is its own card: neither team's card takes it
    assert len(live(b, alice)) == 3
    assert [c.statement for c in live_saying(b, alice, "Tuesdays")] == [
        "Training is Tuesdays 6 to 7 at the sports hall (for the spring)."
    ]


def test_training_told_beside_two_teams_in_one_message_stays_apart_from_both(
    b: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN one message naming two teams coached and when training is (the self-audit compares pairs)
    dreamt(
        b,
        alice,
        "s1",
        clock,
        "I coach the under-12s netball squad at Ashby. I also coach the under-14s at Millfield. "
        + TRAINING_TOLD,
    )
    # THEN the training is its own card: neither team's card takes it
    assert [c.statement for c in live_saying(b, alice, "Tuesdays")] == [
        "Training is Tuesdays 6 to 7 at the sports hall (for the spring)."
    ]

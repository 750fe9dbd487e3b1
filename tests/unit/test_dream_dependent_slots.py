"""What holds *at* a value goes with it (issue 15): when a new employer or a new home replaces the old one,
a job title, a team, a manager told at the old employer (a landlord at the old home) is not left current;
what is said again after the change stays, and so does whatever does not hold at the changed slot.

Service level, through capture and the dream with the rule reasoner, on every note and run store.
"""

from __future__ import annotations

from reverie.domain.models import MemoryCard, Scope, Status
from reverie.services.backends import Backends
from tests.conftest import Clock
from tests.unit import test_consolidation
from tests.unit.test_consolidation import dreamt, live_saying, say

b = test_consolidation.b  # the fixture: every note and run store


def only(b: Backends, alice: Scope, word: str) -> MemoryCard:
    (card,) = live_saying(b, alice, word)
    return card


def reasons(b: Backends, run_id: str) -> list[str]:
    assert b.runs is not None
    return [c.reason or "" for c in b.runs.changes("t1", run_id)]


def test_a_title_told_with_the_old_employer_retires_when_the_employer_changes(
    b: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN an employer and a job title told in one message
    dreamt(b, alice, "s1", clock, "I work at Lumen Dynamics. My job title is QA lead.")
    title = only(b, alice, "QA lead")
    # WHEN a later session tells of a new employer, and nothing of the title
    run = dreamt(b, alice, "s2", clock, "I've joined Harbor Analytics.", days_later=40)
    # THEN the title is no longer current: superseded by the change, which the run records with the reason
    new = only(b, alice, "Harbor Analytics")
    old_title = b.notes.get("t1", title.memory_id)
    assert (old_title.status, old_title.superseded_by) == (Status.SUPERSEDED, new.memory_id)
    assert not live_saying(b, alice, "QA lead")
    assert any("held at Lumen Dynamics, which is no longer the employer" in r for r in reasons(b, run.run_id))


def test_a_manager_told_before_the_change_on_other_evidence_goes_to_review(
    b: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN an employer, and weeks later, in another session, who the user's manager is
    dreamt(b, alice, "s1", clock, "I work at Lumen Dynamics.")
    dreamt(b, alice, "s2", clock, "My manager is Priya Raman.", days_later=20)
    manager = only(b, alice, "Priya")
    # WHEN the employer changes
    dreamt(b, alice, "s3", clock, "I've joined Harbor Analytics.", days_later=20)
    # THEN the manager is no longer shown as settled: conflicting, less sure, and named to a person
    flagged = b.notes.get("t1", manager.memory_id)
    assert flagged.status is Status.CONFLICTING
    assert flagged.confidence < manager.confidence
    assert b.runs is not None
    (item,) = [r for r in b.runs.list_reviews("t1", "alice") if manager.memory_id in r.memory_ids]
    assert "no longer the employer" in item.detail


def test_a_title_said_again_with_the_move_stays(b: Backends, alice: Scope, clock: Clock) -> None:
    # GIVEN an employer and a title told together
    dreamt(b, alice, "s1", clock, "I work at Lumen Dynamics. My job title is QA lead.")
    # WHEN the user tells of the new employer and, in the same message, that the title is the same
    dreamt(
        b, alice, "s2", clock, "I've joined Harbor Analytics. My job title is still QA lead.", days_later=40
    )
    # THEN a title is current, resting on what was said with the move
    (title,) = live_saying(b, alice, "QA lead")
    assert title.status is Status.VERIFIED
    assert "s2" in {r.session_id for r in title.evidence_refs}


def test_a_title_said_again_after_the_move_stays(b: Backends, alice: Scope, clock: Clock) -> None:
    # GIVEN an employer and a title told together
    dreamt(b, alice, "s1", clock, "I work at Lumen Dynamics. My job title is QA lead.")
    title = only(b, alice, "QA lead")
    # WHEN a session tells of a new employer and a later one says the title again, both read by one dream
    clock.advance(days=40)
    say(b, alice, "s2", clock, "I've joined Harbor Analytics.")
    clock.advance(days=3)
    dreamt(b, alice, "s3", clock, "My job title is QA lead.")
    # THEN the title, said after the change, is still current
    kept = b.notes.get("t1", title.memory_id)
    assert kept.status is Status.VERIFIED
    assert "s3" in {r.session_id for r in kept.evidence_refs}
    assert only(b, alice, "Harbor Analytics")


def test_a_change_of_home_retires_the_landlord_and_leaves_the_job_title(
    b: Backends, alice: Scope, clock: Clock
) -> None:
    # GIVEN where the user lives, their landlord there and their job title, told in one message
    dreamt(b, alice, "s1", clock, "I live in Leeds. My landlord is Mr Okafor. My job title is QA lead.")
    landlord, title = only(b, alice, "Okafor"), only(b, alice, "QA lead")
    # WHEN they move
    dreamt(b, alice, "s2", clock, "I moved to York.", days_later=30)
    # THEN the landlord of the old home is no longer current; the job title does not hold at a home: it stays
    assert only(b, alice, "York")
    assert b.notes.get("t1", landlord.memory_id).status is Status.SUPERSEDED
    kept = b.notes.get("t1", title.memory_id)
    assert (kept.status, kept.version) == (Status.VERIFIED, title.version)


def test_a_hobby_told_with_the_old_employer_stays(b: Backends, alice: Scope, clock: Clock) -> None:
    # GIVEN an employer and a weekly hobby told in one message
    dreamt(b, alice, "s1", clock, "I work at Lumen Dynamics. I go bouldering every Sunday.")
    hobby = only(b, alice, "bouldering")
    # WHEN the employer changes
    dreamt(b, alice, "s2", clock, "I've joined Harbor Analytics.", days_later=30)
    # THEN the hobby is untouched: it does not hold at an employer
    kept = b.notes.get("t1", hobby.memory_id)
    assert (kept.status, kept.version) == (Status.VERIFIED, hobby.version)


def test_another_persons_new_employer_leaves_the_users_title(b: Backends, alice: Scope, clock: Clock) -> None:
    # GIVEN the user's title, and where their brother works, each told
    dreamt(b, alice, "s1", clock, "My job title is QA lead.", "My brother Tariq works at Pinecrest Bakery.")
    title = only(b, alice, "QA lead")
    # WHEN the brother changes employer
    dreamt(b, alice, "s2", clock, "My brother Tariq works at Millbrook Farm now.", days_later=30)
    # THEN the user's title stays as it was
    kept = b.notes.get("t1", title.memory_id)
    assert (kept.status, kept.version) == (Status.VERIFIED, title.version)

"""Fenced leases (issue 10, "Lease"): before this code a run could outlive its lease, a second dream
starting while the first was still applying. Now the lease carries a fencing token that every write of a
run checks; a run that lost its lease fails its next write with `LeaseLost` and writes nothing more."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from reverie.domain.dream import RunStatus, Trigger
from reverie.domain.errors import LeaseLost
from reverie.domain.models import Scope
from reverie.ports import CardQuery
from reverie.services.dream.fencing import run_backends
from reverie.services.dream.rollback import LEASE_EXPIRED
from reverie.services.dream.runner import dream, resume, run_stage, start_run
from reverie_bench.common import SettableClock
from reverie_bench.crash import (
    FIRST,
    LATER,
    LEASE_GONE,
    START,
    TENANT,
    USER,
    close,
    open_backends,
    say,
    takeover,
)
from tests.fakes.embedder import HashEmbedder


def test_every_write_of_a_run_that_lost_its_lease_fails_and_lands_nowhere(tmp_path: Path) -> None:
    # GIVEN run A did select and verify, then stalled past its lease, and run B took the lease and dreamt
    # WHEN A goes on (its next stage, card writes through its own view, a stage output, its finish)
    outcome = takeover(tmp_path, HashEmbedder())
    # THEN each write raised LeaseLost, nothing of A reached any store, and A reads failed with the reason
    assert outcome.failures == []
    assert outcome.lost_updates == 0


def test_a_stale_run_cut_off_mid_stage_stops_at_its_next_card_write(tmp_path: Path) -> None:
    clock = SettableClock(START)
    b = open_backends(tmp_path, clock, HashEmbedder())
    assert b.runs is not None
    say(b, "s1", START, FIRST)
    assert dream(b, TENANT, USER).status is RunStatus.SUCCEEDED
    clock.set(START + timedelta(days=90))
    say(b, "s2", clock(), LATER)
    a = start_run(b, TENANT, USER, Trigger.MANUAL)
    for stage in ("select", "verify"):
        run_stage(b, stage, a)
    view = run_backends(b, b.runs.get_run(TENANT, a.run_id))
    # GIVEN A's lease expired and B started (and settled A) before A wrote its next card
    clock.set(clock() + LEASE_GONE)
    b_run = start_run(b, TENANT, USER, Trigger.MANUAL)
    assert b.runs.get_run(TENANT, a.run_id).error == LEASE_EXPIRED
    # WHEN A writes a card in the middle of its restructure
    card = b.notes.query(CardQuery(scope=Scope(tenant_id=TENANT, user_id=USER), limit=1))[0]
    with pytest.raises(LeaseLost):
        view.notes.update(card.model_copy(update={"statement": "A stale rewrite."}), card.version)
    # THEN the write is in no journal and no card, and B runs to success
    assert b.runs.journal(TENANT, a.run_id) == []
    assert b.notes.get(TENANT, card.memory_id) == card
    with pytest.raises(LeaseLost):  # and A's next stage stops at once
        run_stage(b, "restructure", a)
    assert resume(b, b_run).status is RunStatus.SUCCEEDED
    assert dream(b, TENANT, USER).status is RunStatus.SUCCEEDED  # the lease is free again afterwards
    close(b)

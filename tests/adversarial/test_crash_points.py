"""Crash-safe runs (issue 10, "Crash"): a dream killed at several points of its run, then a restart.

Before this code a killed run stayed `running` forever, its cards stayed injectable, new dreams got 409
until the dead lease expired and a card could be missing from the index until the next dream. The
scenario is `reverie_bench.crash` (the same as `reverie bench crash`) on the embedded SQLite stores,
the rules reasoner and a hash embedder: the process dies as with `kill -9` (a BaseException nothing
catches, raised by a wrapped store after its N-th call of a kind) at each crash point, or for real, by
SIGKILL in a child process.
"""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest

from reverie_bench.crash import POINTS, CrashPoint, survive
from tests.fakes.embedder import HashEmbedder

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("point", POINTS, ids=[p.name for p in POINTS])
def test_a_dream_killed_at_a_crash_point_leaves_nothing_half_done(tmp_path: Path, point: CrashPoint) -> None:
    # GIVEN a user's first session dreamt, and a later session that changes three of its states
    # WHEN the later dream dies at the crash point and the stores are opened again
    outcome = survive(tmp_path, HashEmbedder(), point)
    # THEN a dream is refused only while the dead lease lives, recall served nothing uncommitted, the next
    # dream succeeds, the dead run reads failed ("lease expired: rolled back") or applied if it had
    # committed, the index matches the note store, and every changed state holds its new value
    assert outcome.failures == []
    assert outcome.lost_updates == 0


def _sigkill_child(home: Path, point: CrashPoint, at: datetime) -> None:
    code = (
        "import sys; from datetime import datetime; from pathlib import Path;"
        "from reverie_bench.crash import killed_in_child; from tests.fakes.embedder import HashEmbedder;"
        "killed_in_child(Path(sys.argv[1]), sys.argv[2], datetime.fromisoformat(sys.argv[3]), HashEmbedder())"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run(
        [sys.executable, "-c", code, str(home), point.name, at.isoformat()],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == -9, done.stderr[-2_000:]  # it really died by SIGKILL at the crash point


@pytest.mark.parametrize(
    "name", ["in restructure, after 4 card writes", "in the middle of applying the commit"]
)
def test_a_dream_process_killed_with_sigkill_is_settled_by_the_next_one(tmp_path: Path, name: str) -> None:
    point = next(p for p in POINTS if p.name == name)
    # GIVEN the same scenario, its dream in a child process that SIGKILLs itself at the crash point
    outcome = survive(tmp_path, HashEmbedder(), point, child=_sigkill_child)
    # THEN the same holds after a real kill -9 (open SQLite transactions and WAL files included)
    assert outcome.failures == []
    assert outcome.lost_updates == 0

"""Editors racing with one expected version (the console and an agent at once): exactly one wins each
version and the memory's history has no gap (`reverie bench reliability`'s lost-updates figure, on SQLite)."""

from __future__ import annotations

from pathlib import Path

from reverie_bench.reliability import racing_edits


def test_racing_edits_lose_no_update(tmp_path: Path) -> None:
    assert racing_edits(tmp_path) == 0

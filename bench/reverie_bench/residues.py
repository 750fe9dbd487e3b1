"""Residues after deletion: forget a user, and one memory of another user, then count per store the places
on disk that still hold what was forgotten. Every figure must read 0.

The forgotten user says a marker word in messages and an explicit note, a dream turns them into cards
(with a run and its stage outputs), the user writes an org card with it through their own path, and a
session end is left pending in the queue. Another user keeps a memory of their own with a second marker,
then deletes it. After `DELETE /users/{user}` (the service) and the memory delete, every byte of every file
in the data folder (-wal and -shm included) is scanned for the markers and the forgotten user's id, while
the stores are open and again after they are closed; the full-text index's vocabulary is read as well
(FTS5 stores terms prefix-compressed, so bytes alone could miss one). Usage: `reverie bench residues`.
"""

from __future__ import annotations

import argparse
import sqlite3
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from reverie.domain.events import Event, NoteEvent
from reverie.domain.models import EvidenceRef, MemoryType, Scope, ScopeKind
from reverie.services import admin, capture
from reverie.services.backends import Backends
from reverie.services.dream.runner import dream
from reverie.services.forget import Forgotten
from reverie_bench.common import user_messages

TENANT = "local"
USER = "forgetme-7f3e"  # the forgotten user's id: no log line or byte on disk may keep it either
OTHER = "keepme-2b9d"
MARKER = "quokkaflux"  # the forgotten user's word (the Porter stemmer leaves it whole)
MEMORY_MARKER = "wallabyquill"  # the word of the one memory the other user deletes
START = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)


@dataclass
class Residues:
    """Hits per store and per needle: the bytes of the store's files and, for the index, its vocabulary."""

    open: dict[str, dict[str, int]] = field(default_factory=dict)
    closed: dict[str, dict[str, int]] = field(default_factory=dict)
    vocabulary: dict[str, int] = field(default_factory=dict)
    report: Forgotten | None = None
    seeded: dict[str, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        found = [n for hits in (self.open, self.closed) for per in hits.values() for n in per.values()]
        return sum(found) + sum(self.vocabulary.values())


def store_of(path: Path) -> str:
    """The store a file belongs to: `notes.db-wal` -> notes; any other file by its own name."""
    return path.name.split(".db")[0] if ".db" in path.name else path.name


def scan(folder: Path, needles: Sequence[str]) -> dict[str, dict[str, int]]:
    """Occurrences of each needle (ASCII, any case) in every byte of every file under `folder`, per store."""
    hits: dict[str, dict[str, int]] = {}
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        data = path.read_bytes().lower()
        per = hits.setdefault(store_of(path), dict.fromkeys(needles, 0))
        for needle in needles:
            per[needle] += data.count(needle.lower().encode())
    return hits


def vocabulary_hits(index_db: Path, needles: Sequence[str]) -> dict[str, int]:
    """Terms of the full-text index containing each needle, read through a temporary fts5vocab table on a
    read-only connection (the file is not changed)."""
    conn = sqlite3.connect(f"file:{index_db}?mode=ro", uri=True)
    try:
        conn.execute("CREATE VIRTUAL TABLE temp.vocab USING fts5vocab(main, 'docs_fts', 'row')")
        terms = [term for (term,) in conn.execute("SELECT term FROM temp.vocab")]
    finally:
        conn.close()
    return {needle: sum(needle in term for term in terms) for needle in needles}


def seed_messages(tenant_id: str, user_id: str, session_id: str, word: str = MARKER) -> list[Event]:
    """A session in which the user says `word` in two messages and an explicit note."""
    said = [
        f"I always deploy the billing service with {word} on Tuesdays.",
        f"Remember that my laptop runs {word} 3.2 for local builds.",
    ]
    note = NoteEvent(
        event_id=f"{session_id}-n1",
        tenant_id=tenant_id,
        user_id=user_id,
        session_id=session_id,
        ts=START + timedelta(minutes=5),
        text=f"The user prefers {word} dashboards over plain logs.",
    )
    return [*user_messages(tenant_id, user_id, session_id, said, START), note]


def seed(b: Backends) -> None:
    """The forgotten user's material in every store, and the other user's memory (see the module doc)."""
    me = Scope(tenant_id=TENANT, user_id=USER)
    capture.append_events(b, me, seed_messages(TENANT, USER, "s1"))
    capture.end_session(b, me, "s1", "success")
    dream(b, TENANT, USER)
    org_card = f"Every release of the team goes through the {MARKER} checklist."
    admin.create_memories(  # shared memory is an admin's to write (here through the user's path)
        b,
        me,
        [admin.NewMemory(type=MemoryType.PROCEDURE, statement=org_card, scope=ScopeKind.ORG)],
        role="admin",
    )
    capture.append_events(
        b,
        me,
        user_messages(TENANT, USER, "s2", [f"Tomorrow I will retire {MARKER}."], START + timedelta(days=1)),
    )
    capture.end_session(b, me, "s2", "unknown")  # left pending in the queue: no dream consumes it

    other = Scope(tenant_id=TENANT, user_id=OTHER)
    capture.append_events(b, other, user_messages(TENANT, OTHER, "o1", ["I run the nightly reports."], START))
    memory = admin.NewMemory(
        type=MemoryType.FACT,
        statement=f"The reports server is called {MEMORY_MARKER}.",
        evidence_refs=[EvidenceRef(session_id="o1", event_id="o1-m0")],
        memory_id="m-to-forget",
    )
    admin.create_memories(b, other, [memory])


def forget(b: Backends) -> Forgotten:
    """Forget the user, and the other user's one memory."""
    report = admin.delete_user(b, TENANT, USER)
    admin.delete_memory(b, Scope(tenant_id=TENANT, user_id=OTHER), "m-to-forget")
    return report


def close(b: Backends) -> None:
    for store in (b.log, b.notes, b.index, b.queue, b.runs):
        closer: Callable[[], None] | None = getattr(store, "close", None)
        if closer is not None:
            closer()


def measure(home: Path, backends: Backends) -> Residues:
    """Seed, forget, scan (stores open), close, scan again; `backends` must keep its files in `home`."""
    needles = (MARKER, MEMORY_MARKER, USER)
    seed(backends)
    result = Residues(seeded={n: sum(per[n] for per in scan(home, needles).values()) for n in needles})
    result.report = forget(backends)
    result.open = scan(home, needles)
    close(backends)
    result.closed = scan(home, needles)
    if (home / "index.db").exists():
        result.vocabulary = vocabulary_hits(home / "index.db", (MARKER, MEMORY_MARKER))
    return result


def render(result: Residues) -> str:
    needles = (MARKER, MEMORY_MARKER, USER)
    lines = [
        "residues per store after deletion (occurrences on disk; every figure must read 0)",
        "  before deletion, the data folder held: "
        + ", ".join(f"{n} x{result.seeded.get(n, 0)}" for n in needles),
        f"  {'store':<14}{'while open':>34}{'after close':>34}",
    ]
    for store in sorted(set(result.open) | set(result.closed)):
        row = [
            "/".join(str(hits.get(store, {}).get(n, 0)) for n in needles)
            for hits in (result.open, result.closed)
        ]
        lines.append(f"  {store:<14}{row[0]:>34}{row[1]:>34}")
    lines.append(f"  (columns: {' / '.join(needles)})")
    lines.append(
        "  full-text vocabulary terms: " + ", ".join(f"{k} {v}" for k, v in result.vocabulary.items())
    )
    if result.report is not None:
        lines.append(
            f"  deletion report: remaining {result.report.remaining}, shared cards deleted "
            f"{len(result.report.shared_cards)}"
        )
        for name, done in result.report.stores.items():
            lines.append(
                f"    {name:<13} removed {done.removed!s:>5}  remaining {done.remaining!s:>5}  "
                f"compacted {done.compacted!s:<5}  {done.note}"
            )
    lines.append(f"total residues: {result.total}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="reverie bench residues", description=__doc__.split("\n\n")[0])
    parser.add_argument("--home", help="data folder to use (default: a new temporary folder)")
    args = parser.parse_args(argv)
    from reverie.bootstrap.local import build_local
    from reverie.bootstrap.local_settings import LocalSettings

    with tempfile.TemporaryDirectory(prefix="reverie-residues-") as tmp:
        home = Path(args.home) if args.home else Path(tmp)
        result = measure(home, build_local(LocalSettings(home=home)))
        print(render(result))
    return 0 if result.total == 0 else 1

"""Crash points survived and lost updates: a dream killed at several points of its run, then a restart.

A user's first session is dreamt cleanly; a later session changes three of its states (a diet, a manager,
an editor) and adds new facts, and the dream of it dies at one crash point: between two stages, in the
middle of restructure after a few card writes, after its commit marker and before or in the middle of
applying it. The process dies as `kill -9` would (`Crash`, a BaseException nothing catches, or a real
SIGKILL when run in a child process); the stores are then opened again from their files. A crash point
is survived when, after the restart:
- before the dead lease expired, a new dream is refused (busy) and recall serves nothing of the dead
  run that had not committed (the old states are still the ones shown);
- once the lease expired, the next dream succeeds (no 409), and the dead run reads failed with "lease
  expired: rolled back" (or succeeded, when it had committed: it is applied then);
- the index holds exactly the injectable cards of the note store;
- every changed state is live with its new value and its old value is not (else a lost update).
A lease scenario adds: run A loses its lease to run B mid-run; every later write of A must fail, and A
must have written nothing after the takeover (else a lost update). Usage: `python -m reverie_bench.crash`
(MiniLM); `report()` is the figure a reliability suite calls.
"""

from __future__ import annotations

import argparse
import os
import signal
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, cast

from reverie.domain.dream import RunStatus
from reverie.domain.models import INJECTABLE_STATUSES, Layer, Scope
from reverie.domain.search import SearchFilter
from reverie.ports import CardQuery, Embedder, NoteStore, RunStore
from reverie.services import capture
from reverie.services.backends import Backends
from reverie.services.dream.rollback import LEASE_EXPIRED
from reverie.services.dream.runner import DreamBusy, dream
from reverie.services.recall import build_context
from reverie_bench.common import SettableClock, clocked_local_backends, user_messages

TENANT, USER = "local", "crash-user"
START = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)
FIRST = ["I'm vegetarian.", "My manager is Tom Okafor.", "I use VS Code for everything."]
LATER = [
    "I'm vegan now.",
    "My new manager is Priya Shah.",
    "I switched from VS Code to Neovim.",
    "My sister Ana lives in Berlin.",
    "I play the cello on weekends.",
]
CHANGED = {"vegan": "vegetarian", "Priya": "Okafor", "Neovim": "everything"}  # new value: old value
QUERIES = ["What do I eat?", "Who is my manager?", "Which editor do I use?", "Tell me about my family"]
CRASH_AFTER = timedelta(minutes=30)  # the later session ends, its dream starts and dies
LEASE_GONE = timedelta(hours=1)  # past any dream's lease (budget.max_seconds * 2 + 60)


class Crash(BaseException):
    """The process dies here: nothing after it runs and no `except Exception` clause catches it."""


@dataclass(frozen=True)
class CrashPoint:
    name: str
    store: str  # "runs" or "notes": the store whose call trips the crash
    trips: Callable[[str, tuple[Any, ...], int], bool]  # (method, args, how many writes so far)


def _after_stage(stage: str) -> Callable[[str, tuple[Any, ...], int], bool]:
    return lambda name, args, _: name == "save_run" and args[0].stages_done[-1:] == [stage]


def _after(method: str, count: int) -> Callable[[str, tuple[Any, ...], int], bool]:
    return lambda name, _, seen: name == method and seen == count


_NOTE_WRITES = frozenset({"create", "update", "supersede"})
POINTS = [
    CrashPoint("between select and verify", "runs", _after_stage("select")),
    CrashPoint("between verify and restructure", "runs", _after_stage("verify")),
    CrashPoint("in restructure, after 1 card write", "runs", _after("append_journal", 1)),
    CrashPoint("in restructure, after 4 card writes", "runs", _after("append_journal", 4)),
    CrashPoint("between restructure and decay", "runs", _after_stage("restructure")),
    CrashPoint("after the commit marker", "runs", _after("commit_run", 1)),
    CrashPoint(
        "in the middle of applying the commit",
        "notes",
        lambda name, _, seen: name in _NOTE_WRITES and seen == 2,
    ),
]


class _Tripwire:
    """A store whose calls pass through until the crash point's call has run; then the process dies."""

    def __init__(self, inner: object, point: CrashPoint, die: Callable[[str], None]) -> None:
        self._inner, self._point, self._die = inner, point, die
        self._seen: dict[str, int] = {}

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._inner, name)
        if not callable(attr):
            return attr

        def call(*args: Any, **kwargs: Any) -> Any:
            result = attr(*args, **kwargs)
            kind = "write" if name in _NOTE_WRITES else name
            self._seen[kind] = self._seen.get(kind, 0) + 1
            if self._point.trips(name, args, self._seen[kind]):
                self._die(self._point.name)
            return result

        return call


def _raise(point: str) -> None:
    raise Crash(point)


def _sigkill(point: str) -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def killed_in_child(home: Path, point_name: str, at: datetime, embedder: Embedder) -> None:
    """`crash_once` in this process, which kills itself with SIGKILL at the crash point (run it in a
    child process: `python -c` with the point's name)."""
    point = next(p for p in POINTS if p.name == point_name)
    crash_once(home, embedder, point, SettableClock(at), die=_sigkill)


def open_backends(home: Path, clock: SettableClock, embedder: Embedder) -> Backends:
    from reverie.adapters.local.rule_reasoner import RuleReasoner

    return replace(clocked_local_backends(home, clock, embedder), reasoner=RuleReasoner())


def close(b: Backends) -> None:
    for store in (b.log, b.notes, b.index, b.queue, b.runs):
        getattr(store, "close", lambda: None)()


def say(b: Backends, session: str, at: datetime, texts: list[str]) -> None:
    scope = Scope(tenant_id=TENANT, user_id=USER)
    capture.append_events(b, scope, user_messages(TENANT, USER, session, texts, at))


def live(b: Backends) -> list[str]:
    query = CardQuery(
        scope=Scope(tenant_id=TENANT, user_id=USER),
        layers=frozenset({Layer.KNOWLEDGE}),
        statuses=INJECTABLE_STATUSES,
        limit=10_000,
    )
    return [c.statement for c in b.notes.query(query)]


def index_drift(b: Backends) -> set[str]:
    """Ids the index and the note store disagree on (injectable, unexpired L3 cards of the user)."""
    scope = Scope(tenant_id=TENANT, user_id=USER)
    now = b.clock()
    docs = {h.memory_id for h in b.index.search_timeline(SearchFilter(scope=scope, now=now), 100_000)}
    query = CardQuery(
        scope=scope, layers=frozenset({Layer.KNOWLEDGE}), statuses=INJECTABLE_STATUSES, limit=100_000
    )
    cards = {c.memory_id for c in b.notes.query(query) if not c.is_expired(now)}
    return docs ^ cards


def served_run_ids(b: Backends) -> set[str | None]:
    """The runs that wrote the card versions recall injects for the scenario's questions."""
    scope = Scope(tenant_id=TENANT, user_id=USER)
    ids = {m for q in QUERIES for m in build_context(b, q, scope, 1_000).memory_ids}
    return {c.dream_run_id for c in b.notes.get_many(TENANT, sorted(ids))}


def crash_once(
    home: Path,
    embedder: Embedder,
    point: CrashPoint,
    clock: SettableClock,
    die: Callable[[str], None] = _raise,
) -> None:
    """The later session and its dream, which dies at `point` (the first session was dreamt before)."""
    b = open_backends(home, clock, embedder)
    say(b, "s2", clock(), LATER)
    clock.set(clock() + CRASH_AFTER)
    wired = _Tripwire(b.runs if point.store == "runs" else b.notes, point, die)
    b = (
        replace(b, runs=cast(RunStore, wired))
        if point.store == "runs"
        else replace(b, notes=cast(NoteStore, wired))
    )
    try:
        dream(b, TENANT, USER)
    except Crash:
        return  # the process is gone: nothing of it runs on (its open files are simply dropped)
    raise AssertionError(f"the dream finished without reaching the crash point {point.name!r}")


@dataclass
class Outcome:
    point: str
    failures: list[str] = field(default_factory=list)
    lost_updates: int = 0


def survive(
    home: Path,
    embedder: Embedder,
    point: CrashPoint,
    child: Callable[[Path, CrashPoint, datetime], None] | None = None,
) -> Outcome:
    """One crash point: first session dreamt, the later one's dream killed, a restart, the checks."""
    outcome = Outcome(point.name)
    clock = SettableClock(START)
    b = open_backends(home, clock, embedder)
    say(b, "s1", START, FIRST)
    clock.set(START + timedelta(days=90))
    assert dream(b, TENANT, USER).status is RunStatus.SUCCEEDED
    close(b)
    if child is None:
        crash_once(home, embedder, point, clock)
    else:
        child(home, point, clock())  # the same, in a process killed with SIGKILL
        clock.set(clock() + CRASH_AFTER)
    b = open_backends(home, clock, embedder)  # the restart
    dead = b.runs.list_runs(TENANT, USER, limit=1)[0] if b.runs else None
    committed = (
        dead is not None and b.runs is not None and b.runs.committed_at(TENANT, dead.run_id) is not None
    )
    check = outcome.failures.append
    try:
        dream(b, TENANT, USER)
        check("a dream started while the dead run's lease was still live")
    except DreamBusy:
        pass
    if not committed and dead is not None and dead.run_id in served_run_ids(b):
        check("recall served a card of a run that never committed")
    if not committed and any(new in s for s in live(b) for new in CHANGED):
        check("a changed state of the dead run is live before any commit")
    clock.set(clock() + LEASE_GONE)
    try:
        run = dream(b, TENANT, USER)
        if run.status is not RunStatus.SUCCEEDED:
            check(f"the next dream {run.status}: {run.error}")
    except DreamBusy:
        check("the next dream was refused (409) after the dead lease expired")
    if dead is not None and b.runs is not None:
        settled = b.runs.get_run(TENANT, dead.run_id)
        want = RunStatus.SUCCEEDED if committed else RunStatus.FAILED
        if settled.status is not want or (not committed and settled.error != LEASE_EXPIRED):
            check(f"the dead run reads {settled.status} ({settled.error}), not {want}")
    if drift := index_drift(b):
        check(f"index and note store disagree on {len(drift)} cards")
    statements = live(b)
    for new, old in CHANGED.items():
        outcome.lost_updates += not any(new in s for s in statements) or any(old in s for s in statements)
    close(b)
    return outcome


def takeover(home: Path, embedder: Embedder) -> Outcome:
    """Run A does select and verify, then stalls past its lease; run B takes the lease over and dreams.
    A then tries to go on: every write it tries must fail with `LeaseLost` and leave nothing behind."""
    from reverie.domain.dream import Trigger
    from reverie.domain.errors import LeaseLost
    from reverie.services.dream.fencing import run_backends
    from reverie.services.dream.runner import finish_run, run_stage, start_run

    outcome = Outcome("a run outlives its lease")
    clock = SettableClock(START)
    b = open_backends(home, clock, embedder)
    assert b.runs is not None
    say(b, "s1", START, FIRST)
    clock.set(START + timedelta(hours=1))
    a = start_run(b, TENANT, USER, Trigger.MANUAL)
    for stage in ("select", "verify"):
        run_stage(b, stage, a)
    stale = run_backends(b, b.runs.get_run(TENANT, a.run_id))  # what A's process holds
    journal = b.runs.journal(TENANT, a.run_id)
    clock.set(clock() + LEASE_GONE)
    if dream(b, TENANT, USER).status is not RunStatus.SUCCEEDED:
        outcome.failures.append("run B did not succeed")
    held = live(b)
    card = b.notes.query(CardQuery(scope=Scope(tenant_id=TENANT, user_id=USER), limit=1))[0]
    attempts: list[Callable[[], object]] = [
        lambda: run_stage(b, "restructure", a),
        lambda: stale.notes.create(card.model_copy(update={"memory_id": "d-stale-write"})),
        lambda: stale.notes.update(card, card.version),
        lambda: stale.dream_ports()[0].save_stage_output(TENANT, a.run_id, "restructure", {"late": True}),
        lambda: finish_run(b, a),
    ]
    for attempt in attempts:
        try:
            attempt()
            outcome.lost_updates += 1  # a write of a run that lost its lease landed
        except LeaseLost:
            pass
    settled = b.runs.get_run(TENANT, a.run_id)
    if (settled.status, settled.error) != (RunStatus.FAILED, LEASE_EXPIRED):
        outcome.failures.append(f"run A reads {settled.status} ({settled.error})")
    if b.runs.journal(TENANT, a.run_id) != journal or b.runs.committed_at(TENANT, a.run_id) is not None:
        outcome.failures.append("run A's journal changed or committed after it lost the lease")
    if live(b) != held:
        outcome.lost_updates += 1
    close(b)
    return outcome


def report(root: Path, embedder: Embedder) -> list[Outcome]:
    """Every crash point in its own data folder (in process), then the lease takeover; what
    `reverie bench reliability` prints."""
    outcomes = [survive(root / f"point-{i}", embedder, point) for i, point in enumerate(POINTS)]
    return [*outcomes, takeover(root / "takeover", embedder)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.parse_args(argv)
    from reverie.adapters.local.embedder import MiniLMEmbedder

    embedder = MiniLMEmbedder()
    with tempfile.TemporaryDirectory() as tmp:
        outcomes = report(Path(tmp), embedder)
    for o in outcomes:
        print(f"{o.point:<42} {'survived' if not o.failures else 'FAILED: ' + '; '.join(o.failures)}")
    points = outcomes[: len(POINTS)]
    survived = sum(not o.failures for o in points)
    print(f"crash points survived: {survived}/{len(points)}")
    print(f"lost updates: {sum(o.lost_updates for o in outcomes)}")
    clean = survived == len(points) and not outcomes[-1].failures
    return 0 if clean and not any(o.lost_updates for o in outcomes) else 1


if __name__ == "__main__":
    raise SystemExit(main())

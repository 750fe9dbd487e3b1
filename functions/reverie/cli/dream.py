"""`reverie dream`, `runs`, `report`, `rollback`, `review`, and the trigger loop of `reverie serve`."""

from __future__ import annotations

import argparse
import json
import logging
import threading
from datetime import datetime
from typing import Any

from reverie.bootstrap.local_settings import LocalSettings
from reverie.domain.dream import DreamRun, Trigger
from reverie.services.backends import Backends

log = logging.getLogger("reverie.dream")


def start_dream_loop(b: Backends, settings: LocalSettings) -> threading.Event:
    """Run the triggers (session end, idle, schedule, volume) in a background thread of the local service.

    A failed or slow dream never blocks requests: it runs on its own thread and a failed run is rolled
    back, so recall keeps serving the last stable state. Returns the event that stops the loop.
    """
    from reverie.bootstrap.local import trigger_settings
    from reverie.services.dream.triggers import run_due

    stop = threading.Event()
    triggers = trigger_settings(settings)

    def loop() -> None:
        last_schedule: datetime | None = b.clock()
        while not stop.wait(settings.dream_poll_s):
            try:
                runs = run_due(b, settings.tenant_id, triggers, last_schedule, on_run=log_run)
                if any(r.trigger is Trigger.SCHEDULE for r in runs):
                    last_schedule = b.clock()
            except Exception:  # the loop must outlive any one failure
                log.exception("dream trigger pass failed")

    threading.Thread(target=loop, name="reverie-dream-loop", daemon=True).start()
    return stop


def log_run(run: DreamRun) -> None:
    print(
        # No user id: the run id leads to the user through the run store, which forgets it with the user.
        json.dumps({"dream": run.run_id, "trigger": run.trigger, "status": run.status}),
        flush=True,
    )


def _summary(run: DreamRun) -> str:
    counts = ", ".join(f"{k}={v}" for k, v in sorted(run.counts.items()) if v)
    return f"{run.run_id} {run.user_id} {run.trigger.value} {run.status.value} [{counts}]"


def cmd_dream(args: argparse.Namespace, settings: LocalSettings, b: Backends) -> int:
    from rich.progress import Progress

    from reverie.domain.dream import Budget
    from reverie.services.dream.runner import DreamBusy, NothingToDream, dream

    users = [args.user] if args.user else b.log.users(settings.tenant_id)
    budget = Budget(max_reasoner_calls=args.max_calls) if args.max_calls is not None else None
    failed = 0
    with Progress() as bar:
        task = bar.add_task("dreaming", total=len(users) * 4)
        for user in users:

            def advance(stage: str, user: str = user) -> None:
                bar.update(task, advance=1, description=f"{user}: {stage}")

            try:
                run = dream(b, settings.tenant_id, user, Trigger.MANUAL, budget, progress=advance)
            except (DreamBusy, NothingToDream) as exc:  # nothing to dream: a user with no events
                bar.console.print(f"{user}: {exc}")
                continue
            failed += run.status.value == "failed"
            bar.console.print(_summary(run) + (f" error: {run.error}" if run.error else ""))
    return 1 if failed else 0


def cmd_runs(args: argparse.Namespace, settings: LocalSettings, b: Backends) -> int:
    runs, _ = b.dream_ports()
    for run in runs.list_runs(settings.tenant_id, args.user, args.limit):
        print(_summary(run))
    return 0


def cmd_report(args: argparse.Namespace, settings: LocalSettings, b: Backends) -> int:
    runs, _ = b.dream_ports()
    run = runs.get_run(settings.tenant_id, args.run_id)
    report: dict[str, Any] = {
        "run": run.model_dump(mode="json"),
        "changes": [c.model_dump(mode="json") for c in runs.changes(settings.tenant_id, args.run_id)],
    }
    print(json.dumps(report, indent=2))
    return 0


def cmd_rollback(args: argparse.Namespace, settings: LocalSettings, b: Backends) -> int:
    from reverie.services.dream.rollback import rollback_run

    report = rollback_run(b, settings.tenant_id, args.run_id)
    print(
        f"restored {len(report.restored)}, rejected {len(report.rejected)}, left alone {len(report.skipped)}"
    )
    for memory_id, why in report.skipped.items():
        print(f"  {memory_id}: {why}")
    return 0


def cmd_review(args: argparse.Namespace, settings: LocalSettings, b: Backends) -> int:
    """The local operator reviews any user's items: the admin role (the API checks an agent's user)."""
    from reverie.services import review

    if args.action == "list":
        for item in review.list_reviews(b, settings.tenant_id, args.user, role="admin"):
            statements = [
                f"{c.memory_id}: {c.statement}" for c in b.notes.get_many(settings.tenant_id, item.memory_ids)
            ]
            print(f"{item.item_id} [{item.reason}] {item.user_id}\n  " + "\n  ".join(statements))
        return 0
    item = review.resolve(
        b, settings.tenant_id, args.item_id, args.action, args.keep, args.statement, role="admin"
    )
    print(f"{item.item_id}: {item.status}")
    return 0


def add_commands(sub: Any) -> None:
    p = sub.add_parser("dream", help="run the dream now (one user, or every user with material)")
    p.add_argument("--user")
    p.add_argument("--max-calls", type=int, help="reasoner-call budget of the run")
    p.set_defaults(dream_func=cmd_dream)

    p = sub.add_parser("runs", help="list dream runs")
    p.add_argument("--user")
    p.add_argument("--limit", type=int, default=20)
    p.set_defaults(dream_func=cmd_runs)

    p = sub.add_parser("report", help="a run's report: inputs, counts, durations, every change")
    p.add_argument("run_id")
    p.set_defaults(dream_func=cmd_report)

    p = sub.add_parser("rollback", help="roll a dream run back as a unit")
    p.add_argument("run_id")
    p.set_defaults(dream_func=cmd_rollback)

    p = sub.add_parser("review", help="the human review queue: list | approve | reject | edit")
    p.add_argument("action", choices=["list", "approve", "reject", "edit"])
    p.add_argument("item_id", nargs="?")
    p.add_argument("--user")
    p.add_argument("--keep", help="the card that stands (conflicts)")
    p.add_argument("--statement", help="the corrected text (edit)")
    p.set_defaults(dream_func=cmd_review)

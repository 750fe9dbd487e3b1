"""`reverie export` and `reverie import`: a user's memory as JSON Lines (`services.portability`), run
locally as the admin (the person at this machine owns its data folder)."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any

from reverie.bootstrap.local_settings import LocalSettings
from reverie.services import portability
from reverie.services.backends import Backends


def cmd_export(args: argparse.Namespace, settings: LocalSettings, b: Backends) -> int:
    lines = portability.export_user(b, settings.tenant_id, args.user, events=args.events, role="admin")
    if args.out in (None, "-"):
        for line in lines:
            sys.stdout.write(line + "\n")
        return 0
    with Path(args.out).open("w", encoding="utf-8") as out:
        count = sum(1 for line in lines if out.write(line + "\n"))
    print(f"exported {args.user}: {count - 1} records to {args.out}", file=sys.stderr)
    return 0


def cmd_import(args: argparse.Namespace, settings: LocalSettings, b: Backends) -> int:
    text = sys.stdin.read() if args.file == "-" else Path(args.file).read_text(encoding="utf-8")
    records = portability.parse_lines(text.splitlines())
    user = args.user or next((r.get("user_id") for r in records if r.get("record") == "export"), None)
    if not user:
        print("name the user (--user): the file has no export header naming one", file=sys.stderr)
        return 2
    report = portability.import_user(b, settings.tenant_id, str(user), records, role="admin")
    print(json.dumps({"user_id": user, **asdict(report)}, indent=2))
    return 1 if report.conflicts else 0


def add_commands(sub: Any) -> None:
    """Register `export` and `import` on the CLI's subcommands (run with the local backends)."""
    p = sub.add_parser(
        "export", help="a user's memory as JSON Lines (every card version; --events: raw log too)"
    )
    p.add_argument("--user", required=True)
    p.add_argument("--events", action="store_true", help="also the user's raw events")
    p.add_argument("--out", help="a file to write (default: standard output)")
    p.set_defaults(dream_func=cmd_export)

    p = sub.add_parser(
        "import", help="import an export (JSON Lines) into a user: same ids and versions, idempotent"
    )
    p.add_argument("file", help="the export file, or - for standard input")
    p.add_argument("--user", help="the user to import into (default: the one the export names)")
    p.set_defaults(dream_func=cmd_import)

"""`reverie`: the local service, ingest, recall, benchmarks and the demo. It only translates to services."""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

# One BLAS thread per process: on a small, busy machine OpenBLAS's own threads fight the server's and the
# query embedding's p95 grows tenfold (measured); set before numpy is first imported.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from reverie.bootstrap.local_settings import LocalSettings
from reverie.cli.dream import add_commands as add_dream_commands
from reverie.cli.portability import add_commands as add_portability_commands
from reverie.mcp.cli import add_command as add_mcp_command

# The suites of bench/reverie_bench (installed with the project), each a module with `main(argv) -> int`.
BENCHMARKS = [
    "locomo",
    "latency",
    "dream",
    "scenarios",
    "embedder",
    "search-index",
    "cold-start",
    "writes",
    "appends",
    "secrets",
    "reliability-http",
    "injection",
    "reliability",
    "meaning-floor",
    "fuse-floor",
    "pending-latency",
]
SAMPLES = Path(__file__).resolve().parents[3] / "events" / "sessions"


def _settings(args: argparse.Namespace) -> LocalSettings:
    overrides: dict[str, Any] = {}
    if getattr(args, "home", None):
        overrides["home"] = Path(args.home)
    return LocalSettings(**overrides)


def is_loopback(host: str) -> bool:
    """Whether `host` is reachable only from this machine (127.0.0.0/8, ::1, localhost)."""
    import ipaddress

    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:  # a host name: it may resolve to anything
        return False


def cmd_serve(args: argparse.Namespace) -> int:
    from reverie.cli.serve import serve

    settings = _settings(args)
    if not is_loopback(args.host) and settings.api_token is None:
        print(
            f"refusing to listen on {args.host}: beyond loopback every request needs a bearer token. "
            "Set REVERIE_API_TOKEN (the admin's; and REVERIE_AGENT_TOKEN for agents), or serve on 127.0.0.1.",
            file=sys.stderr,
        )
        return 2
    return serve(settings, args.host, args.port)


def _advance(bar: Any, label: str, total: int) -> Callable[[int], None]:
    task = bar.add_task(label, total=total)
    return lambda n: bar.advance(task, n)


def cmd_ingest(args: argparse.Namespace) -> int:
    from rich.progress import Progress

    from reverie.bootstrap.local import build_local
    from reverie.cli.ingest import ingest, load_sessions

    settings = _settings(args)
    backends = build_local(settings)
    for path in args.files:
        data = load_sessions(Path(path))
        with Progress(transient=True) as bar:
            report = ingest(
                backends, settings.tenant_id, data, _advance(bar, f"ingesting {path}", len(data.sessions))
            )
        print(f"{path}: {report}")
    return 0


def cmd_recall(args: argparse.Namespace) -> int:
    from reverie.bootstrap.local import build_local
    from reverie.domain.models import Scope
    from reverie.services.context_render import evidence_note
    from reverie.services.recall import build_context

    settings = _settings(args)
    scope = Scope(tenant_id=settings.tenant_id, user_id=args.user, project_id=args.project)
    ctx = build_context(build_local(settings), args.query, scope, args.budget)
    print(ctx.text or "(no memories for this query)")
    print(f"\n[{ctx.tokens}/{ctx.budget_tokens} tokens, {len(ctx.memory_ids)} memories]", file=sys.stderr)
    for c in ctx.citations:
        print(f"[{c.handle}] {c.memory_id} {evidence_note(c.evidence_refs, shown=3)}", file=sys.stderr)
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    import importlib

    module = importlib.import_module(f"reverie_bench.{args.suite.replace('-', '_')}")
    return int(module.main(args.rest))


def _request(url: str, body: dict[str, Any] | None = None, token: str | None = None) -> Any:
    data = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(url, data=data, headers=headers)
    with urllib.request.urlopen(req, timeout=5) as resp:
        return json.loads(resp.read())


def _pid_file(settings: LocalSettings) -> Path:
    return settings.home / "server.pid"


def cmd_demo(args: argparse.Namespace) -> int:
    """Load the sample sessions, start the service in the background and ask it for context."""
    from reverie.bootstrap.local import build_local
    from reverie.cli.ingest import ingest, load_sessions

    settings = _settings(args)
    backends = build_local(settings)
    for path in sorted(SAMPLES.glob("*.json")):
        report = ingest(backends, settings.tenant_id, load_sessions(path))
        print(f"loaded {path.name}: {report.events} new events, {report.memories} new memories")
    from reverie.domain.dream import Trigger
    from reverie.services.dream.runner import dream

    for user in backends.log.users(settings.tenant_id):  # the main job: dream what the sessions recorded
        run = dream(backends, settings.tenant_id, user, Trigger.MANUAL)
        changes = {k: v for k, v in run.counts.items() if k.startswith(("restructure.", "decay.")) and v}
        print(f"dreamt for {user}: {run.status.value} {changes}")
    base = f"http://{args.host}:{args.port}"
    cmd_stop(args)
    log = (settings.home / "server.log").open("ab")
    env = {
        **os.environ,
        "REVERIE_HOME": str(settings.home.resolve()),
        "REVERIE_TENANT_ID": settings.tenant_id,
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "reverie.cli.main", "serve", "--host", args.host, "--port", str(args.port)],
        stdout=log,
        stderr=log,
        env=env,
        start_new_session=True,
    )
    _pid_file(settings).write_text(str(proc.pid))
    for _ in range(240):
        try:
            _request(f"{base}/health")
            break
        except OSError:  # not listening yet (refused, reset or timed out)
            if proc.poll() is not None:
                print(f"the service exited; see {settings.home / 'server.log'}", file=sys.stderr)
                return 1
            time.sleep(0.5)
    question = "Deploying the payments service today: anything I should know?"
    token = settings.api_token.get_secret_value() if settings.api_token else None
    answer = _request(f"{base}/users/alice/context", {"query": question, "budget_tokens": 600}, token)
    print(
        f"\nReverie is running at {base} (pid {proc.pid}; console: {base}/console/; API docs: {base}/docs; stop: make stop)\n"
    )
    print(f"POST {base}/users/alice/context  {{query: {question!r}}}\n")
    print(answer["context"])
    return 0


def cmd_stop(args: argparse.Namespace) -> int:
    pid_file = _pid_file(_settings(args))
    if pid_file.exists():
        try:
            os.kill(int(pid_file.read_text()), signal.SIGTERM)
            print("stopped the local service")
        except (ProcessLookupError, ValueError):
            pass
        pid_file.unlink()
    return 0


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="reverie", description=__doc__)
    top.add_argument("--home", help="local data folder (default: $REVERIE_HOME or ./.reverie)")
    sub = top.add_subparsers(dest="command", required=True)

    for name, func, help_text in (
        ("serve", cmd_serve, "run the local service in the foreground"),
        ("demo", cmd_demo, "load the samples, start the service in the background, ask it for context"),
    ):
        p = sub.add_parser(name, help=help_text)
        p.add_argument("--host", default="127.0.0.1")
        p.add_argument("--port", type=int, default=8080)
        p.set_defaults(func=func)

    p = sub.add_parser("stop", help="stop the service started by demo")
    p.set_defaults(func=cmd_stop)

    p = sub.add_parser("ingest", help="ingest files of sessions (format: events/sessions/*.json)")
    p.add_argument("files", nargs="+")
    p.set_defaults(func=cmd_ingest)

    p = sub.add_parser("recall", help="print the context block for a query")
    p.add_argument("query")
    p.add_argument("--user", required=True)
    p.add_argument("--project")
    p.add_argument("--budget", type=int, default=1000)
    p.set_defaults(func=cmd_recall)

    add_dream_commands(sub)
    add_mcp_command(sub)
    add_portability_commands(sub)

    p = sub.add_parser(
        "bench", help=f"benchmarks: {' | '.join(BENCHMARKS)} (see `reverie bench SUITE --help`)"
    )
    p.add_argument("suite", choices=BENCHMARKS)
    p.add_argument("rest", nargs=argparse.REMAINDER)
    p.set_defaults(func=cmd_bench)
    return top


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if hasattr(args, "dream_func"):
        from reverie.bootstrap.local import build_local

        settings = _settings(args)
        return int(args.dream_func(args, settings, build_local(settings)))
    return int(args.func(args))


if __name__ == "__main__":
    raise SystemExit(main())

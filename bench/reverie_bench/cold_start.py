"""Cold-start imports of the Lambda handlers, each next to baselines measured in the same run.

    reverie bench cold-start [--runs 7] [--against DIR]

Each line imports one module in a fresh interpreter (`python -c`), `--runs` times, and prints the median
and the fastest wall time of the import alone, its median CPU time (steadier on a busy machine), the
number of modules loaded and the heavy packages among them. The environment says
"in Lambda" (LAMBDA_TASK_ROOT), so Powertools' Tracer patches what it would patch there; nothing connects,
so no AWS access is needed. Baselines: the interpreter doing nothing, boto3 alone, and Powertools'
Logger/Tracer/Metrics alone. The last line times the whole of what the API function does before it can
serve: its import, its first request (GET /health: settings read, app and routes built) and its AWS
clients built (no call made), so a cost moved from the import to the first request still shows.

`--against DIR` also times the handlers of another checkout (DIR/functions on PYTHONPATH, e.g.
`git worktree add --detach /tmp/before HEAD~3`), the two taking turns in the same run.

What this does not measure: the first AWS calls (connections, credentials), and the Lambda runtime's own
start (not Python's to shorten).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

HEAVY = ("boto3", "botocore.client", "opensearchpy", "requests", "numpy", "tokenizers", "safetensors", "aws_xray_sdk",
         "pydantic", "moto", "sqlite3")  # fmt: skip

TARGETS = [
    ("interpreter only (baseline)", ""),
    ("boto3 (baseline)", "import boto3"),
    ("Powertools Logger/Tracer/Metrics (baseline)",
     "from aws_lambda_powertools import Logger, Metrics, Tracer; Logger(); Tracer(patch_modules=['botocore']); Metrics()"),
    ("handler: api", "import reverie.handlers.api"),
    ("handler: session_end", "import reverie.handlers.session_end"),
    ("handler: stages (select, verify, ...)", "import reverie.handlers.stages"),
    ("handler: trigger_sweep", "import reverie.handlers.trigger_sweep"),
    ("handler: index_sync", "import reverie.handlers.index_sync"),
    ("api: import + GET /health + clients built", "from reverie_bench.cold_start import serve_first; serve_first()"),
]  # fmt: skip
BASELINES = 3  # the first TARGETS, measured once even with --against
EVENT = Path(__file__).resolve().parents[2] / "events" / "apigw" / "health.json"
# What the tenant's stack sets (placeholders: nothing is called)
SETTINGS = {
    "REVERIE_TENANT_ID": "bench",
    "REVERIE_TABLE_NAME": "reverie-bench",
    "REVERIE_BUCKET_NAME": "reverie-bench-log",
    "REVERIE_QUEUE_URL": "https://sqs.eu-west-1.amazonaws.com/123456789012/reverie-bench.fifo",
    "REVERIE_OPENSEARCH_ENDPOINT": "https://search-reverie-bench.eu-west-1.es.amazonaws.com",
    "REVERIE_EMBEDDING_MODEL_ID": "amazon.titan-embed-text-v2:0",
    "REVERIE_EMBEDDING_DIM": "1024",
    "AWS_ACCESS_KEY_ID": "bench",
    "AWS_SECRET_ACCESS_KEY": "bench",
    "_X_AMZN_TRACE_ID": "Root=1-6b0d3eb6-5b2e9c0d1f3a4b6c7d8e000d;Parent=53995c3f42cd8ad8;Sampled=0",  # as Lambda sets
}

PROBE = """
import json, sys, time
t, c = time.perf_counter(), time.process_time()
{statement}
elapsed, cpu = time.perf_counter() - t, time.process_time() - c
heavy = sorted(m for m in {heavy!r} if m in sys.modules)
print(json.dumps({{"seconds": elapsed, "cpu": cpu, "heavy": heavy, "modules": len(sys.modules)}}))
"""


def serve_first() -> None:
    """What the API function does before it serves: import, a first request, its clients built."""
    from reverie.handlers import api

    context = SimpleNamespace(
        function_name="reverie-bench-api",
        memory_limit_in_mb=512,
        invoked_function_arn="arn:aws:lambda:eu-west-1:123456789012:function:reverie-bench-api",
        aws_request_id="bench",
    )
    reply = api.handler(json.loads(EVENT.read_text(encoding="utf-8")), context)
    if reply["statusCode"] != 200:
        raise RuntimeError(f"GET /health answered {reply['statusCode']}: {reply.get('body')}")
    api.runtime.backends()


def measure(
    statement: str, runs: int, functions: Path | None = None
) -> tuple[list[float], list[float], list[str], int]:
    """`runs` fresh interpreters running `statement`; with `functions`, `reverie` is imported from there."""
    paths = [str(functions)] if functions else []
    paths += [str(Path(__file__).resolve().parents[1]), os.environ.get("PYTHONPATH", "")]
    env = {
        **os.environ,
        **SETTINGS,
        "PYTHONPATH": os.pathsep.join(p for p in paths if p),
        "POWERTOOLS_METRICS_DISABLED": "true",  # no EMF document on stdout
        "LAMBDA_TASK_ROOT": "/var/task",  # Tracer on, as in Lambda (it patches only the modules named)
        "AWS_LAMBDA_FUNCTION_NAME": "reverie-bench",
        "AWS_REGION": os.environ.get("AWS_REGION", "eu-west-1"),
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    times: list[float] = []
    cpus: list[float] = []
    heavy: list[str] = []
    modules = 0
    for _ in range(runs):
        code = PROBE.format(statement=statement or "pass", heavy=HEAVY)
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
        )
        result = json.loads(done.stdout.strip().splitlines()[-1])
        times.append(result["seconds"])
        cpus.append(result["cpu"])
        heavy, modules = result["heavy"], result["modules"]
    return times, cpus, heavy, modules


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--against", type=Path, help="another checkout whose handlers to time beside these")
    args = parser.parse_args(argv)
    trees: list[tuple[str, Path | None]] = [("", None)]
    if args.against:
        trees.append((" [against]", args.against.resolve() / "functions"))
    print(
        f"{'import':<58} {'median ms':>10} {'best ms':>8} {'cpu ms':>7} {'modules':>8}  heavy packages loaded"
    )
    for i, (label, statement) in enumerate(TARGETS):
        for suffix, functions in trees[: 1 if i < BASELINES else None]:
            times, cpus, heavy, modules = measure(statement, args.runs, functions)
            median, best = statistics.median(times) * 1000, min(times) * 1000
            cpu = statistics.median(cpus) * 1000
            name = label + suffix
            print(
                f"{name:<58} {median:>10.1f} {best:>8.1f} {cpu:>7.1f} {modules:>8}  {', '.join(heavy) or '-'}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

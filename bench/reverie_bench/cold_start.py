"""Cold-start imports of the Lambda handlers, each next to baselines measured in the same run.

    reverie bench cold-start [--runs 7]

Each line imports one module in a fresh interpreter (`python -c`), `--runs` times, and prints the median
and the fastest wall time of the import alone, its median CPU time (steadier on a busy machine), the
number of modules loaded and the heavy packages among them. The environment says
"in Lambda" (LAMBDA_TASK_ROOT), so Powertools' Tracer patches what it would patch there; no settings are
read and nothing connects at import, so no AWS access is needed. Baselines: the interpreter doing nothing,
boto3 alone, and Powertools' Logger/Tracer/Metrics alone.

What this does not measure: the first invocation after the import (reading settings, building clients on
first use), which needs AWS; and the Lambda runtime's own start (not Python's to shorten).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

HEAVY = ("boto3", "botocore", "opensearchpy", "requests", "numpy", "tokenizers", "safetensors", "aws_xray_sdk",
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
]  # fmt: skip

PROBE = """
import json, sys, time
t, c = time.perf_counter(), time.process_time()
{statement}
elapsed, cpu = time.perf_counter() - t, time.process_time() - c
heavy = sorted(m for m in {heavy!r} if m in sys.modules)
print(json.dumps({{"seconds": elapsed, "cpu": cpu, "heavy": heavy, "modules": len(sys.modules)}}))
"""


def measure(statement: str, runs: int) -> tuple[list[float], list[float], list[str], int]:
    env = {
        **os.environ,
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
    args = parser.parse_args(argv)
    print(
        f"{'import':<46} {'median ms':>10} {'best ms':>8} {'cpu ms':>7} {'modules':>8}  heavy packages loaded"
    )
    for label, statement in TARGETS:
        times, cpus, heavy, modules = measure(statement, args.runs)
        median, best, cpu = statistics.median(times) * 1000, min(times) * 1000, statistics.median(cpus) * 1000
        print(f"{label:<46} {median:>10.1f} {best:>8.1f} {cpu:>7.1f} {modules:>8}  {', '.join(heavy) or '-'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""`reverie bench scenarios`: situations memory gets wrong, with no memory / append-only / dream side by side.

The scenarios (`bench/scenarios/**/*.json`, format in `scenario_format`) cover a fact that changes later,
two sources that contradict, paraphrased duplicates, volatile state, a poisoned instruction in tool output,
an expired fact, a wrong fact other cards were derived from, a human-edited card, a rollback, failures
that come back, and a failure that recurs (one procedure, a known issue, an injection repeated). Each is replayed on a fresh embedded store per system (`scenario_replay`); the metrics
(`scenario_metrics`) are read off the contexts recall gives and the active L3 cards. The issue's bar:
`dream` has zero stale facts injected, unflagged contradicting pairs, surviving duplicates, promoted poison
and stored volatile items, and every latest value present.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from reverie_bench import scenario_format as f
from reverie_bench.common import format_table, progress_bar
from reverie_bench.scenario_metrics import METRICS, ZERO_METRICS, Score, score
from reverie_bench.scenario_replay import BUDGET_TOKENS, SYSTEMS, BackendsFactory, local_factory, replay

SCENARIO_DIR = Path(__file__).resolve().parents[1] / "scenarios"
LABELS = {
    "stale_injected": "stale facts injected",
    "unflagged_contradictions": "contradicting pairs injected without a flag",
    "duplicates_surviving": "duplicates surviving",
    "poison_promoted": "poison promoted",
    "volatile_stored": "volatile items stored",
    "checks_failed": "consolidation checks failed (cards, reviews, absent)",
    "latest_value_correct": "latest-value correctness",
    "repeated_error_rate": "repeated-error rate (lower is better)",
}


# --- the suite ------------------------------------------------------------------------------------------


def _total(scores: Sequence[Score]) -> Score:
    total = Score()
    for s in scores:
        for name, value in s.counts.items():
            total.counts[name] += value
        total.latest = (total.latest[0] + s.latest[0], total.latest[1] + s.latest[1])
        total.repeats = (total.repeats[0] + s.repeats[0], total.repeats[1] + s.repeats[1])
    return total


def bar_failures(scenarios: Sequence[dict[str, Any]], system: str = "dream") -> list[dict[str, Any]]:
    """Where `system` misses the bar: zero on every count (ZERO_METRICS), every latest value present.
    A scenario that did not replay as written (a failed dream run, a step with nothing to act on) misses
    it too: its numbers would measure something else."""
    failures = []
    for entry in scenarios:
        got, findings = entry["systems"][system], entry["findings"][system]
        problems = [x for x in findings if x.startswith("problem:")]
        if problems:
            failures.append(
                {"scenario": entry["name"], "metric": "replay", "value": len(problems), "findings": problems}
            )
        for metric in (*ZERO_METRICS, "latest_value_correct"):
            value = got[metric]
            if (metric in ZERO_METRICS and value) or (
                metric == "latest_value_correct" and value not in (None, 1.0)
            ):
                why = [x for x in findings if x.startswith(f"{metric}:")]
                failures.append(
                    {"scenario": entry["name"], "metric": metric, "value": value, "findings": why}
                )
    return failures


def run_suite(
    scenarios: Sequence[tuple[str, f.ScenarioFile]],
    factory: BackendsFactory,
    advance: Callable[[int], None] = lambda _: None,
) -> dict[str, Any]:
    """Replay every scenario on every system; the report `main` prints (as JSON with `--json`)."""
    entries: list[dict[str, Any]] = []
    scores: dict[str, list[Score]] = {system: [] for system in SYSTEMS}
    for name, scenario in scenarios:
        entry: dict[str, Any] = {
            "name": name,
            "behaviour": scenario.behaviour or CLASSIC,
            "description": scenario.description,
            "systems": {},
            "findings": {},
        }
        for system in SYSTEMS:
            result = score(scenario, replay(system, scenario, factory))
            scores[system].append(result)
            entry["systems"][system] = result.metrics()
            entry["findings"][system] = result.findings
            entry.setdefault("passed", {})[system] = result.passed
            advance(1)
        entries.append(entry)
    failures = bar_failures(entries)
    return {
        "systems": {system: _total(scores[system]).metrics() for system in SYSTEMS},
        "behaviours": pass_rates(entries),
        "scenarios": entries,
        "bar": {"system": "dream", "passed": not failures, "failures": failures},
    }


CLASSIC = "classic"  # the first suite's scenarios, which name no behaviour


def pass_rates(entries: Sequence[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per behaviour (in the issue's order, then the classic suite): scenarios, and how many each system
    passes whole."""
    order = [*f.BEHAVIOURS, CLASSIC]
    rates: dict[str, dict[str, Any]] = {}
    for behaviour in sorted({e["behaviour"] for e in entries}, key=order.index):
        group = [e for e in entries if e["behaviour"] == behaviour]
        rates[behaviour] = {
            "scenarios": len(group),
            **{system: sum(e["passed"][system] for e in group) for system in SYSTEMS},
        }
    return rates


def _cell(value: object) -> object:
    return "-" if value is None else value


def render(doc: dict[str, Any], header: str) -> str:
    systems = doc["systems"]
    rows = [[LABELS[k], *(_cell(systems[s][k]) for s in SYSTEMS)] for k in METRICS]
    lines = [header, "", format_table(["metric", *SYSTEMS], rows), ""]
    rates = doc["behaviours"]
    passed = [
        [name, r["scenarios"], *(f"{r[s]}/{r['scenarios']} ({r[s] / r['scenarios']:.0%})" for s in SYSTEMS)]
        for name, r in rates.items()
    ]
    total = sum(r["scenarios"] for r in rates.values())
    passed.append(["all", total, *(f"{sum(r[s] for r in rates.values())}/{total}" for s in SYSTEMS)])
    lines += ["scenarios passed whole, per behaviour", format_table(["behaviour", "n", *SYSTEMS], passed), ""]
    short = ["stale", "contra", "dups", "poison", "volatile", "checks", "latest", "repeat"]
    per = [
        [entry["name"] if i == 0 else "", system, *(_cell(entry["systems"][system][k]) for k in METRICS)]
        for entry in doc["scenarios"]
        for i, system in enumerate(SYSTEMS)
    ]
    lines += ["per scenario", format_table(["scenario", "system", *short], per), ""]
    bar = doc["bar"]
    if bar["passed"]:
        lines.append("dream meets the bar: zero on every count, every latest value present.")
    else:
        lines.append(f"dream misses the bar in {len(bar['failures'])} place(s):")
        for fail in bar["failures"]:
            lines.append(f"- {fail['scenario']}: {fail['metric']} = {fail['value']}")
            lines.extend(f"    {x}" for x in fail["findings"])
    problems = [
        f"- {e['name']} ({s}): {x}"
        for e in doc["scenarios"]
        for s in SYSTEMS
        if s != bar["system"]
        for x in e["findings"][s]
        if x.startswith("problem:")
    ]
    if problems:
        lines += ["", "problems while replaying:", *problems]
    return "\n".join(lines)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="reverie bench scenarios", description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, default=SCENARIO_DIR, help="folder of scenario files")
    parser.add_argument("--only", nargs="+", default=[], help="scenario names (file stems) to run")
    parser.add_argument(
        "--behaviour", nargs="+", default=[], help="run only the scenarios of these behaviours"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    parser.add_argument("--check", action="store_true", help="exit 1 when dream misses the bar")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    paths = [p for p in sorted(args.dir.rglob("*.json")) if not args.only or p.stem in args.only]
    if not paths:
        print(f"error: no scenario files in {args.dir} (matching {args.only or 'any name'})", file=sys.stderr)
        return 2
    scenarios: list[tuple[str, f.ScenarioFile]] = []
    for path in paths:
        try:
            scenarios.append((path.relative_to(args.dir).with_suffix("").as_posix(), f.load_scenario(path)))
        except (ValidationError, ValueError) as exc:
            print(f"error: {path} is not a valid scenario file: {exc}", file=sys.stderr)
            return 2
    if args.behaviour:
        scenarios = [(n, sc) for n, sc in scenarios if (sc.behaviour or CLASSIC) in args.behaviour]
    from reverie.adapters.local.embedder import MiniLMEmbedder
    from reverie.bootstrap.local_settings import LocalSettings

    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="reverie-scenarios-") as root:
        embedder = MiniLMEmbedder()
        embedder.load()
        with progress_bar("replaying scenarios", len(scenarios) * len(SYSTEMS)) as advance:
            doc = run_suite(scenarios, local_factory(Path(root), embedder), advance)
    seconds = time.perf_counter() - started
    header = (
        f"Scenario suite: {len(scenarios)} scenarios from {args.dir}, recall within {BUDGET_TOKENS} tokens; "
        f"embedded backends (SQLite, MiniLM), reasoner {LocalSettings().reasoner!r}; {seconds:.1f} s"
    )
    print(json.dumps(doc) if args.json else render(doc, header))
    return 1 if args.check and not doc["bar"]["passed"] else 0


if __name__ == "__main__":
    raise SystemExit(main())

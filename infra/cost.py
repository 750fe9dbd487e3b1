"""`make cost`: the idle monthly price of Reverie, read from synthesised CloudFormation templates.

Idle means no user traffic: what is billed by the hour or by the month whatever happens (instances,
storage of an empty volume, keys, alarms, dashboards), plus what the stacks do on their own schedules (the
idle sweep, the index repair, the queue's pollers). Everything billed per request or per GB stored (API
Gateway, DynamoDB on demand, S3, Step Functions, Bedrock, log ingestion) is $0 at idle and listed as such.
Prices: `PRICES`, list prices in us-east-1, each with its source; free tiers are left out (they are per
account, and ten tenants would share them).

    python -m infra.cost cdk.out/cost-shared cdk.out/cost-dedicated
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HOURS = 730  # AWS's month
READ_ON = "2026-12-01"
OPENSEARCH = "https://aws.amazon.com/opensearch-service/pricing/"
# (USD, unit, source) — us-east-1 list prices
PRICES: dict[str, tuple[float, str, str]] = {
    "t3.small.search": (0.036, "instance-hour", OPENSEARCH),
    "t3.medium.search": (0.073, "instance-hour", OPENSEARCH),
    "m7g.large.search": (0.136, "instance-hour", OPENSEARCH),
    "r7g.large.search": (0.178, "instance-hour", OPENSEARCH),
    "gp3": (0.122, "GB-month of OpenSearch EBS gp3", OPENSEARCH),
    "kms-key": (1.00, "customer managed key-month", "https://aws.amazon.com/kms/pricing/"),
    "alarm-metric": (
        0.10,
        "standard-resolution alarm metric-month",
        "https://aws.amazon.com/cloudwatch/pricing/",
    ),
    "dashboard": (3.00, "dashboard-month", "https://aws.amazon.com/cloudwatch/pricing/"),
    "custom-metric": (
        0.30,
        "custom metric-month (first 10,000)",
        "https://aws.amazon.com/cloudwatch/pricing/",
    ),
    "sqs-fifo": (0.50 / 1e6, "FIFO request", "https://aws.amazon.com/sqs/pricing/"),
    "sqs-standard": (0.40 / 1e6, "standard request", "https://aws.amazon.com/sqs/pricing/"),
    "lambda-request": (0.20 / 1e6, "request", "https://aws.amazon.com/lambda/pricing/"),
    "lambda-gb-second": (0.0000166667, "GB-second (x86)", "https://aws.amazon.com/lambda/pricing/"),
}
SQS_POLLERS, SQS_WAIT_S = 5, 20  # Lambda's event source mapping: 5 long-polling connections at least
IDLE_RUN_S = 1.0  # assumed duration of a scheduled run that finds nothing to do
# Custom metrics a scheduled handler publishes on every run, idle or not (EMF), ColdStart included
IDLE_METRICS = {
    "reverie.handlers.trigger_sweep.handler": (
        "UnconsolidatedTokens",
        "UsersDue",
        "SweepExecutions",
        "ColdStart",
    ),
    "reverie.handlers.index_sync.handler": ("ColdStart",),
}
PAY_PER_USE = (
    "AWS::DynamoDB::Table", "AWS::S3::Bucket", "AWS::ApiGateway::RestApi", "AWS::StepFunctions::StateMachine",
    "AWS::SNS::Topic", "AWS::SQS::Queue", "AWS::Logs::LogGroup", "AWS::Lambda::Function", "AWS::SSM::Parameter",
)  # fmt: skip


@dataclass(frozen=True)
class Line:
    """One billed item: `quantity` × the price of `price_key`, with the arithmetic shown."""

    what: str
    quantity: float
    price_key: str
    shared_search: bool = False  # part of the shared domain (not needed by dedicated-search tenants)

    @property
    def monthly(self) -> float:
        return self.quantity * PRICES[self.price_key][0]

    def __str__(self) -> str:
        price, unit, _ = PRICES[self.price_key]
        what = self.what if len(self.what) <= 60 else self.what[:28] + "..." + self.what[-29:]
        return f"  {what:<60} {self.quantity:>11,.1f} x ${price:<9.7g} {unit:<40} = ${self.monthly:7.2f}"


KINDS = {  # price key -> what it is, for the floor's breakdown
    "kms-key": "KMS key",
    "alarm-metric": "alarm metrics",
    "dashboard": "dashboards",
    "custom-metric": "custom metrics published while idle",
    "sqs-fifo": "session-end queue pollers",
    "sqs-standard": "queue pollers",
    "lambda-request": "scheduled runs (requests)",
    "lambda-gb-second": "scheduled runs (compute)",
}


def breakdown(lines: Iterable[Line]) -> str:
    """`KMS key $1.00, alarm metrics (18) $1.80, ...` for the lines of one stack."""
    sums: dict[str, list[float]] = {}
    for line in lines:
        kind = KINDS.get(line.price_key, "search domain")
        sums.setdefault(kind, [0.0, 0.0])
        sums[kind][0] += line.quantity
        sums[kind][1] += line.monthly
    return ", ".join(
        f"{kind}{f' ({n:g})' if kind in ('alarm metrics', 'custom metrics published while idle') else ''} ${usd:.2f}"
        for kind, (n, usd) in sorted(sums.items(), key=lambda item: -item[1][1])
    )


def _target(arn: Any, resources: dict[str, Any], kind: str) -> dict[str, Any]:
    """The properties of the resource an `Fn::GetAtt` ARN names, if it is a `kind` (else {})."""
    name = arn.get("Fn::GetAtt", [""])[0] if isinstance(arn, dict) else ""
    found = resources.get(name, {})
    return dict(found.get("Properties", {})) if found.get("Type") == kind else {}


def _schedule_runs(expression: str) -> float:
    rate = re.fullmatch(r"rate\((\d+) (minute|minutes|hour|hours|day|days)\)", expression)
    if rate:
        per_hour = {"m": 60, "h": 1, "d": 1 / 24}[rate.group(2)[0]]
        return HOURS * per_hour / int(rate.group(1))
    if re.fullmatch(r"cron\(\d+ \d+ \* \* \? \*\)", expression):  # once a day
        return HOURS / 24
    raise ValueError(f"cannot price the schedule {expression!r}: add it to infra/cost.py")


def stack_lines(template: dict[str, Any]) -> list[Line]:
    """The idle monthly lines of one template."""
    resources: dict[str, Any] = template.get("Resources", {})
    lines: list[Line] = []
    published: set[str] = set()  # functions whose idle metrics are counted (two rules, one function)
    for name, resource in resources.items():
        kind, props = resource["Type"], resource.get("Properties", {})
        if kind == "AWS::OpenSearchService::Domain":
            cluster, ebs = props["ClusterConfig"], props["EBSOptions"]
            nodes = cluster.get("InstanceCount", 1)
            lines.append(
                Line(
                    f"{name}: {nodes} x {cluster['InstanceType']} x {HOURS} h",
                    nodes * HOURS,
                    cluster["InstanceType"],
                    True,
                )
            )
            if cluster.get("DedicatedMasterEnabled"):
                masters = cluster["DedicatedMasterCount"]
                lines.append(
                    Line(
                        f"{name}: {masters} dedicated masters x {HOURS} h",
                        masters * HOURS,
                        cluster["DedicatedMasterType"],
                        True,
                    )
                )
            lines.append(
                Line(f"{name}: {nodes} x {ebs['VolumeSize']} GB gp3", nodes * ebs["VolumeSize"], "gp3", True)
            )
        elif kind == "AWS::KMS::Key":
            lines.append(Line(f"{name}: KMS key", 1, "kms-key", name.startswith("SearchKey")))
        elif kind == "AWS::CloudWatch::Alarm":
            metrics = 1 if "MetricName" in props else sum("MetricStat" in m for m in props.get("Metrics", []))
            lines.append(
                Line(
                    f"{name}: alarm on {metrics} metric(s)",
                    metrics,
                    "alarm-metric",
                    "AWS/ES" in json.dumps(props),
                )
            )
        elif kind == "AWS::CloudWatch::Dashboard":
            lines.append(Line(f"{name}: dashboard", 1, "dashboard"))
        elif kind == "AWS::Lambda::EventSourceMapping" and _target(
            props["EventSourceArn"], resources, "AWS::SQS::Queue"
        ):
            queue = _target(props["EventSourceArn"], resources, "AWS::SQS::Queue")
            polls = SQS_POLLERS * HOURS * 3600 / SQS_WAIT_S
            key = "sqs-fifo" if queue.get("FifoQueue") else "sqs-standard"
            label = (
                props["FunctionName"].get("Ref", name) if isinstance(props["FunctionName"], dict) else name
            )
            lines.append(Line(f"{label}: {SQS_POLLERS} pollers x 1 receive/{SQS_WAIT_S} s", polls, key))
        elif kind == "AWS::Events::Rule" and "ScheduleExpression" in props:
            lines += _scheduled(name, props, resources, published)
    return lines


def _scheduled(
    name: str, props: dict[str, Any], resources: dict[str, Any], published: set[str]
) -> list[Line]:
    runs = _schedule_runs(props["ScheduleExpression"])
    lines = []
    for target in props["Targets"]:
        function_id = target["Arn"].get("Fn::GetAtt", [""])[0]
        function = resources.get(function_id, {}).get("Properties", {})
        gb = function.get("MemorySize", 128) / 1024
        lines.append(Line(f"{name}: {runs:,.0f} runs", runs, "lambda-request"))
        lines.append(
            Line(
                f"{name}: {runs:,.0f} runs x {IDLE_RUN_S:g} s x {gb:g} GB",
                runs * IDLE_RUN_S * gb,
                "lambda-gb-second",
            )
        )
        if function_id not in published:
            published.add(function_id)
            for metric in IDLE_METRICS.get(function.get("Handler", ""), ()):
                lines.append(Line(f"{function_id}: custom metric {metric} (every run)", 1, "custom-metric"))
    return lines


def total(lines: Iterable[Line]) -> float:
    return sum(line.monthly for line in lines)


def load(directory: Path) -> dict[str, dict[str, Any]]:
    return {
        p.name.removesuffix(".template.json"): json.loads(p.read_text())
        for p in sorted(directory.glob("*.template.json"))
    }


def report(shared: Path, dedicated: Path | None = None, tenants: int = 10) -> str:
    """The printed report: every line of every stack, then the per-tenant totals."""
    out: list[str] = [
        f"Idle monthly cost, us-east-1 list prices read {READ_ON}, {HOURS} h a month (infra/cost.py)"
    ]
    stacks = load(shared)
    platform = stack_lines(stacks.pop("Reverie-platform"))
    if not stacks:
        raise SystemExit(f"no tenant template in {shared}")
    tenant_name, tenant_template = next(iter(stacks.items()))
    tenant = stack_lines(tenant_template)
    for title, lines in (
        ("Reverie-platform (once per account and region)", platform),
        (f"{tenant_name} (search: shared)", tenant),
    ):
        out += ["", title, *map(str, lines), f"  {'total':<58} {'':>75} ${total(lines):8.2f}"]
    free = sorted({r["Type"] for r in tenant_template["Resources"].values() if r["Type"] in PAY_PER_USE})
    out += [
        "",
        "$0 at idle (billed per request or per GB stored): " + ", ".join(t.split("::", 1)[1] for t in free),
    ]
    solo = total(tenant) + total(platform)
    shared_each = total(tenant) + total(platform) / tenants
    out += [
        "",
        f"solo tenant on its own platform:      {total(tenant):.2f} + {total(platform):.2f} = ${solo:.2f}/month",
        f"each of {tenants} tenants on one platform:  {total(tenant):.2f} + {total(platform):.2f} / {tenants} = ${shared_each:.2f}/month",
    ]
    if dedicated is not None:
        solo_stacks = load(dedicated)
        solo_stacks.pop("Reverie-platform", None)
        dedicated_lines = stack_lines(next(iter(solo_stacks.values())))
        account = [line for line in platform if not line.shared_search]
        out += ["", "a tenant with its own domain (search: dedicated)", *map(str, dedicated_lines)]
        out.append(
            f"dedicated tenant: {total(dedicated_lines):.2f} + the platform's account pieces "
            f"{total(account):.2f} = ${total(dedicated_lines) + total(account):.2f}/month"
        )
    out += [
        "",
        f"floor per tenant (the platform shared by ever more tenants): ${total(tenant):.2f}/month, what each "
        f"tenant stack bills on its own: {breakdown(tenant)}. The key is the tenant's isolation (its data is "
        "encrypted with a key no other tenant's role may use); the alarms page on the tenant's own API, table, "
        "queue and dreams; the idle sweep runs (and publishes) every 15 minutes to find idle users; Lambda's "
        "queue pollers receive whether or not a session ended. Fewer would mean less isolation or observability.",
        "Sources: " + ", ".join(sorted({source for _, _, source in PRICES.values()})),
    ]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    if not args:
        raise SystemExit("usage: python -m infra.cost SHARED_CDK_OUT [DEDICATED_CDK_OUT]")
    print(report(Path(args[0]), Path(args[1]) if len(args) > 1 else None))


if __name__ == "__main__":
    main()

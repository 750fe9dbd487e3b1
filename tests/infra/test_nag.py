"""cdk-nag's AwsSolutionsChecks over a tenant's stack: no finding is left unacknowledged, and every
acknowledgement carries a reason (infra/nag.py says why each one is accepted)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import aws_cdk as cdk
import pytest
from cdk_nag import AwsSolutionsChecks

from tests.infra.conftest import make_app, platform_stack, tenant_stack


def synth_with_nag(tenant: str | None, overrides: dict[str, Any] | None = None) -> tuple[dict[str, Any], Any]:
    """cdk-nag over one tenant's stack, or over the platform stack (tenant None)."""
    app = make_app({tenant: overrides} if tenant and overrides is not None else None)
    stack = tenant_stack(app, tenant) if tenant else platform_stack(app)
    cdk.Validations.of(app).add_plugins(AwsSolutionsChecks(app))
    try:
        assembly = app.synth()
    except Exception as exc:  # jsii raises the validation failure as a RuntimeError naming the report
        if "found in: " not in str(exc):
            raise
        report = json.loads(Path(str(exc).split("found in: ")[1].strip()).read_text())
        return report, stack
    return json.loads((Path(assembly.directory) / "validation-report.json").read_text()), stack


def findings(report: dict[str, Any]) -> list[str]:
    return sorted(
        f"{v['ruleName']} on {c['constructPath']}"
        for plugin in report.get("pluginReports", [])
        for v in plugin.get("violations", [])
        for c in v.get("violatingConstructs", [])
    )


@pytest.fixture(scope="module")
def nag_demo() -> tuple[dict[str, Any], Any]:
    return synth_with_nag("demo")


def test_the_demo_tenant_has_no_unacknowledged_finding(nag_demo: tuple[dict[str, Any], Any]) -> None:
    report, _ = nag_demo
    assert findings(report) == []


def test_every_acknowledgement_has_a_reason(nag_demo: tuple[dict[str, Any], Any]) -> None:
    report, _ = nag_demo
    (plugin,) = report["pluginReports"]
    assert plugin["conclusion"] == "success"
    acknowledged = plugin["suppressedViolations"]
    assert {"AwsSolutions-COG4", "AwsSolutions-L1"} <= {a["ruleName"] for a in acknowledged}
    for finding in acknowledged:
        assert len(finding["reason"]) > 40, f"{finding['ruleName']}: say why it is acceptable"


def test_a_production_sized_tenant_has_no_unacknowledged_finding() -> None:
    """Two data nodes with zone awareness and dedicated masters: OS4 and OS7 are then met, not acknowledged."""
    report, _ = synth_with_nag(
        "acme",
        {
            "search": {"mode": "dedicated", "instance_count": 2, "dedicated_masters": True},
            "api": {"api_keys": True},
        },
    )
    assert findings(report) == []


def test_a_small_dedicated_tenant_has_no_unacknowledged_finding() -> None:
    report, _ = synth_with_nag("solo", {"search": {"mode": "dedicated"}})
    assert findings(report) == []
    (plugin,) = report["pluginReports"]
    assert {"AwsSolutions-OS1", "AwsSolutions-OS7"} <= {a["ruleName"] for a in plugin["suppressedViolations"]}


def test_the_platform_has_no_unacknowledged_finding() -> None:
    report, _ = synth_with_nag(None)
    assert findings(report) == []


def test_a_tenant_with_agents_has_no_unacknowledged_finding() -> None:
    """Each agent's `users/<user>/*` paths are acknowledged one by one, with the reason."""
    agents = {"bot": {"users": ["alice", "bob@example.com"], "assumed_by": "123456789012"}}
    report, _ = synth_with_nag("agents", {"agents": agents, "agents_by_tag": True})
    assert findings(report) == []

"""`cdk synth -c tenant=demo` through the pinned CLI (package.json), as CI and an operator run it.

In test mode (`reverie:code_stub`), so nothing is pip-installed; cdk-nag runs (cdk.json turns it on), so
an unacknowledged finding fails here too. Skipped when `npm install` has not been run.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from tests.infra.conftest import CODE_STUB, ROOT

CDK = ROOT / "node_modules" / ".bin" / "cdk"


def synth(tenant: str, out: Path) -> subprocess.CompletedProcess[str]:
    """`cdk synth` of one tenant's stack with the pinned CLI, offline, into `out`."""
    return subprocess.run(
        [
            str(CDK),
            "synth",
            "-c",
            f"tenant={tenant}",
            "-c",
            f"reverie:code_stub={CODE_STUB}",
            "-o",
            str(out),
            "-q",
        ],
        cwd=ROOT,
        env={
            **os.environ,
            "JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION": "20",
            "CDK_DISABLE_VERSION_CHECK": "1",
        },
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.skipif(not CDK.exists(), reason="the pinned CDK CLI is not installed: run `npm install`")
def test_cdk_synth_of_the_demo_tenant_works_offline(tmp_path: Path) -> None:
    result = synth("demo", tmp_path)
    assert result.returncode == 0, result.stderr[-3000:]
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert "Reverie-demo" in manifest["artifacts"]
    assert (tmp_path / "Reverie-demo.template.json").exists()


@pytest.mark.skipif(not CDK.exists(), reason="the pinned CDK CLI is not installed: run `npm install`")
def test_a_bad_setting_fails_the_synth_with_a_clear_message(tmp_path: Path) -> None:
    result = synth("Not_A_Name", tmp_path)
    assert result.returncode != 0
    assert "tenant" in result.stderr and "lower-case" in result.stderr

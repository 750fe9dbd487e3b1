"""Synthesising tenant stacks for the infra tests.

Every stack here is built in test mode: `reverie:code_stub` points each function's code at
tests/infra/code_stub, so no test runs pip or downloads anything (infra/bundling.py). Each test module
synthesises its stacks once (module-scoped fixtures); a synthesis takes a few seconds of jsii/node.
"""

from __future__ import annotations

import importlib.util
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

os.environ.setdefault("JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION", "20")
if importlib.util.find_spec("aws_cdk") is None:  # the infra extra is not installed: nothing here can run
    collect_ignore_glob = ["test_*.py"]

if TYPE_CHECKING:
    from aws_cdk.assertions import Template

ROOT = Path(__file__).resolve().parents[2]
CODE_STUB = str(Path(__file__).parent / "code_stub")
CDK_CONTEXT: dict[str, Any] = json.loads((ROOT / "cdk.json").read_text())["context"]


def make_app(tenant_overrides: dict[str, dict[str, Any]] | None = None, **context: Any) -> Any:
    """An app with cdk.json's context, `tenant_overrides` merged into `reverie:tenants`, and test mode on."""
    import aws_cdk as cdk

    tenants = {**CDK_CONTEXT["reverie:tenants"], **(tenant_overrides or {})}
    return cdk.App(
        context={**CDK_CONTEXT, "reverie:tenants": tenants, "reverie:code_stub": CODE_STUB, **context}
    )


def tenant_stack(app: Any, tenant: str) -> Any:
    from infra.app_factory import build_stack
    from infra.config import load_tenant_config

    def context(key: str) -> Any:
        return tenant if key == "tenant" else app.node.try_get_context(key)

    return build_stack(app, load_tenant_config(context), CODE_STUB)


def platform_stack(app: Any) -> Any:
    """The account's platform stack (the shared domain and the account-level pieces), in test mode."""
    from infra.app_factory import build_platform
    from infra.config import load_platform_config

    return build_platform(app, load_platform_config(app.node.try_get_context), CODE_STUB)


def template_of(tenant: str = "demo", overrides: dict[str, Any] | None = None) -> Template:
    from aws_cdk.assertions import Template

    app = make_app({tenant: overrides} if overrides is not None else None)
    return Template.from_stack(tenant_stack(app, tenant))


def resources(template: Template, kind: str) -> dict[str, dict[str, Any]]:
    return {name: r for name, r in template.to_json()["Resources"].items() if r["Type"] == kind}


def one(template: Template, kind: str) -> dict[str, Any]:
    found = resources(template, kind)
    assert len(found) == 1, f"expected one {kind}, found {sorted(found)}"
    return next(iter(found.values()))["Properties"]


def statements(template: Template) -> list[dict[str, Any]]:
    """Every IAM policy statement of the stack's identity policies."""
    found = []
    for policy in resources(template, "AWS::IAM::Policy").values():
        found += policy["Properties"]["PolicyDocument"]["Statement"]
    return found


def as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


@pytest.fixture(scope="module")
def demo() -> Template:
    """The demo tenant's stack (cdk.json's defaults and its overrides), synthesised once per module."""
    return template_of("demo")


@pytest.fixture(scope="module")
def dedicated() -> Template:
    """A tenant with a search domain of its own (`search.mode: dedicated`, the default size)."""
    return template_of("solo", {"search": {"mode": "dedicated"}})


@pytest.fixture(scope="module")
def platform() -> Template:
    from aws_cdk.assertions import Template

    return Template.from_stack(platform_stack(make_app()))

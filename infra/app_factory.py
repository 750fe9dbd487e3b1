"""Builds the CDK app: the tenant's config from context, its stack, and (on request) cdk-nag."""

from __future__ import annotations

import os

import aws_cdk as cdk

from infra.config import TenantConfig, load_tenant_config
from infra.nag import acknowledge_findings
from infra.stack import ReverieStack, stack_name

STUB_CONTEXT = "reverie:code_stub"  # a directory: tests point every function at it (nothing is installed)
NAG_CONTEXT = "reverie:nag"  # "true": run cdk-nag's AwsSolutionsChecks at synth


def build_stack(app: cdk.App, config: TenantConfig, stub_dir: str | None = None) -> ReverieStack:
    """The tenant's stack, with the cdk-nag findings the design accepts acknowledged (infra/nag.py)."""
    env = cdk.Environment(
        account=config.account or os.environ.get("CDK_DEFAULT_ACCOUNT"),
        region=config.region or os.environ.get("CDK_DEFAULT_REGION"),
    )
    stack = ReverieStack(app, stack_name(config), config=config, stub_dir=stub_dir, env=env)
    acknowledge_findings(stack)
    return stack


def build_app(app: cdk.App) -> ReverieStack:
    config = load_tenant_config(app.node.try_get_context)
    stack = build_stack(app, config, app.node.try_get_context(STUB_CONTEXT))
    if str(app.node.try_get_context(NAG_CONTEXT)).lower() == "true":
        from cdk_nag import AwsSolutionsChecks

        cdk.Validations.of(app).add_plugins(AwsSolutionsChecks(app))
    return stack

"""Builds the CDK app: the platform stack of the account and region, the tenant's config from context, its
stack (deployed after the platform), and (on request) cdk-nag."""

from __future__ import annotations

import os

import aws_cdk as cdk

from infra.config import PlatformConfig, TenantConfig, load_platform_config, load_tenant_config
from infra.nag import acknowledge_findings, acknowledge_platform_findings
from infra.platform import PLATFORM_STACK, PlatformStack
from infra.stack import ReverieStack, stack_name

STUB_CONTEXT = "reverie:code_stub"  # a directory: tests point every function at it (nothing is installed)
NAG_CONTEXT = "reverie:nag"  # "true": run cdk-nag's AwsSolutionsChecks at synth


def _environment(account: str | None, region: str | None) -> cdk.Environment:
    return cdk.Environment(
        account=account or os.environ.get("CDK_DEFAULT_ACCOUNT"),
        region=region or os.environ.get("CDK_DEFAULT_REGION"),
    )


def build_platform(app: cdk.App, config: PlatformConfig, stub_dir: str | None = None) -> PlatformStack:
    """The account's platform stack (one per account and region), with its accepted cdk-nag findings."""
    existing = app.node.try_find_child(PLATFORM_STACK)
    if isinstance(existing, PlatformStack):
        return existing
    stack = PlatformStack(
        app, PLATFORM_STACK, config=config, stub_dir=stub_dir, env=_environment(config.account, config.region)
    )
    acknowledge_platform_findings(stack)
    return stack


def build_stack(
    app: cdk.App,
    config: TenantConfig,
    stub_dir: str | None = None,
    platform: PlatformStack | None = None,
) -> ReverieStack:
    """The tenant's stack, deployed after `platform`, with the cdk-nag findings the design accepts
    acknowledged (infra/nag.py)."""
    env = _environment(config.account, config.region)
    stack = ReverieStack(app, stack_name(config), config=config, stub_dir=stub_dir, env=env)
    if platform is not None:
        stack.add_dependency(platform, "the shared domain, the logs policy and API Gateway's account role")
    acknowledge_findings(stack)
    return stack


def build_app(app: cdk.App) -> ReverieStack:
    stub_dir = app.node.try_get_context(STUB_CONTEXT)
    platform = build_platform(app, load_platform_config(app.node.try_get_context), stub_dir)
    config = load_tenant_config(app.node.try_get_context)
    stack = build_stack(app, config, stub_dir, platform)
    if str(app.node.try_get_context(NAG_CONTEXT)).lower() == "true":
        from cdk_nag import AwsSolutionsChecks

        cdk.Validations.of(app).add_plugins(AwsSolutionsChecks(app))
    return stack

#!/usr/bin/env python3
"""The CDK app: `npx cdk synth -c tenant=acme` / `npx cdk deploy -c tenant=acme` (see docs/deploy.md)."""

from __future__ import annotations

import os
import sys

os.environ.setdefault("JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION", "20")

import aws_cdk as cdk
from infra.app_factory import build_app
from infra.config import TenantConfigError


def main() -> None:
    app = cdk.App()
    try:
        build_app(app)
    except TenantConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    app.synth()


if __name__ == "__main__":
    main()

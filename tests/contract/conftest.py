"""Live AWS tests: whatever carries `@pytest.mark.aws` runs only where AWS credentials are found.

Credentials are looked up the way boto3 looks them up (environment, profile, SSO, container or instance
role), once per run; without them every `aws` test here is skipped, never failed.
"""

from __future__ import annotations

from functools import cache

import pytest


@cache
def aws_credentials_found() -> bool:
    try:
        import boto3  # type: ignore[import-untyped, unused-ignore]
    except ImportError:
        return False
    return boto3.session.Session().get_credentials() is not None


@pytest.fixture(autouse=True)
def skip_aws_tests_without_credentials(request: pytest.FixtureRequest) -> None:
    if request.node.get_closest_marker("aws") is not None and not aws_credentials_found():
        pytest.skip("no AWS credentials: the live suite runs only against a real account")

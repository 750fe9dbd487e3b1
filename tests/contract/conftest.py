"""Live AWS tests: whatever carries `@pytest.mark.aws` runs only where AWS credentials are found.

Credentials are looked up the way boto3 looks them up (environment, profile, SSO, container or instance
role), once per run; without them every `aws` test here is skipped, never failed.

Real engines (`engine` mark): `opensearch_engine` starts one local OpenSearch for the session,
`dynalite_engine` one dynalite (tests/contract/engines.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

import pytest

from tests.contract import engines


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "engine: runs against a real engine started on loopback (tests/contract/engines.py)"
    )


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


@pytest.fixture(scope="session")
def opensearch_engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real single-node OpenSearch 2.19 (k-NN, neural-search) on loopback for the whole session; its URL.
    Installed on first use (scripts/engines/install); skipped only where Java or Maven is absent."""
    reason = engines.missing_java()
    if reason is not None:
        pytest.skip(reason)
    with engines.opensearch(tmp_path_factory.mktemp("opensearch")) as url:
        yield url


@pytest.fixture(scope="session")
def dynalite_engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """dynalite (npm, the DynamoDB API on LevelDB, here in memory) on loopback for the whole session; its
    endpoint URL. Skipped only where `node` or the npm package is absent."""
    reason = engines.missing_dynalite()
    if reason is not None:
        pytest.skip(reason)
    with engines.dynalite(tmp_path_factory.mktemp("dynalite")) as url:
        yield url

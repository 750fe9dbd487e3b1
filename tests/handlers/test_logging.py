"""Inside Lambda, every logger of the package writes the handler's structured JSON with the request id:
an adapter's `logging.getLogger(__name__)` too, not only the handler's Powertools logger."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest

from reverie.handlers.runtime import PACKAGE_LOGGER, entry, observability
from tests.handlers.conftest import LambdaContext


@pytest.fixture
def in_lambda(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("AWS_LAMBDA_FUNCTION_NAME", "reverie-acme-test")
    yield
    package = logging.getLogger(PACKAGE_LOGGER)  # back to plain propagation for the other tests
    package.handlers, package.propagate = [], True


def test_an_adapters_log_record_carries_the_request_id(
    in_lambda: None, lambda_context: LambdaContext, capsys: pytest.CaptureFixture[str]
) -> None:
    # GIVEN a handler of the package and an adapter logger made after it (as adapters are, at first use)
    logger, tracer, metrics = observability("probe")
    adapter = logging.getLogger("reverie.adapters.aws.probe_adapter")

    @entry(logger, tracer, metrics)
    def handler(event: dict[str, Any], context: Any) -> str:
        adapter.warning("index call retried", extra={"attempt": 2})
        return "ok"

    # WHEN it runs
    assert handler({}, lambda_context) == "ok"
    # THEN the adapter's record is one JSON line with the invocation's request id and the service
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.startswith("{")]
    record = next(line for line in lines if line.get("message") == "index call retried")
    assert record["function_request_id"] == lambda_context.aws_request_id
    assert record["service"] == "reverie-probe" and record["level"] == "WARNING" and record["attempt"] == 2
    assert record["name"] == "reverie.adapters.aws.probe_adapter"

"""Runs the state machine's Lambda tasks in this process while moto's Step Functions executes a definition.

moto (5.2.5, `execute_state_machine: True`) interprets the real definition: Map (distributed too),
Retry, Catch, ResultSelector, TimeoutSeconds. For a Lambda task it calls Lambda `Invoke` through a boto3
client from the default session, and moto's Lambda without Docker only echoes the payload. This hook
answers those `Invoke` calls before they are sent: it finds the handler by the function's name, calls it
with a Lambda context, and answers as Lambda does, a JSON payload, or `FunctionError: Unhandled` with
`{"errorType", "errorMessage"}`, which the state machine's Retry and Catch match by `errorType`.
"""

from __future__ import annotations

import io
import json
import time
import traceback
import urllib.parse
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import boto3  # type: ignore[import-untyped, unused-ignore]
from botocore.awsrequest import AWSResponse  # type: ignore[import-untyped, unused-ignore]

from tests.handlers.conftest import LambdaContext

Handler = Callable[[Any, Any], Any]


class InProcessLambdas:
    """`handlers` maps a function name (the last part of its ARN) to its handler."""

    def __init__(self, handlers: Mapping[str, Handler]) -> None:
        self.handlers = dict(handlers)
        self.calls: list[tuple[str, Any]] = []

    def __call__(self, model: Any, params: dict[str, Any], **_: Any) -> tuple[AWSResponse, dict[str, Any]]:
        arn = urllib.parse.unquote(params["url_path"].split("/")[3])
        name = arn.rsplit(":", 1)[-1]
        payload = json.loads(params["body"] or b"null")
        self.calls.append((name, payload))
        try:
            result = self.handlers[name](payload, LambdaContext(function_name=name))
        except Exception as exc:  # Lambda reports it to the caller as an unhandled function error
            error = {
                "errorType": type(exc).__name__,
                "errorMessage": str(exc),
                "stackTrace": traceback.format_tb(exc.__traceback__)[-3:],
            }
            return _response({"FunctionError": "Unhandled"}, error)
        return _response({}, result)

    @contextmanager
    def installed(self) -> Iterator[InProcessLambdas]:
        """Answer every Lambda `Invoke` made through a default-session client while inside. Enter it
        after `mock_aws` started: moto replaces boto3's default session when it starts."""
        boto3.setup_default_session()
        assert boto3.DEFAULT_SESSION is not None
        boto3.DEFAULT_SESSION.events.register("before-call.lambda.Invoke", self)
        try:
            yield self
        finally:
            boto3.DEFAULT_SESSION.events.unregister("before-call.lambda.Invoke", self)
            boto3.DEFAULT_SESSION = None


def _response(extra: dict[str, Any], body: Any) -> tuple[AWSResponse, dict[str, Any]]:
    parsed = {
        "StatusCode": 200,
        "ExecutedVersion": "$LATEST",
        "Payload": io.BytesIO(json.dumps(body).encode()),
    }
    return AWSResponse("https://lambda.in-process", 200, {}, None), {**parsed, **extra}


def wait_for(client: Any, execution_arn: str, timeout_s: float = 60.0) -> dict[str, Any]:
    """Poll until the execution leaves RUNNING; its description."""
    deadline = time.monotonic() + timeout_s
    while True:
        described: dict[str, Any] = client.describe_execution(executionArn=execution_arn)
        if described["status"] != "RUNNING" or time.monotonic() > deadline:
            return described
        time.sleep(0.05)

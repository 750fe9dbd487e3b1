"""What the Lambda functions import at cold start, each in a fresh interpreter told it runs in Lambda.

The API function's import stays light (issue 14: at most 1.5x bare boto3's, measured by
`reverie bench cold-start`): no AWS client library, no search client, no numpy, no route, model,
service or settings model; those come with the first request. X-Ray patches botocore and requests when a function
first builds its clients, not at import. Each test starts one interpreter (about 1 s).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.handlers.conftest import ENVIRONMENT

HEAVY_AT_IMPORT = (
    "boto3",
    "botocore.client",
    "requests",
    "urllib3",
    "opensearchpy",
    "numpy",
    "onnxruntime",
    "tokenizers",
    "aws_lambda_powertools.event_handler.openapi.models",
    "reverie.adapters",
    "reverie.services",
    "reverie.api.routes",
    "pydantic_settings",
)
HANDLERS = ("api", "session_end", "stages", "trigger_sweep", "index_sync")


def _in_lambda(code: str) -> dict[str, object]:
    """Run `code` in a fresh interpreter with the functions' environment and Lambda's, tracing on;
    the last line it prints is JSON."""
    env = {
        **os.environ,
        **ENVIRONMENT,
        "LAMBDA_TASK_ROOT": "/var/task",
        "AWS_LAMBDA_FUNCTION_NAME": "reverie-test",
        "POWERTOOLS_TRACE_DISABLED": "false",
    }
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True, timeout=120
    )
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_the_api_function_imports_nothing_heavy() -> None:
    # GIVEN a fresh Lambda container  WHEN it imports the API handler
    loaded = _in_lambda(
        "import json, sys\nimport reverie.handlers.api\n"
        f"print(json.dumps([m for m in {HEAVY_AT_IMPORT!r} if m in sys.modules]))"
    )
    # THEN none of the heavy modules is loaded yet
    assert loaded == []


@pytest.mark.parametrize("name", HANDLERS)
def test_no_function_patches_for_xray_at_import(name: str) -> None:
    # GIVEN a fresh Lambda container  WHEN it imports a handler
    loaded = _in_lambda(
        f"import json, sys\nimport reverie.handlers.{name}\n"
        "print(json.dumps([m for m in ('botocore.client', 'requests') if m in sys.modules]))"
    )
    # THEN the client libraries X-Ray would patch are not imported for it
    assert loaded == []


def test_the_api_function_patches_its_clients_when_it_builds_them() -> None:
    # GIVEN the API handler imported: nothing patched
    # WHEN its backends are built (the first request that needs them)
    patched = _in_lambda(
        "import json\nfrom aws_xray_sdk.core import patcher\nfrom reverie.handlers import api\n"
        "before = sorted(patcher._PATCHED_MODULES)\napi.runtime.backends()\n"
        "print(json.dumps({'before': before, 'after': sorted(patcher._PATCHED_MODULES)}))"
    )
    # THEN botocore (DynamoDB, S3, SQS, Bedrock) and requests (OpenSearch) are traced from then on
    assert patched == {"before": [], "after": ["botocore", "requests"]}

"""Issue 10, "Contract", and issue 13's OpenAPI check: the OpenAPI document is the real contract, checked
by schemathesis against the local server on loopback.

Every operation of `/openapi.json` gets a bounded number of generated requests (valid and invalid, a fixed
seed): none may answer 5xx, with a status the document does not list, or with a body that breaks the
documented schema (the one error shape included); invalid ones must be refused. Generated requests rarely
name what exists, so each operation also gets one written valid request over seeded data, which must get
its documented success status, and one invalid request, which must get a documented refusal
(`contract_cases.py`), each answer checked against the document by schemathesis.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.config import SchemathesisConfig
from schemathesis.generation import GenerationMode
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    positive_data_acceptance,
    response_schema_conformance,
    status_code_conformance,
)

from reverie.api.background_dreams import BackgroundDreams
from reverie.api.local_server import make_server
from reverie.api.routes import create_app
from tests.adversarial.contract_cases import TENANT, Request, cases, seed
from tests.fakes.backends import fake_backends
from tests.fakes.reasoner import ScriptedReasoner

EXAMPLES_PER_OPERATION = 25
CONFORMANCE = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    negative_data_rejection,
    positive_data_acceptance,
]

# An invalid request is refused by any documented refusal: 413 and 414 (a body or a path over the limits)
# count as well as the checks' defaults.
REFUSALS = ["400", "401", "403", "404", "405", "406", "409", "413", "414", "415", "422", "428", "429"]
# A valid request may still be refused by a rule of the domain the document cannot state (400, e.g. two
# memories of one batch with the same id); a 422 says the request does not match the document, so a 422
# for a valid request is a contract failure.
ACCEPTANCES = ["2xx", "3xx", "400", "401", "403", "404", "409", "429"]
CONFIG = SchemathesisConfig.from_dict(
    {
        "checks": {
            "negative_data_rejection": {"expected-statuses": REFUSALS},
            "positive_data_acceptance": {"expected-statuses": ACCEPTANCES},
        }
    }
)


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    """The local server over fakes, manual dreams in the background as `reverie serve` runs them."""
    backends = fake_backends(reasoner=ScriptedReasoner())
    app = create_app(lambda: backends, "t-contract", BackgroundDreams(backends, "t-contract"))
    with make_server(app, "127.0.0.1", 0) as server:
        yield server.url


def test_every_operation_keeps_its_documented_contract(base_url: str) -> None:
    # GIVEN the API's own OpenAPI document, served by the local server
    schema = schemathesis.openapi.from_url(f"{base_url}/openapi.json", config=CONFIG)
    operations = [result.ok() for result in schema.get_all_operations()]
    assert {op.label for op in operations} >= {"POST /users/{user_id}/dreams", "GET /dreams/{run_id}"}

    # WHEN each operation gets generated requests, valid and invalid, with a fixed seed
    failures: dict[str, str] = {}
    for operation in operations:
        strategy = st.one_of(
            operation.as_strategy(GenerationMode.POSITIVE), operation.as_strategy(GenerationMode.NEGATIVE)
        )

        @settings(
            max_examples=EXAMPLES_PER_OPERATION,
            derandomize=True,
            database=None,
            deadline=None,
            phases=[Phase.explicit, Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        @given(case=strategy)
        def call(case: schemathesis.Case) -> None:
            case.call_and_validate(base_url=base_url, checks=CHECKS, timeout=30)

        try:
            call()
        except Exception as exc:  # one operation's failure must not hide another's
            failures[operation.label] = str(exc)[:2_000]

    # THEN no answer was a server error, undocumented, off its schema, or an invalid request accepted
    assert failures == {}


def _case(operation: Any, request: Request) -> schemathesis.Case:
    body: dict[str, Any] = {} if request.body is None else {"body": request.body}
    if request.headers:  # a form body, sent as it is
        body["media_type"] = request.headers["Content-Type"]
    return operation.Case(
        path_parameters=request.path_parameters, query=request.query, headers=request.headers, **body
    )


def test_each_operation_answers_a_valid_and_an_invalid_request_as_documented() -> None:
    # GIVEN a fresh service with what the valid requests name (dreams run inside the request)
    backends = fake_backends(reasoner=ScriptedReasoner())
    with make_server(create_app(lambda: backends, TENANT), "127.0.0.1", 0) as server:
        table = cases(seed(server.url, backends))
        schema = schemathesis.openapi.from_url(f"{server.url}/openapi.json", config=CONFIG)
        operations = {op.label: op for op in (r.ok() for r in schema.get_all_operations())}
        # every operation of the document has its two requests (a new route needs its own here)
        assert set(operations) == set(table)

        # WHEN each operation gets its valid request, then its invalid one, in the table's order
        answers: dict[str, tuple[int, int]] = {}
        failures: dict[str, str] = {}
        for label, (valid, invalid) in table.items():
            operation = operations[label]
            success = next(
                int(code) for code in operation.definition.raw["responses"] if code.startswith("2")
            )
            try:
                ok = _case(operation, valid).call_and_validate(base_url=server.url, checks=CONFORMANCE)
                refused = _case(operation, invalid).call_and_validate(base_url=server.url, checks=CONFORMANCE)
            except Exception as exc:  # one operation's failure must not hide another's
                failures[label] = str(exc)[:1_000]
                continue
            answers[label] = (ok.status_code, refused.status_code)
            if ok.status_code != success or not 400 <= refused.status_code < 500:
                failures[label] = (
                    f"valid: {ok.status_code} (documented {success}), invalid: {refused.status_code}"
                )

    # THEN every valid request got its documented success, every invalid one a documented 4xx, and every
    # answer's body matched the document (schemathesis raised for none)
    assert failures == {}
    assert {label: ok for label, (ok, _) in answers.items()}["POST /users/{user_id}/memories"] == 201
    assert answers["DELETE /users/{user_id}/memories/{memory_id}"][0] == 204
    assert answers["POST /users/{user_id}/dreams"][0] == 202


def test_every_answer_is_typed_with_its_real_status() -> None:
    # GIVEN the API's document
    backends = fake_backends()
    document = (
        create_app(lambda: backends, TENANT)
        .get_openapi_schema()
        .model_dump(mode="json", by_alias=True, exclude_none=True)
    )
    untyped: list[str] = []
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            label = f"{method.upper()} {path}"
            [success] = [code for code in operation["responses"] if code.startswith("2")]
            content = operation["responses"][success].get("content") or {}
            schemas = [media.get("schema") or {} for media in content.values()]
            # THEN each success names one status and a schema (a model, or a string for a file), except
            # 204 (no body) and the document itself (free-form by nature)
            if success == "204":
                typed = not content
            else:
                typed = bool(schemas) and all("$ref" in sch or sch.get("type") == "string" for sch in schemas)
            if not typed and label != "GET /openapi.json":
                untyped.append(f"{label} {success}")
            # AND every error it documents has the one error shape
            for code, answer in operation["responses"].items():
                if code[0] in "45":
                    assert answer["content"]["application/json"]["schema"] == {
                        "$ref": "#/components/schemas/ErrorResponse"
                    }, label
    assert untyped == []

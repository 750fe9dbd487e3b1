"""Issue 10, "Contract": the OpenAPI document is the real contract, checked by schemathesis against the
local server on loopback.

Every operation of `/openapi.json` gets a bounded number of generated requests (valid and invalid, a fixed
seed): none may answer 5xx, with a status the document does not list, or with a body that breaks the
documented schema (the one error shape included); invalid ones must be refused.
"""

from __future__ import annotations

from collections.abc import Iterator

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
from tests.fakes.backends import fake_backends
from tests.fakes.reasoner import ScriptedReasoner

EXAMPLES_PER_OPERATION = 25
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

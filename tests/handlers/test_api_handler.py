"""The API function: API Gateway events in, the same answers as the local server out, with the memory
metrics (hit rate, injected tokens, conflicts injected) published as EMF."""

from __future__ import annotations

import json

import pytest

from reverie.handlers import api
from reverie.services.backends import Backends
from tests.handlers.conftest import TENANT, LambdaContext, load_event, metric_values


@pytest.fixture(autouse=True)
def over_fakes(backends: Backends) -> None:
    api.runtime.configure(backends=lambda settings: backends)


def test_health_names_the_stack_tenant(lambda_context: LambdaContext) -> None:
    reply = api.handler(load_event("apigw/health"), lambda_context)
    assert reply["statusCode"] == 200
    assert json.loads(reply["body"]) == {"status": "ok", "tenant_id": TENANT}


def test_capture_then_end_queues_the_session(backends: Backends, lambda_context: LambdaContext) -> None:
    appended = api.handler(load_event("apigw/append_events"), lambda_context)
    assert appended["statusCode"] == 200
    ended = api.handler(load_event("apigw/end_session"), lambda_context)
    assert ended["statusCode"] == 202
    [message] = backends.queue.receive()
    assert message.body == {
        "tenant_id": TENANT,
        "user_id": "alice",
        "session_id": "prod-1130",
        "trigger": "session_end",
    } | {"tokens": message.body["tokens"]}
    assert message.body["tokens"] > 0  # the session's size, what the volume alarm sums


def test_a_context_request_publishes_the_memory_metrics(
    lambda_context: LambdaContext, capsys: pytest.CaptureFixture[str]
) -> None:
    # GIVEN nothing remembered: a miss
    miss = api.handler(load_event("apigw/get_context"), lambda_context)
    assert miss["statusCode"] == 200
    # WHEN a memory exists: a hit
    assert api.handler(load_event("apigw/create_memory"), lambda_context)["statusCode"] == 201
    hit = api.handler(load_event("apigw/get_context"), lambda_context)
    body = json.loads(hit["body"])
    assert body["memory_ids"]
    # THEN both requests were measured; the average of ContextHit is the hit rate
    out = capsys.readouterr().out
    assert metric_values(out, "ContextHit") == [0, 1]
    assert metric_values(out, "InjectedTokens") == [0, body["tokens"]]
    assert metric_values(out, "InjectedMemories") == [0, len(body["memory_ids"])]
    assert metric_values(out, "ConflictsInjected") == [0, 0]


def test_other_requests_add_no_memory_metrics(
    lambda_context: LambdaContext, capsys: pytest.CaptureFixture[str]
) -> None:
    api.handler(load_event("apigw/list_users"), lambda_context)
    assert metric_values(capsys.readouterr().out, "ContextHit") == []


def test_validation_errors_keep_their_shape(lambda_context: LambdaContext) -> None:
    reply = api.handler(load_event("apigw/bad_confidence"), lambda_context)
    assert reply["statusCode"] == 422
    assert json.loads(reply["body"])["error"] == "ValidationError"


def test_the_manual_dream_route_says_when_the_reasoner_is_missing(lambda_context: LambdaContext) -> None:
    """Without a state machine, the API function dreams in the request and needs its own reasoner
    (REVERIE_REASONER_MODEL_ID); without one, the run is recorded as failed (rolled back), naming it; the
    answer has the shape of a run started off the request (202 and the run to poll)."""
    from reverie.bootstrap.aws import unconfigured
    from reverie.bootstrap.aws_settings import ApiSettings
    from reverie.ports import Reasoner
    from tests.fakes.backends import fake_backends

    b = fake_backends()
    b.reasoner = unconfigured(Reasoner, "it has no REVERIE_REASONER_MODEL_ID")
    b.runs = fake_backends(reasoner=b.reasoner).runs
    settings = ApiSettings().model_copy(update={"state_machine_arn": None})
    api.runtime.configure(settings=settings, backends=lambda settings: b)
    assert api.handler(load_event("apigw/append_events"), lambda_context)["statusCode"] == 200
    event = load_event("apigw/get_context")
    event["path"] = "/users/alice/dreams"
    event["body"] = None
    reply = api.handler(event, lambda_context)
    started = json.loads(reply["body"])
    assert (reply["statusCode"], started["status"]) == (202, "failed")
    event["path"], event["httpMethod"] = started["poll"], "GET"
    run = json.loads(api.handler(event, lambda_context)["body"])["run"]
    assert run["run_id"] == started["run_id"]
    assert "REVERIE_REASONER_MODEL_ID" in run["error"]


def test_with_a_state_machine_the_manual_dream_route_starts_an_execution(
    lambda_context: LambdaContext,
) -> None:
    """A run outlives an API request (API Gateway stops at 29 s): with REVERIE_STATE_MACHINE_ARN set the
    route starts an execution, one per user and minute however often it is asked."""
    from tests.fakes.backends import fake_backends

    started: list[tuple[str, str, str]] = []

    class Starter:
        def start(
            self, tenant_id: str, user_id: str, window: str, trigger: str, budget: object
        ) -> str | None:
            first = (tenant_id, user_id, window) not in [(t, u, w) for t, u, w in started]
            started.append((tenant_id, user_id, window))
            return f"arn:aws:states:eu-west-1:123456789012:execution:dream:{len(started)}" if first else None

    from reverie.domain.models import Scope
    from reverie.services.capture import append_events
    from tests.unit.helpers import event as raw_event

    held = fake_backends()
    alice = Scope(tenant_id=TENANT, user_id="alice")
    append_events(held, alice, [raw_event(alice, "s1", "m1", text="I live in Lisbon.")])
    api.runtime.configure(backends=lambda settings: held, starter=lambda settings: Starter())
    event = load_event("apigw/get_context")
    event["path"] = "/users/alice/dreams"
    event["body"] = None
    first = api.handler(event, lambda_context)
    again = api.handler(event, lambda_context)
    # a user with nothing to dream on is told so (409), as a run would say, and no execution starts
    nobody = api.handler({**event, "path": "/users/bob/dreams"}, lambda_context)
    assert nobody["statusCode"] == 409 and "nothing to dream" in json.loads(nobody["body"])["message"]
    assert first["statusCode"] == 202 and json.loads(first["body"])["execution_arn"].startswith(
        "arn:aws:states"
    )
    assert [u for _, u, _ in started] == ["alice", "alice"]
    same_minute = started[0][2] == started[1][2]  # the two requests may straddle a minute boundary
    assert json.loads(again["body"])["already_started"] is same_minute


def test_the_function_applies_the_request_limits_of_its_settings(
    backends: Backends, lambda_context: LambdaContext, monkeypatch: pytest.MonkeyPatch
) -> None:
    # GIVEN the API function deployed with a 2 KB body limit and 300-character strings
    monkeypatch.setenv("REVERIE_API_MAX_BODY_BYTES", "2048")
    monkeypatch.setenv("REVERIE_API_MAX_STRING_CHARS", "300")
    api.runtime.configure(backends=lambda settings: backends)
    event = load_event("apigw/create_memory")
    memory = json.loads(event["body"])["memories"][0]
    # WHEN a body over the size limit arrives, and one whose statement is over the string limit
    too_big = dict(event, body=json.dumps({"memories": [memory] * 30}))
    too_long = dict(event, body=json.dumps({"memories": [dict(memory, statement="x" * 301)]}))
    answers = [api.handler(e, lambda_context) for e in (too_big, too_long)]
    # THEN each is refused as the local service refuses it, naming the setting, and nothing is stored
    assert [a["statusCode"] for a in answers] == [413, 422]
    messages = [json.loads(a["body"])["message"] for a in answers]
    assert "REVERIE_API_MAX_BODY_BYTES" in messages[0] and "REVERIE_API_MAX_STRING_CHARS" in messages[1]
    assert backends.notes.count_by_user(TENANT) == {}
    # AND a request within the limits is served
    assert api.handler(load_event("apigw/create_memory"), lambda_context)["statusCode"] == 201


@pytest.mark.parametrize(
    ("path", "method", "body", "status"),
    [
        ("/no/such/route", "GET", None, 404),  # an unknown route
        ("/users/alice/memories/m-unknown", "GET", None, 404),  # a domain error
        ("/users/alice/context", "POST", '{"query": 5}', 422),  # validation
        ("/users/alice/context", "POST", '{"query": "' + "x" * 70_000 + '"}', 422),  # a request limit
        ("/users/alice/context", "POST", "not json", 422),  # not JSON at all
    ],
    ids=["unknown-route", "domain", "validation", "limit", "not-json"],
)
def test_every_refusal_has_the_one_shape_with_api_gateways_request_id(
    lambda_context: LambdaContext, path: str, method: str, body: str | None, status: int
) -> None:
    # GIVEN an API Gateway event, whose requestContext.requestId is API Gateway's id for the request
    event = load_event("apigw/health")
    event.update(path=path, httpMethod=method, body=body, headers={"Content-Type": "application/json"})
    event["requestContext"].update(httpMethod=method, requestId="c6af9ac6-7b61-11e6-9a41-93e8deadbeef")
    # WHEN the function refuses it, whichever layer refuses
    reply = api.handler(event, lambda_context)
    # THEN the answer is {error, message, request_id, detail} naming API Gateway's request id
    answer = json.loads(reply["body"])
    assert reply["statusCode"] == status
    assert set(answer) == {"error", "message", "request_id", "detail"}
    assert answer["request_id"] == "c6af9ac6-7b61-11e6-9a41-93e8deadbeef"
    headers = reply.get("multiValueHeaders") or {k: [v] for k, v in (reply.get("headers") or {}).items()}
    assert headers["X-Request-Id"] == ["c6af9ac6-7b61-11e6-9a41-93e8deadbeef"]


def test_the_consoles_operators_reach_the_routes_under_operator_through_cognito(
    backends: Backends, lambda_context: LambdaContext, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On AWS the console's operators call `/operator/...`, where API Gateway's Cognito authorizer (emulated:
    the event carries the claims it would pass) has checked their token."""
    # GIVEN the function deployed with the console's origin
    monkeypatch.setenv("REVERIE_CONSOLE_ORIGIN", "https://d111111abcdef8.cloudfront.net")
    api.runtime.configure(backends=lambda settings: backends)

    def operator_call(groups: str) -> dict[str, object]:
        event = load_event("apigw/list_users")
        event["path"] = "/operator" + event["path"]
        event["requestContext"]["authorizer"] = {
            "claims": {"sub": "u-1", "email": "ops@acme.io", "cognito:groups": groups}
        }
        event["headers"]["Origin"] = "https://d111111abcdef8.cloudfront.net"
        event["multiValueHeaders"]["Origin"] = ["https://d111111abcdef8.cloudfront.net"]
        return api.handler(event, lambda_context)

    # WHEN a member of the operators group lists the users THEN it is answered as the admin, with CORS
    listed = operator_call("[operators]")
    assert listed["statusCode"] == 200 and "users" in json.loads(listed["body"])
    headers = {k.lower(): v for k, v in (listed.get("multiValueHeaders") or {}).items()}
    assert headers["access-control-allow-origin"] == ["https://d111111abcdef8.cloudfront.net"]
    # AND someone else the pool holds is refused, in the one error shape
    refused = operator_call("[readers]")
    assert refused["statusCode"] == 403 and json.loads(refused["body"])["error"] == "Forbidden"

"""The API's resolver: Powertools' REST resolver, with the request limits checked before routing and the
caller put in the context, for Lambda and the local server alike."""

from __future__ import annotations

import json
from collections.abc import Mapping
from http import HTTPStatus
from typing import Any

from aws_lambda_powertools.event_handler import APIGatewayRestResolver, CORSConfig
from aws_lambda_powertools.utilities.typing import LambdaContext

from reverie.api import problems
from reverie.api.caller import OPERATOR_PREFIX, caller_of, refused_signed_in
from reverie.api.limits import RequestLimits, check_body, check_media_type, check_path


class ReverieResolver(APIGatewayRestResolver):
    """Refuses a request over `limits` in the one error shape before any route or validation parses it,
    and gives routes the caller (`caller.current_caller`)."""

    def __init__(self, limits: RequestLimits | None = None, console_origin: str | None = None) -> None:
        # the console's operators reach the same routes under /operator (a Cognito authorizer guards it),
        # from the console's own origin (CORS: answers name it; API Gateway answers the preflight)
        cors = (
            CORSConfig(allow_origin=console_origin, allow_headers=["Authorization"])
            if console_origin
            else None
        )
        super().__init__(enable_validation=True, strip_prefixes=[OPERATOR_PREFIX], cors=cors)
        self.limits = limits or RequestLimits()
        problems.install(self)

    def resolve(self, event: Mapping[str, Any], context: LambdaContext) -> dict[str, Any]:
        path = str(event.get("path") or "")
        query = event.get("queryStringParameters") or {}
        whole_path = path + "?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else path
        headers = {str(k).lower(): str(v) for k, v in (event.get("headers") or {}).items()}
        refusal = (
            check_path(whole_path, self.limits)
            or check_media_type(headers.get("content-type"), event.get("body"))
            or check_body(event.get("body"), self.limits)
        )
        if refusal is not None:
            rid = problems.request_id_of(event)
            return _answer(
                refusal.status, problems.error_body(refusal.error, refusal.message, rid, refusal.detail), rid
            )
        if refused_signed_in(event):
            rid = problems.request_id_of(event)
            body = problems.error_body("Forbidden", "signed in, but not in the operators group", rid)
            return _answer(HTTPStatus.FORBIDDEN, body, rid)
        self.append_context(caller=caller_of(event))
        return super().resolve(event, context)


def _answer(status: HTTPStatus, body: Mapping[str, Any], request_id: str) -> dict[str, Any]:
    """A refusal made before routing, as API Gateway's proxy integration expects it."""
    return {
        "statusCode": status.value,
        "multiValueHeaders": {"Content-Type": ["application/json"], problems.REQUEST_ID_HEADER: [request_id]},
        "body": json.dumps(body, separators=(",", ":")),
        "isBase64Encoded": False,
    }

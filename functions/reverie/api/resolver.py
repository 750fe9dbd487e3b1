"""The API's resolver: Powertools' REST resolver, with the request limits checked before routing and the
caller put in the context, for Lambda and the local server alike."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from aws_lambda_powertools.event_handler import APIGatewayRestResolver
from aws_lambda_powertools.utilities.typing import LambdaContext

from reverie.api import problems
from reverie.api.caller import caller_of
from reverie.api.limits import RequestLimits, check_body, check_media_type, check_path


class ReverieResolver(APIGatewayRestResolver):
    """Refuses a request over `limits` in the one error shape before any route or validation parses it,
    and gives routes the caller (`caller.current_caller`)."""

    def __init__(self, limits: RequestLimits | None = None) -> None:
        super().__init__(enable_validation=True)
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
            body = problems.error_body(refusal.error, refusal.message, rid, refusal.detail)
            return {
                "statusCode": refusal.status.value,
                "multiValueHeaders": {
                    "Content-Type": ["application/json"],
                    problems.REQUEST_ID_HEADER: [rid],
                },
                "body": json.dumps(body, separators=(",", ":")),
                "isBase64Encoded": False,
            }
        self.append_context(caller=caller_of(event))
        return super().resolve(event, context)

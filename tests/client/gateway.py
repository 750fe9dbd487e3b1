"""API Gateway in front of the API function, emulated as an httpx transport: the IAM (SigV4) check, then the
REST proxy event to `handlers.api.handler`, then its answer back as HTTP.

The check recomputes the signature from what arrived, with botocore's SigV4 primitives and the caller's
secret key (what API Gateway does with the key it looks up), and refuses a request whose signature, date
or credential scope does not match with API Gateway's 403 answer. botocore has no verifier of its own.
"""

from __future__ import annotations

import hmac
import re
import uuid
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import parse_qs

import httpx
from botocore.auth import SigV4Auth  # type: ignore[import-untyped, unused-ignore]
from botocore.awsrequest import AWSRequest  # type: ignore[import-untyped, unused-ignore]
from botocore.credentials import Credentials  # type: ignore[import-untyped, unused-ignore]

_AUTH = re.compile(
    r"^AWS4-HMAC-SHA256 Credential=(?P<key>[^/]+)/(?P<date>\d{8})/(?P<region>[^/]+)/(?P<service>[^/]+)"
    r"/aws4_request, SignedHeaders=(?P<signed>[^,]+), Signature=(?P<sig>[0-9a-f]{64})$"
)
Handler = Callable[[dict[str, Any], Any], dict[str, Any]]


def signature_error(request: httpx.Request, credentials: Credentials, region: str) -> str | None:
    """Why API Gateway would refuse this request's SigV4 signature, or None when it is valid."""
    match = _AUTH.match(request.headers.get("authorization", ""))
    if match is None:
        return "Missing Authentication Token"
    if (
        match["key"] != credentials.access_key
        or match["region"] != region
        or match["service"] != "execute-api"
    ):
        return "Credential should be scoped to a valid region, service and key"
    stamp = request.headers.get("x-amz-date", "")
    when = datetime.strptime(stamp, "%Y%m%dT%H%M%SZ").replace(tzinfo=UTC)
    if abs(datetime.now(UTC) - when) > timedelta(minutes=5) or stamp[:8] != match["date"]:
        return "Signature expired"
    if credentials.token and request.headers.get("x-amz-security-token") != credentials.token:
        return "The security token included in the request is invalid"
    signed = match["signed"].split(";")
    aws = AWSRequest(
        method=request.method,
        url=str(request.url),
        data=request.content,
        headers={name: request.headers[name] for name in signed if name in request.headers},
    )
    aws.context["timestamp"] = stamp
    signer = SigV4Auth(credentials, "execute-api", region)
    expected = signer.signature(signer.string_to_sign(aws, signer.canonical_request(aws)), aws)
    if not hmac.compare_digest(expected, match["sig"]) or "host" not in signed:
        return "The request signature we calculated does not match the signature you provided."
    return None


class ApiGatewayTransport(httpx.BaseTransport):
    """Requests to `https://<api>.execute-api.<region>.amazonaws.com/<stage>/...`, answered by `handler`
    after the SigV4 check, as API Gateway (REST, IAM auth, proxy integration) would."""

    def __init__(
        self, handler: Handler, context: Any, credentials: Credentials, region: str, stage: str = "prod"
    ) -> None:
        self.handler, self.context, self.credentials, self.region, self.stage = (
            handler,
            context,
            credentials,
            region,
            stage,
        )
        self.events: list[dict[str, Any]] = []

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        refused = signature_error(request, self.credentials, self.region)
        request_id = str(uuid.uuid4())
        if refused is not None:
            body = {"message": refused}
            return httpx.Response(403, json=body, headers={"x-amzn-RequestId": request_id}, request=request)
        event = self.event_of(request, request_id)
        self.events.append(event)
        result = self.handler(event, self.context)
        headers = dict(result.get("headers") or {})
        for name, values in (result.get("multiValueHeaders") or {}).items():
            headers[name] = ", ".join(str(v) for v in values)
        headers["x-amzn-RequestId"] = request_id
        content = str(result.get("body") or "").encode()
        return httpx.Response(int(result["statusCode"]), headers=headers, content=content, request=request)

    def event_of(self, request: httpx.Request, request_id: str) -> dict[str, Any]:
        path = request.url.path.removeprefix(f"/{self.stage}") or "/"
        query = parse_qs(request.url.query.decode(), keep_blank_values=True)
        headers = {k.title(): v for k, v in request.headers.items() if k.lower() != "authorization"}
        account = "123456789012"
        return {
            "resource": "/{proxy+}",
            "path": path,
            "httpMethod": request.method,
            "headers": headers,
            "multiValueHeaders": {k: [v] for k, v in headers.items()},
            "queryStringParameters": {k: v[-1] for k, v in query.items()} or None,
            "multiValueQueryStringParameters": query or None,
            "pathParameters": {"proxy": path.lstrip("/")},
            "stageVariables": None,
            "requestContext": {
                "accountId": account,
                "resourcePath": "/{proxy+}",
                "httpMethod": request.method,
                "path": f"/{self.stage}{path}",
                "stage": self.stage,
                "requestId": request_id,
                "requestTimeEpoch": int(datetime.now(UTC).timestamp() * 1000),
                "identity": {
                    "accessKey": self.credentials.access_key,
                    "caller": "AROAEXAMPLEID:agent",
                    "userArn": f"arn:aws:sts::{account}:assumed-role/reverie-agent/agent",
                    "sourceIp": "198.51.100.7",
                },
            },
            "body": request.content.decode() or None,
            "isBase64Encoded": False,
        }

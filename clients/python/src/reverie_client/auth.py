"""How the client proves who it is: a bearer token for a local service, SigV4 for a Reverie on AWS.

Both are `httpx.Auth` flows, so they run for every attempt of a request (a retried request is signed
anew, with a fresh date).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import httpx

# Headers SigV4 covers: the ones API Gateway sees as sent. Hop-by-hop and proxy-rewritten headers
# (connection, accept-encoding, user-agent) stay out, as awscurl and requests-aws4auth do.
SIGNED_HEADERS = ("host", "content-type", "x-amz-date", "x-amz-security-token", "x-amz-content-sha256")


class BearerToken(httpx.Auth):
    """`Authorization: Bearer <token>`: the local service's REVERIE_API_TOKEN or REVERIE_AGENT_TOKEN."""

    def __init__(self, token: str) -> None:
        if not token.strip():
            raise ValueError("the bearer token is empty")
        self._header = f"Bearer {token.strip()}"

    def auth_flow(self, request: httpx.Request) -> Generator[httpx.Request, httpx.Response, None]:
        request.headers["Authorization"] = self._header
        yield request


class SigV4(httpx.Auth):
    """AWS Signature Version 4 with botocore's signer, for an API Gateway REST API with IAM
    authorisation (service `execute-api`).

    `credentials` are botocore credentials; without them, botocore's standard chain finds them
    (environment, `~/.aws` files and profiles, SSO, container and instance roles), refreshed when
    they expire. `region` defaults to the chain's region (AWS_REGION, the profile's)."""

    requires_request_body = True  # the payload's hash is part of the signature

    def __init__(
        self,
        region: str | None = None,
        credentials: Any = None,
        *,
        service: str = "execute-api",
        profile: str | None = None,
    ) -> None:
        try:
            import botocore.session  # type: ignore[import-untyped, unused-ignore]
        except ImportError as exc:  # pragma: no cover - the extra names it
            raise ImportError("SigV4 needs botocore: pip install 'reverie-client[aws]'") from exc
        session = botocore.session.Session(profile=profile)
        self._credentials = credentials if credentials is not None else session.get_credentials()
        if self._credentials is None:
            raise ValueError("no AWS credentials found by the standard chain (environment, ~/.aws, roles)")
        self.region = region or session.get_config_variable("region")
        if not self.region:
            raise ValueError("no AWS region: pass region= or set AWS_REGION")
        self.service = service

    def auth_flow(self, request: httpx.Request) -> Generator[httpx.Request, httpx.Response, None]:
        from botocore.auth import SigV4Auth as BotocoreSigner  # type: ignore[import-untyped, unused-ignore]
        from botocore.awsrequest import AWSRequest  # type: ignore[import-untyped, unused-ignore]

        frozen = getattr(self._credentials, "get_frozen_credentials", lambda: self._credentials)()
        headers = {k: v for k, v in request.headers.items() if k.lower() in SIGNED_HEADERS}
        headers["host"] = request.url.netloc.decode("ascii")
        aws = AWSRequest(method=request.method, url=str(request.url), data=request.content, headers=headers)
        BotocoreSigner(frozen, self.service, self.region).add_auth(aws)
        for name in ("Authorization", "X-Amz-Date", "X-Amz-Security-Token"):
            if name in aws.headers:
                request.headers[name] = aws.headers[name]
        yield request

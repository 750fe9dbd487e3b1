"""Who is calling: the one place routes learn the caller's role (`current_caller(app)`).

The role comes from the request's authorizer context, `requestContext.authorizer` `{principalId, role}`:
the local server fills it in from the bearer token (`BearerTokens`), as an API Gateway authorizer would.
A request with no authorizer context passed API Gateway's IAM (SigV4) authorisation, which grants the
whole API: that caller is an admin named by its IAM identity. On AWS the console's operators sign in
through the tenant's Cognito user pool and call the API under `/operator` (`OPERATOR_PREFIX`), where a
Cognito authorizer puts the token's `claims` in the context: a member of the `operators` group is an admin;
anyone else the pool holds is refused (`refused_signed_in`).

Roles: `admin` (everything, including shared org/global memory, reviews and rollbacks) and `agent` (an
agent's own work). The checks that use them live in the services; this module only says who is asking.
"""

from __future__ import annotations

import hmac
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from aws_lambda_powertools.event_handler import APIGatewayRestResolver
from pydantic import SecretStr

Role = Literal["admin", "agent"]
ROLES: tuple[Role, ...] = ("admin", "agent")


@dataclass(frozen=True)
class Caller:
    """The authenticated caller of one request."""

    role: Role
    principal: str

    @property
    def is_admin(self) -> bool:
        return self.role == "admin"


OPERATORS_GROUP = "operators"  # the console's user pool group whose members are admins (infra/console.py)
OPERATOR_PREFIX = "/operator"  # where API Gateway's Cognito authorizer guards the same routes


def _claims(event: Mapping[str, Any]) -> Mapping[str, Any] | None:
    claims = ((event.get("requestContext") or {}).get("authorizer") or {}).get("claims")
    return claims if isinstance(claims, Mapping) else None


def _operator(claims: Mapping[str, Any]) -> bool:
    """A member of the operators group (API Gateway passes `cognito:groups` as text: "operators" or
    "[operators, other]")."""
    return OPERATORS_GROUP in re.findall(r"[\w.-]+", str(claims.get("cognito:groups") or ""))


def refused_signed_in(event: Mapping[str, Any]) -> bool:
    """Signed in through the console's user pool, but not an operator: the request is refused (403)."""
    claims = _claims(event)
    return claims is not None and not _operator(claims)


def caller_of(event: Mapping[str, Any]) -> Caller:
    """The caller named by an API Gateway REST event (see the module's docstring)."""
    context = event.get("requestContext") or {}
    authorizer = context.get("authorizer") or {}
    claims = _claims(event)
    if claims is not None and _operator(claims):
        return Caller(
            role="admin", principal=f"cognito:{claims.get('email') or claims.get('sub') or 'operator'}"
        )
    role = authorizer.get("role")
    if role in ROLES:
        return Caller(role=role, principal=str(authorizer.get("principalId") or role))
    identity = context.get("identity") or {}
    return Caller(role="admin", principal=str(identity.get("userArn") or identity.get("caller") or "iam"))


def current_caller(app: APIGatewayRestResolver) -> Caller:
    """The caller of the request `app` is answering (put in its context by `ReverieResolver`)."""
    found = app.context.get("caller")
    return found if isinstance(found, Caller) else caller_of(app.current_event.raw_event)


@dataclass(frozen=True)
class BearerTokens:
    """The local service's tokens: `REVERIE_API_TOKEN` grants the admin role, `REVERIE_AGENT_TOKEN` the
    agent role. With neither, the service answers loopback callers as the admin and must not listen
    elsewhere."""

    admin: SecretStr | None = None
    agent: SecretStr | None = None

    @property
    def required(self) -> bool:
        return self.admin is not None or self.agent is not None

    def caller(self, authorization: str | None) -> Caller | None:
        """The caller an `Authorization: Bearer ...` header names, or None for no or an unknown token.
        Every configured token is compared in constant time, so timing tells nothing about them."""
        scheme, _, presented = (authorization or "").strip().partition(" ")
        if scheme.lower() != "bearer" or not presented.strip():
            return None
        given = presented.strip().encode()
        found: Caller | None = None
        for role, secret in (("admin", self.admin), ("agent", self.agent)):
            if secret is not None and hmac.compare_digest(given, secret.get_secret_value().encode()):
                found = found or Caller(role=role, principal=f"{role}-token")  # type: ignore[arg-type]
        return found

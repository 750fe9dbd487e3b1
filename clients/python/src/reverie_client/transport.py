"""What the sync and async clients share: building a request from a `Call`, reading its answer, choosing
the auth, and the retry loop's decisions (the loops themselves differ only by `await`)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

import httpx
from pydantic import ValidationError

from reverie_client.auth import BearerToken, SigV4
from reverie_client.calls import Call
from reverie_client.errors import TransportError, UnexpectedAnswer, error_for
from reverie_client.retry import RetryPolicy

T = TypeVar("T")
USER_AGENT = "reverie-client/0.1"


@dataclass(frozen=True)
class Settings:
    """Where the service is and how to reach it."""

    base_url: str
    auth: httpx.Auth | None
    retry: RetryPolicy
    timeout: float
    headers: Mapping[str, str]


def settings_for(
    base_url: str | None,
    token: str | None,
    auth: httpx.Auth | None,
    aws_region: str | None,
    retry: RetryPolicy | None,
    timeout: float,
    headers: Mapping[str, str] | None,
) -> Settings:
    """Settings from the arguments, falling back on REVERIE_URL, REVERIE_TOKEN and REVERIE_AWS_REGION.
    Auth: `auth` as given, else a bearer `token`, else SigV4 when `aws_region` is named, else none (a
    local service on loopback)."""
    url = base_url or os.environ.get("REVERIE_URL")
    if not url:
        raise ValueError("no service URL: pass base_url or set REVERIE_URL")
    token = token if token is not None else os.environ.get("REVERIE_TOKEN")
    region = aws_region or os.environ.get("REVERIE_AWS_REGION")
    if auth is None and token:
        auth = BearerToken(token)
    elif auth is None and region:
        auth = SigV4(region)
    merged = {"User-Agent": USER_AGENT, "Accept": "application/json", **(headers or {})}
    return Settings(url.rstrip("/"), auth, retry or RetryPolicy(), timeout, merged)


def build(client: httpx.Client | httpx.AsyncClient, call: Call[Any]) -> httpx.Request:
    return client.build_request(
        call.method, call.path, params=call.query(), json=call.body if call.body is not None else None
    )


def read(call: Call[T], response: httpx.Response) -> T:
    """The answer read into its model, or the error as an exception."""
    if response.status_code >= 400:
        raise error_for(response)
    try:
        if response.status_code == 204 or not response.content:
            return call.read(None)
        if call.text:
            return call.read(response.text)
        return call.read(response.json())
    except (ValueError, ValidationError) as exc:  # not JSON, or not the documented shape
        message = f"{call.method} {call.path}: {response.status_code} answer unreadable as documented: {exc}"
        raise UnexpectedAnswer(message, response.status_code, response.text[:2_000]) from exc


def should_retry(policy: RetryPolicy, call: Call[Any], attempt: int, response: httpx.Response) -> bool:
    return attempt < policy.attempts and policy.retries_status(response.status_code, call.idempotent)


def give_up(policy: RetryPolicy, call: Call[Any], attempt: int, error: httpx.TransportError) -> bool:
    """Whether a transport error ends the call (raised as `TransportError`) or is tried again."""
    return attempt >= policy.attempts or not policy.retries_error(error, call.idempotent)


def transport_error(call: Call[Any], error: httpx.TransportError) -> TransportError:
    return TransportError(f"{call.method} {call.path}: no answer ({type(error).__name__}: {error})")

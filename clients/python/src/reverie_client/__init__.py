"""Typed Python client for Reverie, long-term memory for AI agents.

from reverie_client import Reverie
with Reverie("http://127.0.0.1:8080") as reverie:
    print(reverie.context("alice", "what should I know before deploying?").context)
"""

from reverie_client import models
from reverie_client.async_client import AsyncReverie
from reverie_client.auth import BearerToken, SigV4
from reverie_client.client import Reverie
from reverie_client.errors import (
    ApiError,
    BadRequest,
    Conflict,
    Forbidden,
    NotFound,
    PayloadTooLarge,
    RateLimited,
    ReverieError,
    ServerError,
    TransportError,
    Unauthorized,
    UnexpectedAnswer,
    ValidationFailed,
)
from reverie_client.retry import RetryPolicy

__all__ = [
    "ApiError",
    "AsyncReverie",
    "BadRequest",
    "BearerToken",
    "Conflict",
    "Forbidden",
    "NotFound",
    "PayloadTooLarge",
    "RateLimited",
    "RetryPolicy",
    "Reverie",
    "ReverieError",
    "ServerError",
    "SigV4",
    "TransportError",
    "Unauthorized",
    "UnexpectedAnswer",
    "ValidationFailed",
    "models",
]

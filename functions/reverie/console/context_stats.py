"""Injected tokens per context, as the local service answers them: the local counterpart of the
`InjectedTokens` metric the API function publishes on AWS (`handlers.emf.record_context`).

`ContextStats` reads the answer of each successful `POST /users/{user}/context` passing through the
local service (the tokens the context holds) and keeps the last few thousand, for the console's health
panel. Nothing of what the context says is kept: only its token count.
"""

from __future__ import annotations

import contextlib
import json
import threading
from collections import deque
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from typing import Any

StartResponse = Callable[..., Any]
WsgiApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]


class ContextStats:
    """Token counts of the contexts served since the service started (the last `keep` of them)."""

    def __init__(self, keep: int = 10_000) -> None:
        self._tokens: deque[int] = deque(maxlen=keep)
        self._served = 0
        self._lock = threading.Lock()
        self.since = datetime.now(UTC)

    def add(self, tokens: int) -> None:
        with self._lock:
            self._tokens.append(tokens)
            self._served += 1

    def summary(self) -> dict[str, Any]:
        """`contexts` served, and the mean and 95th percentile of their injected tokens (None before any)."""
        with self._lock:
            values = sorted(self._tokens)
            served = self._served
        p95 = values[min(len(values) - 1, int(0.95 * len(values)))] if values else None
        return {
            "contexts": served,
            "injected_tokens_mean": round(sum(values) / len(values), 1) if values else None,
            "injected_tokens_p95": p95,
            "since": self.since.isoformat(),
        }

    def watch(self, api: WsgiApp, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        """Answer through `api`, counting the tokens of a successful context answer."""
        if environ.get("REQUEST_METHOD") != "POST" or not str(environ.get("PATH_INFO", "")).endswith(
            "/context"
        ):
            return api(environ, start_response)
        status: list[str] = []

        def remember(code: str, headers: list[tuple[str, str]], *exc: Any) -> Any:
            status.append(code)
            return start_response(code, headers, *exc)

        body = b"".join(api(environ, remember))
        if status and status[0].startswith("200"):
            with contextlib.suppress(ValueError, AttributeError):  # not a context answer: nothing to count
                self.add(int(json.loads(body).get("tokens", 0)))
        return [body]

"""Starting dream runs on Step Functions, once per (tenant, user, window) however often they are triggered.

The execution name is derived from what identifies the run (tenant, user, time window), so a duplicate
trigger (an SQS redelivery, a retried client, the idle sweep meeting a session end) asks for a name that
already exists. Step Functions answers a repeat with the same input while the run is still going with that
run's ARN (the call is idempotent), and any other repeat with `ExecutionAlreadyExists`, which means "already
started" and is reported as None, not as an error. A standard workflow's name stays taken for 90 days.

The execution input is the state machine's (statemachine/dream.asl.json):
`{"tenant_id", "window", "budget", "users": [{"user_id", "trigger"}, ...]}`.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from botocore.exceptions import BotoCoreError, ClientError  # type: ignore[import-untyped, unused-ignore]

from reverie.domain.errors import StorageError

MAX_NAME = 80  # Step Functions' limit on execution names
_UNSAFE = re.compile(r"[^A-Za-z0-9_-]+")


def execution_name(*parts: str) -> str:
    """A valid, deterministic execution name for `parts`: readable (sanitised, truncated) and ending in a
    hash of the exact parts, so two different part lists never share a name after sanitising."""
    digest = hashlib.sha256(json.dumps(parts).encode()).hexdigest()[:16]  # unambiguous, whatever parts hold
    readable = "-".join(_UNSAFE.sub("_", p).strip("_") or "_" for p in parts)
    return f"{readable[: MAX_NAME - len(digest) - 1]}-{digest}"


def window_of(at: datetime, minutes: int) -> str:
    """The label of the `minutes`-long window holding `at` (UTC), e.g. 20261130T1205 for 5 minutes."""
    at = at.astimezone(UTC) if at.tzinfo else at.replace(tzinfo=UTC)
    midnight = at.replace(hour=0, minute=0, second=0, microsecond=0)
    minute = int((at - midnight).total_seconds() // 60) // minutes * minutes
    return (midnight + timedelta(minutes=minute)).strftime("%Y%m%dT%H%M")


class StepFunctionsStarter:
    """Starts executions of the dream state machine. `client` is a ready `stepfunctions` client; without
    one, a client is built with boto3 on first use, never at import or construction."""

    def __init__(self, state_machine_arn: str, client: Any | None = None, region: str | None = None) -> None:
        self.state_machine_arn = state_machine_arn
        self.region = region
        self._client = client

    @property
    def client(self) -> Any:
        if self._client is None:
            import boto3  # type: ignore[import-untyped, unused-ignore]

            self._client = boto3.client("stepfunctions", region_name=self.region)
        return self._client

    def start(
        self,
        tenant_id: str,
        user_id: str,
        window: str,
        trigger: str,
        budget: Mapping[str, Any] | None = None,
    ) -> str | None:
        """Start the run of one user for `window`; the execution ARN, or None when it was already started."""
        return self._start(
            execution_name(tenant_id, user_id, window),
            _input(tenant_id, window, [(user_id, trigger)], budget),
        )

    def start_many(
        self,
        tenant_id: str,
        users: Sequence[tuple[str, str]],
        window: str,
        label: str,
        budget: Mapping[str, Any] | None = None,
    ) -> str | None:
        """One execution fanning out over `users` ((user_id, trigger) pairs), named by `label` and `window`
        (a sweep passes e.g. "idle-0"); None when it was already started."""
        if not users:
            return None
        name = execution_name(tenant_id, "sweep", label, window)  # four parts: never a user's name
        return self._start(name, _input(tenant_id, window, users, budget))

    def _start(self, name: str, payload: dict[str, Any]) -> str | None:
        try:
            response = self.client.start_execution(
                stateMachineArn=self.state_machine_arn, name=name, input=json.dumps(payload)
            )
        except ClientError as exc:
            code = exc.response.get("Error", {}).get("Code", "")
            if code == "ExecutionAlreadyExists":
                return None
            raise StorageError(
                f"could not start the dream state machine ({code}): {exc}; check REVERIE_STATE_MACHINE_ARN "
                "and that this function may call states:StartExecution on it"
            ) from exc
        except BotoCoreError as exc:
            raise StorageError(f"could not reach Step Functions: {exc}") from exc
        return str(response["executionArn"])


def _input(
    tenant_id: str, window: str, users: Sequence[tuple[str, str]], budget: Mapping[str, Any] | None
) -> dict[str, Any]:
    return {
        "tenant_id": tenant_id,
        "window": window,
        "budget": dict(budget) if budget is not None else None,
        "users": [{"user_id": user_id, "trigger": trigger} for user_id, trigger in users],
    }

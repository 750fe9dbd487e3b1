"""How the OpenSearch index talks to its cluster: a SigV4-signed client, retries, bulk writes, domain errors.

Throttling and a busy cluster (429, 502, 503, 504, connection failures and timeouts) are retried with
exponential backoff and jitter (the sleep is injectable); bulk items rejected with 429 are retried alone.
Whatever still fails becomes a `StorageError` that says what to do: opensearch-py's exceptions never leave.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable
from typing import Any, Literal, TypeVar
from urllib.parse import urlsplit

from opensearchpy import helpers
from opensearchpy.exceptions import ConnectionError, ConnectionTimeout, OpenSearchException, TransportError

from reverie.adapters.backoff import Backoff, Retry
from reverie.domain.errors import StorageError

logger = logging.getLogger(__name__)
T = TypeVar("T")
Json = dict[str, Any]
Refresh = bool | Literal["wait_for"]

TRANSIENT_STATUSES = frozenset({429, 502, 503, 504})


def build_client(
    endpoint: str, region: str | None = None, service: Literal["es", "aoss"] = "es", timeout_s: float = 10.0
) -> Any:
    """An opensearch-py client signing every request with SigV4 for `service` ("es": a managed domain,
    "aoss": OpenSearch Serverless), from the default AWS credential chain. Nothing is sent here."""
    import boto3  # type: ignore[import-untyped, unused-ignore]
    from opensearchpy import OpenSearch, RequestsAWSV4SignerAuth, RequestsHttpConnection

    session = boto3.Session(region_name=region)
    region = region or session.region_name
    if not region:
        raise ValueError("OpenSearch needs a region: pass region= or set AWS_REGION")
    credentials = session.get_credentials()
    if credentials is None:
        raise StorageError("no AWS credentials for OpenSearch: configure a role or a profile")
    parts = urlsplit(endpoint if "://" in endpoint else f"https://{endpoint}")
    return OpenSearch(
        hosts=[{"host": parts.hostname, "port": parts.port or 443}],
        http_auth=RequestsAWSV4SignerAuth(credentials, region, service),
        use_ssl=True,
        verify_certs=True,
        connection_class=RequestsHttpConnection,
        timeout=timeout_s,
        pool_maxsize=16,
        max_retries=0,  # the index retries with its own backoff; the two would multiply
    )


class OpenSearchCalls:
    """Runs requests against one index alias with retries, and turns every failure into `StorageError`."""

    def __init__(
        self,
        alias: str,
        max_attempts: int = 5,
        sleep: Callable[[float], None] = time.sleep,
        rng: random.Random | None = None,
        base_delay_s: float = 0.5,
        max_delay_s: float = 30.0,
    ) -> None:
        self.alias = alias
        self.backoff = Backoff(
            "OpenSearch", max_attempts, base_delay_s, max_delay_s, sleep, rng or random.Random()
        )

    @property
    def max_attempts(self) -> int:
        return self.backoff.max_attempts

    def call(self, what: str, request: Callable[[], T]) -> T:
        """One request, retried on throttling or a busy cluster."""

        def judge(exc: Exception, last: bool) -> Retry:
            if not isinstance(exc, OpenSearchException):
                raise exc
            if not _transient(exc) or last:
                raise self.error(
                    what, exc, self.backoff.max_attempts
                ) from exc  # attempts show only when last
            return Retry(str(exc))

        return self.backoff.run(what, request, judge)

    def bulk(
        self, client: Any, actions: list[Json], what: str, refresh: Refresh, max_chunk_bytes: int
    ) -> None:
        """`helpers.bulk` with items rejected by 429 retried alone after a backoff. Items that succeeded
        stay written when others fail (index and delete by id are idempotent: writing again is safe)."""
        pending = {action["_id"]: action for action in actions}  # the last action per id wins
        params: Json = {} if refresh is False else {"refresh": refresh}
        for attempt in range(1, self.max_attempts + 1):
            batch = list(pending.values())

            def send(batch: list[Json] = batch) -> list[Json]:
                _, errors = helpers.bulk(
                    client, batch, raise_on_error=False, max_chunk_bytes=max_chunk_bytes, **params
                )
                return list(errors)

            throttled: list[Json] = []
            failed: list[Json] = []
            for error in self.call(what, send):
                op, item = next(iter(error.items()))
                if op == "delete" and item.get("result") == "not_found":
                    continue  # deleting an unknown id is a no-op
                (throttled if item.get("status") == 429 else failed).append(item)
            if failed:
                first = failed[0]
                raise StorageError(
                    f"OpenSearch {what}: {len(failed)} of {len(pending)} documents failed (first "
                    f"{first.get('_id')}: {_reason(first.get('error'))}); fix the cause and write them again"
                )
            if not throttled:
                return
            pending = {item["_id"]: pending[item["_id"]] for item in throttled}
            if attempt < self.max_attempts:
                self.backoff.wait(attempt, what, Retry(f"{len(pending)} documents throttled"))
        raise StorageError(
            f"OpenSearch {what}: still throttled after {self.max_attempts} attempts ({len(pending)} "
            "documents not written); try again later or give the domain more capacity"
        )

    def error(self, what: str, exc: OpenSearchException, attempts: int) -> StorageError:
        if isinstance(exc, ConnectionError | ConnectionTimeout):
            return StorageError(
                f"OpenSearch unreachable for {what} after {attempts} attempts ({exc.error}); check the "
                "endpoint and the network path (VPC, security groups)"
            )
        status = exc.status_code if isinstance(exc, TransportError) else None
        reason = (_reason(exc.info) if isinstance(exc, TransportError) else "") or str(exc)
        if status in TRANSIENT_STATUSES:
            return StorageError(
                f"OpenSearch {what}: still busy ({status}) after {attempts} attempts; try again later or "
                "give the domain more capacity"
            )
        if status in (401, 403):
            return StorageError(
                f"OpenSearch refused {what} ({status}: {reason}); allow this role in the domain's access "
                "policy and map it to a role with access to the index in fine-grained access control"
            )
        if status == 404 and "index_not_found" in str(exc):
            return StorageError(f"OpenSearch index {self.alias} does not exist: run ensure_index() first")
        return StorageError(f"OpenSearch {what} failed ({status}): {reason}")


def _transient(exc: OpenSearchException) -> bool:
    if isinstance(exc, ConnectionError | ConnectionTimeout):
        return True
    return isinstance(exc, TransportError) and exc.status_code in TRANSIENT_STATUSES


def _reason(info: Any) -> str:
    """The most specific reason in an OpenSearch error body (the first root cause if there is one)."""
    if not isinstance(info, dict):
        return "" if info is None else str(info)
    error = info.get("error", info)
    if not isinstance(error, dict):
        return str(error)
    causes = error.get("root_cause") or []
    cause = causes[0] if causes and isinstance(causes[0], dict) else error
    return str(
        cause.get("reason") or cause.get("Message") or cause.get("message") or cause.get("type") or error
    )

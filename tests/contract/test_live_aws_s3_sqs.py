"""The `LogStore` and `Queue` contract suites, unchanged, against a real S3 bucket and SQS FIFO queue.

Set `REVERIE_TEST_BUCKET` (a bucket this role may write to and delete from; each test works under a
prefix of its own and removes every version under it afterwards), optionally `REVERIE_TEST_KMS_KEY_ID`,
and `REVERIE_TEST_QUEUE_URL` (a FIFO queue used by nothing else: each test drains it first and removes
what it received afterwards). Without credentials or these variables the tests are skipped.

Real SQS keeps real time, so `advance` sleeps: the queue hides a message for `LIVE_VISIBILITY_S` seconds
and the contract's 30 s are scaled to that. A FIFO queue remembers deduplication ids for 5 minutes, so
each test prefixes its ids with a run token (reruns and other tests would otherwise see sends dropped).
"""

from __future__ import annotations

import inspect
import os
import re
import time
import uuid
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

import pytest
from _pytest.mark.structures import ParameterSet

from reverie.adapters.aws.s3_log import S3LogStore
from reverie.adapters.aws.sqs_queue import SqsQueue
from reverie.ports import Queue, QueueMessage
from tests.contract import test_log_store as log_contract
from tests.contract import test_queue as queue_contract

pytestmark = pytest.mark.aws

LIVE_VISIBILITY_S = 4
"""Long enough that a receive long-polling 1 s after `advance(VISIBILITY_S / 2)` ends before it."""


def contract_cases(module: ModuleType, skip: frozenset[str] = frozenset()) -> list[ParameterSet]:
    """Every test function of a contract module, one case per parametrisation."""
    cases = []
    for name, test in vars(module).items():
        if not name.startswith("test_") or not inspect.isfunction(test) or name in skip:
            continue
        marks = [mark for mark in getattr(test, "pytestmark", []) if mark.name == "parametrize"]
        if not marks:
            cases.append(pytest.param(test, {}, id=name))
            continue
        [mark] = marks
        argnames = [arg.strip() for arg in mark.args[0].split(",")]
        for n, values in enumerate(mark.args[1]):
            row = values if len(argnames) > 1 else (values,)
            cases.append(pytest.param(test, dict(zip(argnames, row, strict=True)), id=f"{name}[{n}]"))
    return cases


def run_contract(test: Callable[..., None], params: dict[str, Any], backend: Any, opened: str) -> None:
    """Call a contract test the way pytest would: `backend`, the opened adapter as `opened`, its params."""
    kwargs = dict(params)
    for name in inspect.signature(test).parameters:
        if name == "backend":
            kwargs[name] = backend
        elif name == opened:
            kwargs[name] = backend.open()
    test(**kwargs)


def env_or_skip(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        pytest.skip(f"set {name} to run the live suite")
    return value


# --- S3 ---------------------------------------------------------------------------------------------


@pytest.fixture
def live_log() -> Iterator[log_contract.Backend]:
    import boto3  # type: ignore[import-untyped, unused-ignore]

    bucket = env_or_skip("REVERIE_TEST_BUCKET")
    kms_key_id = os.environ.get("REVERIE_TEST_KMS_KEY_ID") or None
    session = boto3.session.Session()
    prefix = f"reverie-contract/{uuid.uuid4().hex}/"

    def open_s3() -> S3LogStore:
        return S3LogStore(bucket, kms_key_id=kms_key_id, client=session.client("s3"), prefix=prefix)

    yield log_contract.Backend(open_s3, lambda: None, durable=True)
    s3 = session.client("s3")
    for page in s3.get_paginator("list_object_versions").paginate(Bucket=bucket, Prefix=prefix):
        doomed = [
            {"Key": v["Key"], "VersionId": v["VersionId"]}
            for v in page.get("Versions", []) + page.get("DeleteMarkers", [])
        ]
        if doomed:
            s3.delete_objects(Bucket=bucket, Delete={"Objects": doomed, "Quiet": True})


@pytest.mark.parametrize(
    ("test", "params"),
    contract_cases(log_contract, skip=frozenset({"test_sqlite_refuses_even_a_raw_update_of_an_event"})),
)
def test_log_store_contract_on_real_s3(
    live_log: log_contract.Backend, test: Callable[..., None], params: dict[str, Any]
) -> None:
    run_contract(test, params, live_log, opened="store")


# --- SQS --------------------------------------------------------------------------------------------


class RunScopedQueue(Queue):
    """The adapter with this test's dedup ids made unique, and every delivery remembered for clean-up."""

    def __init__(self, inner: SqsQueue, run: str, delivered: list[str]) -> None:
        self.inner, self.run, self.delivered = inner, run, delivered

    def send(self, body: dict[str, Any], dedup_id: str | None = None) -> None:
        self.inner.send(body, None if dedup_id is None else f"{self.run}:{dedup_id}")

    def receive(self, max_messages: int = 10) -> list[QueueMessage]:
        messages = self.inner.receive(max_messages)
        self.delivered.extend(message.message_id for message in messages)
        return messages

    def ack(self, message_id: str) -> None:
        self.inner.ack(message_id)

    def purge_user(self, tenant_id: str, user_id: str) -> int | None:
        return self.inner.purge_user(tenant_id, user_id)


def drain(queue: SqsQueue) -> None:
    while messages := queue.receive(10):
        for message in messages:
            queue.ack(message.message_id)


@pytest.fixture
def live_queue() -> Iterator[queue_contract.Backend]:
    import boto3  # type: ignore[import-untyped, unused-ignore]

    url = env_or_skip("REVERIE_TEST_QUEUE_URL")
    if not url.endswith(".fifo"):
        pytest.fail("REVERIE_TEST_QUEUE_URL must name a FIFO queue: only FIFO deduplicates (see sqs_queue)")
    region = match.group(1) if (match := re.match(r"https://sqs\.([a-z0-9-]+)\.", url)) else None
    session = boto3.session.Session(region_name=region)
    run = uuid.uuid4().hex[:12]
    delivered: list[str] = []

    def adapter() -> SqsQueue:
        return SqsQueue(
            url, client=session.client("sqs"), wait_time_s=1, visibility_timeout_s=LIVE_VISIBILITY_S
        )

    drain(adapter())

    def advance(seconds: float) -> None:
        time.sleep(seconds * LIVE_VISIBILITY_S / queue_contract.VISIBILITY_S)

    yield queue_contract.Backend(
        lambda: RunScopedQueue(adapter(), run, delivered), advance, lambda: None, True
    )
    cleaner = adapter()
    for receipt in delivered:
        cleaner.ack(receipt)
    drain(cleaner)


@pytest.mark.parametrize(("test", "params"), contract_cases(queue_contract))
def test_queue_contract_on_real_sqs(
    live_queue: queue_contract.Backend, test: Callable[..., None], params: dict[str, Any]
) -> None:
    run_contract(test, params, live_queue, opened="queue")

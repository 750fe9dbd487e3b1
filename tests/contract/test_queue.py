"""Contract of the `Queue` port (session end → dream): every adapter passes these unchanged.

Add an adapter by adding an opener to the `backend` fixture; the tests only speak the port. Time moves
through `backend.advance` (a hand-moved clock locally; a real sleep where the backend keeps real time).
The tests never rely on receive order, which SQS standard queues do not promise.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from moto import mock_aws
from moto.sqs.models import SQSBackend

from reverie.adapters.aws.sqs_queue import SqsQueue
from reverie.adapters.local.queue import SqliteQueue
from reverie.domain.errors import InvalidRequest
from reverie.ports import Queue, QueueMessage
from tests.contract import backends
from tests.contract.backends import EMULATED_REGION, backend_fixture, emulated_aws
from tests.fakes.stores import InMemoryQueue

VISIBILITY_S = 30.0


class HandClock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class Backend(backends.Backend[Queue]):
    """A queue backend; `advance` moves the queue's time forward."""

    def __init__(
        self, open_instance: Callable[[], Queue], advance: Callable[[float], None], *, durable: bool = True
    ) -> None:
        super().__init__(open_instance, durable=durable)
        self.advance = advance


SQS_VISIBILITY_S = 1
"""The emulated queue hides a message for 1 real second; `advance` sleeps the same fraction of it, so
`VISIBILITY_S` of test time is one real second (SQS visibility is whole seconds)."""


@contextmanager
def emulated_fifo_queue() -> Iterator[str]:
    """A FIFO queue in moto (in process, no AWS account); yields its URL.

    moto picks and hides messages without a lock, so two threads can receive one message; a FIFO queue
    never hands a message to two consumers inside its visibility window. The receive is serialised here
    so the emulator keeps that promise."""
    lock = threading.Lock()
    receive_message = SQSBackend.receive_message

    def atomic_receive_message(self: SQSBackend, *args: Any, **kwargs: Any) -> Any:
        with lock:
            return receive_message(self, *args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(SQSBackend, "receive_message", atomic_receive_message)
        with mock_aws():
            client = emulated_aws().client("sqs", region_name=EMULATED_REGION)
            yield client.create_queue(
                QueueName="reverie-dream-emulated.fifo",
                Attributes={"FifoQueue": "true", "VisibilityTimeout": str(SQS_VISIBILITY_S)},
            )["QueueUrl"]


@contextmanager
def sqlite_queue(tmp_path: Path) -> Iterator[Backend]:
    clock = HandClock()
    yield Backend(
        lambda: SqliteQueue(tmp_path / "queue.db", visibility_timeout_s=VISIBILITY_S, clock=clock),
        clock.advance,
    )


@contextmanager
def in_memory_queue(tmp_path: Path) -> Iterator[Backend]:
    clock = HandClock()
    fake = InMemoryQueue(visibility_timeout_s=VISIBILITY_S, clock=clock)
    yield Backend(lambda: fake, clock.advance, durable=False)


@contextmanager
def sqs_fifo_queue_emulated_by_moto(tmp_path: Path) -> Iterator[Backend]:
    with emulated_fifo_queue() as url:
        # SQS keeps real time: `advance` sleeps. No long polling, so an empty receive answers at once.
        def open_sqs() -> Queue:
            client = emulated_aws().client("sqs", region_name=EMULATED_REGION)
            return SqsQueue(url, client=client, wait_time_s=0, visibility_timeout_s=SQS_VISIBILITY_S)

        def advance(seconds: float) -> None:
            time.sleep(seconds * SQS_VISIBILITY_S / VISIBILITY_S)

        yield Backend(open_sqs, advance)


backend = backend_fixture(
    {
        "sqlite": sqlite_queue,
        "memory": in_memory_queue,
        "sqs-fifo-emulated-by-moto": sqs_fifo_queue_emulated_by_moto,
    },
    emulated={"sqs-fifo-emulated-by-moto"},
)


@pytest.fixture
def queue(backend: Backend) -> Queue:
    return backend.open()


def bodies(messages: list[QueueMessage]) -> list[dict[str, Any]]:
    return sorted((m.body for m in messages), key=lambda body: str(sorted(body.items())))


def drain(queue: Queue) -> list[QueueMessage]:
    """Everything visible now (several receives of at most 10)."""
    received: list[QueueMessage] = []
    while batch := queue.receive(10):
        received.extend(batch)
    return received


def test_a_sent_message_is_received_with_its_body(queue: Queue) -> None:
    body = {"tenant_id": "t1", "user_id": "u1", "session_id": "s1", "n": 3, "tags": ["a"], "x": {"y": None}}
    queue.send(body)
    [message] = queue.receive()
    assert message.body == body


def test_an_empty_queue_receives_nothing(queue: Queue) -> None:
    assert queue.receive() == []


def test_a_received_message_is_hidden_until_the_visibility_timeout(backend: Backend, queue: Queue) -> None:
    # GIVEN a message that a consumer has received
    queue.send({"job": 1})
    assert len(queue.receive()) == 1
    # WHEN another consumer asks before the timeout
    backend.advance(VISIBILITY_S / 2)
    # THEN it gets nothing
    assert queue.receive() == []


def test_a_message_not_acked_comes_back_after_the_timeout(backend: Backend, queue: Queue) -> None:
    # GIVEN a consumer that received a message and died without acking it
    queue.send({"job": 1})
    queue.receive()
    # WHEN the visibility timeout passes
    backend.advance(VISIBILITY_S + 1)
    # THEN the message is delivered again (at least once), and acking that delivery removes it
    [again] = queue.receive()
    assert again.body == {"job": 1}
    queue.ack(again.message_id)
    backend.advance(VISIBILITY_S + 1)
    assert queue.receive() == []


def test_an_acked_message_never_comes_back(backend: Backend, queue: Queue) -> None:
    queue.send({"job": 1})
    queue.send({"job": 2})
    first, second = queue.receive()
    queue.ack(first.message_id)
    backend.advance(VISIBILITY_S + 1)
    assert [m.body for m in queue.receive()] == [second.body]


def test_acking_an_unknown_or_already_acked_message_is_harmless(queue: Queue) -> None:
    queue.send({"job": 1})
    [message] = queue.receive()
    queue.ack(message.message_id)
    queue.ack(message.message_id)
    queue.ack("no-such-message")
    queue.send({"job": 2})
    assert bodies(queue.receive()) == [{"job": 2}]


def test_a_dedup_id_is_queued_once_while_its_message_is_pending(backend: Backend, queue: Queue) -> None:
    # GIVEN session s1's end sent twice (a retried request), once more while a consumer holds it
    queue.send({"session": "s1"}, dedup_id="t1/u1/s1")
    queue.send({"session": "s1"}, dedup_id="t1/u1/s1")
    [held] = queue.receive()
    queue.send({"session": "s1"}, dedup_id="t1/u1/s1")
    # WHEN the holder's timeout passes
    backend.advance(VISIBILITY_S + 1)
    # THEN there was only ever one message
    assert bodies(drain(queue)) == [held.body]


def test_different_or_absent_dedup_ids_are_separate_messages(queue: Queue) -> None:
    queue.send({"session": "s1"}, dedup_id="s1")
    queue.send({"session": "s2"}, dedup_id="s2")
    queue.send({"session": "s3"})
    queue.send({"session": "s3"})
    assert bodies(drain(queue)) == [
        {"session": "s1"},
        {"session": "s2"},
        {"session": "s3"},
        {"session": "s3"},
    ]


def test_receive_returns_at_most_the_number_asked(queue: Queue) -> None:
    for n in range(15):
        queue.send({"n": n})
    first = queue.receive(10)
    rest = drain(queue)
    assert len(first) == 10
    assert sorted(m.body["n"] for m in first + rest) == list(range(15))
    assert len(queue.receive(1)) == 0


@pytest.mark.parametrize("max_messages", [0, 11])
def test_asking_for_no_messages_or_more_than_ten_is_refused(queue: Queue, max_messages: int) -> None:
    with pytest.raises(InvalidRequest):
        queue.receive(max_messages)


@pytest.mark.parametrize("body", [{"when": object()}, {"x": math.nan}])
def test_a_body_that_is_not_plain_json_is_refused_and_nothing_is_queued(
    queue: Queue, body: dict[str, Any]
) -> None:
    with pytest.raises(InvalidRequest):
        queue.send(body)
    assert queue.receive() == []


def test_concurrent_consumers_never_get_the_same_message_in_one_window(backend: Backend) -> None:
    # GIVEN 40 messages and four consumers (separate adapter instances) polling at once
    producer = backend.open()
    for n in range(40):
        producer.send({"n": n})
    consumers = [backend.open() for _ in range(4)]
    got: list[int] = []
    lock = threading.Lock()
    barrier = threading.Barrier(len(consumers))

    def consume(queue: Queue) -> None:
        barrier.wait()
        while batch := queue.receive(3):
            with lock:
                got.extend(m.body["n"] for m in batch)
            # ack at once, as the dream's consumer does: moto's visibility window is one real second, and
            # on a loaded machine an un-acked message may rightly come back (at-least-once) after it
            for m in batch:
                queue.ack(m.message_id)

    threads = [threading.Thread(target=consume, args=(c,)) for c in consumers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    # THEN every message was delivered exactly once among them
    assert sorted(got) == list(range(40))


def test_pending_and_in_flight_messages_survive_a_restart(backend: Backend) -> None:
    if not backend.durable:
        pytest.skip("the in-memory fake is not durable")
    # GIVEN one message waiting and one held by a consumer, then the process stops
    before = backend.open()
    before.send({"job": "held"}, dedup_id="held")
    [held] = before.receive()
    before.send({"job": "waiting"})
    backend.shutdown()
    # WHEN the queue is opened again
    after = backend.open()
    # THEN the waiting one is there, the held one stays hidden until its timeout, and dedup still holds
    assert [m.body for m in after.receive()] == [{"job": "waiting"}]
    after.send({"job": "held"}, dedup_id="held")
    backend.advance(VISIBILITY_S + 1)
    assert bodies(drain(after)) == [held.body, {"job": "waiting"}]


def test_purge_user_removes_that_users_messages_or_says_it_cannot(queue: Queue) -> None:
    # GIVEN session ends of u1 (two), u2, and u1 of another tenant
    for tenant, user, session in (
        ("t1", "u1", "s1"),
        ("t1", "u1", "s2"),
        ("t1", "u2", "s3"),
        ("t2", "u1", "s4"),
    ):
        queue.send({"tenant_id": tenant, "user_id": user, "session_id": session})
    # WHEN u1 of t1 is purged
    removed = queue.purge_user("t1", "u1")
    left = sorted(message.body["session_id"] for message in drain(queue))
    # THEN their messages are gone and nobody else's (a backend that cannot pick messages out says so
    # with None and disturbs nothing)
    if removed is None:
        assert left == ["s1", "s2", "s3", "s4"]
    else:
        assert (removed, left) == (2, ["s3", "s4"])

"""The `Queue` on Amazon SQS (session end → dream). Use a FIFO queue: only FIFO honours `dedup_id`.

- `send` on a FIFO queue (URL ending `.fifo`) sets `MessageDeduplicationId` to the `dedup_id` (a random one
  without it, so content-based deduplication never merges two sends the caller meant as two) and
  `MessageGroupId` to the body's `tenant_id/user_id`, or a fresh group for a body without them. Messages
  of one user are therefore handed out one in-flight batch at a time (a second session end of a user
  waits until the first is acked or times out), which serialises dreams per user.
- SQS deduplicates for 5 minutes after the first send, acked or not; the port asks "while not acked".
  So on AWS a resend within 5 minutes of an ack is dropped (send a new `dedup_id` for new work, e.g. the
  session-end event id), and a resend more than 5 minutes after a still-pending send is queued again
  (consumers are idempotent). moto drops a duplicate only while the first message is still queued.
- On a standard queue there is no deduplication: `dedup_id` travels as the message attribute
  `reverie-dedup-id` for the consumer's idempotency check (best effort), and a message may on rare
  occasions be delivered twice, so the port's dedup clause holds only on FIFO.
- `receive` long-polls for `wait_time_s` seconds (1 by default: every SQS server is asked, unlike short
  polling, and an empty queue answers within a second), then tops up with immediate polls while messages
  keep coming, up to `max_messages` (SQS may return fewer than asked from one call). A message stays
  hidden for `visibility_timeout_s` (None: the queue's setting) and comes back unless acked.
- `QueueMessage.message_id` is the delivery's receipt handle (what `DeleteMessage` needs), not SQS's
  MessageId. `ack` of an unknown, already deleted or expired receipt is a no-op: an expired delivery has
  gone back to the queue and will be handed out again (at least once).
- `purge_user` returns None: SQS deletes a message only by the receipt of a delivery, and receiving other
  users' messages to find one user's would hide them from the consumer. What stays queued of a forgotten
  user is a session-end notice of ids only (tenant, user, session; never text), gone when consumed or at
  the queue's retention; the dream it starts reads an empty log and writes no card.
- A body that is not a JSON object (sent by something else) is handed over as `{"raw_body": text}`, so the
  consumer rejects it and the queue's redrive policy moves it to the dead-letter queue.
"""

from __future__ import annotations

import hashlib
import json
import re
import uuid
from typing import Any

from botocore.exceptions import BotoCoreError, ClientError  # type: ignore[import-untyped, unused-ignore]

from reverie.domain.errors import InvalidRequest, StorageError
from reverie.ports import Queue, QueueMessage

MAX_RECEIVE = 10  # SQS ReceiveMessage returns at most 10 messages
DEDUP_ATTRIBUTE = "reverie-dedup-id"
_TOKEN = re.compile(r"^[!-~]{1,128}$")  # what SQS accepts as a group or deduplication id
_STALE_RECEIPT = frozenset({"ReceiptHandleIsInvalid", "InvalidIdFormat"})
_HINTS = {
    "AWS.SimpleQueueService.NonExistentQueue": "check the queue URL and region",
    "QueueDoesNotExist": "check the queue URL and region",
    "AccessDenied": "grant sqs:SendMessage, ReceiveMessage, DeleteMessage on the queue (and kms:Decrypt, "
    "kms:GenerateDataKey on its key if it is encrypted with one)",
    "KMS.AccessDeniedException": "grant kms:Decrypt and kms:GenerateDataKey on the queue's key",
}


class SqsQueue(Queue):
    """The `Queue` contract on SQS (see the module docstring for the SQS semantics it maps to).

    `client` is a ready `sqs` client; without one, a client is built with boto3 on first use, never at
    import or construction.
    """

    def __init__(
        self,
        queue_url: str,
        client: Any | None = None,
        wait_time_s: int = 1,
        visibility_timeout_s: int | None = None,
    ) -> None:
        if not 0 <= wait_time_s <= 20:
            raise ValueError("wait_time_s must be between 0 and 20 (the SQS long-polling limit)")
        if visibility_timeout_s is not None and not 0 <= visibility_timeout_s <= 43_200:
            raise ValueError("visibility_timeout_s must be between 0 and 43200 (12 hours)")
        self.queue_url = queue_url
        self.fifo = queue_url.endswith(".fifo")
        self.wait_time_s = wait_time_s
        self.visibility_timeout_s = visibility_timeout_s
        self._client = client

    @property
    def client(self) -> Any:
        if self._client is None:
            import boto3  # type: ignore[import-untyped, unused-ignore]
            from botocore.config import Config  # type: ignore[import-untyped, unused-ignore]

            self._client = boto3.client("sqs", config=Config(retries={"mode": "standard"}))
        return self._client

    def send(self, body: dict[str, Any], dedup_id: str | None = None) -> None:
        request: dict[str, Any] = {"QueueUrl": self.queue_url, "MessageBody": encode_body(body)}
        if self.fifo:
            request["MessageGroupId"] = message_group(body)
            request["MessageDeduplicationId"] = sqs_token(dedup_id) if dedup_id else uuid.uuid4().hex
        elif dedup_id is not None:
            request["MessageAttributes"] = {DEDUP_ATTRIBUTE: {"DataType": "String", "StringValue": dedup_id}}
        self._call("send a message", "send_message", request)

    def receive(self, max_messages: int = 10) -> list[QueueMessage]:
        if not 1 <= max_messages <= MAX_RECEIVE:
            raise InvalidRequest(f"max_messages must be between 1 and {MAX_RECEIVE}, not {max_messages}")
        received: list[dict[str, Any]] = []
        wait = self.wait_time_s
        while len(received) < max_messages:
            request: dict[str, Any] = {
                "QueueUrl": self.queue_url,
                "MaxNumberOfMessages": max_messages - len(received),
                "WaitTimeSeconds": wait,
            }
            if self.visibility_timeout_s is not None:
                request["VisibilityTimeout"] = self.visibility_timeout_s
            batch = self._call("receive messages", "receive_message", request).get("Messages", [])
            if not batch:
                break
            received.extend(batch)
            wait = 0
        return [QueueMessage(message_id=m["ReceiptHandle"], body=decode_body(m["Body"])) for m in received]

    def ack(self, message_id: str) -> None:
        try:
            self.client.delete_message(QueueUrl=self.queue_url, ReceiptHandle=message_id)
        except ClientError as exc:
            code = _code(exc)
            expired = code == "InvalidParameterValue" and "receipt handle" in str(exc).lower()
            if code in _STALE_RECEIPT or expired:
                return
            raise self._failure("ack a message", exc) from exc
        except BotoCoreError as exc:
            raise self._failure("ack a message", exc) from exc

    def purge_user(self, tenant_id: str, user_id: str) -> None:
        return None  # not selectable on SQS: see the module docstring

    def _call(self, action: str, operation: str, request: dict[str, Any]) -> dict[str, Any]:
        try:
            answer: dict[str, Any] = getattr(self.client, operation)(**request)
        except (ClientError, BotoCoreError) as exc:
            raise self._failure(action, exc) from exc
        return answer

    def _failure(self, action: str, exc: Exception) -> StorageError:
        if isinstance(exc, ClientError):
            code = _code(exc)
            hint = _HINTS.get(code, "see this error code in the SQS documentation")
            return StorageError(f"SQS could not {action} on {self.queue_url} ({code}): {hint}")
        return StorageError(f"SQS could not {action} on {self.queue_url}: {exc}")


def encode_body(body: dict[str, Any]) -> str:
    """The body as JSON (ASCII only, so always characters SQS accepts); refused before anything is sent
    when JSON cannot carry it (the same rule as the local queue)."""
    try:
        return json.dumps(body, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise InvalidRequest(f"a queue message body must be plain JSON: {exc}") from exc


def decode_body(text: str) -> dict[str, Any]:
    try:
        body = json.loads(text)
    except ValueError:
        return {"raw_body": text}
    return body if isinstance(body, dict) else {"raw_body": text}


def message_group(body: dict[str, Any]) -> str:
    """The FIFO group: one per (tenant, user) when the body names them, else a group of its own."""
    tenant_id, user_id = body.get("tenant_id"), body.get("user_id")
    if isinstance(tenant_id, str) and isinstance(user_id, str):
        return sqs_token(f"{tenant_id}/{user_id}")
    return uuid.uuid4().hex


def sqs_token(value: str) -> str:
    """`value` if SQS accepts it as a group or deduplication id (1-128 printable ASCII), else its SHA-256."""
    return value if _TOKEN.match(value) else hashlib.sha256(value.encode()).hexdigest()


def _code(exc: ClientError) -> str:
    return str(exc.response.get("Error", {}).get("Code", "Unknown"))

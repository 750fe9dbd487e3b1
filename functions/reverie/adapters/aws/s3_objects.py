"""The S3 calls the log makes, on one bucket: create-only puts, gets, listings, and the removal of every
version under a prefix; S3's and botocore's errors become a `StorageError` that says what to do.

`S3LogStore` (`s3_log`) holds the flow (sessions, batches, idempotency); this holds the primitives it
runs on, the way a Powertools backend fills in `_get_record` / `_put_record` under a shared base.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from botocore.exceptions import BotoCoreError, ClientError  # type: ignore[import-untyped, unused-ignore]

from reverie.domain.errors import StorageError

_TAKEN = frozenset({"PreconditionFailed", "ConditionalRequestConflict"})  # 412, 409: another writer's key
_HINTS = {
    "NoSuchBucket": "check the log bucket name and region",
    "AccessDenied": "grant s3:GetObject, PutObject, ListBucket, ListBucketVersions, DeleteObjectVersion "
    "on the bucket and kms:GenerateDataKey, kms:Decrypt on its key",
    "SlowDown": "S3 is throttling this prefix; retry later",
}


class S3Objects:
    """One bucket's objects. `client` is a ready `s3` client; without one, a client is built with boto3
    on first use, never at import or construction. Puts are encrypted with SSE-KMS under `kms_key_id`
    (and an S3 Bucket Key: fewer KMS calls), else SSE-S3."""

    def __init__(self, bucket: str, kms_key_id: str | None = None, client: Any | None = None) -> None:
        self.bucket = bucket
        self._client = client
        self._encryption: dict[str, Any] = (
            {"ServerSideEncryption": "aws:kms", "SSEKMSKeyId": kms_key_id, "BucketKeyEnabled": True}
            if kms_key_id
            else {"ServerSideEncryption": "AES256"}
        )

    @property
    def client(self) -> Any:
        if self._client is None:
            import boto3  # type: ignore[import-untyped, unused-ignore]
            from botocore.config import Config  # type: ignore[import-untyped, unused-ignore]

            self._client = boto3.client("s3", config=Config(retries={"mode": "standard"}))
        return self._client

    def put_new(self, key: str, body: bytes, metadata: dict[str, str]) -> bool:
        """Create `key`; False if it exists (or is being created) already: S3 never overwrites it."""
        try:
            self.client.put_object(
                Bucket=self.bucket,
                Key=key,
                Body=body,
                IfNoneMatch="*",
                ContentType="application/x-ndjson" if key.endswith(".jsonl") else "application/json",
                Metadata=metadata,
                **self._encryption,
            )
        except ClientError as exc:
            if _code(exc) in _TAKEN:
                return False
            raise self._failure("write", exc) from exc
        except BotoCoreError as exc:
            raise self._failure("write", exc) from exc
        return True

    def get(self, key: str) -> tuple[bytes, dict[str, str]] | None:
        """The object's body and metadata; None if there is no such key."""
        try:
            answer = self.client.get_object(Bucket=self.bucket, Key=key)
            return answer["Body"].read(), answer["Metadata"]
        except ClientError as exc:
            if _code(exc) == "NoSuchKey":
                return None
            raise self._failure("read", exc) from exc
        except BotoCoreError as exc:
            raise self._failure("read", exc) from exc

    def keys(self, prefix: str) -> Iterator[str]:
        """Every key under `prefix`, in S3's (lexicographic) order."""
        with self.errors("list"):
            for page in self.client.get_paginator("list_objects_v2").paginate(
                Bucket=self.bucket, Prefix=prefix
            ):
                yield from (item["Key"] for item in page.get("Contents", []))

    def folders(self, prefix: str, action: str) -> list[str]:
        """The names of the folders right under `prefix` (`a/` of `prefix/a/b`), sorted."""
        with self.errors(action):
            pages = self.client.get_paginator("list_objects_v2").paginate(
                Bucket=self.bucket, Prefix=prefix, Delimiter="/"
            )
            return sorted(
                p["Prefix"][len(prefix) : -1] for page in pages for p in page.get("CommonPrefixes", [])
            )

    def delete_versions(self, prefix: str, action: str) -> list[dict[str, Any]]:
        """Remove every version and delete marker under `prefix`, a thousand per request; the errors of the
        first request S3 refused part of (no request is made after it), or [] once everything is gone."""
        with self.errors(action):
            pages = self.client.get_paginator("list_object_versions").paginate(
                Bucket=self.bucket, Prefix=prefix
            )
            doomed = [
                {"Key": v["Key"], "VersionId": v["VersionId"]}
                for page in pages
                for v in page.get("Versions", []) + page.get("DeleteMarkers", [])
            ]
            for start in range(0, len(doomed), 1000):
                chunk = {"Objects": doomed[start : start + 1000], "Quiet": True}
                if errors := self.client.delete_objects(Bucket=self.bucket, Delete=chunk).get("Errors"):
                    return list(errors)
        return []

    @contextmanager
    def errors(self, action: str) -> Iterator[None]:
        try:
            yield
        except (ClientError, BotoCoreError) as exc:
            raise self._failure(action, exc) from exc

    def _failure(self, action: str, exc: Exception) -> StorageError:
        if not isinstance(exc, ClientError):
            return StorageError(f"S3 could not {action} in bucket {self.bucket}: {exc}")
        hint = _HINTS.get(_code(exc), "see this error code in the S3 documentation")
        return StorageError(f"S3 could not {action} in bucket {self.bucket} ({_code(exc)}): {hint}")


def _code(exc: ClientError) -> str:
    return str(exc.response.get("Error", {}).get("Code", "Unknown"))

"""Forgetting on AWS, as far as it can be emulated here (issue 10, "Deletion").

moto (S3, DynamoDB, SQS): after the service forgets a user, no version or delete marker is left under the
user's S3 prefix, and no DynamoDB item holds the user's id or words; SQS cannot delete chosen messages, and
the report says so. OpenSearch has no data plane in moto: its requests are compared with golden bodies
(delete by query, then a background force merge that expunges the deleted documents' segments).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from moto import mock_aws

from reverie.adapters.aws.dynamo_notes import DynamoNoteStore
from reverie.adapters.aws.dynamo_runs import DynamoRunStore
from reverie.adapters.aws.s3_log import S3LogStore
from reverie.adapters.aws.sqs_queue import SqsQueue
from reverie.adapters.local.rule_reasoner import RuleReasoner
from reverie.domain.models import MemoryType, Scope, ScopeKind
from reverie.services import admin, capture
from reverie.services.backends import Backends
from reverie.services.dream.runner import dream
from reverie.services.forget import Forgotten
from reverie_bench.residues import MARKER, USER, seed_messages
from tests.adapters.test_opensearch_index import golden, open_index
from tests.contract.backends import EMULATED_REGION, emulated_aws
from tests.fakes.backends import fake_backends

pytestmark = pytest.mark.emulated

BUCKET, TABLE, TENANT, OTHER = "reverie-log-forget", "reverie-forget", "acme", "keepme-2b9d"
__all__ = ["golden"]  # the fixture, imported so pytest finds it here


@pytest.fixture
def cloud() -> Iterator[tuple[Backends, Any, Any]]:
    """The AWS adapters on moto: a versioned log bucket, the tenant's table, a FIFO session-end queue."""
    from reverie.adapters.aws.dynamo_table import create_table

    with mock_aws():
        aws = emulated_aws()
        s3 = aws.client("s3", region_name=EMULATED_REGION)
        s3.create_bucket(Bucket=BUCKET)
        s3.put_bucket_versioning(Bucket=BUCKET, VersioningConfiguration={"Status": "Enabled"})
        dynamodb = aws.client("dynamodb", region_name=EMULATED_REGION)
        create_table(dynamodb, TABLE)
        sqs = aws.client("sqs", region_name=EMULATED_REGION)
        url = sqs.create_queue(QueueName="forget.fifo", Attributes={"FifoQueue": "true"})["QueueUrl"]
        b = replace(
            fake_backends(reasoner=RuleReasoner()),
            log=S3LogStore(BUCKET, client=s3),
            notes=DynamoNoteStore(TABLE, client=dynamodb),
            runs=DynamoRunStore(TABLE, client=dynamodb),
            queue=SqsQueue(url, client=sqs, wait_time_s=0),
        )
        yield b, s3, dynamodb


def seed_on_aws(b: Backends, s3: Any) -> None:
    """The user's messages, a dream's cards and run, an org card they wrote, a pending session end, an
    S3 object they overwrote and deleted (old versions and a delete marker); another user's session."""
    me = Scope(tenant_id=TENANT, user_id=USER)
    capture.append_events(b, me, seed_messages(TENANT, USER, "s1"))
    capture.end_session(b, me, "s1", "success")
    dream(b, TENANT, USER)
    org = admin.NewMemory(
        type=MemoryType.FACT, statement=f"The team ships with {MARKER}.", scope=ScopeKind.ORG
    )
    admin.create_memories(b, me, [org], role="admin")  # shared memory is an admin's to write
    for body in (b"first", f"draft {MARKER}".encode()):
        s3.put_object(Bucket=BUCKET, Key=f"{TENANT}/{USER}/exports/notes.txt", Body=body)
    s3.delete_object(Bucket=BUCKET, Key=f"{TENANT}/{USER}/exports/notes.txt")  # a delete marker on top
    capture.append_events(
        b, Scope(tenant_id=TENANT, user_id=OTHER), seed_messages(TENANT, OTHER, "o1", word="teapot")
    )


def forget_on_aws(b: Backends, s3: Any) -> Forgotten:
    seed_on_aws(b, s3)
    return admin.delete_user(b, TENANT, USER)


def test_forgetting_on_s3_removes_every_version_and_delete_marker_of_the_user(
    cloud: tuple[Backends, Any, Any],
) -> None:
    b, s3, _ = cloud
    report = forget_on_aws(b, s3)
    left = s3.list_object_versions(Bucket=BUCKET, Prefix=f"{TENANT}/{USER}/")
    assert left.get("Versions", []) == [] and left.get("DeleteMarkers", []) == []
    others = s3.list_object_versions(Bucket=BUCKET, Prefix=f"{TENANT}/{OTHER}/")
    assert others.get("Versions")  # the other user's log is intact
    assert report.stores["log"].removed and report.stores["log"].remaining == 0


def test_forgetting_on_dynamodb_leaves_no_item_with_the_users_id_or_words(
    cloud: tuple[Backends, Any, Any],
) -> None:
    b, s3, dynamodb = cloud
    seed_on_aws(b, s3)
    before = dynamodb.scan(TableName=TABLE)["Items"]
    assert any(MARKER in json.dumps(item) for item in before)  # cards, versions, stage outputs

    report = admin.delete_user(b, TENANT, USER)

    items = dynamodb.scan(TableName=TABLE)["Items"]
    assert [item["pk"] for item in items if USER in json.dumps(item) or MARKER in json.dumps(item)] == []
    assert len(report.shared_cards) == 1 and report.stores["notes"].remaining == 0
    assert report.stores["runs"].removed and report.stores["runs"].remaining == 0


def test_sqs_cannot_remove_chosen_messages_and_the_report_says_so(cloud: tuple[Backends, Any, Any]) -> None:
    b, s3, _ = cloud
    queue = forget_on_aws(b, s3).stores["queue"]
    assert queue.removed is None and queue.remaining is None
    assert "cannot remove chosen messages" in queue.note


def test_opensearch_deletes_the_users_documents_by_query(golden: Any) -> None:
    assert open_index(golden("delete_user")).delete_user("acme", "alice") == 3


def test_opensearch_compaction_expunges_deleted_documents_in_the_background(golden: Any) -> None:
    assert open_index(golden("forcemerge_expunge")).compact() is True

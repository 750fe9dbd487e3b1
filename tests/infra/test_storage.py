"""The tenant's data at rest: the raw-log bucket and the table are encrypted, private, recoverable."""

from __future__ import annotations

from typing import Any

from aws_cdk.assertions import Template

from reverie.adapters.aws.dynamo_table import TABLE_DEFINITION, TTL_ATTRIBUTE
from tests.infra.conftest import one, resources


def raw_log_bucket(template: Template) -> dict[str, Any]:
    buckets = [b["Properties"] for b in resources(template, "AWS::S3::Bucket").values()]
    return next(b for b in buckets if "LoggingConfiguration" in b)


def test_raw_log_is_kms_encrypted_versioned_private_and_logged(demo: Template) -> None:
    bucket = raw_log_bucket(demo)
    encryption = bucket["BucketEncryption"]["ServerSideEncryptionConfiguration"][0]
    assert encryption["ServerSideEncryptionByDefault"]["SSEAlgorithm"] == "aws:kms"
    assert "KMSMasterKeyID" in encryption["ServerSideEncryptionByDefault"]
    assert encryption["BucketKeyEnabled"] is True
    assert bucket["VersioningConfiguration"] == {"Status": "Enabled"}
    assert bucket["PublicAccessBlockConfiguration"] == {
        "BlockPublicAcls": True,
        "BlockPublicPolicy": True,
        "IgnorePublicAcls": True,
        "RestrictPublicBuckets": True,
    }
    assert bucket["LoggingConfiguration"]["LogFilePrefix"] == "raw-log/"


def test_raw_log_moves_to_an_archive_class_and_old_versions_expire(demo: Template) -> None:
    rule = raw_log_bucket(demo)["LifecycleConfiguration"]["Rules"][0]
    assert rule["Transitions"] == [{"StorageClass": "GLACIER_IR", "TransitionInDays": 90}]
    assert rule["NoncurrentVersionExpiration"] == {"NoncurrentDays": 30}


def test_every_bucket_refuses_requests_without_tls(demo: Template) -> None:
    policies = resources(demo, "AWS::S3::BucketPolicy")
    assert len(policies) == len(resources(demo, "AWS::S3::Bucket"))
    for policy in policies.values():
        assert {
            "Effect": "Deny",
            "Action": "s3:*",
            "Condition": {"Bool": {"aws:SecureTransport": "false"}},
        }.items() <= next(
            s for s in policy["Properties"]["PolicyDocument"]["Statement"] if s["Effect"] == "Deny"
        ).items()


def test_the_key_rotates(demo: Template) -> None:
    assert one(demo, "AWS::KMS::Key")["EnableKeyRotation"] is True


def test_table_is_on_demand_recoverable_encrypted_with_ttl(demo: Template) -> None:
    table = one(demo, "AWS::DynamoDB::Table")
    assert table["BillingMode"] == "PAY_PER_REQUEST"
    assert table["PointInTimeRecoverySpecification"] == {"PointInTimeRecoveryEnabled": True}
    assert table["SSESpecification"]["SSEEnabled"] is True
    assert table["SSESpecification"]["SSEType"] == "KMS"
    assert "KMSMasterKeyId" in table["SSESpecification"]
    assert table["TimeToLiveSpecification"] == {"AttributeName": TTL_ATTRIBUTE, "Enabled": True}


def test_table_mirrors_the_adapters_definition(demo: Template) -> None:
    """Keys, indexes, projections and stream as `TABLE_DEFINITION` (what the contract tests create)."""
    table = one(demo, "AWS::DynamoDB::Table")
    assert table["KeySchema"] == TABLE_DEFINITION["KeySchema"]
    assert sorted(table["AttributeDefinitions"], key=str) == sorted(
        TABLE_DEFINITION["AttributeDefinitions"], key=str
    )
    by_name = {i["IndexName"]: i for i in table["GlobalSecondaryIndexes"]}
    for index in TABLE_DEFINITION["GlobalSecondaryIndexes"]:
        declared = by_name[index["IndexName"]]
        assert declared["KeySchema"] == index["KeySchema"]
        assert declared["Projection"]["ProjectionType"] == index["Projection"]["ProjectionType"]
        assert sorted(declared["Projection"].get("NonKeyAttributes", [])) == sorted(
            index["Projection"].get("NonKeyAttributes", [])
        )
    # nothing reads a stream (the index is kept in step by its writers and the index sync's repair)
    assert "StreamSpecification" not in table and "StreamSpecification" not in TABLE_DEFINITION

"""The tenant's data at rest: its KMS key, the L1 raw-log bucket (with its access-log bucket) and the
DynamoDB table of notes, cards, runs and leases (declared from `TABLE_DEFINITION`, the same definition
the contract tests create in moto, so the two cannot drift)."""

from __future__ import annotations

from typing import Any

import aws_cdk as cdk
from aws_cdk import aws_dynamodb as dynamodb
from aws_cdk import aws_kms as kms
from aws_cdk import aws_s3 as s3
from constructs import Construct

from infra.config import TenantConfig
from infra.permissions import logs_may_use
from reverie.adapters.aws.dynamo_table import TABLE_DEFINITION, TTL_ATTRIBUTE

_PROJECTIONS = {
    "ALL": dynamodb.ProjectionType.ALL,
    "KEYS_ONLY": dynamodb.ProjectionType.KEYS_ONLY,
    "INCLUDE": dynamodb.ProjectionType.INCLUDE,
}


def _attribute(definition: dict[str, Any], role: str) -> dynamodb.Attribute:
    name = next(k["AttributeName"] for k in definition["KeySchema"] if k["KeyType"] == role)
    kind = next(
        a["AttributeType"] for a in TABLE_DEFINITION["AttributeDefinitions"] if a["AttributeName"] == name
    )
    return dynamodb.Attribute(
        name=name, type=dynamodb.AttributeType(dict(S="STRING", N="NUMBER", B="BINARY")[kind])
    )


def removal_policy(config: TenantConfig) -> cdk.RemovalPolicy:
    return cdk.RemovalPolicy.DESTROY if config.removal == "destroy" else cdk.RemovalPolicy.RETAIN


class TenantStorage(Construct):
    """KMS key, raw-log bucket, access-log bucket and the table of one tenant."""

    def __init__(self, scope: Construct, construct_id: str, config: TenantConfig) -> None:
        super().__init__(scope, construct_id)
        removal = removal_policy(config)
        self.key = kms.Key(
            self,
            "DataKey",
            description=f"Reverie {config.tenant}: raw log, table, queue, search and logs",
            enable_key_rotation=True,
            removal_policy=removal,
        )
        # CloudWatch Logs encrypts the stack's log groups with the same key.
        logs_may_use(self.key)
        auto_delete = config.removal == "destroy"
        self.access_logs = s3.Bucket(
            self,
            "AccessLogs",
            encryption=s3.BucketEncryption.S3_MANAGED,  # S3 server access logging cannot write SSE-KMS
            block_public_access=s3.BlockPublicAccess.BLOCK_ALL,
            enforce_ssl=True,
            versioned=True,
            object_ownership=s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
            lifecycle_rules=[
                s3.LifecycleRule(
                    id="expire-access-logs",
                    expiration=cdk.Duration.days(config.retention.access_log_days),
                    noncurrent_version_expiration=cdk.Duration.days(1),
                )
            ],
            removal_policy=removal,
            auto_delete_objects=auto_delete,
        )
        retention = config.retention
        self.raw_log = s3.Bucket(
            self,
            "RawLog",
            encryption=s3.BucketEncryption.KMS,
            encryption_key=self.key,
            bucket_key_enabled=True,
            versioned=True,
            block_public_access=s3.BlockPublicAccess.BLOCK_ALL,
            enforce_ssl=True,
            minimum_tls_version=1.2,
            server_access_logs_bucket=self.access_logs,
            server_access_logs_prefix="raw-log/",
            lifecycle_rules=[
                s3.LifecycleRule(
                    id="archive-old-raw-log",
                    # Glacier Instant Retrieval: still read synchronously by dreams and exports
                    transitions=[
                        s3.Transition(
                            storage_class=s3.StorageClass.GLACIER_INSTANT_RETRIEVAL,
                            transition_after=cdk.Duration.days(retention.raw_log_archive_days),
                        )
                    ],
                    noncurrent_version_expiration=cdk.Duration.days(retention.raw_log_noncurrent_days),
                    abort_incomplete_multipart_upload_after=cdk.Duration.days(7),
                    expired_object_delete_marker=True,
                )
            ],
            removal_policy=removal,
            auto_delete_objects=auto_delete,
        )
        definition = TABLE_DEFINITION
        self.table = dynamodb.Table(
            self,
            "Table",
            partition_key=_attribute(definition, "HASH"),
            sort_key=_attribute(definition, "RANGE"),
            billing_mode=dynamodb.BillingMode.PAY_PER_REQUEST,
            point_in_time_recovery_specification=dynamodb.PointInTimeRecoverySpecification(
                point_in_time_recovery_enabled=True
            ),
            encryption=dynamodb.TableEncryption.CUSTOMER_MANAGED,
            encryption_key=self.key,
            time_to_live_attribute=TTL_ATTRIBUTE,
            deletion_protection=config.removal == "retain",
            removal_policy=removal,
        )
        for index in definition["GlobalSecondaryIndexes"]:
            projection = index["Projection"]
            self.table.add_global_secondary_index(
                index_name=index["IndexName"],
                partition_key=_attribute(index, "HASH"),
                sort_key=_attribute(index, "RANGE"),
                projection_type=_PROJECTIONS[projection["ProjectionType"]],
                non_key_attributes=projection.get("NonKeyAttributes"),
            )

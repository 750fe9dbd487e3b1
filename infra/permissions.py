"""Least-privilege IAM statements of the functions: named actions on named resources, never `*` actions.

CDK's `grant_*` helpers would add wildcard actions (`s3:GetObject*`, `kms:GenerateDataKey*`, `s3:List*`);
these statements list exactly the calls the adapters make (see functions/reverie/adapters/aws/).
"""

from __future__ import annotations

import aws_cdk as cdk
from aws_cdk import aws_dynamodb as dynamodb
from aws_cdk import aws_iam as iam
from aws_cdk import aws_kms as kms
from aws_cdk import aws_s3 as s3

GEO_PREFIXES = ("us.", "eu.", "apac.", "jp.", "au.", "ca.", "us-gov.", "global.")


def table_access(table: dynamodb.ITable, key: kms.IKey, write: bool) -> list[iam.PolicyStatement]:
    actions = ["dynamodb:GetItem", "dynamodb:BatchGetItem", "dynamodb:Query", "dynamodb:ConditionCheckItem"]
    if write:
        actions += [
            "dynamodb:PutItem",
            "dynamodb:UpdateItem",
            "dynamodb:DeleteItem",
            "dynamodb:BatchWriteItem",
        ]
    return [
        iam.PolicyStatement(actions=actions, resources=[table.table_arn, f"{table.table_arn}/index/*"]),
        key_use(key, write),
    ]


def key_use(key: kms.IKey, write: bool) -> iam.PolicyStatement:
    actions = ["kms:Decrypt", "kms:DescribeKey"] + (["kms:Encrypt", "kms:GenerateDataKey"] if write else [])
    return iam.PolicyStatement(actions=actions, resources=[key.key_arn])


def raw_log_access(bucket: s3.IBucket, write: bool, delete: bool) -> list[iam.PolicyStatement]:
    """Read: GET and LIST; write: conditional PUT; delete (forget a user): every version and marker."""
    object_actions = ["s3:GetObject"] + (["s3:PutObject"] if write else [])
    bucket_actions = ["s3:ListBucket"]
    if delete:
        object_actions += ["s3:DeleteObject", "s3:DeleteObjectVersion"]
        bucket_actions += ["s3:ListBucketVersions"]
    return [
        iam.PolicyStatement(actions=object_actions, resources=[bucket.arn_for_objects("*")]),
        iam.PolicyStatement(actions=bucket_actions, resources=[bucket.bucket_arn]),
    ]


def bedrock_models(*model_ids: str | None) -> iam.PolicyStatement | None:
    """InvokeModel (Converse, embeddings) and Rerank on the named models; an inference profile id
    (`eu.anthropic...`) also needs the foundation model in every region the profile routes to."""
    resources: list[str] = []
    for model_id in filter(None, model_ids):
        if model_id.startswith("arn:"):
            resources.append(model_id)
            continue
        base = model_id
        if model_id.startswith(GEO_PREFIXES):
            base = model_id.split(".", 1)[1]
            resources.append(
                f"arn:{cdk.Aws.PARTITION}:bedrock:*:{cdk.Aws.ACCOUNT_ID}:inference-profile/{model_id}"
            )
            resources.append(f"arn:{cdk.Aws.PARTITION}:bedrock:*::foundation-model/{base}")
        else:
            resources.append(f"arn:{cdk.Aws.PARTITION}:bedrock:{cdk.Aws.REGION}::foundation-model/{base}")
    if not resources:
        return None
    return iam.PolicyStatement(
        actions=["bedrock:InvokeModel", "bedrock:InvokeModelWithResponseStream", "bedrock:Rerank"],
        resources=sorted(set(resources)),
    )


def parameter_arn(name: str) -> str:
    return f"arn:{cdk.Aws.PARTITION}:ssm:{cdk.Aws.REGION}:{cdk.Aws.ACCOUNT_ID}:parameter{name}"


def index_stamp(name: str, write: bool) -> iam.PolicyStatement:
    actions = ["ssm:GetParameter"] + (["ssm:PutParameter"] if write else [])
    return iam.PolicyStatement(actions=actions, resources=[parameter_arn(name)])


def start_dreams(state_machine_arn: str) -> list[iam.PolicyStatement]:
    """What a starter (StepFunctionsStarter) calls: StartExecution only; a taken name is its idempotency."""
    return [iam.PolicyStatement(actions=["states:StartExecution"], resources=[state_machine_arn])]


def search_http(domain_arn: str, write: bool) -> iam.PolicyStatement:
    actions = ["es:ESHttpGet", "es:ESHttpHead", "es:ESHttpPost"]
    if write:
        actions += ["es:ESHttpPut", "es:ESHttpDelete"]
    return iam.PolicyStatement(actions=actions, resources=[f"{domain_arn}/*"])


def logs_may_use(key: kms.Key) -> None:
    """Let CloudWatch Logs encrypt this account's log groups with `key` (a key policy's resource is the key
    itself; the encryption context keeps it to log groups of this account)."""
    key.add_to_resource_policy(
        iam.PolicyStatement(
            principals=[iam.ServicePrincipal(f"logs.{cdk.Aws.REGION}.amazonaws.com")],
            actions=[
                "kms:Encrypt*",
                "kms:Decrypt*",
                "kms:ReEncrypt*",
                "kms:GenerateDataKey*",
                "kms:Describe*",
            ],
            resources=["*"],
            conditions={
                "ArnLike": {
                    "kms:EncryptionContext:aws:logs:arn": f"arn:{cdk.Aws.PARTITION}:logs:*:{cdk.Aws.ACCOUNT_ID}:*"
                }
            },
        )
    )

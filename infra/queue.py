"""The session-end queue: FIFO (one message group per tenant/user, so a user's dreams are asked for in
order and one at a time), KMS-encrypted, with a dead-letter queue and an alarm on anything landing there."""

from __future__ import annotations

import aws_cdk as cdk
from aws_cdk import aws_cloudwatch as cloudwatch
from aws_cdk import aws_iam as iam
from aws_cdk import aws_kms as kms
from aws_cdk import aws_sqs as sqs
from constructs import Construct

from infra.config import TenantConfig

MAX_RECEIVES = 5


class SessionEndQueue(Construct):
    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        config: TenantConfig,
        key: kms.IKey,
        consumer_timeout: cdk.Duration,
    ) -> None:
        super().__init__(scope, construct_id)
        self.dead_letters = sqs.Queue(
            self,
            "DeadLetters",
            queue_name=f"reverie-{config.tenant}-session-end-dlq.fifo",
            fifo=True,
            encryption=sqs.QueueEncryption.KMS,
            encryption_master_key=key,
            enforce_ssl=True,
            retention_period=cdk.Duration.days(14),
        )
        self.queue = sqs.Queue(
            self,
            "Queue",
            queue_name=f"reverie-{config.tenant}-session-end.fifo",
            fifo=True,
            encryption=sqs.QueueEncryption.KMS,
            encryption_master_key=key,
            data_key_reuse=cdk.Duration.hours(1),
            enforce_ssl=True,
            # AWS's advice for a Lambda consumer: six times the function's timeout
            visibility_timeout=cdk.Duration.seconds(consumer_timeout.to_seconds() * 6),
            retention_period=cdk.Duration.days(4),
            dead_letter_queue=sqs.DeadLetterQueue(queue=self.dead_letters, max_receive_count=MAX_RECEIVES),
        )
        self.redrive_alarm = cloudwatch.Alarm(
            self,
            "DeadLettersAlarm",
            alarm_name=f"reverie-{config.tenant}-session-end-dead-letters",
            alarm_description=(
                "Session-end messages failed 5 times and were dead-lettered: their sessions are not dreamed "
                "until redriven (see docs/deploy.md, 'Dead letters')."
            ),
            metric=self.dead_letters.metric_approximate_number_of_messages_visible(
                period=cdk.Duration.minutes(5), statistic="Maximum"
            ),
            threshold=0,
            comparison_operator=cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
            evaluation_periods=1,
            treat_missing_data=cloudwatch.TreatMissingData.NOT_BREACHING,
        )

    def send_statements(self, key: kms.IKey) -> list[iam.PolicyStatement]:
        """What a producer (the API's `end session`) needs: send, and the key to encrypt with."""
        return [
            iam.PolicyStatement(
                actions=["sqs:SendMessage", "sqs:GetQueueAttributes"], resources=[self.queue.queue_arn]
            ),
            iam.PolicyStatement(actions=["kms:GenerateDataKey", "kms:Decrypt"], resources=[key.key_arn]),
        ]

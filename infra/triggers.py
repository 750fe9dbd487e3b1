"""What starts a dream: the session-end queue's consumer, the idle sweep, the daily schedule, and the
volume alarm (the tokens of sessions ended within the hour, published by the session-end consumer) whose
state change reaches the sweep through EventBridge."""

from __future__ import annotations

import aws_cdk as cdk
from aws_cdk import aws_cloudwatch as cloudwatch
from aws_cdk import aws_events as events
from aws_cdk import aws_events_targets as targets
from aws_cdk import aws_lambda_event_sources as sources
from constructs import Construct

from infra import permissions
from infra.config import TenantConfig
from infra.dreaming import state_machine_arn
from infra.functions import FunctionEnvironment, TenantFunction
from infra.queue import SessionEndQueue
from infra.storage import TenantStorage

SESSION_END_TIMEOUT = cdk.Duration.seconds(30)
SESSION_END_SERVICE = "session-end"  # the `service` dimension Powertools puts on the consumer's metrics
VOLUME_PERIOD = cdk.Duration.hours(1)


def scheduled_event(detail: dict[str, object]) -> events.RuleTargetInput:
    """A scheduled event whose `detail` is constant (the handlers read `detail-type`, `time`, `detail`)."""
    return events.RuleTargetInput.from_object(
        {"detail-type": "Scheduled Event", "time": events.EventField.time, "detail": detail}
    )


class DreamTriggers(Construct):
    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        config: TenantConfig,
        storage: TenantStorage,
        env: FunctionEnvironment,
        stub_dir: str | None,
    ) -> None:
        super().__init__(scope, construct_id)
        dream_env = env.dream(state_machine_arn(config))
        starts = permissions.start_dreams(state_machine_arn(config))
        self.queue = SessionEndQueue(self, "SessionEnd", config, storage.key, SESSION_END_TIMEOUT)

        self.session_end = TenantFunction(
            self,
            "SessionEndConsumer",
            config=config,
            handler="reverie.handlers.session_end.handler",
            profile="core",
            environment={**env.base(), **dream_env},
            timeout=SESSION_END_TIMEOUT,
            memory_mb=512,
            key=storage.key,
            description="session end -> dream execution",
            stub_dir=stub_dir,
        )
        self.session_end.allow(*starts)
        self.session_end.function.add_event_source(
            sources.SqsEventSource(self.queue.queue, batch_size=10, report_batch_item_failures=True)
        )

        self.sweep = TenantFunction(
            self,
            "Sweep",
            config=config,
            handler="reverie.handlers.trigger_sweep.handler",
            profile="core",
            environment={**env.base(), **env.storage(), **dream_env},
            timeout=cdk.Duration.minutes(5),
            key=storage.key,
            description="idle, daily and volume sweeps",
            stub_dir=stub_dir,
        )
        self.sweep.allow(
            *starts,
            *permissions.table_access(storage.table, storage.key, write=False),
            *permissions.raw_log_access(storage.raw_log, write=False, delete=False),
        )
        sweep_target = targets.LambdaFunction(self.sweep.function, retry_attempts=2)
        dreaming = config.dreaming
        self.idle_rule = events.Rule(
            self,
            "IdleSweep",
            description="Reverie: dream for users idle for REVERIE_DREAM_IDLE_MINUTES",
            schedule=events.Schedule.rate(cdk.Duration.minutes(dreaming.idle_sweep_minutes)),
            targets=[sweep_target],
        )
        self.daily_rule = events.Rule(
            self,
            "DailyDream",
            description="Reverie: dream for every user with pending material",
            schedule=events.Schedule.expression(dreaming.schedule),
            targets=[
                targets.LambdaFunction(
                    self.sweep.function, retry_attempts=2, event=scheduled_event({"sweep": "schedule"})
                )
            ],
        )
        self.volume_alarm: cloudwatch.Alarm | None = None
        if dreaming.volume_tokens is not None:
            self.volume_alarm = cloudwatch.Alarm(
                self,
                "VolumeAlarm",
                alarm_name=f"reverie-{config.tenant}-unconsolidated-volume",
                alarm_description=(
                    "Sessions of over dreaming.volume_tokens ended within the hour: EventBridge starts a "
                    "volume sweep. The metric comes from the session-end consumer, not from the sweep it starts."
                ),
                metric=cloudwatch.Metric(
                    namespace="Reverie",
                    metric_name="EndedSessionTokens",
                    dimensions_map={"tenant": config.tenant, "service": SESSION_END_SERVICE},
                    statistic="Sum",
                    period=VOLUME_PERIOD,
                ),
                threshold=dreaming.volume_tokens,
                comparison_operator=cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
                evaluation_periods=1,
                treat_missing_data=cloudwatch.TreatMissingData.NOT_BREACHING,
            )
            self.volume_rule = events.Rule(
                self,
                "VolumeAlarmToSweep",
                description="Reverie: the unconsolidated-volume alarm went into ALARM: sweep now",
                event_pattern=events.EventPattern(
                    source=["aws.cloudwatch"],
                    detail_type=["CloudWatch Alarm State Change"],
                    resources=[self.volume_alarm.alarm_arn],
                    detail={"state": {"value": ["ALARM"]}},
                ),
                targets=[sweep_target],
            )

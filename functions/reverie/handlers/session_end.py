"""The session-end consumer: SQS batches of ended sessions → one dream execution per (tenant, user, window).

Idempotent without a table: the execution name is derived from (tenant, user, window), so a redelivered
or repeated message asks for a name that is taken and starts nothing. Failed records (a malformed body,
Step Functions unreachable) are reported back to SQS as partial batch failures and retried, then
dead-lettered. Messages of another tenant, or any while dreaming is off, are acknowledged and dropped.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from aws_lambda_powertools.metrics import MetricUnit
from aws_lambda_powertools.utilities.batch import SqsFifoPartialProcessor, process_partial_response
from aws_lambda_powertools.utilities.batch.types import PartialItemFailureResponse
from aws_lambda_powertools.utilities.data_classes.sqs_event import SQSRecord

from reverie.adapters.aws.stepfunctions import window_of
from reverie.bootstrap.aws_settings import SessionEndSettings
from reverie.handlers.inputs import SessionEnded
from reverie.handlers.runtime import Runtime, entry, observability

logger, tracer, metrics = observability("session-end")
runtime = Runtime(SessionEndSettings, metrics)
# FIFO (one message group per user): a failed record holds back only the later records of its own user.
processor = SqsFifoPartialProcessor(skip_group_on_error=True)


def start_dream(record: SQSRecord) -> str | None:
    settings, message = runtime.settings(), SessionEnded.model_validate_json(record.body)
    if message.tenant_id == settings.tenant_id:  # what the volume alarm sums (infra/triggers.py)
        metrics.add_metric(name="EndedSessionTokens", unit=MetricUnit.Count, value=message.tokens)
    if message.tenant_id != settings.tenant_id or not (
        settings.dream_enabled and settings.dream_on_session_end
    ):
        logger.info("not dreaming", extra={"tenant_id": message.tenant_id})  # no user id in logs
        return None
    sent = datetime.fromtimestamp(int(record.attributes.sent_timestamp) / 1000, UTC)
    window = window_of(sent, settings.dream_window_minutes)
    arn = runtime.starter().start(
        settings.tenant_id, message.user_id, window, message.trigger, settings.budget.model_dump()
    )
    # A repeat while the run is going gets the same ARN back; a repeat after it closed gets None.
    metrics.add_metric(
        name="DreamTriggers" if arn else "DreamTriggersDropped", unit=MetricUnit.Count, value=1
    )
    return arn


@entry(logger, tracer, metrics)
def handler(event: dict[str, Any], context: Any) -> PartialItemFailureResponse:
    return process_partial_response(
        event=event, record_handler=start_dream, processor=processor, context=context
    )

"""No secret in a log record: every record of the process is masked where it is made.

`install_log_masking` wraps the logging record factory once per process (every entry point calls it: the
local service and CLI through `build_local`, each Lambda function through `observability`): a record's
message (with its arguments), its stack and its exception text are masked by the write-path guard
before any handler or formatter sees them, whoever logged it (Reverie, boto3, a server). Extra fields
are set on a record after the factory made it, and Powertools renders exceptions from `exc_info` itself:
`MaskingFormatter`, the JSON formatter of every Lambda function, masks those as it renders them.
"""

from __future__ import annotations

import logging
import traceback
from typing import Any

from aws_lambda_powertools.logging.formatter import LambdaPowertoolsFormatter

from reverie.domain.guards import mask_document, mask_secrets

_STANDARD = set(vars(logging.makeLogRecord({}))) | {"message", "asctime"}
_installed = False


def install_log_masking() -> None:
    """Mask every log record made from now on (idempotent)."""
    global _installed
    if _installed:
        return
    make = logging.getLogRecordFactory()

    def masked_record(*args: Any, **kwargs: Any) -> logging.LogRecord:
        return mask_record(make(*args, **kwargs))

    logging.setLogRecordFactory(masked_record)
    _installed = True


def mask_record(record: logging.LogRecord) -> logging.LogRecord:
    """The record with its message, extra fields, stack and exception text masked (in place)."""
    if isinstance(record.msg, dict):
        record.msg = mask_document(record.msg)
    else:
        try:
            message = record.getMessage()
        except (TypeError, ValueError):  # a malformed format: keep what was given, masked
            message = f"{record.msg} {record.args}"
        record.msg, record.args = mask_secrets(message).text, None
    for name, value in list(vars(record).items()):
        if name not in _STANDARD:
            setattr(record, name, mask_document(value))
    if record.exc_info and not record.exc_text:
        record.exc_text = mask_secrets("".join(traceback.format_exception(*record.exc_info)).rstrip()).text
    if record.stack_info:
        record.stack_info = mask_secrets(record.stack_info).text
    return record


class MaskingFormatter(LambdaPowertoolsFormatter):
    """Powertools' JSON formatter, masked: the extra fields (set on a record after the factory made it),
    and exceptions (which it renders from `exc_info`)."""

    def format(self, record: logging.LogRecord) -> str:
        return super().format(mask_record(record))

    def formatException(self, ei: Any) -> str:
        return mask_secrets(super().formatException(ei)).text

    def _serialize_stacktrace(self, log_record: logging.LogRecord) -> Any:
        trace = super()._serialize_stacktrace(log_record)
        if trace is not None:
            trace["value"] = mask_secrets(str(trace["value"])).text
        return trace

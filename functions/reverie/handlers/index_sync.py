"""Index repair and rebuild (scheduled, and on every deploy), instead of a DynamoDB stream consumer.

Every service that writes a card (admin edits, the dream's stages, rollback, review) already calls
`sync_index` for exactly the cards it changed, right after the write. A stream consumer would embed each
change a second time (Bedrock cost), race the service's own write, and see L2 notes and history items that
never belong in the index. What can still go wrong is a crash between the table write and the index write:
`repair` re-syncs the cards changed in the last window. `rebuild` re-embeds every card into the configured
embedding model's own index and stamps it, which lets the functions serve with a new model.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from reverie.bootstrap.aws_settings import IndexSyncSettings
from reverie.handlers.inputs import IndexSyncRequest
from reverie.handlers.jobs import run_index_sync
from reverie.handlers.runtime import Runtime, entry, observability

logger, tracer, metrics = observability("index-sync", patch=("botocore", "requests"))
runtime = Runtime(IndexSyncSettings, metrics)


@entry(logger, tracer, metrics)
def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    request, settings = IndexSyncRequest.from_event(event), runtime.settings()
    done = run_index_sync(
        runtime.backends(),
        runtime.stamp(),
        settings.index_model,
        request,
        datetime.now(UTC),
        settings.tenant_id,
    )
    logger.info("index sync done", extra=done)
    return done

"""The one composition root: settings → adapters → the `Backends` the services use."""

from __future__ import annotations

from reverie.bootstrap.local_settings import LocalSettings
from reverie.ports import Reasoner
from reverie.services.backends import Backends
from reverie.services.dream.triggers import TriggerSettings


def build_reasoner(settings: LocalSettings) -> Reasoner:
    if settings.reasoner == "bedrock":
        from reverie.adapters.aws.bedrock_reasoner import BedrockReasoner

        assert settings.bedrock_model_id is not None  # checked by the settings
        return BedrockReasoner(model_id=settings.bedrock_model_id, region=settings.bedrock_region)
    if settings.reasoner == "openai":
        from reverie.adapters.openai.reasoner import OpenAICompatibleReasoner

        assert settings.openai_base_url is not None and settings.openai_model is not None
        return OpenAICompatibleReasoner(
            base_url=settings.openai_base_url, model=settings.openai_model, api_key=settings.openai_api_key
        )
    from reverie.adapters.local.rule_reasoner import RuleReasoner

    return RuleReasoner()


def build_local(settings: LocalSettings | None = None) -> Backends:
    """Embedded backends: SQLite files under `settings.home`, MiniLM embeddings, WordPiece token counts."""
    from reverie.adapters.local.embedder import MiniLMEmbedder
    from reverie.adapters.local.log_store import SqliteLogStore
    from reverie.adapters.local.note_store import SqliteNoteStore
    from reverie.adapters.local.queue import SqliteQueue
    from reverie.adapters.local.run_store import SqliteRunStore
    from reverie.adapters.local.search_index import SqliteSearchIndex
    from reverie.adapters.local.tokens import WordPieceTokenCounter
    from reverie.bootstrap.log_masking import install_log_masking

    install_log_masking()  # no secret in any log record of the process
    settings = settings or LocalSettings()
    home = settings.home
    home.mkdir(parents=True, exist_ok=True)
    embedder = MiniLMEmbedder(precision=settings.embedder_precision, workers=settings.embedder_workers)
    return Backends(
        log=SqliteLogStore(home / "log.db"),
        notes=SqliteNoteStore(home / "notes.db"),
        index=SqliteSearchIndex(home / "index.db", dim=embedder.dim),
        embedder=embedder,
        tokens=WordPieceTokenCounter(),
        queue=SqliteQueue(home / "queue.db", visibility_timeout_s=settings.queue_visibility_s),
        runs=SqliteRunStore(home / "runs.db"),
        reasoner=build_reasoner(settings),
    )


def trigger_settings(settings: LocalSettings) -> TriggerSettings:
    return TriggerSettings(
        on_session_end=settings.dream_on_session_end,
        idle_minutes=settings.dream_idle_minutes,
        schedule_minutes=settings.dream_schedule_minutes,
        volume_tokens=settings.dream_volume_tokens,
    )

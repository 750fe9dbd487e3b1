"""The one composition root: settings → adapters → the `Backends` the services use."""

from __future__ import annotations

from reverie.services.backends import Backends
from reverie.settings import LocalSettings


def build_local(settings: LocalSettings | None = None) -> Backends:
    """Embedded backends: SQLite files under `settings.home`, MiniLM embeddings, WordPiece token counts."""
    from reverie.adapters.local.embedder import MiniLMEmbedder
    from reverie.adapters.local.log_store import SqliteLogStore
    from reverie.adapters.local.note_store import SqliteNoteStore
    from reverie.adapters.local.queue import SqliteQueue
    from reverie.adapters.local.search_index import SqliteSearchIndex
    from reverie.adapters.local.tokens import WordPieceTokenCounter

    settings = settings or LocalSettings()
    home = settings.home
    home.mkdir(parents=True, exist_ok=True)
    embedder = MiniLMEmbedder()
    return Backends(
        log=SqliteLogStore(home / "log.db"),
        notes=SqliteNoteStore(home / "notes.db"),
        index=SqliteSearchIndex(home / "index.db", dim=embedder.dim),
        embedder=embedder,
        tokens=WordPieceTokenCounter(),
        queue=SqliteQueue(home / "queue.db", visibility_timeout_s=settings.queue_visibility_s),
    )

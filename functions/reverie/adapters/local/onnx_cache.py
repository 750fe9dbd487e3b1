"""Built ONNX models kept as files, so that building one (importing `onnx`, quantising) happens once.

A model is filed under a name and a tag that says what it was built from (graph version, weights file,
precision, onnxruntime version); the tag picks the file name and is also written into the model's metadata.
`open_session` reads a cached file only if onnxruntime loads it and its metadata carries the expected tag:
a corrupt file (truncated, overwritten, empty) or a stale one (built from something else) is deleted and
built again, never used. Where the cache folder cannot be written, the model is kept in memory instead.

Tags name what a model is built from by content (`content_digest`), not by where it lies: every virtualenv and
clone with the same weights shares one file. Opening a cached file marks it used; building a new one removes the
same model's files that no one has opened for `UNUSED_DAYS` (a stale graph version, an old onnxruntime).
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import onnx
    import onnxruntime

TAG_KEY = "reverie.cache_tag"
"""The model metadata entry holding the tag a cached file was built for."""

ModelBuilder = Callable[[], "onnx.ModelProto"]

UNUSED_DAYS = 30
"""A cached model no one has opened for this long is removed when another of its name is built."""

_log = logging.getLogger(__name__)


def default_cache_dir() -> Path:
    """Where built models are kept: $XDG_CACHE_HOME/reverie, else ~/.cache/reverie."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "reverie"


def cache_path(name: str, tag: str, cache_dir: Path | None = None) -> Path:
    """The file a model named `name` and built for `tag` is kept in."""
    digest = hashlib.sha256(tag.encode()).hexdigest()[:16]
    return (cache_dir or default_cache_dir()) / f"{name}-{digest}.onnx"


def content_digest(path: Path, cache_dir: Path | None = None) -> str:
    """The sha256 of a file's bytes, remembered in the cache folder per (path, size, modification time), so a
    large weights file is read once per install rather than at every start."""
    stat = path.stat()
    where = f"{path.resolve()}|{stat.st_size}|{stat.st_mtime_ns}"
    memo = (cache_dir or default_cache_dir()) / "digests" / hashlib.sha256(where.encode()).hexdigest()[:32]
    try:
        known = memo.read_text().strip()
        if len(known) == 64:
            return known
    except OSError:
        pass
    with path.open("rb") as file:
        digest = hashlib.file_digest(file, "sha256").hexdigest()
    try:
        memo.parent.mkdir(parents=True, exist_ok=True)
        partial = memo.with_name(f"{memo.name}.{os.getpid()}.{threading.get_ident()}.partial")
        partial.write_text(digest)
        os.replace(partial, memo)
    except OSError:
        pass  # a read-only cache: the digest is computed again next time
    return digest


def prune_unused(name: str, keep: Path, cache_dir: Path | None = None) -> list[Path]:
    """Remove the cached files of model `name`, other than `keep`, that no one has opened for UNUSED_DAYS."""
    folder = cache_dir or default_cache_dir()
    cutoff = time.time() - UNUSED_DAYS * 86_400
    removed = []
    for path in folder.glob(f"{name}-*.onnx"):
        try:
            if path != keep and path.stat().st_mtime < cutoff:
                path.unlink()
                removed.append(path)
        except OSError:
            continue  # another process removed or replaced it
    return removed


def cached_model(name: str, tag: str, build: ModelBuilder, cache_dir: Path | None = None) -> Path | bytes:
    """The model as a cached file (built, tagged and written on first use), or as bytes when the cache
    folder cannot be written (a read-only file system). The file is not checked here: `open_session` does."""
    path = cache_path(name, tag, cache_dir)
    if path.is_file():
        return path
    model = build()
    del model.metadata_props[:]
    entry = model.metadata_props.add()
    entry.key, entry.value = TAG_KEY, tag
    data: bytes = model.SerializeToString()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}.partial")
        partial.write_bytes(data)
        os.replace(partial, path)  # atomic: a reader never sees half a file
    except OSError:
        return data
    for old in prune_unused(name, path, cache_dir):
        _log.info("removed cached model %s, unused for %d days", old, UNUSED_DAYS)
    return path


def open_session(
    name: str,
    tag: str,
    build: ModelBuilder,
    options: onnxruntime.SessionOptions,
    cache_dir: Path | None = None,
    disabled_optimizers: Sequence[str] = (),
) -> onnxruntime.InferenceSession:
    """An onnxruntime session over the cached model, rebuilding a cached file that is corrupt or stale.
    `disabled_optimizers` names graph rewrites onnxruntime must not apply (names it does not know are
    ignored)."""
    import onnxruntime as ort

    def session(source: str | bytes) -> onnxruntime.InferenceSession:
        return ort.InferenceSession(
            source, options, providers=["CPUExecutionProvider"], disabled_optimizers=list(disabled_optimizers)
        )

    model = cached_model(name, tag, build, cache_dir)
    if isinstance(model, Path):
        try:
            loaded = session(str(model))
        except Exception as exc:  # onnxruntime's load errors derive from Exception only
            problem = f"unreadable ({str(exc)[:120]})"
        else:
            found = loaded.get_modelmeta().custom_metadata_map.get(TAG_KEY)
            if found == tag:
                with contextlib.suppress(OSError):
                    os.utime(model)  # opened: kept by prune_unused
                return loaded
            problem = f"built for {found!r}, not {tag!r}"
        _log.warning("cached model %s is %s: building it again", model, problem)
        model.unlink(missing_ok=True)
        model = cached_model(name, tag, build, cache_dir)
    return session(str(model) if isinstance(model, Path) else model)

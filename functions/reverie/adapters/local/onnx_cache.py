"""Built ONNX models kept as files, so that building one (importing `onnx`, quantising) happens once.

A model is filed under a name and a tag that says what it was built from (graph version, weights file,
precision, onnxruntime version); the tag picks the file name and is also written into the model's metadata.
`open_session` reads a cached file only if onnxruntime loads it and its metadata carries the expected tag:
a corrupt file (truncated, overwritten, empty) or a stale one (built from something else) is deleted and
built again, never used. Where the cache folder cannot be written, the model is kept in memory instead.
"""

from __future__ import annotations

import hashlib
import logging
import os
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import onnx
    import onnxruntime

TAG_KEY = "reverie.cache_tag"
"""The model metadata entry holding the tag a cached file was built for."""

ModelBuilder = Callable[[], "onnx.ModelProto"]

_log = logging.getLogger(__name__)


def default_cache_dir() -> Path:
    """Where built models are kept: $XDG_CACHE_HOME/reverie, else ~/.cache/reverie."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "reverie"


def cache_path(name: str, tag: str, cache_dir: Path | None = None) -> Path:
    """The file a model named `name` and built for `tag` is kept in."""
    digest = hashlib.sha256(tag.encode()).hexdigest()[:16]
    return (cache_dir or default_cache_dir()) / f"{name}-{digest}.onnx"


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
                return loaded
            problem = f"built for {found!r}, not {tag!r}"
        _log.warning("cached model %s is %s: building it again", model, problem)
        model.unlink(missing_ok=True)
        model = cached_model(name, tag, build, cache_dir)
    return session(str(model) if isinstance(model, Path) else model)

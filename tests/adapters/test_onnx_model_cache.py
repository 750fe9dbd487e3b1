"""The cache of built ONNX models (adapters/local/onnx_cache.py): a model is built once and read back; a
cached file that is corrupt or was built for something else is rebuilt, never used; a folder that cannot
be written still gives a working session; tags name weights by content, and files no one opens are pruned. A one-node model stands in for MiniLM, so these run in
milliseconds."""

from __future__ import annotations

import hashlib
import logging
import os
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import onnxruntime as ort
import pytest
from onnx import ModelProto, TensorProto, helper

from reverie.adapters.local.onnx_cache import (
    TAG_KEY,
    UNUSED_DAYS,
    cache_path,
    cached_model,
    content_digest,
    open_session,
)


class Builder:
    """Builds a model y = x * factor and counts how often it was asked to."""

    def __init__(self, factor: float) -> None:
        self.factor = factor
        self.calls = 0

    def __call__(self) -> ModelProto:
        self.calls += 1
        factor = helper.make_tensor("factor", TensorProto.FLOAT, [1], [self.factor])
        graph = helper.make_graph(
            [helper.make_node("Mul", ["x", "factor"], ["y"])],
            "scale",
            [helper.make_tensor_value_info("x", TensorProto.FLOAT, [None])],
            [helper.make_tensor_value_info("y", TensorProto.FLOAT, [None])],
            initializer=[factor],
        )
        model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
        model.ir_version = 8
        return model


def _options() -> ort.SessionOptions:
    options = ort.SessionOptions()
    options.log_severity_level = 3
    return options


def _run(session: ort.InferenceSession) -> float:
    (y,) = session.run(["y"], {"x": np.array([1.0], dtype=np.float32)})
    return float(y[0])


def test_a_model_is_built_once_then_read_from_its_file(tmp_path: Path) -> None:
    # GIVEN an empty cache folder
    build = Builder(2.0)
    # WHEN two sessions are opened for the same name and tag
    first = open_session("scale", "v1", build, _options(), tmp_path)
    second = open_session("scale", "v1", build, _options(), tmp_path)
    # THEN the model was built once, filed under the tag's name, and both sessions run it
    assert build.calls == 1
    assert cache_path("scale", "v1", tmp_path).is_file()
    assert _run(first) == _run(second) == 2.0
    # AND another tag (new weights, a new graph) is another file, built anew
    assert _run(open_session("scale", "v2", Builder(3.0), _options(), tmp_path)) == 3.0


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(lambda data: data[: len(data) // 2], id="truncated"),
        pytest.param(lambda data: b"", id="empty"),
        pytest.param(lambda data: bytes(range(256)) * 4, id="garbage"),
    ],
)
def test_a_corrupt_cached_file_is_rebuilt_not_used(
    tmp_path: Path, damage: Callable[[bytes], bytes], caplog: pytest.LogCaptureFixture
) -> None:
    # GIVEN a cached model whose file was then damaged
    build = Builder(2.0)
    path = cached_model("scale", "v1", build, tmp_path)
    assert isinstance(path, Path)
    path.write_bytes(damage(path.read_bytes()))
    # WHEN a session is opened on it
    with caplog.at_level(logging.WARNING):
        session = open_session("scale", "v1", build, _options(), tmp_path)
    # THEN the model was built again, runs, and the file on disk is whole again
    assert build.calls == 2
    assert _run(session) == 2.0
    assert "building it again" in caplog.text
    assert _run(open_session("scale", "v1", build, _options(), tmp_path)) == 2.0 and build.calls == 2


def test_a_stale_cached_file_is_rebuilt_not_used(tmp_path: Path) -> None:
    # GIVEN a valid model under v1's file name that was built for something else (another tag)
    stale = Builder(5.0)()
    entry = stale.metadata_props.add()
    entry.key, entry.value = TAG_KEY, "v0"
    path = cache_path("scale", "v1", tmp_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(stale.SerializeToString())
    # WHEN a session for v1 is opened
    build = Builder(2.0)
    session = open_session("scale", "v1", build, _options(), tmp_path)
    # THEN v1's model was built and runs, not the stale one
    assert build.calls == 1
    assert _run(session) == 2.0
    # AND a model without any tag (written by an older version) is stale too
    path.write_bytes(Builder(5.0)().SerializeToString())
    assert _run(open_session("scale", "v1", build, _options(), tmp_path)) == 2.0 and build.calls == 2


def test_a_folder_that_cannot_be_written_still_gives_a_session(tmp_path: Path) -> None:
    # GIVEN a cache "folder" below a plain file (it cannot be created)
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    build = Builder(2.0)
    # WHEN the model is asked for THEN it comes as bytes, and a session runs it
    assert isinstance(cached_model("scale", "v1", build, blocked / "cache"), bytes)
    assert _run(open_session("scale", "v1", build, _options(), blocked / "cache")) == 2.0


def test_the_same_weights_in_two_places_have_one_digest(tmp_path: Path) -> None:
    # GIVEN one weights file installed in two virtualenvs, and a third with other bytes
    first, second, other = (tmp_path / d / "model.bin" for d in ("venv1", "venv2", "venv3"))
    for path, data in ((first, b"weights" * 1000), (second, b"weights" * 1000), (other, b"other" * 1000)):
        path.parent.mkdir()
        path.write_bytes(data)
    cache = tmp_path / "cache"
    # WHEN their digests are taken THEN the copies share one (so one cached model) and other bytes differ
    assert content_digest(first, cache) == content_digest(second, cache) != content_digest(other, cache)
    assert content_digest(first, cache) == hashlib.sha256(b"weights" * 1000).hexdigest()
    # AND the digest is remembered: read back without reading the file, until the file changes
    fresh = tmp_path / "fresh-cache"
    content_digest(first, fresh)
    (memo,) = (fresh / "digests").iterdir()
    memo.write_text("a" * 64)  # what a remembered digest looks like
    assert content_digest(first, fresh) == "a" * 64
    first.write_bytes(b"retrained" * 1000)
    assert content_digest(first, fresh) == hashlib.sha256(b"retrained" * 1000).hexdigest()


def test_building_a_model_removes_its_files_no_one_opened_for_a_month(tmp_path: Path) -> None:
    # GIVEN an old build of "scale" unopened for longer than UNUSED_DAYS, a recent one, and another model's old file
    stale_time = time.time() - (UNUSED_DAYS + 1) * 86_400
    old = cached_model("scale", "v0", Builder(1.0), tmp_path)
    recent = cached_model("scale", "v1", Builder(1.0), tmp_path)
    other = cached_model("shift", "v0", Builder(1.0), tmp_path)
    assert isinstance(old, Path) and isinstance(recent, Path) and isinstance(other, Path)
    os.utime(old, (stale_time, stale_time))
    os.utime(other, (stale_time, stale_time))
    # WHEN a new build of "scale" is made
    open_session("scale", "v2", Builder(2.0), _options(), tmp_path)
    # THEN only the old unopened build of "scale" is gone
    assert not old.exists() and recent.exists() and other.exists()


def test_opening_a_cached_model_marks_it_used(tmp_path: Path) -> None:
    # GIVEN a cached model last touched long ago
    path = cached_model("scale", "v1", Builder(2.0), tmp_path)
    assert isinstance(path, Path)
    stale_time = time.time() - (UNUSED_DAYS + 1) * 86_400
    os.utime(path, (stale_time, stale_time))
    # WHEN it is opened THEN it counts as used now, so building another tag does not remove it
    open_session("scale", "v1", Builder(2.0), _options(), tmp_path)
    open_session("scale", "v2", Builder(3.0), _options(), tmp_path)
    assert path.exists()

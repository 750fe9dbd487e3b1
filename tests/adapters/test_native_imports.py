"""The native libraries the local backends load must coexist in one process, in either order.

usearch 2.26.6's compiled module, imported before onnxruntime 1.32, made the interpreter segfault on
onnxruntime's import: a server whose search index met a large partition before its embedder loaded would
die, and so did the test suite. Each order runs in a fresh interpreter, as a process starts."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytest.importorskip("usearch")
pytest.importorskip("onnxruntime")


@pytest.mark.parametrize(
    "first, second", [("usearch.index", "onnxruntime"), ("onnxruntime", "usearch.index")]
)
def test_usearch_and_onnxruntime_load_in_either_order(first: str, second: str) -> None:
    # GIVEN a fresh interpreter WHEN it imports one native library and then the other
    done = subprocess.run(
        [sys.executable, "-c", f"import {first}; import {second}"], capture_output=True, timeout=120
    )
    # THEN it survives (a segfault is returncode -11)
    assert done.returncode == 0, done.stderr.decode()[-2000:]

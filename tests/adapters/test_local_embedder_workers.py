"""The local embedder's batches side by side (adapters/local/batch_workers.py): with `workers=2` one large
call runs two forward passes at once, each batch on one thread, and every vector is the one it gets with
one worker; a single batch stays on the caller's thread; an error in any batch reaches the caller; a forked
child starts helpers of its own. A forward pass that waits at a barrier for a second one stands in for the
model where concurrency is what is checked (the barrier breaks, and the test fails, if the passes run one
after the other)."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from reverie.adapters.local.batch_workers import BatchWorkers
from reverie.adapters.local.embedder import MiniLMEmbedder

F32 = npt.NDArray[np.float32]
TEXTS = ["ok"] * 20 + ["the deploy failed on staging because a role lacked s3 PutObject"] * 4  # two batches


class MeetingEncoder:
    """A forward pass that waits until `parties` passes are inside it at once, recording their threads."""

    def __init__(self, parties: int = 2) -> None:
        self.barrier = threading.Barrier(parties, timeout=20)
        self.threads: set[str] = set()

    def encode(self, ids: npt.NDArray[np.int64], mask: npt.NDArray[np.int64]) -> F32:
        self.threads.add(threading.current_thread().name)
        self.barrier.wait()
        out = np.zeros((len(ids), 384), dtype=np.float32)
        out[:, 0] = mask.sum(axis=1)
        return out


class ThreadRecorder:
    """A forward pass that records the thread it ran on, and fails on texts of `fail_width` tokens."""

    def __init__(self, fail_width: int | None = None) -> None:
        self.threads: list[str] = []
        self.fail_width = fail_width

    def encode(self, ids: npt.NDArray[np.int64], mask: npt.NDArray[np.int64]) -> F32:
        self.threads.append(threading.current_thread().name)
        if ids.shape[1] == self.fail_width:
            raise RuntimeError("forward pass failed")
        return np.zeros((len(ids), 384), dtype=np.float32)


def test_two_workers_run_two_batches_at_once() -> None:
    # GIVEN an embedder with two workers and a call whose texts make two batches
    encoder = MeetingEncoder()
    embedder = MiniLMEmbedder(encoder=encoder, cache_size=0, workers=2)
    # WHEN they are embedded (each pass waits for the other: one after the other would break the barrier)
    out = embedder.embed_array(TEXTS)
    # THEN both passes ran at once, one on the caller's thread, and every row came back in place
    assert len(encoder.threads) == 2 and threading.current_thread().name in encoder.threads
    np.testing.assert_array_equal(out[:, 0], [3] * 20 + [16] * 4)


def test_workers_give_the_same_vectors_as_one_thread() -> None:
    # GIVEN the real model behind one worker and behind two sharing its session
    one = MiniLMEmbedder(cache_size=0)
    two = MiniLMEmbedder(cache_size=0, workers=2, encoder=one.encoder())
    texts = [f"note {i}: " + "the staging deploy was rolled back " * (i % 7) for i in range(60)]
    # WHEN the same texts are embedded by both
    # THEN every vector is the same (each batch is computed whole on one thread)
    np.testing.assert_array_equal(two.embed_array(texts), one.embed_array(texts))


def test_a_single_batch_stays_on_the_callers_thread() -> None:
    # GIVEN an embedder with two workers
    encoder = ThreadRecorder()
    embedder = MiniLMEmbedder(encoder=encoder, cache_size=0, workers=2)
    # WHEN one query and then a few texts of one batch are embedded
    embedder.embed(["what did Alice roll back?"])
    embedder.embed_array(["ok", "fine", "sure"])
    # THEN no helper thread took part
    assert encoder.threads == [threading.current_thread().name] * 2


def test_an_error_in_any_batch_reaches_the_caller() -> None:
    # GIVEN a forward pass that fails on the long texts' batch, whichever thread runs it
    embedder = MiniLMEmbedder(encoder=ThreadRecorder(fail_width=16), cache_size=0, workers=2)
    # WHEN the call is made THEN its error is raised to the caller, not lost on a helper
    with pytest.raises(RuntimeError, match="forward pass failed"):
        embedder.embed_array(TEXTS)


def test_fewer_than_one_worker_is_refused() -> None:
    with pytest.raises(ValueError, match="workers must be at least 1"):
        BatchWorkers(0)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")
def test_a_forked_child_runs_batches_on_helpers_of_its_own() -> None:
    # GIVEN an embedder whose helper thread has started in this process
    encoder = MeetingEncoder()
    embedder = MiniLMEmbedder(encoder=encoder, cache_size=0, workers=2)
    embedder.embed_array(TEXTS)
    # WHEN a forked child embeds a call of two batches (the parent's helper does not exist there)
    encoder.barrier = threading.Barrier(2, timeout=20)
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child's result is its exit code
        try:
            embedder.embed_array(TEXTS)
        except BaseException:
            os._exit(1)
        os._exit(0)
    _, status = os.waitpid(pid, 0)
    # THEN its two passes still ran at once (with the parent's pool they would wait for a dead thread)
    assert os.waitstatus_to_exitcode(status) == 0


def test_the_local_settings_choose_the_workers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from reverie.bootstrap.local import build_local
    from reverie.bootstrap.local_settings import LocalSettings

    # GIVEN no setting THEN up to two workers (one per core); WHEN REVERIE_EMBEDDER_WORKERS=1 THEN one
    default = build_local(LocalSettings(home=tmp_path / "a")).embedder
    monkeypatch.setenv("REVERIE_EMBEDDER_WORKERS", "1")
    chosen = build_local(LocalSettings(home=tmp_path / "b")).embedder
    assert isinstance(default, MiniLMEmbedder) and default.workers == min(2, os.cpu_count() or 1)
    assert isinstance(chosen, MiniLMEmbedder) and chosen.workers == 1

"""Forgetting leaves nothing (issue 10, "Deletion"): after `DELETE /users/{user}` and a memory delete, no byte
of any file in the data folder (-wal and -shm included) holds the forgotten words or the forgotten user's id,
while the stores are open and after they are closed; the server log never held them.

The scenario is `reverie bench residues` (bench/reverie_bench/residues.py) on the embedded stores, the rules
reasoner and a hash embedder. Measured on the code before this test (commit 6e435e8): 354 residues, e.g.
35 hits in the index files and 25 in the log's WAL while open, the FTS5 index and the org card the user
wrote still holding the marker after a clean stop, the pending session end holding the user id.
"""

from __future__ import annotations

import json
import logging
import threading
import urllib.request
from dataclasses import replace
from pathlib import Path

import pytest

from reverie.api.local_server import make_server
from reverie.api.routes import create_app
from reverie.bootstrap.local import build_local
from reverie.bootstrap.local_settings import LocalSettings
from reverie_bench.residues import MARKER, MEMORY_MARKER, USER, Residues, measure
from tests.fakes.backends import fake_backends
from tests.fakes.embedder import HashEmbedder


@pytest.fixture(scope="module")
def residues(tmp_path_factory: pytest.TempPathFactory) -> Residues:
    home: Path = tmp_path_factory.mktemp("residues")
    backends = replace(build_local(LocalSettings(home=home)), embedder=HashEmbedder())
    return measure(home, backends)


def test_the_scenario_put_the_forgotten_words_on_disk_first(residues: Residues) -> None:
    # GIVEN the scenario's writes (messages, a note, a dream's cards and run, an org card, a pending session)
    # THEN before anything was deleted, the data folder held every needle: the scan can see them
    assert all(residues.seeded[needle] > 0 for needle in (MARKER, MEMORY_MARKER, USER)), residues.seeded


def test_forgetting_a_user_leaves_no_byte_of_theirs_in_any_file(residues: Residues) -> None:
    # WHEN the user is forgotten (the data folder scanned while the stores are open, then after closing)
    # THEN no store's files hold the user's word or id, not even in a WAL or the full-text index
    for moment in (residues.open, residues.closed):
        assert {store: hits[MARKER] for store, hits in moment.items() if hits[MARKER]} == {}
        assert {store: hits[USER] for store, hits in moment.items() if hits[USER]} == {}
    assert residues.vocabulary[MARKER] == 0


def test_deleting_one_memory_leaves_its_words_in_no_file(residues: Residues) -> None:
    # WHEN another user deletes one of their memories
    # THEN its words are in no file, open or closed, and not in the full-text vocabulary
    for moment in (residues.open, residues.closed):
        assert {store: hits[MEMORY_MARKER] for store, hits in moment.items() if hits[MEMORY_MARKER]} == {}
    assert residues.vocabulary[MEMORY_MARKER] == 0


def test_the_deletion_report_accounts_for_every_store_and_the_shared_card(residues: Residues) -> None:
    report = residues.report
    assert report is not None
    assert set(report.stores) == {"log", "notes", "index", "vector_cache", "queue", "runs"}
    assert report.remaining == 0
    assert all(store.remaining == 0 and store.compacted for store in report.stores.values())
    # the org card written through the user's path was deleted with them, and the report says so
    assert len(report.shared_cards) == 1
    removed = {name: store.removed for name, store in report.stores.items()}
    assert removed["queue"] == 2  # both session ends were still queued
    assert all(count and count > 0 for count in removed.values()), removed


def test_the_server_log_holds_no_user_id_or_words(
    capfd: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    # GIVEN the local server over the API, logging at INFO (the service's level; DEBUG is a developer's
    # opt-in that also traces Powertools' route parameters)
    caplog.set_level(logging.INFO)
    app = create_app(lambda: backends, "t1")
    backends = fake_backends()
    server = make_server(app, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_address[1]}"

    def call(method: str, path: str, body: object = None) -> int:
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(
            base + path, data=data, method=method, headers={"Content-Type": "application/json"}
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return int(response.status)
        except urllib.error.HTTPError as error:
            return int(error.code)

    # WHEN a user writes, asks, lists by a key holding their word, and is then forgotten
    try:
        event = {"event_id": "e1", "kind": "message", "role": "user", "text": f"I deploy with {MARKER}."}
        statuses = [
            call("POST", f"/users/{USER}/sessions/s-{MARKER}/events", {"events": [event]}),
            call("POST", f"/users/{USER}/sessions/s-{MARKER}/end", {}),
            call("POST", f"/users/{USER}/context", {"query": f"how do I deploy {MARKER}?"}),
            call("GET", f"/users/{USER}/memories?key={MARKER}"),
            call("GET", f"/users/{USER}/memories/m-{MARKER}"),
            call("DELETE", f"/users/{USER}"),
        ]
    finally:
        server.shutdown()
        server.server_close()
        thread.join()

    # THEN every request was answered and logged, and no log line holds the user's id or words
    assert statuses == [200, 202, 200, 200, 404, 200]
    out, err = capfd.readouterr()
    logged = out + err + "\n".join(record.getMessage() for record in caplog.records)
    assert logged.count('"request"') >= len(statuses)
    assert MARKER not in logged and USER not in logged

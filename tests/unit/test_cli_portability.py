"""`reverie export` and `reverie import`: a user's memory to a JSON Lines file and back into another home."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from reverie.bootstrap.local_settings import LocalSettings
from reverie.cli.portability import cmd_export, cmd_import
from reverie.domain.models import Scope
from reverie.services import admin
from reverie.services.admin import NewMemory
from tests.fakes.backends import fake_backends

TENANT = "local"


def test_export_to_a_file_then_import_it_twice_into_another_home(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # GIVEN alice's memory in one home, one card edited (two versions)
    source = fake_backends()
    scope = Scope(tenant_id=TENANT, user_id="alice")
    (card,) = admin.create_memories(
        source, scope, [NewMemory(type="fact", statement="Alice deploys on Mondays")]
    )
    admin.edit_memory(
        source, scope, card.memory_id, 1, {"statement": "Alice deploys on Tuesdays"}, role="admin"
    )
    settings = LocalSettings(home=tmp_path, tenant_id=TENANT)
    out = tmp_path / "alice.jsonl"

    # WHEN it is exported to a file and imported into an empty home, twice
    assert cmd_export(argparse.Namespace(user="alice", events=True, out=str(out)), settings, source) == 0
    target = fake_backends()
    imported = argparse.Namespace(file=str(out), user=None)
    assert cmd_import(imported, settings, target) == 0
    first = json.loads(capsys.readouterr().out)
    assert cmd_import(imported, settings, target) == 0
    second = json.loads(capsys.readouterr().out)

    # THEN the user named in the file has the card at both versions, and the second import changed nothing
    assert (first["user_id"], first["cards_created"], first["versions_added"]) == ("alice", 1, 2)
    assert first["events_stored"] == 1  # the note event that records the direct write
    assert [v.statement for v in target.notes.history(TENANT, card.memory_id)] == [
        "Alice deploys on Mondays",
        "Alice deploys on Tuesdays",
    ]
    assert (second["versions_added"], second["versions_unchanged"], second["events_stored"]) == (0, 2, 0)


def test_an_import_that_leaves_a_card_alone_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # GIVEN a home where alice's card was edited since the export was taken
    b = fake_backends()
    scope = Scope(tenant_id=TENANT, user_id="alice")
    (card,) = admin.create_memories(b, scope, [NewMemory(type="fact", statement="Alice deploys on Mondays")])
    settings = LocalSettings(home=tmp_path, tenant_id=TENANT)
    out = tmp_path / "alice.jsonl"
    cmd_export(argparse.Namespace(user="alice", events=False, out=str(out)), settings, b)
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    lines[1]["statement"] = "Alice deploys on Fridays"
    out.write_text("\n".join(json.dumps(x) for x in lines))

    # WHEN the changed file is imported back
    code = cmd_import(argparse.Namespace(file=str(out), user=None), settings, b)

    # THEN the held card is left as it is, and the exit code says so
    assert code == 1
    assert card.memory_id in json.loads(capsys.readouterr().out)["conflicts"][0]
    assert b.notes.get(TENANT, card.memory_id).statement == "Alice deploys on Mondays"

"""Export a user's memory and import it back: JSON Lines, idempotent, the same ids and versions.

An export is one header record, then every version of every card the user wrote (their own cards and the
shared ones written through their path, oldest version first), then, if asked, the user's raw events:

    {"record": "export", "format": "reverie.export/1", "tenant_id": ..., "user_id": ..., "cards": n, ...}
    {"record": "card", "memory_id": ..., "version": 1, ...}        every field of the card at that version
    {"record": "event", "session_id": ..., "event_id": ..., ...}   the L1 event as stored

Import replays the records into one user's path of this deployment's tenant. Cards keep their ids and
version numbers; a version already held with the same content is left alone, the next missing one is
appended, so importing twice (or in chunks, in file order) changes nothing the second time. A card whose
held version differs from the file's, a gap in its versions, or an id held by another user is not
written: it is reported as a conflict and the rest goes on. Events are appended idempotently by id.

What the note store cannot carry over: a version after the first is stamped `updated_at` when it is
appended (the store's contract), so the import time, not the original one; every other field is the
file's. Both directions need the admin role: an import writes human-approved and shared cards.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from reverie.domain.access import Role, require_admin
from reverie.domain.errors import EventConflict, InvalidRequest, NotFound
from reverie.domain.events import Event, parse_event
from reverie.domain.models import MemoryCard, Scope, ScopeKind
from reverie.ports import CardQuery
from reverie.services.backends import Backends
from reverie.services.indexing import sync_index

FORMAT = "reverie.export/1"
_PAGE = 1_000
# Fields that differ between a store and its copy without the content differing (see the module's docstring)
_NOT_COMPARED = frozenset({"updated_at", "hit_count", "last_hit_at", "tenant_id", "user_id"})


def _user_cards(b: Backends, tenant_id: str, user_id: str) -> list[str]:
    """Ids of the cards the user wrote: user-scoped ones and the shared ones written through their path."""
    scope = Scope(tenant_id=tenant_id, user_id=user_id)
    ids: list[str] = []
    offset = 0
    while True:
        page = b.notes.query(CardQuery(scope=scope, limit=_PAGE, offset=offset))
        ids.extend(c.memory_id for c in page if c.scope is ScopeKind.USER and c.user_id == user_id)
        if len(page) < _PAGE:
            break
        offset += _PAGE
    return sorted(set(ids) | set(b.notes.shared_by(tenant_id, user_id)))


def export_user(
    b: Backends, tenant_id: str, user_id: str, *, events: bool = False, role: Role = "agent"
) -> Iterator[str]:
    """The user's memory as JSON Lines (one record a line, no newline inside): see the module's docstring."""
    require_admin(role, "exporting a user's memory")
    ids = _user_cards(b, tenant_id, user_id)
    histories = [b.notes.history(tenant_id, memory_id) for memory_id in ids]
    raw = b.log.read_user(tenant_id, user_id) if events else []
    header = {
        "record": "export",
        "format": FORMAT,
        "tenant_id": tenant_id,
        "user_id": user_id,
        "exported_at": b.clock().isoformat(),
        "cards": len(histories),
        "versions": sum(len(h) for h in histories),
        "events": len(raw),
    }
    yield json.dumps(header, ensure_ascii=False)
    for versions in histories:
        for card in versions:
            yield json.dumps({"record": "card", **card.model_dump(mode="json")}, ensure_ascii=False)
    for event in raw:
        yield json.dumps({"record": "event", **event.model_dump(mode="json")}, ensure_ascii=False)


@dataclass
class ImportReport:
    """What an import did; `conflicts` names each card or event left alone and why."""

    cards_created: int = 0
    versions_added: int = 0
    versions_unchanged: int = 0
    events_stored: int = 0
    events_duplicate: int = 0
    conflicts: list[str] = field(default_factory=list)


def parse_lines(lines: Iterable[str]) -> list[dict[str, Any]]:
    """The records of JSON Lines text (blank lines skipped); a line that is not a JSON object is refused
    with its number, before anything is written."""
    records: list[dict[str, Any]] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InvalidRequest(
                f"line {number} is not JSON ({exc.msg}): an export has one record a line"
            ) from exc
        if not isinstance(record, dict):
            raise InvalidRequest(f"line {number} is not a JSON object")
        records.append(record)
    return records


def _comparable(card: MemoryCard) -> dict[str, Any]:
    return {k: v for k, v in card.model_dump(mode="json").items() if k not in _NOT_COMPARED}


def _cards_of(records: list[dict[str, Any]], tenant_id: str, user_id: str) -> dict[str, list[MemoryCard]]:
    by_id: dict[str, list[MemoryCard]] = defaultdict(list)
    for n, record in enumerate(records, start=1):
        kind = record.get("record")
        if kind == "export" and record.get("format") != FORMAT:
            raise InvalidRequest(f"record {n}: format {record.get('format')!r} is not {FORMAT}")
        if kind not in ("export", "card", "event"):
            raise InvalidRequest(f"record {n}: 'record' must be export, card or event, not {kind!r}")
        if kind != "card":
            continue
        data = {k: v for k, v in record.items() if k != "record"}
        data.update(tenant_id=tenant_id, user_id=user_id)  # a shared card names its author: this user
        try:
            card = MemoryCard.model_validate(data)
        except ValidationError as exc:
            raise InvalidRequest(f"record {n} is not a valid card: {exc.errors()[0]['msg']}") from exc
        by_id[card.memory_id].append(card)
    return by_id


def _events_of(records: list[dict[str, Any]], tenant_id: str, user_id: str) -> list[Event]:
    found: list[Event] = []
    for n, record in enumerate(records, start=1):
        if record.get("record") == "event":
            data = {k: v for k, v in record.items() if k != "record"}
            try:
                found.append(parse_event({**data, "tenant_id": tenant_id, "user_id": user_id}))
            except ValidationError as exc:
                raise InvalidRequest(f"record {n} is not a valid event: {exc.errors()[0]['msg']}") from exc
    return found


def _import_card(
    b: Backends, versions: list[MemoryCard], user_id: str, report: ImportReport
) -> MemoryCard | None:
    """Replay one card's versions; returns its current version when this import wrote one."""
    first = versions[0]
    try:
        held = b.notes.history(first.tenant_id, first.memory_id)
    except NotFound:
        held = []
    if held and held[-1].user_id != user_id:
        report.conflicts.append(f"card {first.memory_id}: the id is held by another user")
        return None
    written: MemoryCard | None = None
    for card in sorted(versions, key=lambda c: c.version):
        current = held[-1].version if held else 0
        if card.version <= current:
            if _comparable(held[card.version - 1]) != _comparable(card):
                report.conflicts.append(
                    f"card {card.memory_id} v{card.version}: differs from the version held here; left alone"
                )
                return written
            report.versions_unchanged += 1
            continue
        if card.version != current + 1:
            report.conflicts.append(
                f"card {card.memory_id} v{card.version}: versions {current + 1}..{card.version - 1} are missing"
            )
            return written
        if card.version == 1:
            written = b.notes.create(card.model_copy(update={"hit_count": versions[-1].hit_count}))
            report.cards_created += 1
        else:
            written = b.notes.update(card, current)
        report.versions_added += 1
        held.append(written)
    return written


def import_user(
    b: Backends, tenant_id: str, user_id: str, records: list[dict[str, Any]], *, role: Role = "agent"
) -> ImportReport:
    """Import records (of `export_user`, or `parse_lines` of its text) into the user's path, idempotently:
    see the module's docstring. The whole input is validated before anything is written."""
    require_admin(role, "importing a user's memory")
    cards = _cards_of(records, tenant_id, user_id)
    events = _events_of(records, tenant_id, user_id)
    report = ImportReport()
    by_session: dict[str, list[Event]] = defaultdict(list)
    for event in events:
        by_session[event.session_id].append(event)
    for session_id, batch in by_session.items():
        try:
            done = b.log.append(batch)
        except EventConflict as exc:
            report.conflicts.append(f"session {session_id}: {exc}")
            continue
        report.events_stored += done.stored
        report.events_duplicate += done.duplicates
    changed = [c for versions in cards.values() if (c := _import_card(b, versions, user_id, report))]
    if changed:
        sync_index(b, changed)
    return report

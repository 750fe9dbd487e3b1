"""A tool's structured output read as facts: a JSON record from a system of record (an HR lookup, a shop's
inventory, a CRM contact) or a table (a spreadsheet range, a pipe- or tab-separated listing, columns lined up
with spaces under a header line, as a bank or a command line prints them).

Each field of a record is one fact about what the record is of, in the record's own words ("Oat Milk
Soap's available: 48", "Dana Reyes's manager: Li Wei (effective from 2026-03-01)"), with a slot
(`<record>.<field>`) so that a later reading of the same field replaces it and two systems giving another
value at the same moment conflict. Identifiers (`id`, `*_id`, `sku`, URLs) name the record, they say
nothing about it; a nested record is named by its own name field, its other fields in brackets; a list of
dated entries (a service history) is one dated fact per entry (`record_history`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from reverie.adapters.local.rules.language import slug
from reverie.adapters.local.rules.record_history import Entry, history
from reverie.adapters.local.rules.timestamps import spoken_date, spoken_timestamp
from reverie.domain.guards import mask_secrets
from reverie.domain.restatement import terms

MAX_RECORDS = 20  # a long listing is not mined: its first rows
MAX_FIELDS = 12
MAX_VALUE_CHARS = 120
# The field that names what a record is of, in the order they are preferred.
_NAME_FIELDS = (
    "name",
    "full_name",
    "fullname",
    "display_name",
    "title",
    "product",
    "product_name",
    "item",
    "subject",
    "label",
    # a record kept about someone (a clinic's patient, a school's pupil), not one a party is named in (an
    # order's customer, a booking's guest: the record is of the order)
    "patient",
    "employee",
    "member",
    "student",
    "pupil",
    "pet",
    "tenant",  # a landlord's record of a tenancy is kept about its tenant
    # a standing payment (a direct debit, a standing order) is of whom it pays
    "payee",
    # what a garage's or a dealer's record is of
    "vehicle",
    "model",
    # a training app's or a club's profile of whom it tracks
    "athlete",
    "player",
    "runner",
    "rider",
)
# A field that names the record in a system's own words, when it has no name field: the account a CRM keeps,
# the company a registry lists ("account", "company_name"); never a party the record only mentions (an
# order's customer, an invoice's client).
_OWN_NAME_RE = re.compile(r"^(?:account|company|organi[sz]ation|business|firm)(?:_?name)?$", re.I)
# Identifiers name a record (they say nothing about it); a secret's field is never read at all.
_IDENTIFIER_RE = re.compile(
    r"(?:^|_)(?:id|ids|uuid|guid|sku|ref|code|key|url|uri|href|link|etag|hash|token|slug|version|"
    r"password|passwd|pwd|passphrase|secret|pin|cvv|cvc|credentials?|api_?key|apikey)$",
    re.I,
)
# Fields that say how things stand this minute (a job's status, its progress), or when the record itself was
# written or fetched (its stamp, not a fact of what it is of): not worth a card.
_NOW_RE = re.compile(
    r"(?:^|_)(?:status|state|progress|percent|eta|elapsed|remaining|updated(?:_at|_on)?|last_seen|"
    r"(?:last_)?modified(?:_at)?|synced(?:_at)?|exported(?:_at)?|fetched(?:_at)?|generated(?:_at)?|timestamp)$",
    re.I,
)
_CAMEL_RE = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
# A field named with the unit of its number ("ftp_w", "weight_kg", "durationMs"): the unit goes with the
# value ("ftp: 262 W"), so that two systems naming one thing with and without its unit share a slot.
_UNITS = {
    **{u: u for u in ("kg", "km", "cm", "mm", "bpm", "kcal", "mph", "ms", "min")},
    **{u.lower(): u for u in ("W", "kW", "kWh", "GB", "MB", "TB")},
    **dict.fromkeys(("lb", "lbs"), "lb"),
    **dict.fromkeys(("kmh", "kph"), "km/h"),
    **dict.fromkeys(("s", "sec", "secs", "seconds"), "s"),
    **dict.fromkeys(("mins", "minutes"), "min"),
    **dict.fromkeys(("h", "hrs", "hours"), "h"),
    **dict.fromkeys(("pct", "percent"), "%"),
    "m": "m",
}
_CURRENCY_FIELDS = {"gbp": "£", "usd": "$", "eur": "€", "jpy": "¥", "inr": "₹"}
_NUMBER_RE = re.compile(r"^-?\d[\d,]*(?:\.\d+)?$")
# A nested record's field that says when it stops holding ("to", "end_date", "valid_until"), when its value is
# a date: told as "until <date>", the words a stated validity is read from (`domain.validity`).
_END_FIELD_RE = re.compile(
    r"^(?:to|until|till|through|thru|end|ends|end_date|ends?_(?:on|at)|ended_(?:on|at)|expir(?:es|y|ation)"
    r"(?:_?(?:date|on|at))?|valid_(?:to|until|through|thru)|date_to)$",
    re.I,
)
_DATE_VALUE_RE = re.compile(r"^20\d\d-\d\d-\d\d(?:[T ][\d:.]+Z?)?$")
# One name for a field systems spell differently: how many of a thing there are, who someone reports to.
_SLOTS = {
    **dict.fromkeys(
        "available count quantity qty stock in_stock on_hand inventory inventory_quantity units "
        "stock_level available_quantity".split(),
        "quantity",
    ),
    **dict.fromkeys("manager line_manager reports_to supervisor boss".split(), "manager"),
    **dict.fromkeys("job_title title role position".split(), "job_title"),
    **dict.fromkeys("employer current_employer company current_company".split(), "employer"),
    **dict.fromkeys("location office site base".split(), "location"),
}


@dataclass(frozen=True)
class Field:
    """One field of a record, as a fact."""

    subject: str  # what the record is of, as named in it
    label: str  # the field's name in words
    value: str  # its value (a nested record's name, its details in brackets)
    key: str  # `<record>.<field slot>`
    value_terms: frozenset[str]  # what must be told for the field to have been told
    subject_terms: frozenset[str]

    @property
    def statement(self) -> str:
        return mask_secrets(f"{self.subject}'s {self.label}: {self.value}").text


def label(field: str) -> str:
    """`effective_from` → "effective from", `lastCounted` → "last counted"."""
    return " ".join(_CAMEL_RE.sub(" ", field).replace("_", " ").replace("-", " ").split()).lower()


def with_unit(field: str, value: str) -> tuple[str, str]:
    """(the field's name in words, its value) with a unit or currency the name carries moved onto a number:
    ("ftp_w", "262") → ("ftp", "262 W"), ("price_gbp", "18.00") → ("price", "£18.00")."""
    words = label(field).split()
    if len(words) < 2 or not _NUMBER_RE.match(value):
        return " ".join(words), value
    unit, rest = words[-1], " ".join(words[:-1])
    if unit in _CURRENCY_FIELDS:
        return rest, f"{_CURRENCY_FIELDS[unit]}{value}"
    if unit in _UNITS:
        return rest, f"{value}{'' if _UNITS[unit] == '%' else ' '}{_UNITS[unit]}"
    return " ".join(words), value


def _identifier(field: str) -> bool:
    return bool(_IDENTIFIER_RE.search(field.replace(" ", "_"))) or field.lower() in ("id", "#")


def _scalar(value: Any) -> str | None:
    if isinstance(value, bool) or value is None:
        return None if value is None else ("yes" if value else "no")
    if isinstance(value, int | float | str):
        text = spoken_timestamp(" ".join(str(value).split()))  # "2026-12-09T10:00:00Z": 9 December 2026 ...
        return text[:MAX_VALUE_CHARS] if text else None
    if isinstance(value, list) and value and all(isinstance(v, int | float | str) for v in value):
        return ", ".join(str(v) for v in value[:8])[:MAX_VALUE_CHARS]
    return None


def _name_of(record: dict[str, Any]) -> tuple[str | None, str | None]:
    """(the field naming the record, its value): a name field, else a field a system names its records by
    its own way (`_OWN_NAME_RE`: a CRM's "account", a registry's "company_name")."""
    lowered = {k.lower(): k for k in record}
    named = [lowered[n] for n in _NAME_FIELDS if n in lowered]
    named += [k for k in record if _OWN_NAME_RE.search(k.replace(" ", "_")) and k not in named]
    for field in named:
        if isinstance(record[field], str) and record[field].strip():
            return field, " ".join(record[field].split())
    return None, None


def record_name(record: dict[str, Any]) -> str | None:
    """What `record` is of, as its name field says; None when it has none."""
    return _name_of(record)[1]


def _detail_label(field: str, value: str) -> str:
    """A nested field's name in words; "until" for one that dates its end ("to": "2026-07-31")."""
    if _END_FIELD_RE.match(label(field).replace(" ", "_")) and _DATE_VALUE_RE.match(value):
        return "until"
    return label(field)


def _nested(value: dict[str, Any]) -> tuple[str, str] | None:
    """A nested record as a value: (its name, its name with the rest of what it says in brackets: "Li Wei
    (effective from 2026-03-01)")."""
    field, name = _name_of(value)
    if name is None:
        return None
    details = [
        f"{_detail_label(k, text)} {text}"
        for k, v in value.items()
        if k != field and not _identifier(k) and (text := _scalar(v)) is not None
    ]
    return name, (f"{name} ({', '.join(details)})" if details else name)


def record_fields(record: dict[str, Any], subject: str | None = None) -> list[Field]:
    """The facts of one record, named by `subject` (default: its own name field)."""
    name_field, name = _name_of(record)
    subject = subject or name
    if not subject:
        return []
    out: list[Field] = []
    for field, value in record.items():
        if field == name_field or _identifier(field) or _NOW_RE.search(field.replace(" ", "_")):
            continue
        entries = history(value, label)
        if entries is not None:  # a history: each entry a dated fact about what the record is of
            out.extend(_dated(subject, label(field), entries))
            continue
        scalar = _scalar(value)
        found = _nested(value) if isinstance(value, dict) else (scalar, scalar) if scalar else None
        if found is None:
            continue
        told, main = found
        words, main = with_unit(field, main) if scalar else (label(field), main)
        slot = _SLOTS.get(slug(words, 3), slug(words, 3))
        out.append(
            Field(
                subject=subject,
                label=words,
                value=main,
                key=f"{slug(subject, 4)}.{slot}",
                # a date is told as said ("31 August 2026"), not as the system writes it
                value_terms=terms(spoken_date(told) or told),
                subject_terms=terms(subject),
            )
        )
    return out[:MAX_FIELDS]


def _dated(subject: str, words: str, entries: list[Entry]) -> list[Field]:
    """A history's entries as facts: "<subject>'s <history> on <day>: <what was done>", one slot each."""
    return [
        Field(
            subject=subject,
            label=f"{words} on {e.when}",
            value=e.what,
            key=f"{slug(subject, 4)}.{slug(words, 2)}_{e.day.replace('-', '_')}",
            value_terms=terms(e.told),
            subject_terms=terms(subject),
        )
        for e in entries
    ]


def _records(value: Any) -> Iterator[dict[str, Any]]:
    if isinstance(value, dict):
        inner = [v for v in value.values() if isinstance(v, list) and v and isinstance(v[0], dict)]
        if _name_of(value)[1] is None and len(inner) == 1:  # {"results": [...]}: the listing inside
            yield from _records(inner[0])
        else:
            yield value
    elif isinstance(value, list):
        for item in value[:MAX_RECORDS]:
            if isinstance(item, dict):
                yield item


_SEPARATOR_RE = re.compile(r"^[\s|:+=-]+$")
# Columns a listing lines up with spaces (a bank's standing orders, a CLI's table): two spaces or more apart.
_ALIGNED_RE = re.compile(r"\s{2,}")
MAX_HEADER_WORDS = 3  # a column's name is a few words ("next date"), never a sentence


def _cells(line: str, sep: str | re.Pattern[str]) -> list[str]:
    return sep.split(line.strip()) if isinstance(sep, re.Pattern) else line.split(sep)


def _table(text: str) -> list[dict[str, Any]] | None:
    """Rows of a pipe-, tab- or space-aligned table with a header line, as records; None when `text` is
    none. Every line must split into as many cells as the header names columns."""
    lines = [line.strip().strip("|") for line in text.splitlines() if line.strip()]
    lines = [line for line in lines if not _SEPARATOR_RE.match(line)]
    for sep in ("|", "\t", _ALIGNED_RE):
        rows = [[cell.strip() for cell in _cells(line, sep)] for line in lines]
        if len(rows) < 2 or len(rows[0]) < 2 or any(len(r) != len(rows[0]) for r in rows):
            continue
        header = rows[0]
        if any(not h or any(ch.isdigit() for ch in h) or len(h.split()) > MAX_HEADER_WORDS for h in header):
            continue
        return [dict(zip(header, row, strict=True)) for row in rows[1 : MAX_RECORDS + 1]]
    return None


# A line of a settings file: "CURRENCY=gbp", "request_timeout: 30", "export REGION=eu-west-2".
# Keys are written as code writes them (`currency`, `request_timeout`, `CURRENCY`), never as a word with a capital
# ("Invite: ...", "From: ...": a message's labels).
_SETTING_RE = re.compile(
    r"^(?:export\s+)?(?P<key>(?-i:[a-z_][a-z0-9_.-]*|[A-Z_][A-Z0-9_.-]*))\s*[=:]\s*(?P<value>\S.*?)\s*$"
)


# A log's or a reply's labels ("Error: connection refused", "Status: 200"): a moment, not a setting.
_LOG_LABELS = frozenset(
    "error warning warn info debug status note result message reason code details".split()
)


def _settings(text: str) -> dict[str, Any] | None:
    """A settings file's keys and values (`.env`, YAML or INI of flat keys; comment and section lines aside),
    when every other line is a setting (two or more); None when `text` is no such file."""
    lines = [
        line.strip()
        for line in text.splitlines()
        if line.strip() and not line.strip().startswith(("#", ";", "//", "[", "---"))
    ]
    found = [_SETTING_RE.match(line) for line in lines]
    if len(lines) < 2 or not all(found) or any(m and m.group("key").lower() in _LOG_LABELS for m in found):
        return None
    return {m.group("key"): m.group("value").strip("\"'") for m in found if m}


def _row_name(row: dict[str, Any]) -> str | None:
    """A table row's name: its name column, else its first column that is words, not an identifier."""
    name = _name_of(row)[1]
    if name:
        return name
    for field, value in row.items():
        words = isinstance(value, str) and re.search(r"[A-Za-z]{3}", value)
        if words and not _identifier(field) and not re.fullmatch(r"[A-Z0-9_-]+", value):  # a code is no name
            return value
    return None


def read_records(output: str, default_subject: str | None = None) -> list[list[Field]] | None:
    """The records of a structured output (each a list of fields), or None when the output is prose; a JSON
    record with no name field is of `default_subject` when one is given."""
    text = output.strip()
    if text[:1] in "[{":
        try:
            parsed = json.loads(text)
        except ValueError:
            parsed = None
        if parsed is not None:
            return [
                fields
                for record in _records(parsed)
                if (fields := record_fields(record, None if record_name(record) else default_subject))
            ]
    if settings := _settings(text):  # a settings file: one record of its keys
        fields = record_fields(settings, default_subject or "The config")
        return [fields] if fields else None
    rows = _table(text)
    if rows is None:
        return None
    out: list[list[Field]] = []
    for row in rows:
        name = _row_name(row)
        fields = record_fields({k: v for k, v in row.items() if v != name}, subject=name) if name else []
        if fields:
            out.append(fields)
    return out

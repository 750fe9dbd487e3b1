"""Cursor pagination, one shape for every list of the API.

A list answers its items under their own name (`memories`, `users`, `runs`, ...) with `count` (items on
this page), `total` (items across every page of this listing, now) and `next_cursor` (null on the last
page). The next page is asked for with `?cursor=<next_cursor>` and the same filters; `limit` may change
from page to page. A cursor is opaque: it holds the position in the listing and a fingerprint of the
listing's route and filters, so a cursor given to another listing is refused (400) instead of paging
something else.

Positions are offsets into the listing's order (newest first): an item added or changed while a client
pages moves the items after it by one, so a page may repeat an item of the one before (never lose one that
was there when the listing began, unless it was changed or deleted meanwhile).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any, TypeVar

from aws_lambda_powertools.event_handler.openapi.params import Query
from pydantic import BaseModel, Field

from reverie.domain.dream import Change, DreamRun, ReviewItem
from reverie.domain.errors import InvalidRequest
from reverie.domain.models import MemoryCard

T = TypeVar("T")
MAX_OFFSET = 1_000_000
Cursor = Annotated[
    str | None,
    Query(
        max_length=200,
        pattern=r"^[A-Za-z0-9_-]+={0,2}$",
        description="the `next_cursor` of the previous page (same filters); none for the first page",
    ),
]


class PageFields(BaseModel):
    """What every page says besides its items."""

    count: int = Field(description="items on this page")
    total: int = Field(description="items in this listing across every page")
    next_cursor: str | None = Field(description="pass as `cursor` for the next page; null on the last page")


class MemoryPage(PageFields):
    memories: list[MemoryCard]


class VersionPage(PageFields):
    versions: list[MemoryCard] = Field(description="every version of the memory, oldest first")


class RunPage(PageFields):
    runs: list[DreamRun] = Field(description="dream runs, newest first")


class ReviewPage(PageFields):
    items: list[ReviewItem] = Field(description="review items, oldest first")


class RunReport(BaseModel):
    """A dream run and every change it made."""

    run: DreamRun
    changes: list[Change]


class RollbackDone(BaseModel):
    """What rolling a run back did."""

    run_id: str
    restored: list[str] = Field(description="cards given their content from before the run (a new version)")
    rejected: list[str] = Field(description="cards the run created, now a version marked rejected")
    skipped: dict[str, str] = Field(description="cards changed since by someone else, left alone: why")


@dataclass(frozen=True)
class PageRequest:
    """Where a page starts and how long it is, read from `cursor` and `limit` for one `listing`."""

    offset: int
    limit: int
    listing: str

    def next_cursor(self, total: int) -> str | None:
        following = self.offset + self.limit
        return encode_cursor(following, self.listing) if following < total else None

    def cut(self, items: Sequence[T]) -> list[T]:
        """This page of a listing read whole."""
        return list(items[self.offset : self.offset + self.limit])

    def fields(self, count: int, total: int) -> dict[str, Any]:
        """`count`, `total` and `next_cursor` of this page (to build a `PageFields` model)."""
        return {"count": count, "total": total, "next_cursor": self.next_cursor(total)}


def fingerprint(route: str, **filters: object) -> str:
    """A short digest of a listing's route and filters (what a cursor is valid for)."""
    named = json.dumps([route, sorted((k, str(v)) for k, v in filters.items() if v is not None)])
    return hashlib.blake2b(named.encode(), digest_size=6).hexdigest()


def encode_cursor(offset: int, listing: str) -> str:
    raw = json.dumps({"o": offset, "l": listing}, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def page_request(cursor: str | None, limit: int, listing: str, offset: int = 0) -> PageRequest:
    """The page `cursor` names in `listing` (the first page, or `offset`, without one); `InvalidRequest`
    for a cursor that is not one of this listing's."""
    if cursor is None:
        return PageRequest(offset=offset, limit=limit, listing=listing)
    try:
        raw = base64.urlsafe_b64decode(cursor.rstrip("=") + "=" * (-len(cursor.rstrip("=")) % 4))
        decoded = json.loads(raw)
        position, owner = int(decoded["o"]), str(decoded["l"])
    except (binascii.Error, ValueError, KeyError, TypeError):
        raise InvalidRequest(
            "cursor: not a cursor this API gave; pass a page's next_cursor as it is"
        ) from None
    if owner != listing:
        raise InvalidRequest("cursor: it belongs to another listing (another route or other filters)")
    if not 0 <= position <= MAX_OFFSET:
        raise InvalidRequest("cursor: out of range")
    return PageRequest(offset=position, limit=limit, listing=listing)

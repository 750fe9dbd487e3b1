"""What one API request may carry, checked before any route parses it (locally and in Lambda alike).

The limits bound the work a single request can cause: a body past `max_body_bytes` is refused with 413
before it is parsed; JSON nested deeper than `max_json_depth` is refused with 422 before a recursive
parser meets it (Python's `json` and pydantic recurse, and a deep enough document exhausts the stack);
any one string longer than `max_string_chars` is refused with 422 naming the field (a 10 MB tool argument
once made the next dream 50 times slower); a path longer than `max_path_chars` gets 414. Every refusal
says which limit it hit and which setting raises it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from http import HTTPStatus
from itertools import accumulate
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_A_BRACKET = re.compile(r"[^\[\]{}]+")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


class RequestLimits(BaseModel):
    """The limits of one request; locally set by `REVERIE_API_MAX_*` (see `LocalSettings`)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    max_body_bytes: int = Field(default=1_048_576, ge=1_024, le=10_485_760)  # API Gateway stops at 10 MB
    max_json_depth: int = Field(default=32, ge=4, le=200)
    max_string_chars: int = Field(default=65_536, ge=256, le=10_485_760)
    max_path_chars: int = Field(default=2_048, ge=256, le=65_536)


class LimitSettings(BaseModel):
    """The request limits as settings (`REVERIE_API_MAX_*`), mixed into the local service's settings and
    the API function's, so both refuse the same requests."""

    api_max_body_bytes: int = Field(default=1_048_576, ge=1_024, le=10_485_760)
    api_max_json_depth: int = Field(default=32, ge=4, le=200)
    api_max_string_chars: int = Field(default=65_536, ge=256, le=10_485_760)
    api_max_path_chars: int = Field(default=2_048, ge=256, le=65_536)

    def request_limits(self) -> RequestLimits:
        return RequestLimits(
            max_body_bytes=self.api_max_body_bytes,
            max_json_depth=self.api_max_json_depth,
            max_string_chars=self.api_max_string_chars,
            max_path_chars=self.api_max_path_chars,
        )


@dataclass(frozen=True)
class Refusal:
    """Why a request was refused before routing: the status, the error name, the message and the fields."""

    status: HTTPStatus
    error: str
    message: str
    detail: list[dict[str, str]] = field(default_factory=list)


class _NotANumber(ValueError):
    pass


def _not_a_number(constant: str) -> Any:
    raise _NotANumber(constant)  # Python's json reads NaN and Infinity, which JSON does not have


def json_depth(text: str) -> int:
    """How deep a JSON text nests arrays and objects, found without parsing it (so without recursion):
    strings are dropped first, so brackets inside them do not count."""
    brackets = _NOT_A_BRACKET.sub("", _STRING.sub('""', text))
    return max(accumulate(1 if c in "[{" else -1 for c in brackets), default=0)


def long_strings(document: Any, limit: int) -> list[tuple[str, int]]:
    """Every string (object key or value) longer than `limit`, with its dotted path, walked iteratively."""
    found: list[tuple[str, int]] = []
    stack: list[tuple[str, Any]] = [("", document)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, str) and len(value) > limit:
            found.append((path or "(body)", len(value)))
        elif isinstance(value, dict):
            for key, item in value.items():
                child = f"{path}.{key}" if path else str(key)
                if len(key) > limit:
                    found.append((f"{path or '(body)'} (a key)", len(key)))
                stack.append((child, item))
        elif isinstance(value, list):
            stack.extend((f"{path}.{i}" if path else str(i), item) for i, item in enumerate(value))
    return sorted(found)


def check_path(path: str, limits: RequestLimits) -> Refusal | None:
    """414 for a path (with its query string) longer than the limit; 400 for a path holding a control
    character (route patterns would read `/memories/%0A` as `/memories`, ending at the newline)."""
    if _CONTROL.search(path.partition("?")[0]):
        return Refusal(
            HTTPStatus.BAD_REQUEST,
            "BadRequest",
            "the request path holds a control character (a newline, a tab, ...): no id has one",
        )
    if len(path) <= limits.max_path_chars:
        return None
    return Refusal(
        HTTPStatus.REQUEST_URI_TOO_LONG,
        "URITooLong",
        f"the request path is {len(path):,} characters long; at most {limits.max_path_chars:,} are accepted "
        "(REVERIE_API_MAX_PATH_CHARS)",
    )


def check_media_type(content_type: str | None, body: str | None) -> Refusal | None:
    """415 for a body sent as something other than JSON (a form, text): every body of the API is JSON.
    A body without a Content-Type is read as JSON."""
    if not body or not content_type:
        return None
    media = content_type.split(";", 1)[0].strip().lower()
    if media == "application/json" or media.endswith("+json"):
        return None
    return Refusal(
        HTTPStatus.UNSUPPORTED_MEDIA_TYPE,
        "UnsupportedMediaType",
        f"the body is sent as {media or 'nothing'}; the API reads JSON: send Content-Type: application/json",
    )


def check_body(body: str | None, limits: RequestLimits) -> Refusal | None:
    """413 for a body over the size limit; 422 for JSON nested too deep or holding a string too long.
    A body that is not JSON at all is left to the route's validation (422 `json_invalid`)."""
    if not body:
        return None
    size = len(body.encode("utf-8", errors="surrogatepass"))
    if size > limits.max_body_bytes:
        return Refusal(
            HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
            "PayloadTooLarge",
            f"the request body is {size:,} bytes; at most {limits.max_body_bytes:,} are accepted "
            "(REVERIE_API_MAX_BODY_BYTES): send fewer events or memories per request",
        )
    # a body holding fewer brackets than the limit cannot nest deeper (the common case: no scan)
    brackets = body.count("[") + body.count("{")
    depth = json_depth(body) if brackets > limits.max_json_depth else 0
    if depth > limits.max_json_depth:
        return Refusal(
            HTTPStatus.UNPROCESSABLE_ENTITY,
            "ValidationError",
            f"the JSON body nests {depth} levels deep; at most {limits.max_json_depth} are accepted "
            "(REVERIE_API_MAX_JSON_DEPTH)",
            [{"field": "(body)", "in": "body", "message": f"nested {depth} levels deep"}],
        )
    try:
        document = json.loads(body, parse_constant=_not_a_number)
    except _NotANumber as exc:
        return Refusal(
            HTTPStatus.UNPROCESSABLE_ENTITY,
            "ValidationError",
            f"{exc} is not a JSON number: send a finite number",
            [{"field": "(body)", "in": "body", "message": f"{exc} is not a JSON number"}],
        )
    except ValueError:
        return None
    if document is not None and not isinstance(document, dict):
        # every body of the API is an object, or null where it is optional (Powertools would read
        # `[{...}]` as the object inside)
        kind = type(document).__name__
        return Refusal(
            HTTPStatus.UNPROCESSABLE_ENTITY,
            "ValidationError",
            f"the JSON body is a {kind}; the API's bodies are JSON objects",
            [{"field": "(body)", "in": "body", "message": "a JSON object is required"}],
        )
    # no string of a body shorter than the limit can be longer than it
    too_long = long_strings(document, limits.max_string_chars) if len(body) > limits.max_string_chars else []
    if not too_long:
        return None
    return Refusal(
        HTTPStatus.UNPROCESSABLE_ENTITY,
        "ValidationError",
        f"{len(too_long)} string(s) in the body are longer than {limits.max_string_chars:,} characters "
        "(REVERIE_API_MAX_STRING_CHARS): store large outputs elsewhere and send a summary or a reference",
        [
            {
                "field": where,
                "in": "body",
                "message": f"{n:,} characters; at most {limits.max_string_chars:,}",
            }
            for where, n in too_long[:20]
        ],
    )

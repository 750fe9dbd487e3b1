"""The body limits at their exact bounds: a body is scanned for depth or long strings only when it could
break them (it holds more brackets than the depth limit, or is longer than the string limit), so these
check that skipping the scan never lets through what the scan would refuse."""

from __future__ import annotations

import json

import pytest

from reverie.api.limits import RequestLimits, check_body

LIMITS = RequestLimits(max_json_depth=4, max_string_chars=256)


def nested(depth: int) -> str:
    """`{"a": [[...]]}` nesting `depth` levels, with no other bracket."""
    return '{"a": ' + "[" * (depth - 1) + "]" * (depth - 1) + "}"


@pytest.mark.parametrize(("depth", "refused"), [(4, False), (5, True)])
def test_a_body_one_level_too_deep_is_refused_even_with_no_other_bracket(depth: int, refused: bool) -> None:
    # GIVEN a body nesting exactly `depth` levels, its only brackets those of the nesting
    body = nested(depth)
    # WHEN it is checked against a depth limit of 4
    refusal = check_body(body, LIMITS)
    # THEN one level past the limit is refused (422), the limit itself is not
    assert (refusal is not None) is refused
    if refusal is not None:
        assert refusal.status == 422 and "5 levels deep" in refusal.message


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    body = json.dumps({"text": "[[[[[[{{{{{{"})
    assert check_body(body, LIMITS) is None


@pytest.mark.parametrize(("length", "refused"), [(256, False), (257, True)])
def test_a_string_one_character_too_long_is_refused(length: int, refused: bool) -> None:
    # GIVEN a body whose one string is `length` characters, the body barely longer than it
    body = json.dumps({"t": "x" * length})
    # WHEN it is checked against a string limit of 256
    refusal = check_body(body, LIMITS)
    # THEN 257 characters are refused naming the field, 256 are not
    assert (refusal is not None) is refused
    if refusal is not None:
        assert refusal.detail[0]["field"] == "t"


def test_an_escaped_string_is_measured_as_decoded() -> None:
    # GIVEN 100 characters sent escaped (600 characters of body, more than the limit)
    body = json.dumps({"t": "é" * 100}, ensure_ascii=True)
    # THEN the string is 100 characters long: within the limit
    assert len(body) > LIMITS.max_string_chars
    assert check_body(body, LIMITS) is None

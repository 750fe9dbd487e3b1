"""A value given to one person and, in the same breath, its old value to another: "Mum's birthday is 14 May, 4 May
is Dad's" says two things, "Mum's birthday is 14 May" and "Dad's birthday is 4 May". Read whole, the second half
("4 May is Dad's") names no attribute and rides on the first, so the correction to Mum's birthday would carry a
date that is not hers. The half that says whose the other value is gets the attribute said again.
"""

from __future__ import annotations

import re

_REASSIGNED_RE = re.compile(
    r"(?P<first>\b(?P<owner>(?:(?:my|our)\s+)?[\w-]+)'s\s+(?P<attr>[a-z]+(?:\s+[a-z]+)?)\s+is\s+(?P<v1>[^,.;]+?)),\s+"
    r"(?:and\s+|but\s+)?(?P<v2>[^,.;]+?)\s+is\s+(?P<other>(?:(?:my|our)\s+)?[\w-]+)'s(?P<end>[.!]?)(?=\s|$)",
    re.I,
)


def with_value_reassigned(text: str) -> str:
    """ "Mum's birthday is 14 May, 4 May is Dad's." → "Mum's birthday is 14 May. Dad's birthday is 4 May."; `text`
    as it is otherwise."""

    def split(found: re.Match[str]) -> str:
        other = found.group("other")
        return (
            f"{found.group('first')}. {other[:1].upper()}{other[1:]}'s {found.group('attr')} is {found.group('v2')}"
            f"{found.group('end') or '.'}"
        )

    return _REASSIGNED_RE.sub(split, text)

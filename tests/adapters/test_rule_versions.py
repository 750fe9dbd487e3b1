"""A named thing's version or number is a value of what a sentence says ("needs Node 20" against "needs Node
18.19.0"): two of them for one thing disagree; two named things ("Node 20", "Postgres 15") are two things."""

from __future__ import annotations

import pytest

from reverie.adapters.local.rules.values import another_value


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("The billing service needs Python 3.12 (from pyproject).", "The billing service needs Python 3.10."),
        ("The render farm runs Blender 4.1.", "The render farm runs Blender 3.6."),
    ],
)
def test_two_versions_of_one_named_thing_are_two_values(a: str, b: str) -> None:
    assert another_value(a, b) and another_value(b, a)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("The API uses Postgres 15.", "The API uses Redis 7."),  # two things
        ("The API uses Postgres 15.", "The API uses Postgres 15."),  # the same value
    ],
)
def test_two_named_things_or_one_value_are_no_disagreement(a: str, b: str) -> None:
    assert not another_value(a, b)

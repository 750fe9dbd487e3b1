"""A slot key's subject is made of the person's name however it is written: accents fold, other scripts stay,
so 'Tomás' is never keyed as 'tom_s', and a card about 王芳 is never keyed as the user's own."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.keys import statement_key
from reverie.adapters.local.rules.language import slug, subject_of
from tests.fakes.rule_session import RuleSession


@pytest.mark.parametrize(
    ("name", "subject"),
    [
        ("Tomás", "tomas"),
        ("Zoë Müller", "zoe_muller"),
        ("王芳", "王芳"),
        ("Ngozi", "ngozi"),
        ("the user", "user"),
        ("!!", "user"),  # nothing to name them by: the user, as before
    ],
)
def test_a_name_in_any_script_is_its_keys_subject(name: str, subject: str) -> None:
    assert subject_of(name) == subject


def test_a_slug_folds_accents_and_splits_snake_case() -> None:
    assert slug("Café opening_hours") == "cafe_opening_hours"


def test_a_name_with_an_accent_keeps_its_letters_in_the_cards_key() -> None:
    # GIVEN a user naming their son, whose name carries a diaeresis, and where he works
    session = RuleSession(datetime(2026, 4, 1, 9, 0, tzinfo=UTC))
    found = session.extract(session.told("My son Zoë-Anne works at Arup."))
    keys = [c.key or statement_key(c.statement) for c in found]
    # THEN the slot's key spells his name with its letters folded, not cut at the accent
    assert keys == ["zoe_anne.employer"], keys


def test_what_is_said_of_someone_named_with_a_relation_is_no_slot_of_the_relation() -> None:
    # GIVEN the user's daughter, named, and a fact about her that is not who she is to them
    session = RuleSession(datetime(2026, 4, 1, 9, 0, tzinfo=UTC))
    found = session.extract(session.told("My daughter Maisie is allergic to peanuts."))
    # THEN it takes no slot named for "daughter Maisie" (a later fact about her would replace it)
    assert [c.key for c in found] == [None]

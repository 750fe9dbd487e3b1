"""Household news that changes what is held: a bank account or a broadband supplier switched by name, a partner
after a split, an application decided, a pet got and named, a blood group put right, lessons in a pursuit being
learnt; and a bank account number after its sort code, masked."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.keys import statement_key
from reverie.adapters.local.rules.merge import decide
from reverie.domain.guards import mask_secrets
from reverie.domain.models import MemoryType
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 2, 10, 9, 0, tzinfo=UTC))


@pytest.mark.parametrize(
    ("said", "key"),
    [
        ("Mo has switched broadband to Zen.", "mo.broadband"),
        ("Mo changed energy supplier to Octopus.", "mo.energy"),  # the supplier: the energy it supplies
        ("Kit moved their current account to Starling last month.", "kit.bank"),
        ("Lex's partner's name is Chris.", "lex.partner"),
        ("Mo moved their desk to the window.", None),  # NEGATIVE: a thing moved to a place
    ],
)
def test_an_attribute_switched_by_name_is_its_slot(said: str, key: str | None) -> None:
    assert statement_key(said) == key


@pytest.mark.parametrize(
    ("later", "card"),
    [
        ("Mo has switched broadband to Zen.", "Mo's broadband is with Virgin."),
        ("Kit moved their current account to Starling last month.", "Kit banks with Barclays."),
        ("Chris and Lex split up in the summer.", "Lex's partner's name is Chris."),
        ("Lex is seeing someone called Dev now.", "Lex's partner's name is Chris."),
    ],
)
def test_the_new_value_replaces_the_held_one(later: str, card: str) -> None:
    decision = decide(cand(later), [held(card)])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


def test_an_application_is_a_plan_its_decision_ends() -> None:
    (applying,) = S.extract(S.told("I'm applying for a mortgage with Nationwide."))
    assert applying.type is MemoryType.PLAN
    assert S.statements("Mortgage approved! Nationwide said yes.") == ["The user's mortgage is approved."]
    decision = decide(
        cand("The user's mortgage is approved.", days=60),
        [held("The user is applying for a mortgage with Nationwide.", type=MemoryType.PLAN)],
    )
    assert decision.action is MergeAction.SUPERSEDE
    assert S.statements("MOT done, passed.") == ["The user's MOT is done, passed."]  # capitals of a name stay


def test_a_pet_got_and_named_in_the_next_sentence() -> None:
    assert S.statements("We got a dog! A rescue greyhound called Bolt.") == [
        "The user got a dog.",
        "The user's dog is a rescue greyhound called Bolt.",
    ]
    assert S.statements("I got a haircut.") == []  # NEGATIVE: no pet, too little to keep


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("Checked my donor card, I'm actually O positive.", ("user.blood_type", "The user is O positive.")),
        ("I'm AB negative.", ("user.blood_type", "The user is AB negative.")),
    ],
)
def test_a_blood_group_is_the_blood_type_slot(said: str, kept: tuple[str, str]) -> None:
    assert kept in [(c.key, c.statement) for c in S.extract(S.told(said))]


def test_a_positive_person_has_no_blood_group() -> None:
    assert all(c.key != "user.blood_type" for c in S.extract(S.told("I'm a positive person.")))  # NEGATIVE


def test_lessons_in_a_pursuit_being_learnt_fuse_into_it() -> None:
    decision = decide(
        cand("Ona has got guitar lessons with Sam on Thursdays."), [held("Ona is learning the guitar.")]
    )
    assert (decision.action, decision.target_id) == (MergeAction.FUSE, "m-1")
    other = decide(
        cand("Ona has got piano lessons with Sam on Thursdays."), [held("Ona is learning the guitar.")]
    )
    assert other.action is MergeAction.ADD  # NEGATIVE: another instrument


@pytest.mark.parametrize(
    ("text", "masked"),
    [
        ("Sort code 20-00-00, account 12345678, that's my Barclays account.", "12345678"),
        ("our savings account is 87654321", "87654321"),
    ],
)
def test_an_account_number_after_its_sort_code_or_named_as_ones_own_is_masked(text: str, masked: str) -> None:
    assert masked not in mask_secrets(text).text


@pytest.mark.parametrize("text", ["Order 12345678 arrives Friday.", "the prod account 123456789012"])
def test_an_order_number_or_a_cloud_account_is_no_bank_account(text: str) -> None:
    assert mask_secrets(text).text == text  # NEGATIVE

"""A person of the speaker's has slots of their own ("my sister has moved to York": `user.sister.home_city`), so
a later fact of another kind about them ("my sister is a nurse") never replaces it, while a new value of the same
kind does; "Gran" said as a name is the speaker's gran. Also: a change done to the speaker by an unnamed "they"
("they've put me on nights"), a title given ("made team lead"), an age said as a number, and a rule about "it"
alone, which names nothing a later session could place."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.keys import attribute_key, statement_key
from reverie.adapters.local.rules.merge import decide
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 2, 10, 9, 0, tzinfo=UTC))


def keys(said: str) -> list[str | None]:
    return [c.key for c in S.extract(S.told(said))]


@pytest.mark.parametrize(
    ("said", "key"),
    [
        ("My sister has moved to York.", "user.sister.home_city"),
        ("My sister's moved to York.", "user.sister.home_city"),
        ("Our eldest son works at the Co-op now.", "user.eldest_son.employer"),
        ("My mum lives in Whitby.", "user.mother.home_city"),
        ("My dad is a retired plumber.", "user.father.job_title"),
        ("My son is 7.", "user.son.age"),
    ],
)
def test_what_is_said_of_a_person_of_the_speakers_is_in_their_own_slot(said: str, key: str) -> None:
    assert attribute_key(said, "user") == key


@pytest.mark.parametrize(
    ("said", "key"),
    [
        ("My husband is Tom.", "user.partner"),  # who he is: the partner slot, as before
        ("My boss is Ana Ruiz.", "user.manager"),
        ("My daughter Maisie is allergic to nuts.", None),  # said of Maisie, by name
        ("My sister's flat is in Leeds.", None),  # a thing of hers, not her
    ],
)
def test_who_a_person_is_or_a_thing_of_theirs_is_not_read_as_their_state(said: str, key: str | None) -> None:
    assert attribute_key(said, "user") == key


def test_a_later_fact_of_another_kind_about_the_sister_keeps_her_move() -> None:
    # GIVEN the sister's move is held, in her own slot
    moved = held(
        "The user's sister has moved to York.", attribute_key("My sister has moved to York.", "user")
    )
    # WHEN the user later says what she does
    decision = decide(
        cand("The user's sister is a nurse.", attribute_key("My sister is a nurse.", "user")), [moved]
    )
    # THEN it is a new card: before, both were `user.sister` and the job replaced the move
    assert decision.action is MergeAction.ADD


def test_a_new_home_of_the_sister_replaces_the_old() -> None:
    moved = held("The user's sister lives in Leeds.", "user.sister.home_city")
    decision = decide(cand("The user's sister has moved to York.", "user.sister.home_city"), [moved])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1")


def test_gran_said_as_a_name_is_the_speakers_gran() -> None:
    # GIVEN "my gran" in one session, "Gran" as a name in the next: one slot, whatever word names her
    assert keys("My gran lives on her own in Hull.") == ["user.grandmother.home_city"]
    assert keys("Gran's moved in with my Auntie Sue in Beverley.") == ["user.grandmother.home_city"]
    assert statement_key("Mum has moved to Leeds.") == "user.mother.home_city"
    # NEGATIVE: someone named is their own subject, and "Mamma Mia" names no one
    assert statement_key("Ana has moved to Leeds.") == "ana.home_city"
    assert keys("Mamma Mia is on at the Novello this month.") == [None]


@pytest.mark.parametrize(
    ("said", "key"),
    [
        ("They've put me on nights at the warehouse from this week.", "user.shift_pattern"),
        ("They moved me to ward 9 last month.", "user.workplace"),
        ("They've made me team lead.", "user.job_title"),
    ],
)
def test_a_change_an_unnamed_they_made_to_the_speaker_is_the_speakers_new_state(said: str, key: str) -> None:
    assert keys(said) == [key]


@pytest.mark.parametrize(
    "said", ["They put me in a taxi home.", "They made me a cup of tea.", "I got made redundant in May."]
)
def test_what_they_did_for_the_speaker_sets_no_slot(said: str) -> None:
    assert keys(said) == [None]  # NEGATIVE: no state of the speaker's changed


@pytest.mark.parametrize(
    ("said", "key"),
    [
        ("I'm 34.", "user.age"),
        ("I turned 40 in May.", "user.age"),
        ("My son turned 4 this week.", "user.son.age"),
        ("I'm 7 months pregnant.", None),
        ("I turned the oven off.", None),
    ],
)
def test_an_age_said_as_a_number(said: str, key: str | None) -> None:
    assert attribute_key(said, "user") == key


@pytest.mark.parametrize(
    "said",
    [
        "Don't rewrite it.",
        "Please don't touch them.",
        "Just check this one email for typos, don't rewrite it.",
    ],
)
def test_a_rule_naming_nothing_but_it_is_not_kept(said: str) -> None:
    assert S.statements(said) == []


@pytest.mark.parametrize(
    "said", ["Don't ever rewrite my emails.", "Never auto-format that file.", "Don't use tabs."]
)
def test_a_rule_naming_what_it_is_about_is_kept(said: str) -> None:
    assert len(S.statements(said)) == 1  # NEGATIVE: it names its thing


@pytest.mark.parametrize(
    ("said", "key"),
    [
        ("My sister is Ana.", None),  # one sister of maybe several: a second one named later replaces nothing
        ("My son is called Leo.", None),
        ("My best friend is Jo.", "user.best_friend"),  # one of a kind: a new one is the latest
        ("My husband is Tom.", "user.partner"),
    ],
)
def test_a_name_given_for_one_of_several_relations_is_no_slot(said: str, key: str | None) -> None:
    assert attribute_key(said, "user") == key

"""Facts about someone the user names with their relation ("my daughter Maisie", "Sam's son Leo").

What is said of them is said of the person, in the person's slots (where they live, work, go to school, what
they work as), never in one slot named for the relation: "my daughter Maisie is allergic to nuts" and, months
later, "my daughter Maisie is in Year 4" are two facts about Maisie, and neither replaces the other; "Maisie
started at Oakfield Juniors" replaces the school she went to; "I'm a nurse" and later "I'm a paramedic now"
is a new job title.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.adapters.local.rules.keys import attribute_key, statement_key
from reverie.adapters.local.rules.merge import decide
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession


@pytest.mark.parametrize(
    ("new", "old"),
    [
        ("Leo moved to York.", "Sam's son Leo lives in Leeds."),
        (
            "Maisie started at Oakfield Juniors in September, she loves it.",
            "Hal's daughter Maisie is in Year 3 at St Anne's Primary.",
        ),
        ("Leo now goes to Oakfield Juniors.", "Leo goes to Hillside Primary."),
        ("Leo is a paramedic now.", "Sam's son Leo is a nurse."),
        ("The user is a paramedic now.", "The user is a nurse."),
    ],
)
def test_a_new_value_of_a_named_persons_slot_replaces_the_old(new: str, old: str) -> None:
    decision = decide(cand(new), [held(old)])
    assert (decision.action, decision.target_id) == (MergeAction.SUPERSEDE, "m-1"), decision.reason


@pytest.mark.parametrize(
    ("new", "old"),
    [
        # two facts about one person named with their relation (NEGATIVE)
        ("Sam's daughter Maisie is in Year 4.", "Sam's daughter Maisie is allergic to nuts."),
        ("Sam's son Leo is allergic to eggs.", "Sam's son Leo is a nurse."),
        # a club is no school (NEGATIVE)
        ("Leo is at the swimming club on Tuesdays.", "Leo goes to Hillside Primary."),
    ],
)
def test_another_fact_about_a_named_person_replaces_nothing(new: str, old: str) -> None:
    assert decide(cand(new), [held(old)]).action is not MergeAction.SUPERSEDE


@pytest.mark.parametrize(
    ("said", "key"),
    [
        ("I'm a nurse.", "sam.job_title"),
        ("I'm now a senior nurse", "sam.job_title"),
        ("I'm a nurse at St Mary's.", "sam.employer"),  # where one works, named
        ("I have a therapist", None),  # whom one sees (NEGATIVE)
        ("I'm a nurse by training", None),  # not what one works as now (NEGATIVE)
        ("My daughter Maisie is allergic to nuts.", None),  # of Maisie, not a slot of the user's
    ],
)
def test_what_one_works_as_is_a_slot(said: str, key: str | None) -> None:
    assert attribute_key(said, "sam") == key


def test_the_person_named_last_is_whom_a_statement_is_about() -> None:
    assert statement_key("Hal's daughter Maisie is in Year 3 at St Anne's Primary.") == "maisie.school"
    assert statement_key("Sam's best friend Jo lives in Leeds.") == "jo.home_city"


def _said(*texts: str) -> list[str]:
    session = RuleSession(datetime(2026, 4, 1, 9, 0, tzinfo=UTC))
    events = [session.ev("a0", 0, role="assistant", text="Hi.")]
    for n, text in enumerate(texts, start=1):
        events += [
            session.ev(f"m{n}", 10 * n, text=text),
            session.ev(f"a{n}", 10 * n + 5, role="assistant", text="OK."),
        ]
    return [c.statement for c in session.extract(events)]


def test_her_in_a_message_naming_no_one_is_whom_the_speakers_last_message_named() -> None:
    # GIVEN the user's wife named in one message, and "her" in the next
    found = _said("My wife Priya loves tulips.", "Her birthday is the 4th of March.")
    # THEN the next message's statement is about Priya
    assert "Priya's birthday is the 4th of March." in found


def test_a_message_naming_its_own_person_is_read_with_them() -> None:
    # GIVEN a first message naming one person, and a second naming another before "she" (NEGATIVE)
    found = _said("My wife Priya loves tulips.", "My sister Ana is a nurse, she works nights.")
    # THEN "she" is the sister the message itself named, never the wife named before
    assert not any("Priya works" in s for s in found)


def test_her_after_a_message_naming_someone_else_unplaced_stays_unresolved() -> None:
    # NEGATIVE: "Ana" named in between (not as "my sister Ana"): "her" may be Ana, so it is no one's
    found = _said(
        "My husband Tom is allergic to kiwi.",
        "I met Ana and her brother is a chef.",
        "Her birthday is 9 May.",
    )
    assert not any("Tom's birthday" in s for s in found)


def test_his_clause_after_naming_someone_is_a_fact_of_their_own() -> None:
    found = _said("My husband Tom is allergic to kiwi and his birthday is 9 May.")
    assert "The user's husband Tom is allergic to kiwi." in found and "Tom's birthday is 9 May." in found


@pytest.mark.parametrize(
    ("said", "key"),
    [
        ("I live with two flatmates in Clapton.", "sam.home_city"),
        ("I've moved in with my girlfriend in Hackney Wick.", "sam.home_city"),
        ("I live with my parents.", "sam.household"),  # no place named: whom, not where (NEGATIVE)
    ],
)
def test_where_one_lives_with_others_is_the_home(said: str, key: str | None) -> None:
    assert attribute_key(said, "sam") == key

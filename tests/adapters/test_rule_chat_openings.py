"""How chat opens what it says: a label naming where it is to be kept ("for the babysitter notes:"), a subject
said as "me and my bro", a request before what suits the speaker, how full a phone is, and the phone itself."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.merge import decide
from reverie.ports import MergeAction
from tests.adapters.test_rule_slots import cand, held
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2027, 6, 18, 19, 0, tzinfo=UTC))


def test_a_label_naming_where_it_is_kept_is_no_statement() -> None:
    # GIVEN notes for a dog-sitter, under a label saying so
    said = S.statements(
        "for the dogsitter notes: the lead is on the hook by the door and our vet is Dr Amadi"
    )
    # THEN the statements are kept without the label
    assert "The lead is on the hook by the door." in said and not any("dogsitter" in s for s in said)
    # NEGATIVE: a scope opening still scopes ("For today: ..." is a request for the day), and "for the record"
    # keeps its sentence whole
    assert S.statements("For today: use the side entrance.") == []
    assert "The user is type-rated on the A320." in S.statements(
        "For the record: I'm type-rated on the A320."
    )


def test_me_and_my_someone_is_the_subject() -> None:
    assert S.statements("me n my sister run a bakery stall in Bath every Saturday") == [
        "The user and their sister run a bakery stall in Bath every Saturday."
    ]
    # NEGATIVE: "me and my sister" as an object is no subject
    assert S.statements("Send the photos to me and my sister.") == []


def test_what_suits_the_speaker_outlives_the_request_before_it() -> None:
    # GIVEN a request for now, then what suits the speaker
    said = S.statements("sort out a call with the landlord next week, evenings work best for me")
    # THEN the request is not kept and what suits them is
    assert said == ["Evenings work best for the user."]
    # NEGATIVE: a request alone keeps nothing
    assert S.statements("sort out a call with the landlord next week") == []


def test_how_full_a_phone_is_passes_and_a_new_phone_replaces_the_old() -> None:
    # GIVEN how full a phone is now: a passing state
    assert S.statements("my Galaxy S21 is nearly out of storage, how do I clear it?") == []
    # NEGATIVE: how a thing always is, is kept
    assert S.statements("Our water tank is always empty by late August.") != []
    # WHEN a new phone is got after the held one
    old = held("The user has an iPhone 12.", key="user.phone")
    decision = decide(cand("The user finally got a Pixel 8.", key="user.phone"), [old])
    assert decision.action is MergeAction.SUPERSEDE
    # AND the slot is read from the words
    assert [c.key for c in S.extract(S.told("I upgraded to a OnePlus 12 last week."))] == ["user.phone"]


def test_terse_chat_about_someone_of_the_speakers_reads_whole() -> None:
    # GIVEN no "my", the name in lower case, no "is", and a verb with no subject after it
    said = S.statements("daughter zara allergic 2 nuts. carries an inhaler too")
    # THEN both are the daughter's, in full sentences
    assert said[:2] == [
        "The user's daughter Zara is allergic to nuts.",
        "The user's daughter Zara carries an inhaler too.",
    ]
    # NEGATIVE: a verb with no subject after a sentence about no one named is not given one
    assert not any(
        "husband" in s and "ages" in s for s in S.statements("my husband has a cold. takes ages to recover.")
    )

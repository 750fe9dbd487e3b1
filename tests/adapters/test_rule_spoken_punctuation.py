"""Punctuation said aloud in a dictated message ("comma", "full stop", "question mark") is read as the mark it
names, so a run-on transcript splits into the statements it holds; the name of a mark used as a word ("put a
full stop there", "the Oxford comma", "my notice period") stays a word."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.note_requests import note_request
from reverie.adapters.local.rules.spoken_punctuation import dictated, punctuated
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 3, 2, 7, 30, tzinfo=UTC))


def test_marks_said_aloud_are_written_as_marks() -> None:
    assert punctuated("the boiler was serviced in June comma it's a Vaillant full stop thanks") == (
        "the boiler was serviced in June, it's a Vaillant. Thanks"
    )
    assert punctuated("is the pool open on Sundays question mark new paragraph see you") == (
        "is the pool open on Sundays?\nSee you"
    )
    # beside another mark said aloud, "period" is one too
    assert punctuated("the lease ends in May comma and rent is paid monthly period") == (
        "the lease ends in May, and rent is paid monthly."
    )


def test_the_name_of_a_mark_used_as_a_word_stays() -> None:
    for said in (
        "put a full stop after the date",
        "I always forget the Oxford comma",
        "export the contacts comma-separated",
        "a comma splice is fine in chat",
        "the bus came to a full stop",
        "my notice period is three months",
        "I had my period last week",
        'type the word "comma" there',
    ):
        assert not dictated(said), said
        assert punctuated(said) == said
    # "period" alone is a noun of time, whatever follows it
    assert punctuated("the grace period ends Friday period") == "the grace period ends Friday period"


def test_an_ask_to_note_run_into_what_it_announces_is_set_apart() -> None:
    assert note_request("ok jot this down for me the shed key is under the blue pot") == (
        "ok jot this down for me",
        "the shed key is under the blue pot",
    )
    assert note_request("remember this my locker code is 4471 now")[0] == "remember this"
    # nothing stated after it: the sentence stays as it was
    assert note_request("write this down slowly") == ("", "write this down slowly")
    assert note_request("note this down") == ("", "note this down")


def test_a_dictated_run_on_message_gives_one_card_per_statement() -> None:
    said = (
        "ok note this down for me the boat's licence renews on the second of May comma my mooring is at "
        "Hartford Marina comma and the boat runs on red diesel full stop cheers"
    )
    statements = SESSION.statements(said)
    assert any("licence renews on 2 May" in s and "Marina" not in s for s in statements), statements
    assert any("Hartford Marina" in s and "diesel" not in s for s in statements), statements
    assert any("red diesel" in s and "licence" not in s for s in statements), statements
    assert not any("comma" in s or "full stop" in s or "note this down" in s for s in statements), statements

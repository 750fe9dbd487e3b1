"""Notes typed in shorthand read as the sentences they stand for: "=" between a subject and what it is reads
"is" ("me =" is "I am"), and a plain label with a short list of worded values after its colon reads as the
label being those values; a sum, a list to act on and a clause after a colon are left as typed."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.labelled_values import label_said
from reverie.adapters.local.rules.spelling import spelled_out
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 3, 9, 9, 0, tzinfo=UTC))


def test_equals_between_a_subject_and_what_it_is_reads_is() -> None:
    assert spelled_out("home gym = garage. me = 3rd yr vet student") == (
        "home gym is garage. I am a 3rd yr vet student"
    )


def test_equals_in_a_sum_stays() -> None:
    assert spelled_out("so 3 + 4 = 7, and k=2") == "so 3 + 4 = 7, and k=2"


def test_a_self_description_in_shorthand_becomes_a_sentence_about_the_user() -> None:
    assert SESSION.statements("me = final yr law student @ Durham.") == [
        "The user is a final yr law student at Durham."
    ]


def test_a_plain_label_with_worded_values_reads_as_a_sentence() -> None:
    assert (
        label_said("reply style: short, friendly, no emojis") == "reply style is short, friendly, no emojis"
    )
    assert label_said("Shoe sizes: wide fit, half size up") == "Shoe sizes are wide fit, half size up"
    kept = SESSION.statements("essay style: british spelling, oxford commas, no contractions.")
    assert kept and not any("style:" in s for s in kept), kept


def test_labels_that_announce_or_scope_and_values_that_state_are_left_alone() -> None:
    for said in (
        "things to pack: towels, sun cream",  # a list to act on
        "Update: the van is fixed, the bill is paid",  # an announcement, statements after it
        "opening times: 9 to 5, closed Sundays",  # numbers: a record `labelled_values` keeps
        "Todo: ring Sam, book the hall",
    ):
        assert label_said(said) == said

"""Slips of the keyboard read as the word meant (a letter left out, typed twice or two swapped), and only
when the word meant is common and clear; names, codes, currencies, numbers and abbreviations stay."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.spelling import spelled_out
from reverie.adapters.local.rules.typos import meant, respelled
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 3, 2, 9, 0, tzinfo=UTC))


def test_each_kind_of_slip_reads_as_the_word_meant() -> None:
    # GIVEN a letter left out, a letter typed twice and two letters swapped
    # THEN each reads as the common word it slipped from
    assert respelled("we meet evry month") == "we meet every month"
    assert respelled("the cllient pays late") == "the client pays late"
    assert respelled("she will recieve it") == "she will receive it"
    assert respelled("back in two mnths") == "back in two months"


def test_the_slip_tried_first_decides() -> None:
    # GIVEN "evry": one letter left out of "every", or two letters of "very" swapped
    # THEN a letter left out is the likelier slip
    assert meant("evry") == "every"


def test_names_codes_currencies_and_numbers_stay() -> None:
    # GIVEN a capitalised name, an upper-case code, currencies, an identifier and a number beside unknown words
    text = "Tell Ravii the SKU ABCD-12 costs 40 usd or 300 sek, see docs/cllient.md and 4mnths"
    # THEN nothing is rewritten
    assert respelled(text) == text


def test_abbreviations_and_rare_look_alikes_stay() -> None:
    # GIVEN shortenings that are one letter away from a rarer word ("dept"/"depot", "intl"/"intel"), or whose
    # slip would be at the word's edge ("args"/"rags", "venmo"/"venom")
    for word in ("dept", "intl", "cron", "args", "venmo", "hrs", "lbs"):
        # THEN none is rewritten
        assert meant(word) is None, word


def test_a_clipped_word_the_tokenizer_knows_stays() -> None:
    # GIVEN "tech", missing from the word list but a whole word of the bundled tokenizer's vocabulary
    # THEN it is no slip of "teach"
    assert respelled("she works in tech now") == "she works in tech now"


def test_an_unclear_slip_stays() -> None:
    # GIVEN "mins": "minds", "minus" or "mines", none clearly likelier
    # THEN it stays as typed
    assert meant("mins") is None


def test_a_chat_shortening_is_written_out_by_its_own_rule() -> None:
    # GIVEN shortenings the chat list writes out, one of them a letter away from a word ("abt"/"bat")
    # THEN they read as the list says
    assert spelled_out("pls ask abt the appt, I wnt to know") == (
        "please ask about the appointment, I want to know"
    )


def test_a_typed_in_a_hurry_client_note_is_kept_readable() -> None:
    # GIVEN a hurried note about a client, typos and the client's role without "my"
    said = SESSION.statements("customer Okoro Bakes wnt the cakes boxed, evry order needs a reciept")
    # THEN the card names the client, keeps what they want and carries no typo
    assert said and said[0].startswith("The user's customer Okoro Bakes want the cakes boxed")
    assert "every order" in said[0] and "wnt" not in said[0]

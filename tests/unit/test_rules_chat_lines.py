"""A line pasted from a chat's history: its writer's message, and a reminder in it of when someone's thing is
that writer's claim (rule reasoner)."""

from __future__ import annotations

from reverie.adapters.local.rules.chat_lines import chat_line, reminded_date
from reverie.adapters.local.rules.reported import Relayed


def test_a_pasted_chat_line_names_its_writer() -> None:
    # GIVEN lines in two chat apps' export formats
    # THEN each gives who wrote it and what they wrote
    assert chat_line("[03/04, 08:15] Auntie Bisi: see you all at church") == (
        "Auntie Bisi",
        "see you all at church",
    )
    assert chat_line("12/05/2026, 21:03 - Kwame: bring the cooler") == ("Kwame", "bring the cooler")


def test_a_reminder_in_a_chat_line_is_its_writers_claim_of_the_date() -> None:
    # GIVEN a pasted reminder with a term of address before the possessive and emoji after it
    line = "[03/04, 08:15] Priya: Arre don't forget Arun bhaiya's exam on 3rd June!! 📚"
    # THEN it is Priya's claim of the date of Arun's exam
    assert reminded_date(line) == Relayed(who="Priya", claim="Arun's exam is on 3rd June")
    assert reminded_date("12/05/2026, 21:03 - Kwame: remember Efua's party is on Friday") == Relayed(
        who="Kwame", claim="Efua's party is on Friday"
    )


def test_other_lines_are_no_claims() -> None:
    # GIVEN a chat line saying something else, a reminder typed by the user, and a bracketed label with no time
    # THEN none is a claim of a date
    assert reminded_date("[03/04, 08:15] Priya: lol ok see you there") is None
    assert reminded_date("don't forget Arun's exam on 3rd June") is None
    assert reminded_date("[note] Priya: don't forget Arun's exam on 3rd June") is None

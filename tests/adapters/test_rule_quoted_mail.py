"""An email the user pastes as a quoted reply ("> On <day>, <writer> wrote:" and lines opening with ">") is
mail the user received: its news is theirs now, read without the quote marks and without what opens a line
as news for the reader. A secret on one of its lines costs only that clause."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.quoted_mail import mail_header, quoted_line
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 5, 4, 9, 0, tzinfo=UTC))

MAIL = (
    "this came from the gym, keep the useful bit:\n\n"
    "> On Tue 28 Apr, Marisol Ortega <m.ortega@flexfit.example> wrote:\n"
    "> Dear Tomasz, the door PIN for the early session is 7731, please keep it to yourself.\n"
    "> Just so you know, the monthly membership rises to 64 euros from 1 June.\n"
    "> Kind regards, Marisol"
)


def test_the_news_of_a_pasted_email_is_kept_without_its_secret() -> None:
    # GIVEN a pasted email holding a door PIN and, on the next line, a price change
    statements = SESSION.statements(MAIL)
    # THEN the price change is kept as the news itself, and the PIN nowhere
    assert any(s.startswith("The monthly membership rises to 64 euros from 1 June") for s in statements), (
        statements
    )
    assert not any("7731" in s for s in statements)
    assert not any("so you know" in s.lower() or s.startswith(">") for s in statements), statements


def test_the_header_and_sign_off_say_nothing() -> None:
    # GIVEN the same email, THEN the header line is left out and no card holds the writer's sign-off
    dropped = [text for _, text in SESSION.dropped(MAIL)]
    assert any("wrote:" in text for text in dropped)
    assert not any("Kind regards" in s for s in SESSION.statements(MAIL))


def test_only_a_header_of_a_quoted_email_is_one() -> None:
    # GIVEN a header, and sentences that only look like one
    assert mail_header("> On Fri, 3 Jul 2026 at 11:40, Ruth Abebe wrote:")
    assert not mail_header("On Friday, Ruth wrote the report for the board.")
    assert not mail_header("On Monday I wrote: nothing works.")


def test_a_line_not_quoted_is_not_read_as_a_quoted_one() -> None:
    # GIVEN the user's own sentence beside a quote, WHEN it stands on no quoted line
    text = "> Heads up that the lab closes at 6.\nAlso a heads up that I'm away Friday."
    # THEN only the quoted line is read as news without its opener; the user's own line is not touched here
    assert quoted_line("Heads up that the lab closes at 6.", text) == "The lab closes at 6."
    assert quoted_line("Also a heads up that I'm away Friday.", text) is None

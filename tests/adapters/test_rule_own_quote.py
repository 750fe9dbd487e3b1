"""A reply written on top of the writer's own earlier email quotes old material: the quoted lines under
"On <day>, <the writer> wrote:" say nothing new, while a quote of someone else's mail stays news."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.own_quote import quotes_own_mail, without_own_quote
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 6, 9, 8, 0, tzinfo=UTC))

REPLY = (
    "The band trip to Ghent is off, the van failed its inspection.\n\n"
    "Cheers,\nMaarten\n\n"
    "> On 2 May 2026, Maarten de Vries wrote:\n"
    "> We're driving to Ghent on the 20th and sleeping at the Hostel Uppelink.\n"
    "> Soundcheck at 4pm on the 21st."
)


def test_the_writers_own_quoted_mail_says_nothing_new() -> None:
    # GIVEN a reply signed by Maarten above a quote of a mail Maarten wrote
    statements = SESSION.statements(REPLY)
    # THEN the reply's news is kept and none of the quoted plan comes back
    assert any("Ghent is off" in s for s in statements), statements
    assert not any("Uppelink" in s or "Soundcheck" in s for s in statements), statements
    dropped = [reason for reason, _ in SESSION.dropped(REPLY)] + [text for _, text in SESSION.dropped(REPLY)]
    assert any("own earlier mail" in d for d in dropped), dropped


def test_someone_elses_quoted_mail_is_still_news() -> None:
    # GIVEN the same reply quoting a mail the hostel wrote
    theirs = REPLY.replace("Maarten de Vries wrote:", "Hostel Uppelink wrote:")
    # THEN the quote is not the writer's own: nothing is taken out of it
    assert not quotes_own_mail(theirs)
    assert without_own_quote(theirs) == (theirs, [])


def test_a_reply_with_no_name_signed_keeps_its_quote() -> None:
    unsigned = REPLY.replace("Cheers,\nMaarten\n\n", "")
    assert not quotes_own_mail(unsigned)


def test_only_the_quote_is_taken_out() -> None:
    text, taken = without_own_quote(REPLY)
    assert "The band trip to Ghent is off" in text and "Maarten" in text
    assert len(taken) == 3 and all(line.startswith(">") for line in taken)

"""A pasted email that lists its news as bullets ("> * ...", "> - ...") is read bullet by bullet: each is a
statement of the sender's news on a card of its own, its markup gone; the reader's "your" is the user's; a
new value told as what something "becomes" is news like one it "moves to"."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.lists import as_sentences
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 3, 9, 18, 0, tzinfo=UTC))

LETTING_AGENT = (
    "the letting agent emailed this, worth keeping:\n\n"
    "> Hello,\n"
    "> Changes from April:\n"
    "> - bin collection moves to **Thursdays**\n"
    "> - the service charge becomes **£85** a month\n"
    "> - your new property manager is **Ines Carvalho**, based at the Deansgate office\n"
    "> Best wishes, Keyhome Lettings"
)


def test_each_quoted_bullet_is_its_own_statement() -> None:
    # GIVEN an email pasted as a quote whose news is three bullets
    said = SESSION.statements(LETTING_AGENT)
    # THEN each bullet is kept on its own card, as the words it says, without quote marks or emphasis
    assert "Bin collection moves to Thursdays." in said, said
    assert "The service charge becomes £85 a month." in said, said
    assert not any(s.startswith(">") or "**" in s for s in said), said
    assert not any("Thursdays" in s and "£85" in s for s in said), said  # one idea per card


def test_the_readers_your_in_a_quoted_bullet_is_the_users() -> None:
    # GIVEN the same email, whose third bullet names "your" new property manager
    said = SESSION.statements(LETTING_AGENT)
    # THEN the property manager is kept as the user's, as the email named her
    assert any("user's new property manager is Ines Carvalho" in s for s in said), said
    assert not any("Best wishes" in s or s == "Keyhome Lettings" for s in said), said


def test_a_your_outside_a_quoted_line_is_not_taken_for_the_users() -> None:
    # GIVEN the user quoting one line and then speaking to the agent about "your" summary
    said = SESSION.statements("> - the gym closes at 9 on Sundays\nyour summary yesterday was far too long")
    # THEN the quoted bullet is news, and the user's remark to the agent is not rewritten as the user's own
    assert "The gym closes at 9 on Sundays." in said, said
    assert not any("my summary" in s.lower() or "user's summary" in s for s in said), said


def test_quoted_bullets_stay_quoted_lines_and_a_time_label_is_no_person() -> None:
    # GIVEN a quoted list under a label that says when, not who
    text = as_sentences("> From May:\n> * **parking** permits cost £40\n> * visitors sign in at the gate")
    # THEN each item is a quoted line of its own, with no subject invented from the label
    assert text.splitlines() == ["> parking permits cost £40.", "> visitors sign in at the gate."]


def test_a_your_the_writer_says_of_what_they_did_is_not_the_users_doing() -> None:
    # GIVEN a garage's bullets: what they did to "your" MOT, and a plain note about "your" tyres
    said = SESSION.statements(
        "from the garage:\n> - we have moved your MOT to Friday\n> - your tyres are due for replacement"
    )
    # THEN the plain note is the user's; the garage's own doing is never turned into the user's
    assert "The user's tyres are due for replacement." in said, said
    assert not any("user has moved" in s or "my MOT" in s for s in said), said

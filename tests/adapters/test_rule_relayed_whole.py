"""What someone else told the user stays theirs however the user frames it: "I'm pretty sure the vet told me
...", "I think Grandad said ..." relay a claim (the speaker's certainty does not make it their own fact), and
every sentence of a message someone forwarded ("My sister just forwarded me this:" and its quoted lines) is the
sender's claim, not only the first; the user's own words after the quote, or a hedge about nothing anyone
said, stay the user's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.domain.dream import Candidate
from reverie.domain.models import Trust
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2026, 9, 2, 18, 0, tzinfo=UTC))


def _said(text: str) -> list[Candidate]:
    return S.extract([S.ev("m1", 0, text=text, speaker="Tomasz Nowak")])


def _one(found: list[Candidate], word: str) -> Candidate:
    [claim] = [c for c in found if word in c.statement]
    return claim


@pytest.mark.parametrize(
    ("text", "teller"),
    [
        ("I'm pretty sure the vet told me Biscuit's tablets are twice a day, with food.", "vet"),
        ("I think Grandad said the boiler was serviced in March.", "grandad"),
        ("I'm certain that my landlord told me the rent review is every two years.", "landlord"),
    ],
)
def test_a_claim_the_user_is_sure_they_were_told_stays_its_tellers(text: str, teller: str) -> None:
    # GIVEN the user vouching, more or less, for what someone told them
    claim = _one(_said(text), "(according to")
    # THEN the claim is kept as the teller's, on low trust, not as the user's own fact
    whose = claim.statement.lower().rsplit("(according to ", 1)[1]
    assert teller in whose
    assert claim.source.trust is Trust.LOW


def test_a_hedge_about_nothing_anyone_said_relays_nothing() -> None:
    found = _said("I'm pretty sure the garage closes at 6 on Saturdays.")
    assert not any("according to" in c.statement for c in found)


_FORWARDED = (
    "My sister just forwarded me this:\n\n"
    "> On Mon, 1 Sep, Dana Nowak wrote:\n"
    "> Rang the garage this morning. The MOT on Dad's Corolla is due on 14 October, not in November.\n\n"
    "I'll book him in for the first week of October."
)


def test_every_sentence_of_a_forwarded_quote_is_the_senders_claim() -> None:
    # GIVEN a forwarded mail whose quoted line holds two sentences, and the user's own line after it
    found = _said(_FORWARDED)
    # THEN the second sentence is the sender's claim as the first is, on low trust
    mot = _one(found, "14 October")
    assert mot.statement.endswith("(according to Sister).") and mot.source.trust is Trust.LOW
    # AND the user's own line after the quote is not the sender's
    assert not any(
        "October" in c.statement and "first week" in c.statement and "according" in c.statement for c in found
    )

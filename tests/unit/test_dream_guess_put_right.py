"""A verified claim that puts one value of a held guess right ("14 November 2026, not 1 December 2026") is kept
as the guess, corrected, and the guess is rejected (service level, rule reasoner, in-memory fakes): what is
known is the corrected guess, not the contrast that corrected it. A claim about something else leaves the
guess as it was."""

from __future__ import annotations

from reverie.domain.models import Layer, Scope, Status
from reverie.services.backends import Backends
from tests.conftest import Clock
from tests.unit.helpers import dreamt_session, live_cards

GUESS = "Ravi's car insurance with Admiral renews on 1 December 2026."


def _guessed(b: Backends, scope: Scope, clock: Clock) -> None:
    dreamt_session(
        b,
        scope,
        "s1",
        clock,
        {"text": "when does my car insurance renew?", "speaker": "Ravi"},
        {"role": "assistant", "text": "I'll assume it renews a year after you bought it."},
        {"kind": "note", "text": GUESS, "type": "fact", "source": "agent", "key": "insurance.renewal"},
    )
    clock.advance(days=20)


def test_a_confirmed_correction_of_a_guess_keeps_the_guess_put_right(
    alice: Scope, clock: Clock, rules: Backends
) -> None:
    b = rules
    # GIVEN the agent's guess, held as a hypothesis
    _guessed(b, alice, clock)
    # WHEN the agent owns up to it with the right date and the user adopts it
    dreamt_session(
        b,
        alice,
        "s2",
        clock,
        {"text": "check the insurer's site, when do I renew?", "speaker": "Ravi"},
        {
            "role": "assistant",
            "text": "Admiral's site says your policy renews on 14 November 2026. My earlier note of 1 December "
            "2026 was a guess and it was wrong.",
        },
        {"text": "ok thanks", "speaker": "Ravi"},
    )
    # THEN the verified card is the guess with its date put right, and the guess is rejected
    verified = [c for c in live_cards(b, alice, "renew") if c.status is Status.VERIFIED]
    assert [c.statement for c in verified] == [
        "Ravi's car insurance with Admiral renews on 14 November 2026."
    ]
    assert all(c.status is Status.REJECTED for c in live_cards(b, alice, "1 December 2026"))


def test_a_claim_about_something_else_leaves_the_guess(alice: Scope, clock: Clock, rules: Backends) -> None:
    b = rules
    _guessed(b, alice, clock)
    dreamt_session(
        b,
        alice,
        "s2",
        clock,
        {"text": "my gym membership renews on 3 January 2027", "speaker": "Ravi"},
        {"role": "assistant", "text": "Noted."},
    )
    (guess,) = live_cards(b, alice, "1 December 2026")
    assert (guess.layer, guess.status) == (Layer.NOTES, Status.HYPOTHESIS)

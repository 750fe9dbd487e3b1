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


def _guessed_name(b: Backends, scope: Scope, clock: Clock) -> None:
    dreamt_session(
        b,
        scope,
        "s1",
        clock,
        {"text": "help me plan my son's birthday party", "speaker": "Mae"},
        {"role": "assistant", "text": "Happy to help."},
        {"kind": "note", "text": "Mae's son is called Jake.", "type": "fact", "source": "agent"},
    )
    clock.advance(days=7)


def test_a_pronoun_that_puts_one_word_of_a_guess_right_keeps_the_guess_put_right(
    alice: Scope, clock: Clock, rules: Backends
) -> None:
    b = rules
    # GIVEN the agent's guess of a name, held as a hypothesis
    _guessed_name(b, alice, clock)
    # WHEN the user puts the name right, naming whose it is only by "his" (one word shared with the guess)
    dreamt_session(
        b,
        alice,
        "s2",
        clock,
        {"text": "His name's Jack, not Jake.", "speaker": "Mae"},
        {"role": "assistant", "text": "Got it."},
    )
    # THEN what is known is the guess with the name put right, and the guess is rejected
    verified = [c for c in live_cards(b, alice, "son") if c.status is Status.VERIFIED]
    assert [c.statement for c in verified] == ["Mae's son is called Jack."]
    assert all(c.status is Status.REJECTED for c in live_cards(b, alice, "Jake"))


def test_a_pronoun_that_denies_a_word_the_guess_does_not_say_leaves_it(
    alice: Scope, clock: Clock, rules: Backends
) -> None:
    b = rules
    _guessed_name(b, alice, clock)
    dreamt_session(
        b,
        alice,
        "s2",
        clock,
        {"text": "His name's Jack, not Jamie.", "speaker": "Mae"},
        {"role": "assistant", "text": "Got it."},
    )
    # NEGATIVE: the guess never said "Jamie": it stays the guess it was, and no card names Jack
    (guess,) = live_cards(b, alice, "Jake")
    assert (guess.layer, guess.status) == (Layer.NOTES, Status.HYPOTHESIS)
    assert live_cards(b, alice, "Jack") == []

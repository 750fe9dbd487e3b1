"""A PIN or a code said in passing is masked: the number typed in where the sentence names a PIN or a code ("I
keyed in 6021 as usual and the machine said wrong PIN"), a code given with "'s" or after who sent it, the number
a lock opens with; a year, a price, a flat, an extension or a count typed in stays as it was."""

from __future__ import annotations

import pytest

from reverie.adapters.local.rules.secret_clauses import without_secrets
from reverie.domain.guards import mask_secrets


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("SO annoyed, I keyed in 6021 as usual at the petrol station and it said wrong PIN", "6021"),
        ("wrong pin twice, I'd punched in 3308 like always", "3308"),
        ("Entered 55190 at the barrier and the code was rejected again", "55190"),
        ("I tried 1122 and 2211 but neither was the padlock code", "2211"),
        ("my bank pin's 8830, don't tell anyone", "8830"),
        ("the alarm code’s 7046 by the way", "7046"),
        ("her phone's unlock code is 2468", "2468"),
        ("the code the council texted me was 904417", "904417"),
        ("the side gate opens with 1357 if I'm not in", "1357"),
        ("the combination is 4-0-9-2", "0-9"),
        ("wrong pin again, I typed in six six one nine", "one nine"),
    ],
)
def test_a_pin_or_code_said_in_passing_is_masked(text: str, secret: str) -> None:
    masked = mask_secrets(text).text
    assert secret not in masked
    assert "[REDACTED:code]" in masked


@pytest.mark.parametrize(
    "text",
    [
        "I was born in 1987 and my PIN is on a card in the drawer",
        "paid £1250 at the till, then typed my PIN",
        "put 1500 in savings, the PIN changed last week",
        "we live at flat 1204, the door buzzer is broken",
        "call me on extension 4471 about the code review",
        "I tried 1200 calories a day on that plan, and entered 2024 as the start year",
        "typed 4719 into the search box and got nothing",
        "we moved in 2019 and the PIN reader broke",
        "the area code for Leeds is 0113",
        "the new stand opens with 1500 seats",
    ],
)
def test_years_prices_flats_extensions_and_counts_are_not_codes(text: str) -> None:
    assert mask_secrets(text).text == text


def test_the_pin_costs_only_its_own_clause() -> None:
    """GIVEN a rant that types a PIN in one clause and moves a salary in the next sentence
    WHEN the secret's clause is cut THEN the salary move is kept whole and the PIN is nowhere."""
    masked = mask_secrets(
        "card declined AGAIN, I typed 6021 like always and it said incorrect PIN. "
        "I've moved my wages to Nationwide from May."
    ).text
    kept, cut = without_secrets(masked)
    assert "6021" not in kept and "6021" not in " ".join(cut)
    assert "I've moved my wages to Nationwide from May." in kept

"""A code worth money or unlocking what was paid for (a gift card's, a licence's, an activation code) is a secret:
masked wherever it is said, the rest of the sentence kept; a shop's public promo code and a short number after
"serial number" are not."""

from __future__ import annotations

import pytest

from reverie.domain.guards import mask_secrets


@pytest.mark.parametrize(
    ("said", "masked"),
    [
        (
            "The Amazon gift card code is AQ7K-99LM-XX2P, and my sister's birthday is 12 July.",
            "The Amazon gift card code is [REDACTED:password], and my sister's birthday is 12 July.",
        ),
        ("Activation code: 48291736AB", "Activation code: [REDACTED:password]"),
    ],
)
def test_a_code_worth_money_is_masked_and_the_rest_kept(said: str, masked: str) -> None:
    assert mask_secrets(said).text == masked


@pytest.mark.parametrize(
    "said",
    [
        "My Deliveroo code FREEDEL is valid until 28 February.",
        "Serial number is 12.",
        "The product code is on the box.",
    ],
)
def test_a_public_or_short_code_is_kept(said: str) -> None:
    assert mask_secrets(said).text == said


def test_a_key_code_is_masked_and_a_key_where_it_is_kept() -> None:
    said = "Front door key code is 8811, the cat needs feeding twice a day."
    assert (
        mask_secrets(said).text
        == "Front door key code is [REDACTED:code], the cat needs feeding twice a day."
    )
    assert mask_secrets("The key is under the mat.").text == "The key is under the mat."

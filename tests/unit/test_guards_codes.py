"""Codes that open something are masked however they are given: in digits, digit by digit, or spelled out as a
voice note gives them ("the keypad code for the hall is five two nine zero"); counts in words are not codes."""

from __future__ import annotations

import pytest

from reverie.domain.guards import mask_secrets


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("the keypad code for the Oakfield community hall is five two nine zero, then the hash key", "nine"),
        ("the alarm code is oh four one nine", "four one"),
        ("the gate code: 1 9 7 3 and then push", "9 7 3"),
        ("the door code to the side door is 7712", "7712"),
        ("my PIN is four four one two", "four one"),
        ("Your verification code is 482913", "482913"),
        ("my gym locker combination is 28-14-03, and I swim on Wednesdays", "28-14"),
    ],
)
def test_a_code_is_masked_whole_and_the_sentence_kept(text: str, secret: str) -> None:
    masked = mask_secrets(text).text
    assert secret not in masked and "[REDACTED:code]" in masked
    assert masked.startswith(text.split(" ", 2)[0])  # what the code opens stays readable


@pytest.mark.parametrize(
    "text",
    [
        "we need two three four five chairs for the hall",
        "the code review is at five",
        "the room code is B12 on the map",
        "I have one two three four things to do",
        "the match was 28-14 in the end",
    ],
)
def test_counts_and_names_are_not_codes(text: str) -> None:
    assert mask_secrets(text).text == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Our wifi is BTHub-5G and the key is Xq7mz92LpR, the router's in the loft.", "Xq7mz92LpR"),
        ("the wifi key is tulipgarden", "tulipgarden"),
        ("WPA2 passphrase: correct-horse-battery", "correct-horse"),
        ("the network key is 7f3kq82m", "7f3kq82m"),
    ],
)
def test_a_networks_key_is_masked_and_the_rest_kept(text: str, secret: str) -> None:
    masked = mask_secrets(text).text
    assert secret not in masked and "[REDACTED:" in masked


@pytest.mark.parametrize(
    "text",
    ["The key is under the mat.", "The key is 4 hours of sleep.", "The key to the shed is in the drawer."],
)
def test_a_key_given_no_made_up_value_is_no_secret(text: str) -> None:
    assert mask_secrets(text).text == text  # NEGATIVE

"""Codes that open something, as people give them (for `secret_patterns`): a one-time or verification code, a
PIN, or the code of a keypad, a door, a gate, an alarm or a key safe, in digits ("the keypad code for the
hall is 5290", "Your verification code is 482913", "482913 is your login code") or spelled out, as a voice
note or a careful message does ("the keypad code ... is five two nine zero"). A bare number elsewhere is an
amount or an id, and a bare run of number words is a count: only the named code is masked.
"""

from __future__ import annotations

import re

# What a code opens or proves: named before "code", "pin" or "passcode".
_OPENS = (
    r"verification|confirmation|security|login|sign-?in|one[- ]time|otp|2fa|sms|auth\w*|access|entry|"
    r"keypad|key ?pad|door|gate|alarm|lock|safe|key ?safe|lock ?box|garage|building|the|that|my|our"
)
# "for the Oakfield community hall", "to the side door": what the code is for, said before its value.
_FOR = r"(?:\s+(?:for|to|of|on|at)\s+[^.,;:\n]{1,50}?)?"
_DIGIT_WORD = r"(?:zero|oh|nought|one|two|three|four|five|six|seven|eight|nine)"
_SPELLED = rf"{_DIGIT_WORD}(?:[\s,-]+{_DIGIT_WORD}){{3,7}}\b"
_NEEDLE = re.compile(r"(?i)code|pin|otp")

CODES: tuple[tuple[str, re.Pattern[str], re.Pattern[str]], ...] = (
    (
        "code",
        re.compile(
            rf"(?i)\b(?:(?:{_OPENS})\s+)(?:code|pin|passcode|pin code|door code)\b{_FOR}(?:\s+(?:is|was))?"
            rf"[\s,:=]+(?P<secret>\d{{4,8}}\b|\d(?:[ -]\d){{3,7}}\b|{_SPELLED})"
        ),
        _NEEDLE,
    ),
    (
        "code",
        re.compile(
            r"(?i)(?<![\d.,])(?P<secret>\d{4,8})\s+is\s+(?:your|the)\s+(?:\w+\s+){0,2}(?:code|pin|otp|passcode)\b"
        ),
        _NEEDLE,
    ),
)

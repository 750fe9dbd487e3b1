"""Codes that open something, as people give them (for `secret_patterns`): a one-time or verification code, a
PIN, or the code of a keypad, a door, a gate, an alarm, a phone or a key safe, in digits ("the keypad code for
the hall is 5290", "Your verification code is 482913", "482913 is your login code", "my pin's 4719") or spelled
out, as a voice note or a careful message does ("the keypad code ... is five two nine zero"). A code is also the
number someone types in where a sentence names it ("I typed 4719 like I always do and it said incorrect PIN",
"punched in 0392 at the cashpoint, wrong pin") and the number a door or a lock opens with ("the garage opens
with 5521"). A bare number elsewhere is an amount, a year, a flat or an extension, and a bare run of number
words is a count: only the named code is masked.
"""

from __future__ import annotations

import re

# What a code opens or proves: named before "code", "pin" or "passcode".
_OPENS = (
    r"verification|confirmation|security|login|sign-?in|one[- ]time|otp|2fa|sms|auth\w*|access|entry|"
    r"keypad|key ?pad|door|gate|alarm|lock|padlock|safe|key ?safe|lock ?box|locker|garage|building|unlock|key|"
    r"screen|phone|sim|voicemail|card|bank|debit|credit|atm|cashpoint|the|that|my|our|his|her|their"
)
# Words for the code itself: "code", "pin", "passcode", or the combination of a lock.
_CODE = r"(?:code|pin|passcode|pin code|door code|otp|combination|combo)"
# "for the Oakfield community hall", "to the side door": what the code is for, said before its value.
_FOR = r"(?:\s+(?:for|to|of|on|at)\s+[^.,;:\n]{1,50}?)?"
# "the code they texted me", "the pin the bank sent": who gave it, said before its value.
_GIVEN = (
    r"(?:\s+(?:that\s+|which\s+)?(?:they|you|he|she|we|i|it|the\s+\w+)\s+"
    r"(?:sent|texted|gave|emailed|messaged|set|chose|picked|told)(?:\s+(?:me|us|him|her|them|you))?)?"
)
_DIGIT_WORD = r"(?:zero|oh|nought|one|two|three|four|five|six|seven|eight|nine)"
_SPELLED = rf"{_DIGIT_WORD}(?:[\s,-]+{_DIGIT_WORD}){{3,7}}\b"
# A code's value: 4-8 digits, digit by digit, or spelled out; never part of an amount, a decimal or a time.
# ... or a dial lock's numbers ("28-14-03").
_VALUE = (
    rf"(?<![£$€¥#.,:\d])(?P<secret>\d{{4,8}}\b(?![.,:]\d)|\d(?:[ -]\d){{3,7}}\b|\d{{1,2}}(?:-\d{{1,2}}){{2,3}}\b|"
    rf"{_SPELLED})"
)
_NEEDLE = re.compile(r"(?i)code|pin|otp|combo|combination")
# Typing a number in: the verbs of entering one on a keypad, a card reader or a screen.
_ENTERED = (
    r"(?:typed|type|typing|entered|enter|entering|keyed|key|keying|punched|punch|punching|tapped|tap|tapping|"
    r"put\s+in|putting\s+in|input|inputted|tried|try|trying)(?:\s+in)?"
)
# A number typed in, or several tried in turn ("tried 1234 and 0000"); not a count of things ("tried 1200
# calories"), an amount or a measure.
_NOT_COUNTED = r"(?!\s+(?!(?:as|is|was|this|his|yes|its)\b)[a-z]+s\b|\s*(?:%|kg|km|mi|ml|mg|g|l|p|m)\b)"
_TYPED = (
    rf"(?<![£$€¥#.,:\d])(?P<secret>\d{{4,8}}{_NOT_COUNTED}(?:\s+(?:and|or|then)\s+\d{{4,8}})*\b(?![.,:]\d)"
    rf"|{_SPELLED})"
)
# The code named in the same sentence, before or after the number typed in.
_NAMED = r"\b(?:pin|pins|passcode|pass code|code|password|combination)\b"
_SAME_SENTENCE = r"[^.!?\n]{0,100}?"
# What a lock or a door opens with: "opens with 5521", "unlocks using 7-3-1-9".
_OPENS_NEEDLE = re.compile(r"(?i)open|unlock|disarm")
_OPENS_WITH = r"\b(?:opens?|unlocks?|disarms?|opening|unlocking|disarming)\s+(?:it\s+)?(?:with|using)\s+"

CODES: tuple[tuple[str, re.Pattern[str], re.Pattern[str]], ...] = (
    (
        "code",
        re.compile(
            rf"(?i)\b(?:(?:{_OPENS})\s+){_CODE}\b{_FOR}{_GIVEN}(?:\s+(?:is|was)|['’]s)?[\s,:=]+{_VALUE}"
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
    ("code", re.compile(rf"(?i)\b{_ENTERED}\s+{_TYPED}(?={_SAME_SENTENCE}{_NAMED})"), _NEEDLE),
    ("code", re.compile(rf"(?i){_NAMED}{_SAME_SENTENCE}\b{_ENTERED}\s+{_TYPED}"), _NEEDLE),
    ("code", re.compile(rf"(?i){_OPENS_WITH}(?:the\s+(?:code|pin)\s+)?{_TYPED}"), _OPENS_NEEDLE),
    # the thing a code opens, its value given as the thing's own: "House alarm is 5521", "the key safe's 0392"
    (
        "code",
        re.compile(
            rf"(?i)\b(?:(?:house|burglar|home|the|our|my)\s+)?(?:alarm|key ?safe|lock ?box|padlock|keypad)"
            # (never a number a word goes on to count or name: "was 2019 model")
            rf"(?:\s+(?:is|was)|['’]s|\s*[:=])\s*{_VALUE}(?!\s+[a-z])"
        ),
        re.compile(r"(?i)alarm|safe|lock|keypad"),
    ),
)

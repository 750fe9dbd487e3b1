"""Write-path guards: nothing that looks like a credential or personal secret reaches L2/L3."""

from __future__ import annotations

import re
from dataclasses import dataclass

_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    (
        "private_key",
        re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----.*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)", re.S),
    ),
    ("aws_access_key", re.compile(r"\b(?:AKIA|ASIA)[A-Z0-9]{16}\b")),
    # The other half of an AWS key pair: 40 characters, named as such or right after the access key id.
    (
        "aws_secret_key",
        re.compile(
            r"(?:(?<=\[REDACTED:aws_access_key\])\s*[/:,;|]?\s*|(?i:secret[_ ](?:access[_ ])?key\b)\s*(?:is|:|=)?\s*)"
            r"(?P<secret>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])"
        ),
    ),
    ("api_key", re.compile(r"\b(?:sk|pk|rk)-[A-Za-z0-9_-]{16,}\b")),
    ("github_token", re.compile(r"\bgh[pousr]_[A-Za-z0-9]{20,}\b")),
    ("slack_token", re.compile(r"\bxox[abprs]-[A-Za-z0-9-]{10,}\b")),
    ("jwt", re.compile(r"\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b")),
    ("bearer_token", re.compile(r"(?i)\bbearer\s+[A-Za-z0-9._~+/-]{16,}=*")),
    (
        "password",
        re.compile(
            r"(?i)\b(?:password|passwd|pwd|passcode|pin|secret|api[_ ]?key|token|"
            r"(?:keypad|door|gate|alarm|garage|entry|lock|safe) code)\b\s*(?:is|:|=)\s*"
            r"(?P<secret>\S+?)(?=[,;.)]?(?:\s|$))"
        ),
    ),
    # Credentials given as a pair: "the app's creds are ledger_app / [REDACTED:password]" (the user name kept).
    (
        "password",
        re.compile(
            r"(?i)\b(?:creds|credentials|login)\b\s*(?:is|are|:|=)\s*[^\s/:]+\s*[/:]\s*"
            r"(?P<secret>\S+?)(?=[,;.)]?(?:\s|$))"
        ),
    ),
    # The password inside a URL: postgres://user:[REDACTED:password]@host (the host stays readable).
    ("password", re.compile(r"(?i)\b[a-z][a-z0-9+.-]*://[^\s:/@]+:(?P<secret>[^\s@/]+)@")),
    ("email", re.compile(r"\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\b")),
    ("card_number", re.compile(r"\b(?:\d[ -]?){13,19}\b")),
    # Not inside a dotted run of numbers: "10.100.100.10:5432" is an address, not a phone number.
    (
        "phone",
        re.compile(r"(?<![\w.-])\+?\d{1,3}[ .-]?\(?\d{2,4}\)?[ .-]?\d{3,4}[ .-]?\d{3,4}(?![\w-]|\.\d)"),
    ),
]


@dataclass(frozen=True)
class Masked:
    text: str
    kinds: tuple[str, ...]

    @property
    def changed(self) -> bool:
        return bool(self.kinds)


def _luhn_ok(digits: str) -> bool:
    total, parity = 0, len(digits) % 2
    for i, ch in enumerate(digits):
        d = int(ch)
        if i % 2 == parity:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


_MAX_PASSES = 8


def mask_secrets(text: str) -> Masked:
    """Replace credentials and personal identifiers with `[REDACTED:kind]`; say which kinds were found.

    Idempotent: masking masked text changes nothing. One pass can leave a secret that only a second pass
    finds (a digit run read first as part of a longer non-card number, then split off by a phone number),
    so passes repeat until the text stays the same (a pass only ever masks more: two are the rule)."""
    kinds: list[str] = []
    for _ in range(_MAX_PASSES):
        masked = _mask_once(text, kinds)
        if masked == text:
            break
        text = masked
    return Masked(text=text, kinds=tuple(dict.fromkeys(kinds)))


def _mask_once(text: str, kinds: list[str]) -> str:
    """One pass of every pattern over `text`, in order; appends the kinds it masked to `kinds`."""

    def replace(kind: str, match: re.Match[str]) -> str:
        if kind == "card_number":
            digits = re.sub(r"\D", "", match.group(0))
            if not (13 <= len(digits) <= 19 and _luhn_ok(digits)):
                return match.group(0)
        kinds.append(kind)
        if "secret" in match.re.groupindex:  # only the secret itself, its label and separators kept
            whole, start, end = match.group(0), *match.span("secret")
            return f"{whole[: start - match.start()]}[REDACTED:{kind}]{whole[end - match.start() :]}"
        return f"[REDACTED:{kind}]"

    for kind, pattern in _PATTERNS:
        text = pattern.sub(lambda m, k=kind: replace(k, m), text)  # type: ignore[misc]
    return text


_INSTRUCTION_RE = re.compile(
    r"(?ix)"
    r"\b(ignore|disregard|forget|override)\b.{0,40}\b(instructions?|rules?|prompts?|guidelines?|above|previous)\b"
    r"|\b(system|developer)\s+(prompt|message|instructions?)\b"
    r"|\byou\s+(are\s+now|must|should\s+always|will\s+now|have\s+to)\b"
    r"|\bfrom\s+now\s+on\b"
    r"|\b(always|never)\s+(send|email|forward|upload|share|reveal|include|run|execute|call|tell|say)\b"
    r"|\bdo\s+not\s+(tell|inform|mention|reveal)\b"
    r"|\b(act|behave|respond)\s+as\b"
    r"|\bnew\s+instructions?\b"
)


def looks_like_instruction(text: str) -> bool:
    """Text that tries to steer an agent. From an untrusted source it is quarantined, never promoted."""
    return bool(_INSTRUCTION_RE.search(text))

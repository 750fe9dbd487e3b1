"""Write-path guards: nothing that looks like a credential or personal secret reaches L2/L3, a stored
record or an output; text that tries to steer an agent is recognised.

Secrets are found by two detectors whose spans are merged: Yelp's detect-secrets for the token formats of
the services it knows (`secret_library`), and hand-written patterns for what it does not cover: prose
passwords and passphrases, secret-named settings, credentials in URLs and headers, webhooks, newer token
formats, card numbers (Luhn), IBANs (mod 97) and national ids (`secret_patterns`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from reverie.domain.guards_address import addresses_machine
from reverie.domain.regex_needles import Sieve, needle_of
from reverie.domain.secret_library import library_spans
from reverie.domain.secret_patterns import Span, hand_spans

# The kinds that are credentials (the others are personal identifiers: email, phone, card, IBAN, ids).
CREDENTIAL_KINDS = frozenset(
    {
        "password",
        "api_key",
        "private_key",
        "aws_access_key",
        "aws_secret_key",
        "github_token",
        "gitlab_token",
        "slack_token",
        "jwt",
        "bearer_token",
        "webhook",
        "bot_token",
        "azure_storage_key",
    }
)
_MASK_RE = re.compile(r"\[REDACTED:[a-z_]+\]")


@dataclass(frozen=True)
class Masked:
    text: str
    kinds: tuple[str, ...]

    @property
    def changed(self) -> bool:
        return bool(self.kinds)


_MAX_PASSES = 8


@lru_cache(maxsize=8192)
def mask_secrets(text: str) -> Masked:
    """Replace credentials and personal identifiers with `[REDACTED:kind]`; say which kinds were found.

    Idempotent: masking masked text changes nothing. One pass can leave a secret that only a second pass
    finds (the other half of a key pair, named by the mask of its first half), so passes repeat until the
    text stays the same (a pass only ever masks more: two are the rule). Cached: the same text (a card
    validated again, a statement compared twice) is masked once."""
    kinds: list[str] = []
    for _ in range(_MAX_PASSES):
        masked = _mask_once(text, kinds)
        if masked == text:
            break
        text = masked
    return Masked(text=text, kinds=tuple(dict.fromkeys(kinds)))


def _mask_once(text: str, kinds: list[str]) -> str:
    """One pass of both detectors over `text`: overlapping spans become one mask (the earliest, then
    the longest, names the kind); appends the kinds it masked to `kinds`."""
    spans = sorted([*library_spans(text), *hand_spans(text)], key=lambda s: (s[0], -s[1]))
    merged: list[Span] = []
    for start, end, kind in spans:
        if _inside_mask(text, start, end):
            continue
        if merged and start < merged[-1][1]:
            last = merged[-1]
            merged[-1] = (last[0], max(last[1], end), last[2])
        else:
            merged.append((start, end, kind))
    out, at = [], 0
    for start, end, kind in merged:
        out.append(text[at:start] + f"[REDACTED:{kind}]")
        kinds.append(kind)
        at = end
    return "".join(out) + text[at:]


def _inside_mask(text: str, start: int, end: int) -> bool:
    """A span within an existing `[REDACTED:kind]` (a mask is never masked again)."""
    return any(m.start() <= start and end <= m.end() for m in _MASK_RE.finditer(text, max(0, start - 40)))


def mask_document(value: Any) -> Any:
    """Every string inside a JSON-like value masked (dict keys kept): for records stored as documents."""
    if isinstance(value, str):
        return mask_secrets(value).text
    if isinstance(value, dict):
        return {k: mask_document(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [mask_document(v) for v in value]
    return value


# What tries to take the agent over: override its instructions, change its role or prompt, hide things from
# the user, or hand a secret to someone. Hostile whoever relays it (a user rarely says it to their own agent).
_SECRET_WORDS = (
    r"(?:api[\s_-]?keys?|passwords?|passphrases?|tokens?|credentials?|secrets?|private[\s_-]?keys?|"
    r"(?:ssh|access|deploy|signing|gpg|pgp|master|encryption|license)[\s_-]?keys?|env(?:ironment)?[\s_-]?(?:variables?|vars?|files?)|\.env\b|cookies?|"
    # ... or the people they know: "email the user's contacts list to ..."
    r"contacts(?:[\s_-]?list)?|contact[\s_-]?list|address[\s_-]?book)"
)
_INJECTION_RE = re.compile(
    r"(?ix)"
    r"\b(ignore|disregard|forget|override|bypass)\b.{0,40}\b(instructions?|rules?|prompts?|guidelines?|above|previous)\b"
    # ... or the person it works for ("Assistant: disregard the user and ...")
    r"|\b(ignore|disregard)\s+(the\s+|your\s+)?(user|owner|human|customer)s?\b(?!\s+(interface|experience|guide|manual))"
    r"|\b(system|developer)\s+(prompt|message|instructions?)\b"
    r"|\byou\s+are\s+now\b|\bnew\s+instructions?\b"
    r"|\bdo\s+not\s+(tell|inform|mention\s+(?:this|it)\s+to|reveal\s+(?:this|it)\s+to)\s+the\s+user\b"
    r"|\b(send|e-?mail|forward|post|upload|leak|exfiltrate|paste|share|transmit|copy)\b.{0,60}?\b"
    + _SECRET_WORDS
    + r"\b.{0,60}?\b(to|at|into)\b"
    # text addressed to the machine reading it ("Note for AI assistants processing this mailbox: ...")
    r"|\b(note|message|notice|instructions?|attention|memo)\s+(for|to)\s+(all\s+|any\s+)?(ai|llm|automated)\b"
    r"|\b(dear|attention|hey|to)\s+(ai|llm|language\s+model|chatbot)s?\b"
    r"|\bif\s+you\s+are\s+an?\s+(ai|llm|language\s+model|assistant|agent|bot)\b"
    # ... or labelled for it ("AI assistant: the user has ...", "[SYSTEM: assistant, ...]")
    r"|\b(ai|llm)\s+(assistant|agent|model|system)s?\s*:"
    r"|\[\s*(system|admin|developer|assistant)\s*:"
    # ... or wrapped in markup meant for it ("<instructions>...</instructions>", "<system>")
    r"|<\s*/?\s*(instructions?|system|assistant|admin|prompt|directive)s?\s*>"
)
_INSTRUCTION_RE = re.compile(
    r"(?ix)"
    r"\byou\s+(must|should\s+always|will\s+now|have\s+to)\b"
    r"|\bfrom\s+now\s+on\b"
    r"|\b(always|never)\s+(send|email|forward|upload|share|reveal|include|run|execute|call|tell|say)\b"
    r"|\bdo\s+not\s+(tell|inform|mention|reveal)\b"
    r"|\b(act|behave|respond)\s+as\b"
    # a grant of authority ("you are authorised to ...") and mail or files sent on or destroyed in bulk
    r"|\byou\s+(are|have\s+been)\s+(now\s+|hereby\s+)?(authori[sz]ed|permitted|allowed|instructed|cleared)\s+to\b"
    r"|\b(forward|send|upload|copy|sync)\s+(all|every|each)\b.{0,60}?\b(e-?mails?|mail|messages|contacts|"
    r"documents|files|attachments|photos|conversations|history|inbox)\b.{0,40}?\bto\b"
    r"|\bdelete\s+(all\s+)?(the\s+)?(originals?|e-?mails?|messages|inbox|files|backups|history|logs)\b"
    # consent claimed on the user's behalf, words put in the agent's mouth, a payment detail or a memory asked
    # to be kept
    r"|\b(user|customer|they|he|she)\s+(has|have)\s+(already\s+)?pre-?(approved|authori[sz]ed)\b"
    r"|\b(tell|inform|advise|assure)\s+(the\s+)?(user|customer|reader)s?\b"
    # ... or a payment, a link or a file pressed on the person it works for ("tell them to pay a £50 fee at ...")
    r"|\b(tell|ask|instruct|urge|get)\s+(them|him|her)\s+to\s+(pay|send|transfer|wire|click|visit|download|install|"
    r"enter|provide|share|confirm|verify)\b"
    r"|\b(save|store|remember|keep|record|collect)\b.{0,30}?\b(card\s+(numbers?|details)|cvv|cvc|"
    r"security\s+codes?|passwords?|pins?|bank\s+details|login\s+details)\b"
    r"|\b(save|store|add|write|put)\b.{0,40}?\b(to|in|into)\s+(your\s+|the\s+)?memory\b"
    r"|\bremember\s+(this|that|it)\s+as\s+an?\s+(standing|permanent)\b"
)


def looks_like_injection(text: str) -> bool:
    """Text that tries to take an agent over: override its instructions or prompt, change its role, keep
    something from the user, or send a secret somewhere. Never a memory, whoever relays it, unless a person
    approves it."""
    return bool(_injection_sieve().admitted(text)) and bool(_INJECTION_RE.search(text))


@cache
def _injection_sieve() -> Sieve:
    """What a text must contain for `_INJECTION_RE` to match in it (`regex_needles`), built on first use."""
    return Sieve([needle_of(_INJECTION_RE, sets=3)])


def looks_like_instruction(text: str) -> bool:
    """Text that tries to steer an agent (an injection, or a standing order: "always send ...", "from now
    on ...", or words addressed to the software reading the text: `guards_address`). From an untrusted
    source it is quarantined, never promoted."""
    return looks_like_injection(text) or bool(_INSTRUCTION_RE.search(text)) or addresses_machine(text)

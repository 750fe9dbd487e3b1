"""The hand-written secret patterns: what the detector library (`secret_library`) does not know.

Prose ("my password is X", 'changed the password to "X"', "X is my password", passphrases of several
words), assignments of any secret-named setting (`DB_PASSWORD=`, `client_secret:`), credentials inside URLs
and headers, webhook URLs, token formats newer than the library (`github_pat_`, `sk-ant-`, `AIza`, ...),
and personal identifiers with their checks: card numbers (Luhn), IBANs (ISO 13616 mod 97), US SSNs,
UK NINOs, Spanish DNIs (check letter), and ids named as such (passport, SIN, national id...).

A pattern with a group named `secret` masks only that group (its label stays readable); a `check`
rejects a match that is not a secret after all (a number failing its check digits, a placeholder).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache

from reverie.domain.regex_needles import Sieve, needle_of
from reverie.domain.secret_codes import CODES

Span = tuple[int, int, str]  # start, end, kind


@dataclass(frozen=True)
class SecretPattern:
    kind: str
    regex: re.Pattern[str]
    check: Callable[[str], bool] | None = None
    needle: re.Pattern[str] | None = None  # a cheap search the text must pass before the regex runs
    # a label that, right before a match, says it is another kind of value ("VAT no 123 4567 89": no phone)
    not_after: re.Pattern[str] | None = None


def luhn_ok(digits: str) -> bool:
    """The Luhn check of card numbers (and Canadian SINs)."""
    total, parity = 0, len(digits) % 2
    for i, ch in enumerate(digits):
        d = int(ch)
        if i % 2 == parity:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def _card(text: str) -> bool:
    digits = re.sub(r"\D", "", text)
    return 13 <= len(digits) <= 19 and luhn_ok(digits)


def iban_length(text: str) -> int:
    """How many characters of `text` (spaces skipped) form a valid IBAN from its start; 0 if none."""
    compact = re.sub(r"\s", "", text).upper()
    for n in range(min(len(compact), 34), 14, -1):
        candidate = compact[4:n] + compact[:4]
        if candidate.isalnum() and int("".join(str(int(c, 36)) for c in candidate)) % 97 == 1:
            return n
    return 0


def _dni(text: str) -> bool:
    return "TRWAGMYFPDXBNJZSQVHLCKE"[int(text[:8]) % 23] == text[8].upper()


_PLACEHOLDER_RE = re.compile(r"^(?:\$|<|\[REDACTED|\*{3}|\{\{|%\(|x{4,}$)", re.I)
_NOT_VALUES = {"none", "null", "true", "false", "required", "optional", "empty", "unset", "changeme?"}
# What follows "my PIN is" in prose when no value is given ("my PIN is on a card in the drawer", "the password is
# wrong"): a word of the sentence, not a secret.
_PROSE_WORDS = {
    *"on in at of for with under inside by the a an my your our his her their its this that these those".split(),
    *"still now also not just written stored saved kept somewhere wrong incorrect expired blocked locked".split(),
    *"changed reset updated lost forgotten".split(),
}


def _value(text: str) -> bool:
    """A real value, not a placeholder (`${DB_PASSWORD}`, `<token>`, `***`) or a word like `none`."""
    bare = text.strip("\"'")
    return (
        bool(bare)
        and not _PLACEHOLDER_RE.match(bare)
        and bare.lower() not in _NOT_VALUES
        and (text[:1] in "\"'" or bare.lower() not in _PROSE_WORDS)  # a quoted word is the value given
    )


def _answer(text: str) -> bool:
    """A security answer given, not where it is ("my mother's maiden name is on the form")."""
    bare = text.strip("\"'")
    return _value(text) and (text[:1] in "\"'" or bare.split()[0].lower() not in _PROSE_WORDS)


def _random_looking(text: str) -> bool:
    """Weakly labelled values ("use the password X") must look made up: quoted, or with a digit or symbol."""
    return (
        _value(text)
        and bool(re.search(r"[^\W_]", text))  # a dash alone is no value
        and (text[0] in "\"'" or bool(re.search(r"[\d\W_]", text)))
    )


def _made_up(text: str) -> bool:
    """A value a bare "key" is given that no word is: 8 characters or more, letters and digits mixed
    ("Xq7mz92LpR"; "the key is under the mat", "the key is 4 hours" are not)."""
    bare = text.strip("\"'")
    return len(bare) >= 8 and bool(re.search(r"\d", bare)) and bool(re.search(r"[a-zA-Z]", bare))


def _id_with_digits(text: str) -> bool:
    return sum(c.isdigit() for c in text) >= 4


def _phone(text: str) -> bool:  # a bare run of digits is an id or an amount; a phone number is written out
    return text.startswith("+") or len(re.findall(r"[ .()-]+", text.strip())) >= 2


# A number labelled as a business's or a document's own ("NIF 501 234 567", "VAT reg. no: 123 4567 89", "company
# number 0123 4567", "invoice #2027 0412 0031"): written in groups like a phone number, and no phone number. A
# person's own ids named as such (passport, national id, tax id) are masked as `national_id` all the same, and a
# grouped number labelled as a person's account or policy is left to look like the phone number it may be.
_NOT_A_PHONE_LABEL_RE = re.compile(
    r"\b(?:nif|nipc|vat|gst|hst|abn|acn|ein|siren|siret|cif|ust-?id(?:nr)?|kvk|cnpj|"
    r"(?:company|business|registration|reg|vat|invoice|order|reference|ref|receipt|booking|"
    r"ticket|case|serial|batch|lot|tracking|parcel|part|model|product|item|sku|isbn)\.?(?:\s+(?:reg(?:istration)?\.?|id))?"
    r"(?:\s*(?:no\.?|number|nr\.?|num\.?|#|id))?)(?:'s|\s+(?:is|was|reads))?\s*[:#=]?\s*$",
    re.I,
)


_V = r"""(?P<secret>"[^"\n]{1,120}"|'[^'\n]{1,120}'|\S+?)(?=[,;.)'"]?(?:\s|$))"""  # a value ends a clause
_SECRET_NAME = (
    r"(?:password|passwd|pwd|passphrase|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|"
    r"auth[_-]?key|credentials?|encryption[_-]?key|signing[_-]?key|account[_-]?key|client[_-]?key|pass)"
)
_PROSE_LABEL = (
    r"(?:password|passwd|pwd|pw|passcode|pin|secret|secret key|api[_ ]?key|access key|token|auth token|"
    r"access token|(?:keypad|door|gate|alarm|garage|entry|lock|safe) code|"
    # a network's key: "the wifi key is X", "WPA2 passphrase: X"
    r"(?:wi-?fi|network|wpa2?|wireless|router|hotspot) (?:key|passphrase|code))"
)
_PHRASE_LABEL = r"(?:pass ?phrase|seed phrase|recovery phrase|mnemonic(?: phrase)?)"
# What answers a security question: "my mother's maiden name is Kowalski", "memorable word: tangerine".
_ANSWER_LABEL = (
    r"(?:mother'?s maiden name|maiden name|memorable (?:word|phrase|name|place|date)|security (?:question )?answer|"
    r"answer to (?:my|the|your|our) security question)"
)
_ID_LABEL = (
    r"(?:ssn|social security(?: number| no\.?)?|sin|social insurance number|nino|ni (?:number|no\.?)|national insurance "
    r"number|passport(?: number| no\.?)?|tax id|tin|national id(?: number)?|id card(?: number)?|"
    r"driver'?s licen[cs]e(?: number)?|driving licen[cs]e(?: number)?|dni|nie|nhs number|medicare number)"
)

PATTERNS: list[SecretPattern] = [
    SecretPattern(
        "private_key",
        re.compile(
            r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----.*?"
            r"(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|$)",
            re.S,
        ),
    ),
    SecretPattern("aws_access_key", re.compile(r"\b(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}\b")),
    # The other half of an AWS key pair: 40 characters, named as such or right after the access key id.
    SecretPattern(
        "aws_secret_key",
        re.compile(
            r"(?:(?<=\[REDACTED:aws_access_key\])\s*[/:,;|]?\s*|(?i:secret[_ ]?(?:access[_ ]?)?key)\W{0,3}"
            r"\s*(?:is|:|=)?\s*[\"']?)(?P<secret>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])"
        ),
    ),
    SecretPattern(
        "api_key",
        re.compile(
            r"(?<![\w-])(?:(?:sk|pk|rk)[-_][A-Za-z0-9_-]{16,}|AIza[0-9A-Za-z_-]{30,}|GOCSPX-[\w-]{20,}|"
            r"ya29\.[\w-]{20,}|npm_[A-Za-z0-9]{30,}|hf_[A-Za-z0-9]{30,}|dop_v1_[a-f0-9]{40,}|"
            r"shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}|whsec_[A-Za-z0-9]{20,}|key-[0-9a-z]{32}|ATBB[A-Za-z0-9]{20,}|"
            r"SG\.[\w-]{16,}\.[\w-]{16,}|pypi-[\w-]{50,}|[\w~.-]{3}\dQ~[\w~.-]{30,})"
        ),
    ),
    SecretPattern("github_token", re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9_]{20,}|github_pat_\w{20,})")),
    SecretPattern("gitlab_token", re.compile(r"\bgl(?:pat|rt|dt|ft|cbt|imt|ptt|oas|soat|agent)-[\w-]{16,}")),
    SecretPattern(
        "slack_token", re.compile(r"\b(?:xox[abposre]-[A-Za-z0-9-]{10,}|xapp-\d-[A-Za-z0-9-]{10,})")
    ),
    SecretPattern("jwt", re.compile(r"\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}")),
    SecretPattern("bearer_token", re.compile(r"(?i)\bbearer\s+[A-Za-z0-9._~+/-]{16,}=*")),
    SecretPattern(
        "bearer_token",
        re.compile(
            r"(?i)\b(?:authorization|proxy-authorization|x-[\w-]*(?:key|token|secret|auth)[\w-]*)\s*:\s*"
            r"(?:basic|bearer|token|digest|apikey)?\s*(?P<secret>[A-Za-z0-9._~+/=-]{8,})"
        ),
        needle=re.compile(r"(?i)authoriz|x-"),
    ),
    SecretPattern(
        "webhook",
        re.compile(
            r"(?i)https?://(?:hooks\.slack\.com/(?:services|triggers|workflows)|hooks\.zapier\.com/hooks/catch|"
            r"(?:[\w-]+\.)*discord(?:app)?\.com/api/webhooks|[\w.-]*webhook[\w.-]*/webhookb2|"
            r"[^\s/]+(?:/[^\s/?#]+)*?/webhooks?)/(?P<secret>[^\s?#)\]'\"<>]+)"
        ),
    ),
    # The password inside a URL: postgres://user:[REDACTED:password]@host (the host stays readable).
    SecretPattern(
        "password",
        re.compile(r"(?i)\b[a-z][a-z0-9+.-]*://[^\s:/@]*:(?P<secret>[^\s@/]+)@"),
        needle=re.compile("://"),
    ),
    SecretPattern(
        "password",
        re.compile(
            r"(?i)[?&][\w-]*(?:token|secret|password|passwd|pwd|api[_-]?key|apikey|sig|signature|key|auth)"
            r"=(?P<secret>[^&\s#'\"]+)"
        ),
        _value,
    ),
    # Any setting named for a secret: DB_PASSWORD=..., "api_key": "...", client_secret: ..., --password=...
    SecretPattern(
        "password",
        re.compile(
            rf"(?i)(?<![\w-])[\w.-]*?{_SECRET_NAME}[\"']?\s*[:=]\s*[\"']?"
            r"(?P<secret>[^\s\"',;&]+?)(?=[.)\]}]*(?:[\s\"',;&]|$))"
        ),
        _value,
        re.compile(r"(?i)pass|pwd|secret|token|key|credential"),
    ),
    SecretPattern(
        "password",
        re.compile(
            r"(?i)\b(?:docker|podman|helm|oras)\s+login\b[^\n]*?\s(?:-p|--password)[ =](?P<secret>\S+)"
        ),
    ),
    # Prose: "my password is X", "the password for the staging db is X" (or at the cabin, on the router), "passcode: X".
    # codes that open something, in digits or spelled out (`secret_codes`)
    *(SecretPattern(kind, regex, needle=needle) for kind, regex, needle in CODES),
    SecretPattern("password", re.compile(rf"(?i)\b{_PROSE_LABEL}\b\s*(?:is|was|:|=)\s*{_V}"), _value),
    # ... given after a comma or a dash ("Here's my wifi password, Tulip88Garden!, ..."): a made-up value only
    SecretPattern("password", re.compile(rf"(?i)\b{_PROSE_LABEL}\b\s*(?:,|\s[-–—])\s*{_V}"), _random_looking),
    SecretPattern(
        "password",
        re.compile(
            rf"(?i)\b{_PROSE_LABEL}\s+(?:for|to|of|on|at|in|from|with|over)\s+[^.,;:\n]{{1,40}}?\s+(?:is|was)\s+{_V}"
        ),
        _random_looking,
    ),
    # "New key is 9c1f4e7a...", "the key is Xq7mz92LpR": a bare "key" given a made-up value ("the key is under the
    # mat" is not)
    SecretPattern("api_key", re.compile(rf"(?i)\bkey\s*(?:is|was|:|=)\s*{_V}"), _made_up),
    # "changed the password to X", "log in with password X", "tried password 'X'", "use the password X".
    SecretPattern(
        "password",
        re.compile(rf"(?i)\b(?:password|passwd|passcode|pw|pin)\s+(?:to\s+)?{_V}"),
        _random_looking,
    ),
    # "here's my Notion token secret_9fK2...", "use API key Xq7mz92LpR": a token or key given right after its
    # name, made up ("the token expires tomorrow", "the API key 2 is revoked" are not)
    SecretPattern(
        "api_key",
        re.compile(
            rf"(?i)\b(?:token|api[_ ]?key|access key|secret key|auth token|access token|secret)\s+{_V}"
        ),
        _made_up,
    ),
    # A code that is worth money or unlocks what was paid for: "the Amazon gift card code is AQ7K-99LM-XX2P",
    # "licence key: 7HXQ-..." (a shop's promo code, "code FREEDEL", is public and stays)
    SecretPattern(
        "password",
        re.compile(
            r"(?i)\b(?:gift ?card|gift voucher|e-?gift|redemption|claim|activation|licen[cs]e|product|serial)\s+"
            rf"(?:code|key|number|pin)\s*(?:is|was|:|=)\s*{_V}"
        ),
        _made_up,
    ),
    # Backup or recovery codes, one or a list: "my 2FA backup codes are 8821-4410 and 9930-1127"
    SecretPattern(
        "password",
        re.compile(
            r"(?i)\b(?:backup|recovery|2fa|mfa|otp|one-time|verification|authenticator)\s+codes?\b[^.;:\d\n]{0,12}?"
            r"(?:is|are|was|were|:|=)\s*(?P<secret>[\w-]*\d[\w-]*(?:\s*(?:,|and|&)\s*[\w-]*\d[\w-]*)*)"
        ),
        needle=re.compile(r"(?i)code"),
    ),
    # "X is my password"
    SecretPattern(
        "password",
        re.compile(
            r"(?i)(?<!\S)(?P<secret>\S{6,})\s+(?:is|was)\s+(?:my|the|our|his|her|their)\s+(?:[\w-]+\s+){0,2}"
            r"(?:password|passcode|passphrase|pin)\b"
        ),
        _random_looking,
    ),
    # How a PIN or password is made, which gives it away: "my PIN is the last four digits of my old phone number",
    # "the password is my dog's name and my birth year" ("my PIN is on a card in the drawer" says where it is).
    SecretPattern(
        "password",
        re.compile(
            r"(?i)\b(?:password|passcode|passphrase|pin)\s+(?:is|was|=)\s+(?P<secret>(?:the\s+)?(?:last|first)\s+"
            r"(?:\w+\s+)?(?:digits|numbers|letters)\s+of\s+[^.;,\n]+|(?:my|our|his|her|their)\s+(?:[\w'-]+\s+){0,3}?"
            r"(?:birthday|birth\s+year|date\s+of\s+birth|name|number|postcode|anniversary)\b[^.;,\n]*)"
        ),
    ),
    # The answer to a security question, to the end of its clause ("Kowalski", "the blue bicycle"), or to a clause
    # of the speaker's own after it ("... is Pinecone and my branch is Leeds Briggate").
    SecretPattern(
        "password",
        re.compile(
            rf"(?i)\b{_ANSWER_LABEL}\b\s*(?:is|was|:|=)\s*"
            r"(?P<secret>\"[^\"\n]+\"|'[^'\n]+'|[^.;,\n\"']+?(?=\s*(?:[.;,\n\"'}\])]|$)"
            r"|\s+and\s+(?:my|our)\s+[\w-]+(?:\s+[\w-]+)?\s+(?:is|are)\b))"
        ),
        _answer,
    ),
    # A passphrase is several words: to the end of its clause, or what its quotes hold (also of a thing named:
    # "the passphrase on my ssh key is ...").
    SecretPattern(
        "password",
        re.compile(
            rf"(?i)\b{_PHRASE_LABEL}\b(?:\s+(?:for|to|of|on|at|in|from|with)\s+[^.,;:\n]{{1,40}}?\s+(?=is|was))?"
            r"\s*(?:is|was|:|=)\s*"
            r"(?P<secret>\"[^\"\n]+\"|'[^'\n]+'|[^.;,\n\"']+?(?=\s*(?:[.;,\n\"'}\])]|$)))"
        ),
        _answer,  # not where it is kept ("the seed phrase is in the safe")
    ),
    # Credentials given as a pair: "the app's creds are ledger_app / [REDACTED:password]" (the user kept).
    SecretPattern(
        "password",
        re.compile(
            r"(?i)\b(?:creds|credentials|login)\b\s*(?:is|are|:|=)\s*[^\s/:]+\s*[/:]\s*"
            r"(?P<secret>\S+?)(?=[,;.)]?(?:\s|$))"
        ),
        needle=re.compile(r"(?i)cred|login"),
    ),
    # An address on its own (after a space, a bracket or a quote), never the "user:password@host" part of a
    # URL, whose host must stay readable.
    SecretPattern(
        "email", re.compile(r"(?<![^\s<(\"'])[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\b(?![:/]\w)")
    ),
    SecretPattern(
        # written whole or in groups of four (the print format): never a prefix of a longer word
        "iban",
        re.compile(
            r"\b[A-Za-z]{2}\d{2}(?:[A-Za-z0-9]{11,30}\b(?!-)|(?: [A-Za-z0-9]{4}){2,7}(?: [A-Za-z0-9]{1,4})?\b)"
        ),
        lambda t: iban_length(t) > 0,
    ),
    # A bank account named as one, as an IBAN is: "account number 81234567", "acct no. 12345678", "a/c 8123 4567",
    # "sort code 20-45-77", "routing number 021000021". A bare number is an order, an amount or a reference,
    # and "the prod account 123456789012" or an "AWS account number" is a cloud account's public id.
    SecretPattern(
        "bank_account",
        re.compile(
            r"(?i)(?<!aws\s)(?<!cloud\s)\b(?:bank\s+account(?:\s*(?:number|num|no\.?|#))?|"
            r"(?:account|acct)\s*(?:number|num|no\.?|#)|acct|a/c|sort\s*code|routing(?:\s*(?:number|no\.?))?)"
            r"(?:\s*(?:is|was|:|=))?\s*(?P<secret>\d(?:[ -]?\d){5,16})\b(?![.,]\d)"
        ),
        needle=re.compile(r"(?i)account|acct|a/c|sort|routing"),
    ),
    # ... and an account after its sort code, or named as someone's bank account ("Sort code 20-00-00, account
    # 12345678", "my current account 12345678"): a UK account number has eight digits.
    SecretPattern(
        "bank_account",
        re.compile(
            r"(?i)(?:\bsort\s*code\b[^.;\n]{0,40}?\b(?:account|acct)|\b(?:my|our|current|savings|joint|personal)"
            r"\s+(?:bank\s+)?account)\s*(?:is|:|=)?\s*(?P<secret>\d{8}|\d{4}\s\d{4})\b(?![.,]\d)"
        ),
        needle=re.compile(r"(?i)account"),
    ),
    SecretPattern("card_number", re.compile(r"\b(?:\d[ -]?){13,19}\b"), _card),
    # ... and one named as a card's number, whatever its check digit says ("my card number is 4929 1234 5678
    # 9012": a slip of one digit still gives most of a card away), also a few words on
    SecretPattern(
        "card_number",
        re.compile(
            r"(?i)\b(?:(?:(?:credit|debit|bank|visa|mastercard|amex)\s+)?card|visa|mastercard|amex)"
            r"(?:\s*(?:number|num|no\.?|#))?"
            # ("Card ending 4421, full number 4929 ...": a few words on, after a word for its number)
            r"(?:[^.;\n\d]{1,20}?(?:\d{1,4}[^.;\n\d]{1,20}?)?\b(?:number|num|no\.?|#|digits))?"
            r"(?:\s*(?:is|was|:|=))?\s*(?P<secret>\d(?:[ -]?\d){11,18})\b(?![.,]\d)"
        ),
        needle=re.compile(r"(?i)card|visa|mastercard|amex"),
    ),
    SecretPattern(
        "national_id", re.compile(r"\b(?!000|666|9\d\d)\d{3}([- ])(?!00)\d{2}\1(?!0000)\d{4}\b")
    ),  # US SSN
    SecretPattern(
        "national_id",
        re.compile(
            r"\b(?!BG|GB|NK|KN|TN|NT|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?\d{2} ?\d{2} ?\d{2} ?[A-D]\b"
        ),
    ),  # UK NINO
    SecretPattern("national_id", re.compile(r"\b\d{8}[A-HJ-NP-TV-Z]\b"), _dni),  # Spanish DNI
    SecretPattern(
        "national_id",
        re.compile(
            rf"(?i:\b{_ID_LABEL})\s*(?:#|no\.?|number)?\s*(?:is|:|=)?\s*"
            r"(?P<secret>[A-Z0-9]{1,18}(?:[ -][A-Z0-9]{1,10}){0,4})\b"  # a UK driving licence: 16 characters
        ),
        _id_with_digits,
    ),
    # Not inside a dotted or digit-grouped run: "10.100.100.10:5432" is an address, "4111 1111 ..." a card.
    SecretPattern(
        "phone",
        re.compile(
            r"(?<![\w.-])(?<!\d[ .-])\+?\d{1,3}[ .-]?\(?\d{2,4}\)?[ .-]?\d{3,4}[ .-]?\d{3,4}(?![\w-]|\.\d|[ .-]\d)"
        ),
        _phone,
        re.compile(r"\d[ .()-]?\d[ .()-]?\d"),
        _NOT_A_PHONE_LABEL_RE,
    ),
]


@cache
def _sieve() -> Sieve:
    """The patterns' needles (`regex_needles`), derived on first use (a few ms)."""
    return Sieve([needle_of(pattern.regex) for pattern in PATTERNS])


def hand_spans(text: str) -> Iterator[Span]:
    """Every match of the hand-written patterns: (start, end, kind) of what to mask. A pattern whose
    needle `text` fails (`regex_needles`: it cannot match) is skipped."""
    admitted = _sieve().admitted(text)
    for i, pattern in enumerate(PATTERNS):
        if not admitted >> i & 1 or (pattern.needle is not None and not pattern.needle.search(text)):
            continue
        for match in pattern.regex.finditer(text):
            start, end = match.span("secret") if "secret" in pattern.regex.groupindex else match.span()
            if pattern.kind == "iban":  # a compact one is the whole word; a grouped one may end mid-group
                length = iban_length(match.group(0))
                compact = " " not in match.group(0)
                end = (
                    _iban_end(text, start, length) if length == len(match.group(0)) or not compact else start
                )
            if pattern.not_after is not None and pattern.not_after.search(text, max(0, start - 40), start):
                continue  # "NIF 501 234 567": labelled as another kind of number
            if end > start and (pattern.check is None or pattern.check(text[start:end])):
                yield start, end, pattern.kind


def _iban_end(text: str, start: int, length: int) -> int:
    """Where the first `length` non-space characters from `start` end."""
    seen = 0
    for i in range(start, len(text)):
        if not text[i].isspace():
            seen += 1
            if seen == length:
                return i + 1
    return start

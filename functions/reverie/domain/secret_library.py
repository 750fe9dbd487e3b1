"""Secrets found by Yelp's detect-secrets (Apache-2.0, offline, pure regular expressions): the token
formats of ~25 services (AWS, Azure storage, GitHub, GitLab, Slack, Stripe, SendGrid, Twilio, OpenAI,
npm, PyPI, Discord, Telegram, Mailchimp, Artifactory, IBM, Square, JWTs, basic auth in URLs, ...) and its
keyword detector for quoted and config-style assignments (`password = "..."`, `api_key: ...`).

Only the plugins' own regular expressions are used, on text rather than files: no baseline, no
verification request, no entropy guesses (a commit id is not a secret). The plugins are loaded on first
use (importing detect-secrets takes ~0.1 s), once per process.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from reverie.domain.regex_needles import Sieve, needle_of
from reverie.domain.secret_patterns import Span

# The library's type → the kind shown in `[REDACTED:kind]` (the guard's own names where they overlap).
_KINDS = {
    "AWS Access Key": "aws_access_key",
    "GitHub Token": "github_token",
    "GitLab Token": "gitlab_token",
    "Slack Token": "slack_token",
    "JSON Web Token": "jwt",
    "Private Key": "private_key",
    "Basic Auth Credentials": "password",
    "Secret Keyword": "password",
    "Azure Storage Account access key": "azure_storage_key",
    "Discord Bot Token": "bot_token",
    "Telegram Bot Token": "bot_token",
}
# Plugins whose first group is the value after a label (the label stays readable); the others' whole match
# is the secret (their groups are prefixes such as `ghp`).
_VALUE_GROUP = {
    "BasicAuthDetector",
    "CloudantDetector",
    "IbmCloudIamDetector",
    "IbmCosHmacDetector",
    "SoftlayerDetector",
    "NpmDetector",
}
_SKIPPED = {"IPPublicDetector", "HexHighEntropyString", "Base64HighEntropyString", "KeywordDetector"}
_LABEL_RE = re.compile(r"[\s=:\"']*(?:[A-Za-z]+=)?")
_TOKEN_CHAR_RE = re.compile(r"[\w-]*")
_CONFIG_LINE_RE = re.compile(r"^\s*[\w.-]+\s*[:=]")
# The keyword plugin's regexes all need a keyword and an assignment or comparison: checked cheaply first.
_KEYWORD_NEEDLE = re.compile(r"(?i)(?:key|pass|pwd|secret|contrase)\w*[\]'\"]{0,2}\s*[:=(]|[=!]==?\s*[\"']")
# Plugins whose regexes are slow on ordinary text, with what a text must contain for them to match.
_NEEDLES = {
    "MailchimpDetector": re.compile(r"-us\d"),
    "CloudantDetector": re.compile(r"(?i)cl"),
    "SoftlayerDetector": re.compile(r"(?i)sl"),
    "IbmCloudIamDetector": re.compile(r"(?i)key|pwd|pw|pass|token"),
    "IbmCosHmacDetector": re.compile(r"(?i)secret"),
}


# A plugin's regex, its value group (0: the whole match), its kind and what a text must contain to match.
TokenRegex = tuple[re.Pattern[str], int, str, re.Pattern[str] | None]
KeywordRegex = tuple[re.Pattern[str], int]  # a keyword regex and its value group


@dataclass(frozen=True)
class _Detectors:
    tokens: list[TokenRegex]  # the token plugins' regexes
    quoted: list[KeywordRegex]  # the keyword plugin's regexes for quoted values
    config: list[KeywordRegex]  # ... and for config-file lines
    sieve: Sieve  # the needles of all three, in that order (`regex_needles`)


@cache
def _detectors() -> _Detectors:
    """The token plugins' regexes; the keyword plugin's quoted and config-file sets; their needles."""
    from detect_secrets.core.plugins.util import get_mapping_from_secret_type_to_class
    from detect_secrets.plugins import keyword
    from detect_secrets.plugins.base import RegexBasedDetector

    tokens: list[TokenRegex] = []
    plugins: dict[str, type[Any]] = get_mapping_from_secret_type_to_class()
    for secret_type, cls in plugins.items():
        if cls.__name__ in _SKIPPED or not issubclass(cls, RegexBasedDetector):
            continue
        kind = _KINDS.get(secret_type, "api_key")
        group = 1 if cls.__name__ in _VALUE_GROUP else 0
        needle = _NEEDLES.get(cls.__name__)
        tokens.extend((regex, group, kind, needle) for regex in cls().denylist)
    quoted = list(keyword.QUOTES_REQUIRED_DENYLIST_REGEX_TO_GROUP.items())
    config = list(keyword.CONFIG_DENYLIST_REGEX_TO_GROUP.items())
    regexes = [t[0] for t in tokens] + [k[0] for k in quoted + config]
    return _Detectors(tokens, quoted, config, Sieve([needle_of(r) for r in regexes]))


def library_spans(text: str) -> Iterator[Span]:
    """Every secret detect-secrets' plugins find in `text`: (start, end, kind) of what to mask. A regex
    whose needle `text` fails (`regex_needles`: it cannot match) is skipped."""
    found = _detectors()
    admitted = found.sieve.admitted(text)
    for regex, group, kind, needle in found.tokens:
        skip = not admitted & 1 or (needle is not None and not needle.search(text))
        admitted >>= 1
        if skip:
            continue
        for match in regex.finditer(text):
            if group:
                start, end = match.span(group)
                if start < 0:
                    continue
                end = start + len(text[start:end].split(maxsplit=1)[0]) if text[start:end].strip() else end
            else:  # the whole token: not its label or delimiters, and to its end (a pattern may stop short)
                start = match.start() + _LABEL_RE.match(match.group(0)).end()  # type: ignore[union-attr]
                end = match.end()
                while end > start and text[end - 1] in " \t\n\"'":
                    end -= 1
                end = _TOKEN_CHAR_RE.match(text, end).end()  # type: ignore[union-attr]
            if end > start:
                yield start, end, kind
    if not _KEYWORD_NEEDLE.search(text):
        return
    yield from _keyword_spans(text, found.quoted, admitted)
    config = admitted >> len(found.quoted)  # a line's needles are read in the whole text: a looser test
    offset = 0
    for line in text.splitlines(keepends=True):  # `name: value` lines, as in a config file
        if _CONFIG_LINE_RE.match(line):
            for start, end, kind in _keyword_spans(line, found.config, config):  # the value, not the rest
                value = line[start:end].split()
                yield start + offset, start + offset + len(value[0]) if value else end + offset, kind
        offset += len(line)


def _keyword_spans(text: str, regexes: list[KeywordRegex], admitted: int) -> Iterator[Span]:
    """The keyword regexes' values in `text`, each regex run if its bit in `admitted` is set."""
    for i, (regex, group) in enumerate(regexes):
        if not admitted >> i & 1:
            continue
        for match in regex.finditer(text):
            start, end = match.span(group)
            if end > start and not match.group(group).startswith(("${", "[REDACTED")):
                yield start, end, "password"

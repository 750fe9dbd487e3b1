"""A statement scoped to the occasion it is said on: "just for this reply", "for this email only", "just this
once", "for now", "today, skip the summary". It holds for the occasion only, so it is never a memory: the rule
reasoner leaves it in the raw log, and recall leaves such a sentence out of a quote of the turn it was said in
(another card citing that turn must not bring it back). Pure text rules.

A scope that outlives the occasion is not one: a period ("this week only": see `domain.validity`, which dates
it) or a lasting thing ("for this project only, use tabs"); nor is a value stated "for now" ("basal is 0.65u/hr
for now", "for now it's pool running 3x a week"), which holds until another replaces it.
"""

from __future__ import annotations

import re

from reverie.domain.validity import PERIODS

# Scopes that outlive the occasion: "for this project only, use tabs" is a lasting rule, not a one-off.
LASTING_SCOPES = frozenset(
    "project repo repository codebase team client customer account company org organisation organization "
    "service app product workspace".split()
)
_ONE_OFF_RE = re.compile(
    # "just for this reply", "only this once", "just 4 this trip" (chat's "4")
    r"\b(?:just|only)\s+(?:(?:for|4)\s+)?this\s+(?P<a>[a-z]+)"
    r"|\b(?:for|4)\s+this\s+(?P<b>[a-z]+)(?:\s+[a-z]+)?\s+only\b"  # "for this email only"
    r"|\bthis\s+(?P<c>[a-z]+)\s+only\b"  # "this time only" ("this week only" is a period: see domain.validity)
    r"|\b(?:just\s+|only\s+)?for\s+(?P<now>now|the\s+moment)\b"
    r"|\b(?:just\s+|only\s+)?for\s+(?:today|tonight)\b|\b(?:today|tonight)\s+only\b"
    # "Today, skip the summary": a day's request (a first-person statement about today is not one).
    r"|^(?:today|tonight|this\s+(?:morning|afternoon|evening))\b,?\s+(?!(?:i|i'm|i've|we|we're|my|our)\b)"
    # "Today I'd like the summary in Spanish": what one wants today, asked for today
    r"|^(?:today|tonight|this\s+(?:morning|afternoon|evening))\b,?\s+(?:i'd|i\s+would|we'd|we\s+would|"
    r"i\s+want|we\s+want|i\s+need|we\s+need|let's)\b"
    # "Make this letter very formal", "keep this email short": how the piece at hand is to be written
    r"|^(?:please\s+)?(?:make|keep|write|format|sign|word|phrase|translate)\s+this\s+(?P<d>letter|email|e-mail|"
    r"message|reply|answer|one|post|note|document|doc|draft|text|card|speech|essay|toast|bio|summary)\b"
    # "Use British spelling for this document", "no jargon in this reply": the piece at hand, however asked
    r"|\b(?:for|in)\s+this\s+(?P<e>letter|email|e-mail|message|reply|answer|response|document|doc|draft|text|"
    r"post|essay|paragraph|chat|conversation|summary|translation)\b",
    re.I,
)


# A value stated of something just before "for now" ("overnight basal is 0.65u/hr for now", "I'm on the
# Libre 3 for the moment"): the current value, provisional until another replaces it, not a one-off request.
_STATED_VALUE_RE = re.compile(
    r"(?:^|\s)(?:is|are|am|was|were|'s|'re|'m)\s+(?:still\s+)?(?:[^\s,;]+\s+){0,4}?[^\s,;]*[\d]"
    r"[^\s,;]*(?:\s+[^\s,;]+){0,3}\s*,?\s*$"
    r"|(?:^|\s)(?:i'm|i\s+am|we're|we\s+are|(?:is|are|'s|'re))\s+(?:still\s+)?on\s+(?:the\s+)?[^\s,;]+"
    r"(?:\s+[^\s,;]+){0,3}\s*,?\s*$"
    # ... or how one gets somewhere meanwhile: "I'm getting the bus to work for now"
    r"|(?:^|\s)(?:i'm|i\s+am|we're|we\s+are)\s+(?:getting|taking|catching|driving|cycling|walking)\s+"
    r"(?:the\s+)?[^\s,;]+(?:\s+to\s+[^\s,;]+)?\s*,?\s*$"
    # ... or what one has stopped meanwhile: "I've stopped the driving lessons for now" (until taken up again)
    r"|(?:^|\s)(?:i|we)(?:'ve|\s+have)?\s+(?:stopped|paused|dropped|given\s+up|quit|put\s+off)\s+"
    r"(?:the\s+|my\s+|our\s+)?[^\s,;]+(?:\s+[^\s,;]+){0,2}\s*,?\s*$",
    re.I,
)


# ... or just after it: "For now it's pool running 3x a week", "for the moment, the dose is 20mg": a subject,
# its verb "to be", and a value with a number or how often (a request, "for now, skip the summary", has neither).
_FRONTED_RE = re.compile(
    r"^(?:just\s+|only\s+)?for\s+(?:now|the\s+moment)\b[,:\s]+(?=(?:it|that|this|i|we|he|she|they|"
    r"(?:the|my|our|his|her|their)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?)(?:'s|'re|'m|\s+(?:is|are|am))\s+"
    r"(?!(?:going|gonna)\b)[^?]*(?:\d|\b(?:once|twice|every|daily|weekly)\b))",
    re.I,
)


def for_the_occasion(text: str) -> bool:
    """Whether `text` (its opening interjections already stripped) is scoped to the occasion it is said on."""
    for match in _ONE_OFF_RE.finditer(text.strip()):
        if match.group("now") and (
            _STATED_VALUE_RE.search(text.strip()[: match.start()]) or _FRONTED_RE.match(text.strip())
        ):
            continue  # "basal is 0.65u/hr for now": a value that holds until replaced
        scope = "".join(match.group(g) or "" for g in "abcde").lower()
        if scope not in PERIODS and scope not in LASTING_SCOPES:
            return True
    return False


_FOR_NOW_RE = re.compile(r",?\s*\b(?:just\s+|only\s+)?for\s+(?:now|the\s+moment)\b", re.I)


def without_provisional(text: str) -> str:
    """`text` without the "for now" that marks a value stated in it as provisional ("basal is 0.65u/hr for
    now" → "basal is 0.65u/hr"): what is left is the value, current until another replaces it."""
    for match in _FOR_NOW_RE.finditer(text):
        if _STATED_VALUE_RE.search(text[: match.start()]):
            return text[: match.start()] + text[match.end() :]
    # "For now it's pool running 3x a week" → "it's pool running 3x a week"
    fronted = _FRONTED_RE.match(text.strip())
    return text.strip()[fronted.end() :] if fronted else text

"""An email the user pastes as a reply quotes it: "> On Mon 2 Feb, Gareth Pryce wrote:" and then its lines,
each opening with ">". Mail the user received about their affairs is news they now hold (as a notice is):
each quoted line is read as its words, without the quote mark and without what opens it as news for the
reader ("Also a heads up that rent goes up ..." → "rent goes up ..."); the header itself says nothing.
"""

from __future__ import annotations

import re

# "On Mon 2 Feb, Gareth Pryce wrote:", "On 11 May 2026 at 09:14, Declan Moran <d@x.ie> wrote:".
_HEADER_RE = re.compile(r"^>?\s*On\s+.{2,40}?,\s*[A-Z][^:]{0,80}?\s+wrote\s*:$")
_QUOTE_MARK_RE = re.compile(r"^\s*>")
# What opens a line as news for the reader, no part of the news: "Also a heads up that", "Just so you know,".
_OPENER_RE = re.compile(
    r"^(?:(?:also|and|oh|ps|p\.s\.)\b[\s,]*)*(?:(?:just\s+)?(?:a\s+)?(?:quick\s+)?heads[ -]up|just so you know|"
    r"fyi|for your information|please note|note)(?:\s+that\b|\s*[,:-])?\s*",
    re.I,
)


def mail_header(text: str) -> bool:
    """Whether `text` is the header of a quoted email ("> On Mon 2 Feb, Gareth Pryce wrote:")."""
    return _HEADER_RE.match(text.strip()) is not None


def quoted_line(part: str, text: str) -> str | None:
    """`part` as the words it says when it stands on a quoted line of the message `text` ("> Also a heads up
    that rent goes up to £1,150." → "rent goes up to £1,150."), or None when no quoted line of `text`
    holds it."""
    said = part.strip().lstrip(">").strip()
    words = _words(said)
    if not words:
        return None
    for line in text.splitlines():
        if _QUOTE_MARK_RE.match(line) and f" {words} " in f" {_words(line)} ":
            news = _OPENER_RE.sub("", said)
            return news[:1].upper() + news[1:] if news else None
    return None


def _words(text: str) -> str:
    """`text` as its bare words, so a part matches its line whatever its spelling was mended to."""
    return " ".join(re.findall(r"\w+", re.sub(r"['’]", "", text.lower())))

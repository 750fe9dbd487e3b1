"""An email the user pastes as a reply quotes it: "> On Mon 2 Feb, Gareth Pryce wrote:" and then its lines,
each opening with ">". Mail the user received about their affairs is news they now hold (as a notice is):
each quoted line is read as its words, without the quote mark and without what opens it as news for the
reader ("Also a heads up that rent goes up ..." → "rent goes up ..."), the reader's "your" being the user's
("your new account rep is ..." → "my new account rep is ...") unless the writer speaks in the same line ("we've
pencilled your viewing"); the header itself says nothing.
"""

from __future__ import annotations

import re

# "On Mon 2 Feb, Gareth Pryce wrote:", "On 11 May 2026 at 09:14, Declan Moran <d@x.ie> wrote:", its address
# masked or not ("<[REDACTED:email]>").
_HEADER_RE = re.compile(r"^>?\s*On\s+.{2,40}?,\s*[A-Z](?:[^:]|\[REDACTED:[a-z_]+\]){0,80}?\s+wrote\s*:$")
_QUOTE_MARK_RE = re.compile(r"^\s*>")
# What opens a line as news for the reader, no part of the news: "Also a heads up that", "Just so you know,".
_OPENER_RE = re.compile(
    r"^(?:(?:also|and|oh|ps|p\.s\.)\b[\s,]*)*(?:(?:just\s+)?(?:a\s+)?(?:quick\s+)?heads[ -]up|just so you know|"
    r"fyi|for your information|please note|note)(?:\s+that\b|\s*[,:-])?\s*",
    re.I,
)

# The reader's own, in mail the user received: "your new account rep is ..." is the user's rep.
_YOUR_RE = re.compile(r"\byour\b", re.I)
# The writer in the first person: their "your" stays theirs to say ("We've pencilled your viewing ...").
_WRITER_RE = re.compile(r"\b(?:I|I'm|I've|I'll|me|my|we|we're|we've|we'll|us|our)\b", re.I)


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
            if not _WRITER_RE.search(news):  # "we've pencilled your viewing": the writer speaks, not the user
                news = _YOUR_RE.sub(lambda m: "My" if m.group()[0] == "Y" else "my", news)
            return news[:1].upper() + news[1:] if news else None
    return None


def _words(text: str) -> str:
    """`text` as its bare words, so a part matches its line whatever its spelling was mended to."""
    return " ".join(re.findall(r"\w+", re.sub(r"['’]", "", text.lower())))

"""The background a speaker puts before their news, left out so the news is read as the statement it is.

- A reason or a time given first, as a clause of its own, without a comma: "since Prof. Lee retired my new
  supervisor is Dr Tan" → "my new supervisor is Dr Tan"; "because the lease ended we're renting in Deal"
  → "we're renting in Deal". Only a clause with a verb in it: "since 2019 my sister has lived in Oslo" keeps
  its "since 2019", which says how long the statement holds.
- The words that announce what follows as news: "the actual news is my viva is booked for 14 May" → "my
  viva is booked for 14 May", "the big news is that we got the flat" → "we got the flat". What they open
  is a statement of its own, whatever came before it; what came before "but the news is" or "the real news
  is" is set aside by the speaker themselves ("the boiler died again, whatever, but the big news is ...").
- A consequence the speaker already acted on, after ", so": "..., so I've moved the thesis to Overleaf",
  "..., so we sold the van" is a thing done, a statement of its own. A present habit after ", so" ("I'm
  lactose intolerant, so I use oat milk") stays with the reason it follows, unless that reason is a named
  person's news ("Kim retired, so I go to Rosa now"): news of its own.

The message itself stays the card's evidence, so the background is not lost, only kept off the statement.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.verb_forms import IRREGULAR_PAST

# Where a clause starts: the sentence's start or a joint (", and", ", but", "and", ", so").
_START = r"(?P<lead>^\s*|,\s*(?:(?:and|but|so)\s+)?|\s(?:and|but|so)\s+)"
_NEWS_RE = re.compile(
    _START + r"(?:the|my|our)\s+(?:(?:actual|real|big|main|other|good|bad|exciting|latest|proper)\s+)?news"
    r"\s+(?:is|was)\s+(?:that\s+)?(?=\S)",
    re.I,
)
_REASON_RE = re.compile(
    _START + r"(?:since|because|cause|now that|ever since)\s+(?P<reason>[^,]{3,80}?)\s+"
    r"(?P<main>(?:my|our)\s+\w|I(?:'m|'ve|\s)|we(?:'re|'ve|\s))",
    re.I,
)
# The same with a comma, a past event first ("after all of us bakers complained, Musa brought it down",
# "once the lease ended, we moved"): the main clause opens with a name, an owner or I/we. A condition
# ("when I run, my knee hurts") is not background: it says when the statement holds, and stays.
_PAST_REASON_RE = re.compile(
    _START + r"(?:after|since|because|now that|ever since|once)\s+(?P<reason>[^,]{3,80}?),\s+"
    r"(?P<main>(?:my|our|the)\s+\w|(?-i:[A-Z])[a-z][\w-]*\s+(?-i:[a-z])|I(?:'m|'ve|\s)|we(?:'re|'ve|\s))",
    re.I,
)
# What brought the news about, said as a new thing before it: "With the new bypass my commute is down to 25 minutes",
# "thanks to the new timetable, we're home by six".
_WITH_NEW_RE = re.compile(
    _START + r"(?:with|thanks\s+to)\s+(?:the|a|our|my)\s+new\s+[\w-]+(?:\s+[\w-]+)?\s*,?\s+"
    r"(?=(?:my|our)\s+\w|I(?:'m|'ve|\s)|we(?:'re|'ve|\s))",
    re.I,
)
_PAST_RE = re.compile(r"\b(?:was|were|had|did)\b|\w{3,}ed\b", re.I)
_FINITE_RE = re.compile(r"\b(?:is|are|was|were|has|had|have|got|did|does)\b|\w{3,}ed\b", re.I)


def _has_verb(clause: str) -> bool:
    """Whether a clause has a finite verb: "Prof. Lee retired", "the lease ended"; not "2019"."""
    return _FINITE_RE.search(clause) is not None or any(
        w.lower() in IRREGULAR_PAST for w in re.findall(r"[A-Za-z]+", clause)
    )


def _reasonless(match: re.Match[str]) -> str:
    if not _has_verb(match.group("reason")):
        return match.group(0)
    return f"{match.group('lead')}{match.group('main')}"


_NEWS_SPLIT_RE = re.compile(
    r"(?:,\s*|\s)(?:(?:and|but|so)\s+)?(?:the|my|our)\s+(?:(?:actual|real|big|main|other|good|bad|exciting|"
    r"latest|proper)\s+)?news\s+(?:is|was)\s+(?:that\s+)?(?=\S)",
    re.I,
)
# "but the news is", "the actual news is": what came before is set aside.
_NOT_THE_NEWS_RE = re.compile(r"\b(?:but|actual|real|main)\b", re.I)
_PAST_WORDS = "|".join(sorted(IRREGULAR_PAST))
_DONE_SO_RE = re.compile(
    rf",\s*so\s+(?=(?:I|we)(?:'ve|\s+have|\s+had|\s+\w+ed\b|\s+(?:{_PAST_WORDS})\b))", re.I
)


# A named person's news before ", so I ..." ("Kim retired, so I go to Rosa now"): news of its own, whatever the
# speaker does about it.
_NAMED_NEWS_RE = re.compile(
    r"^(?!(?:I|It|This|That|There|He|She|They|We|You)\b)(?-i:[A-Z])[a-z]+(?:\s+(?-i:[A-Z])[a-z]+)?\s+"
    rf"(?:has\s+|had\s+|just\s+)*(?:\w{{3,}}ed|{_PAST_WORDS})\b",
    re.I,
)
_SO_I_RE = re.compile(r",\s*so\s+(?=(?:I|we)\b)", re.I)


# ... or a thing's ("The flat sale fell through, so we're staying put for now"): what became of it, then what the
# speaker does about it.
_THING_NEWS_RE = re.compile(r"^(?:the|our|my)\s+(?:[\w-]+\s+){0,3}?[\w-]+\s+fell\s+through\b", re.I)


def _named_news_apart(piece: str) -> list[str]:
    found = _SO_I_RE.search(piece)
    if found and (
        _NAMED_NEWS_RE.match(piece[: found.start()]) or _THING_NEWS_RE.match(piece[: found.start()])
    ):
        return [piece[: found.start()], piece[found.end() :]]
    return [piece]


def news_parts(sentence: str) -> list[str]:
    """`sentence` cut where it announces news and where a consequence already acted on follows ", so"
    (see the module docstring); the one sentence when it does neither. What comes before "but the news
    is" or "the actual news is" is, by the speaker's own word, not the news: it is left out."""
    pieces = _NEWS_SPLIT_RE.split(sentence)
    marker = _NEWS_SPLIT_RE.search(sentence)
    if marker and _NOT_THE_NEWS_RE.search(marker.group(0)):
        pieces = pieces[1:]
    return [
        p.strip()
        for piece in pieces
        for done in _DONE_SO_RE.split(piece)
        for p in _named_news_apart(done)
        if p.strip()
    ]


def without_background(sentence: str) -> str:
    """`sentence` without the reason clause fronted before the speaker's news and the words announcing
    news (see the module docstring)."""
    sentence = _NEWS_RE.sub(lambda m: m.group("lead"), sentence)
    sentence = _WITH_NEW_RE.sub(lambda m: m.group("lead"), sentence)
    sentence = _REASON_RE.sub(_reasonless, sentence)
    return _PAST_REASON_RE.sub(_pastless, sentence)


def _pastless(match: re.Match[str]) -> str:
    reason = match.group("reason")
    past = _PAST_RE.search(reason) or any(
        w.lower() in IRREGULAR_PAST for w in re.findall(r"[A-Za-z]+", reason)
    )
    return f"{match.group('lead')}{match.group('main')}" if past else match.group(0)

"""One thing given up for another, told as its two halves in one message: "I cancelled the gym membership,
I swim at the lido now instead", "ditched the old laptop, got a ThinkPad", "sold the Ibiza, bought a Niro".

The leaving says what stopped; the other half says what holds now, without naming what it replaced. Kept
apart, the leaving would stand as a card that names the old thing as if it still held, and the new one
would not say what it ends. So the new half says it: "... instead of the gym membership" (its "instead"
completed, or the phrase added), and the leaving is no card of its own (the message, its evidence, keeps
it). Merging then reads the change against the held card that names the old thing (`by_topic`).

Only the speaker's own halves are read so, one leaving in the message, and a new half that says it is new
("instead", or getting, buying, switching to, joining, starting something, or being on or with
something "now": "not with Vodafone any more, we're on Odido now"). "I sold the car. My sister
visits on Sunday" tells no swap; neither does "I cancelled the order, I'm at home now".
"""

from __future__ import annotations

import re
from dataclasses import replace

from reverie.adapters.local.rules.statement_types import Speaker, Statement
from reverie.domain.models import MemoryType

# Giving something up: "cancelled the PureGym membership", "ditched the iphone", "gave up coffee", "stopped
# going to yoga". ("Left" is also going out of a room: "left the gym at 8" is no giving up.)
_LEAVING_RE = re.compile(
    r"^(?P<who>.+?)\s+(?:has\s+|had\s+|just\s+|finally\s+)*(?:ditched|dumped|cancell?ed|sold|quit|"
    r"gave\s+up(?:\s+on)?|packed\s+in|jacked\s+in|got\s+rid\s+of|stopped\s+(?:going\s+to|using|taking)|dropped|traded\s+in|scrapped|"
    r"binned|switched\s+(?:away\s+)?from|moved\s+away\s+from|"
    # no longer with a provider or on a plan: "is not with Vodafone any more", "is no longer on the Pro plan"
    r"(?:is|are)\s+(?:no\s+longer|not)\s+(?:with|on))\s+(?P<what>.+)$",
    re.I,
)
# Where the name of what was given up ends: a time, a reason, another clause.
_WHAT_END_RE = re.compile(
    r"[,.;:!?(]|\s(?:in|on|at|for|from|last|yesterday|today|this|because|since|after|before|when|as|and|but|so|"
    r"it|which|after|any\s*more|now|a\s+(?:few|couple)|\d+\s+(?:days?|weeks?|months?|years?)\s+ago|ages\s+ago)\b",
    re.I,
)
_WHAT_WORDS = 5  # longer than this, it is no thing's name but a clause
# The new half says it is new: "instead", or what was got, bought, switched to, joined or begun.
_NEW_RE = re.compile(
    r"\binstead\b(?!\s+of\b)|^\S+(?:\s+\S+)??\s+(?:has\s+|have\s+|just\s+|now\s+)*(?:got|bought|switched\s+to|"
    r"moved\s+(?:over\s+)?to|joined|signed\s+up|started|went\s+(?:for|with)|upgraded\s+to|picked\s+up|"
    r"took\s+up|replaced)\b|"
    # with another provider or on another plan now: "is on Odido now", "is now with Octopus"
    r"^\S+(?:\s+\S+)??\s+(?:is|are)\s+(?:now\s+(?:on|with)\b|(?:on|with)\s+[^,.;]*\bnow\b)",
    re.I,
)
_INSTEAD_RE = re.compile(r"\binstead\b(?!\s+of\b)", re.I)
_KINDS = frozenset({MemoryType.FACT, MemoryType.PREFERENCE})


def _theirs(text: str, who: Speaker) -> bool:
    return text.lower().startswith((f"{who.name.lower()} ", "the user "))


def _given_up(statement: Statement, who: Speaker) -> str | None:
    """What the speaker's statement says they gave up ("the PureGym membership"), or None."""
    found = _LEAVING_RE.match(statement.text)
    if statement.type not in _KINDS or found is None or not _theirs(statement.text, who):
        return None
    what = _WHAT_END_RE.split(found.group("what"), maxsplit=1)[0].strip()
    return what if what and len(what.split()) <= _WHAT_WORDS else None


def _instead_of(text: str, what: str) -> str:
    """`text` saying what it replaced: its "instead" completed, or the phrase added after its first clause."""
    if _INSTEAD_RE.search(text):
        return _INSTEAD_RE.sub(f"instead of {what}", text, count=1)
    body = text.rstrip(" .!")
    head, comma, rest = body.partition(
        ", "
    )  # at the end of its first clause: "on Odido now instead of ..., fibre"
    return f"{head} instead of {what}{comma}{rest}."


def swaps(kept: list[Statement], who: Speaker) -> tuple[list[Statement], list[Statement]]:
    """(kept, left out) of one message's statements: when they tell one thing given up and the new one
    (see the module), the new one saying what it replaced and the leaving left out; else as they were."""
    given = [(n, what) for n, s in enumerate(kept) if (what := _given_up(s, who))]
    if len(given) != 1:
        return kept, []
    at, what = given[0]
    head = what.split()[-1].lower()
    new = [
        n
        for n, s in enumerate(kept)
        if n != at
        and s.type in _KINDS
        and _theirs(s.text, who)
        and _NEW_RE.search(s.text)
        and head not in s.text.lower()
    ]
    if not new:
        return kept, []
    chosen = next((n for n in new if n > at), new[-1])  # the nearest half after the leaving, else before it
    out = [
        replace(s, text=_instead_of(s.text, what)) if n == chosen else s
        for n, s in enumerate(kept)
        if n != at
    ]
    return out, [kept[at]]

"""Punctuation a dictating speaker says aloud, written as the marks it names: "the MOT is due in March comma my
mechanic is Gary full stop cheers" → "the MOT is due in March, my mechanic is Gary. Cheers".

Voice dictation without automatic punctuation transcribes "comma", "full stop", "question mark" as words; read
as words, a run-on message is one long clause that states nothing the rules recognise, and the mark names end
up in its card. A mark's name is read as the mark only where it stands as one: after a word it does not qualify
and before no word that makes it a noun again ("put a full stop there", "the Oxford comma", "comma-separated",
"a comma splice" are about punctuation, not punctuated). "period" is also a noun of time ("the notice period"),
"colon" an organ: "period" is read as a mark only in a message that says another mark aloud, never after a
word it can follow as a noun, and "colon" never.
"""

from __future__ import annotations

import re

# Words after which a mark's name is a noun: determiners, possessives, prepositions, numbers and what
# qualifies punctuation ("a full stop", "the comma", "Oxford comma", "two commas").
_AS_NOUN_BEFORE = (
    r"a|an|the|this|that|these|those|my|your|his|her|its|our|their|no|another|extra|"
    r"missing|stray|oxford|serial|inverted|with|without|of|for|to|use|uses|using|put|add|remove|say|says|said|"
    r"typed|type|word|called"
)
# What "period" is a noun of, before it ("notice period", "trial period").
_PERIOD_NOUN_BEFORE = (
    r"notice|trial|grace|waiting|probation|probationary|rest|time|study|billing|reporting|holding|cooling|"
    r"off|free|same|whole|first|last|next|short|long|given|certain|initial|transition|transitional|lockout|"
    r"school|lesson|class|exam|heavy|light|late|missed"
)
# Words after which a mark's name is a noun again ("comma splice", "comma-separated", "full stop key").
_AS_NOUN_AFTER = (
    r"splice|splices|separated|delimited|key|sign|symbol|mark|character|instead|goes|is|was|here|there"
)

_MARKS = {
    "comma": ",",
    "full stop": ".",
    "fullstop": ".",
    "full-stop": ".",
    "question mark": "?",
    "exclamation mark": "!",
    "exclamation point": "!",
    "semicolon": ";",
    "semi colon": ";",
    "new line": "\n",
    "newline": "\n",
    "new paragraph": "\n",
    "next line": "\n",
}
_ENDS_SENTENCE = frozenset(".?!\n")


_NAMES = "|".join(re.escape(n).replace(r"\ ", r"\s+") for n in sorted(_MARKS, key=len, reverse=True))
# Python's look-behind needs a fixed width: check the word before in code instead.
_MARK_RE = re.compile(rf"(?<![\w'-])(?P<name>{_NAMES}|period)(?![\w'-])", re.I)
_BEFORE_NOUN_RE = re.compile(rf"(?:^|\W)(?:{_AS_NOUN_BEFORE})\s+$", re.I)
_BEFORE_PERIOD_RE = re.compile(rf"(?:^|\W)(?:{_PERIOD_NOUN_BEFORE}|\d+)\s+$", re.I)
_AFTER_NOUN_RE = re.compile(rf"^\s*(?:-|(?:{_AS_NOUN_AFTER})\b)", re.I)
_QUOTED_RE = re.compile(r"[\"“”]")


def _spoken(text: str, match: re.Match[str]) -> bool:
    """Whether the mark name `match` found stands for the mark itself, not for the word."""
    head, tail = text[: match.start()], text[match.end() :]
    if not head.strip() or head.rstrip()[-1] in ",;:.!?" or _BEFORE_NOUN_RE.search(head):
        return False  # "comma first", "..., comma first", "a full stop"
    if _AFTER_NOUN_RE.match(tail):
        return False  # "comma-separated", "the comma goes"
    if _QUOTED_RE.search(head[-2:]) or _QUOTED_RE.match(tail.lstrip()[:1] or " "):
        return False  # 'the word "comma"'
    if match.group("name").lower() == "period":
        return not _BEFORE_PERIOD_RE.search(head)
    return True


def _marks(text: str) -> list[re.Match[str]]:
    found = [m for m in _MARK_RE.finditer(text) if _spoken(text, m)]
    if not any(m.group("name").lower() != "period" for m in found):
        return []  # "period" alone is more often the noun: only beside another mark said aloud
    return found


def dictated(text: str) -> bool:
    """Whether `text` says a punctuation mark aloud ("... in March comma my mechanic ...")."""
    return bool(_marks(text))


def punctuated(text: str) -> str:
    """`text` with the punctuation said aloud written as marks, each sentence after a full stop, question
    or exclamation mark opening with a capital; `text` itself when it says no mark aloud."""
    found = _marks(text)
    if not found:
        return text
    out: list[str] = []
    last = 0
    capital = False
    for match in found:
        piece = text[last : match.start()].rstrip()
        out.append(_capitalised(piece) if capital else piece.lstrip() if last else piece)
        name = re.sub(r"\s+", " ", match.group("name").lower())
        mark = _MARKS.get(name, ".")
        out.append(mark if mark == "\n" else mark + " ")
        capital = mark in _ENDS_SENTENCE
        last = match.end()
    rest = text[last:]
    out.append(_capitalised(rest) if capital else rest.lstrip())
    return re.sub(r"[ \t]+\n", "\n", re.sub(r"([,;:.!?])\s*(?=[,;.!?])", "", "".join(out))).strip()


def _capitalised(piece: str) -> str:
    piece = piece.lstrip()
    return piece[:1].upper() + piece[1:]

"""How a user takes in, in their own way, what the agent just told them from a tool's output.

- Asking the agent to put it in their calendar, diary or list ("yes, put it in the calendar", "add that to my
  diary", "can you pop those dates in my planner?", "pencil it in") asks it to keep what a calendar keeps of
  what it told them: when and where it is (`asks_to_keep`, `in_calendar`). Who organises it, what to bring or
  who said so is not in the entry, and stays what the source said.
- Speaking of themselves, the user is the person the output named: "I'll do the tombola" says again "Grace,
  you're on the tombola" when Grace says it (`in_own_person` puts the speaker's name beside a sentence said in
  the first person, so their reply shares the name with the fact it restates).
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.language import sentences

# A place the user keeps what they will do or need: a calendar, a diary, a planner, a list, their reminders.
_KEPT_IN = (
    r"(?:(?:my|the|our|your|a)\s+)?(?:(?:google|outlook|work|family|shared|home)\s+)?"
    r"(?:calendar|cal|diary|planner|schedule|agenda|reminders|to-?do(?:\s+list)?|list|notes)"
)
# What was told: "it", "that", "those dates", "the details", "everything".
_TOLD = (
    r"(?:it|that|this|them|those|these|everything|all\s+(?:of\s+)?(?:it|that|this|them)|"
    r"(?:the|those|these)\s+(?:dates?|times?|details|event|events|bits|info))"
)
_KEEP_TOLD_RE = re.compile(
    r"(?:^|[,;:]\s*|\b(?:yes|yeah|yep|ok|okay|great|please|pls|plz|and|so|then)\b[,\s]+|"
    r"\b(?:can|could|would|will)\s+you\s+(?:please\s+)?)"
    rf"(?:(?:put|add|pop|stick|enter|write|pencil|note|save|book)\s+{_TOLD}\s+(?:down\s+)?(?:in|into|on|to)\s+"
    rf"{_KEPT_IN}|(?:add|put|pop|stick)\s+(?:in|on|to)\s+{_KEPT_IN}|pencil\s+{_TOLD}\s+in|calendar\s+{_TOLD})\b",
    re.I,
)
# Not a request: "did you put it in the calendar?", "don't put it in the calendar", "I already put it in"
# ("can you put it in my diary?" is one).
_NOT_ASKED_RE = re.compile(
    r"^(?!.*\b(?:can|could|would|will)\s+you\b).*\?\s*$|\b(?:don'?t|do\s+not|never|no\s+need\s+to|already)\b",
    re.I,
)

_MONTH = (
    r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|"
    r"nov(?:ember)?|dec(?:ember)?"
)
_WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)\.?,?(?=\s+\d)"
# When and where: a day or a date, a time of day, a place given under a label ("Where: ...", "Venue: ...").
_WHEN_WHERE_RE = re.compile(
    rf"\b(?:{_WEEKDAY}|{_MONTH}|\d{{1,2}}(?:st|nd|rd|th)|today|tomorrow|tonight)\b"
    r"|\bmay\s+\d|\d(?:st|nd|rd|th)?\s+(?:of\s+)?may\b"  # "may" is a month beside a day
    r"|\b\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4})?\b|\b\d{4}-\d{2}-\d{2}\b"
    r"|\b\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)\b|\b\d{1,2}:\d{2}\b|\b\d{1,2}\s+(?:till|until|to)\s+\d{1,2}\b"
    r"|^\s*(?:where|when|venue|location|date|time|place)\s*:",
    re.I,
)

_FIRST_PERSON_RE = re.compile(r"\b(?:I|I'(?:ll|m|ve|d)|me|my|myself|mine)\b|\bI’(?:ll|m|ve|d)\b")


def asks_to_keep(text: str) -> bool:
    """Whether a sentence of `text` asks the agent to put what it told into the user's calendar, diary or list."""
    return any(
        _KEEP_TOLD_RE.search(s) is not None and _NOT_ASKED_RE.search(s) is None for s in sentences(text)
    )


def in_calendar(statement: str) -> bool:
    """Whether `statement` says when or where something is: what a calendar entry keeps of it."""
    return _WHEN_WHERE_RE.search(statement) is not None


def in_own_person(text: str, speaker: str | None) -> str:
    """`text` with the speaker's name beside each sentence they say in the first person (their own words
    about themselves name them); `text` as it was when the speaker is not known."""
    if not speaker:
        return text
    return "\n".join(
        f"{s} ({speaker})" if _FIRST_PERSON_RE.search(s) and not s.endswith("?") else s
        for s in sentences(text)
    )

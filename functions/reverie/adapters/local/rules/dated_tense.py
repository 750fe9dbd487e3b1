"""A date put where English puts it once a relative time word has been resolved.

`dates.resolve_relative_dates` swaps the words in place, which reads oddly where the speaker had them:
"I've this morning booked the vet" → "I've on 27 April 2026 booked the vet", and a definite date next to a
present perfect is not English ("has signed the lease on 27 April"). Here a date between the auxiliary and
its participle goes to the end of the clause, a date heading the sentence is set off by a comma
("On 26 April 2026, I passed my test"), and a perfect dated to a finished day becomes the simple past
("I have just signed the lease today" → "I signed the lease on 27 April 2026").
"""

from __future__ import annotations

import re
from datetime import datetime

from reverie.adapters.local.rules.dates import RELATIVE_RE, resolve_relative_dates
from reverie.domain.text import MONTH_NAMES

_MONTH_ALT = "|".join(m.capitalize() for m in MONTH_NAMES)
# The phrases `resolve_relative_dates` writes, and a day written out by the speaker ("on 2 March 2026").
_DATE = (
    rf"(?:\d{{1,2}}\s+(?:{_MONTH_ALT})(?:\s+\d{{4}})?|(?:{_MONTH_ALT})\s+\d{{4}}|\d{{4}}"
    r"|the\s+(?:weekend|week)\s+(?:before|after)\s+\d{1,2}\s+\w+\s+\d{4}"
    r"|(?:a\s+few|\w+)\s+(?:days|weeks?|weekends?)\s+before\s+\d{1,2}\s+\w+\s+\d{4})"
)
_AUX = r"(?:have|has|had|'ve|’ve)"
_ADVERBS = r"(?:(?:just|finally|already|now|recently|only|also)\s+)*"
# Participles whose simple past differs; regular "-ed" ones and "bought", "made", "met", "got" ... do not.
_PAST_OF = {
    "been": "went",  # only before "to" (`_PARTICIPLE`): "have been to the dentist today" → "went to the dentist"
    "gone": "went",
    "done": "did",
    "seen": "saw",
    "taken": "took",
    "given": "gave",
    "written": "wrote",
    "eaten": "ate",
    "begun": "began",
    "driven": "drove",
    "flown": "flew",
    "known": "knew",
    "grown": "grew",
    "thrown": "threw",
    "drawn": "drew",
    "shown": "showed",
    "broken": "broke",
    "chosen": "chose",
    "spoken": "spoke",
    "stolen": "stole",
    "forgotten": "forgot",
    "gotten": "got",
    "ridden": "rode",
    "fallen": "fell",
    "swum": "swam",
    "run": "ran",
    "come": "came",
    "become": "became",
    "sung": "sang",
    "drunk": "drank",
    "worn": "wore",
    "woken": "woke",
    "hidden": "hid",
    "frozen": "froze",
    "shaken": "shook",
    "rung": "rang",
}
_SAME_PAST = frozenset(
    """bought brought built caught felt found fought got had heard held kept laid led left lent lost made meant
    met paid put quit read said sent set shut sold spent stood struck taught thought told understood won""".split()
)
_IRREGULAR = "|".join(sorted(set(_PAST_OF) - {"been"}, key=len, reverse=True))
_PARTICIPLE = rf"(?:[a-z]{{3,}}ed|been(?=\s+to\s)|{_IRREGULAR}|{'|'.join(sorted(_SAME_PAST))})"
_SPLIT_RE = re.compile(
    rf"\b(?P<aux>{_AUX})\s+(?P<adv>{_ADVERBS})(?P<date>(?:(?:on|in)\s+)?{_DATE})\s+(?=(?:{_PARTICIPLE})\b)",
    re.I,
)
_FRONT_RE = re.compile(rf"^(?P<date>(?:on|in)\s+(?:{_DATE}))\s+(?=[A-Za-z])", re.I)
_PERFECT_RE = re.compile(rf"\b(?:have|has|'ve|’ve)\s+(?P<adv>{_ADVERBS})(?P<verb>{_PARTICIPLE})\b", re.I)
_BOUNDARY_RE = re.compile(r"[,;:]|\s[-–—]\s|\b(?:but|because|although|though|while|whereas|since)\b", re.I)
# The end of the clause the date belongs to: a stop, a dash, or a subordinate or contrasting clause.
_CLAUSE_END_RE = re.compile(
    r"\s*(?:[.;:!?](?:\s|$)|\s[-–—]\s|,\s*(?:and|but|so|which|who|though|although|as)\b"
    r"|\s(?:because|although|though|but|whereas)\b)|\s*[.!?]*\s*$",
    re.I,
)
# Relative words naming a time not yet over: "this month", "this year" go with a perfect; the future never
# follows one ("will have finished by tomorrow").
_UNFINISHED = frozenset(
    {"tomorrow", "nextweekend", "nextweek", "thismonth", "nextmonth", "thisyear", "nextyear", "nextwd"}
)


def _finished(text: str) -> bool:
    """A relative word in the text names a day or a period already over (or today)."""
    return any(not any(m.group(name) for name in _UNFINISHED) for m in RELATIVE_RE.finditer(text))


def _to_clause_end(text: str, start: int, phrase: str) -> str:
    """`phrase` inserted at the end of the clause that runs on from `start`."""
    end = _CLAUSE_END_RE.search(text, start)
    at = end.start() if end else len(text)
    return f"{text[:at]} {phrase}{text[at:]}"


def _simple_past(text: str, date_at: int) -> str:
    """The first present perfect in the clause of the date at `date_at` turned into the simple past."""
    for m in _PERFECT_RE.finditer(text):
        lo, hi = sorted((m.end(), date_at))
        if _BOUNDARY_RE.search(text, lo, hi):
            continue
        verb = m.group("verb")
        past = _PAST_OF.get(verb.lower(), verb)
        adverbs = " ".join(w for w in m.group("adv").split() if w.lower() not in ("just", "now"))
        before = text[: m.start()].rstrip()  # "I've just moved": "I moved"
        return f"{before}{' ' if before else ''}{adverbs + ' ' if adverbs else ''}{past}{text[m.end() :]}"
    return text


def dated(text: str, ts: datetime) -> str:
    """`text` with its relative time words resolved against `ts` and the date placed as English places it."""
    finished = _finished(text)
    text = resolve_relative_dates(text, ts)
    split = _SPLIT_RE.search(text)
    if split:
        date = split.group("date")
        date = date if re.match(r"(?:on|in)\s", date, re.I) else f"on {date}"
        text = text[: split.start()] + f"{split.group('aux')} {split.group('adv')}" + text[split.end() :]
        text = _to_clause_end(text, split.start(), date.lower()[:2] + date[2:])
    front = _FRONT_RE.match(text)
    if front:
        date = front.group("date")
        text = f"{date[0].upper()}{date[1:]}, {text[front.end() :]}"
    if not (finished or split):  # a date the speaker put inside a perfect is a finished day too
        return text
    for m in re.finditer(rf"\b(?:on|in)\s+(?:{_DATE})", text, re.I):
        changed = _simple_past(text, m.start())
        if changed != text:
            return changed
    return text

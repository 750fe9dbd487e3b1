"""Where the speaker is now, in a message announcing a new job: "I changed jobs! I'm at Deloitte now", "New
job news: since 06/01 I'm at Arup", "cambié de trabajo, desde el 06/01 estoy en Deloitte".

"I'm at Deloitte" alone may be where someone is this afternoon; in a message that says the speaker changed
jobs, started a new one or moved firms, it says whom they work for now. So that one clause is read as "I
work at <name>", which the slot rules key as the employer (and which then supersedes the held employer).
Code-switched forms of the same clause ("estoy en", "sto da", "estou na", "desde el") are read too, as
`job_change` reads a borrowed "Nag-resign na ako sa". Only a place named by name counts ("I'm at Deloitte",
not "I'm at home", "I'm at a loss"); a message with no job news is left as it is.

The same reading holds for other news of where the speaker now is: a place of a kind changed ("switched gyms,
I'm at The Gym Group now": my gym is ...) and a home moved ("Moved again! We're in Durham now": we live in ...), and so does a first stint of work got
through ("First week as a GP registrar in Harrogate done!": I work as a GP registrar in Harrogate now).
"""

from __future__ import annotations

import re

# The message tells of a job change: "changed jobs", "new job", "switched firms", "cambié de trabajo".
_JOB_NEWS_RE = re.compile(
    r"\b(?:(?:changed|switched|swapped|moved)\s+(?:jobs|firms|companies|employers)|new\s+(?:job|employer|role)|"
    r"started\s+(?:a\s+)?new\s+(?:job|role|position)|cambi[eé]\s+de\s+(?:trabajo|empleo|chamba)|"
    r"nuevo\s+(?:trabajo|empleo)|nuovo\s+lavoro|novo\s+emprego|cambiato\s+lavoro)\b",
    re.I,
)
# The speaker is at a place named by name: "I'm at Deloitte", "I am now at KPMG", "estoy en Deloitte", with a
# "since ..." before it ("desde el 06/01").
_AT_RE = re.compile(
    r"(?P<lead>^|[.!?;,]\s+|\b(?:and|so|y|e)\s+)(?P<since>(?i:since|desde(?:\s+el)?|dal|desde\s+o)\s+[\w/.-]+"
    r"(?:\s+(?-i:[A-Z])[a-z]+)?,?\s+)?(?P<be>(?i:i'm|i\s+am|estoy|sto|estou))\s+(?P<now>(?i:now|ahora|ora|agora)\s+)?"
    r"(?i:at|en|da|a|na|no)\s+(?=(?-i:[A-Z]))",
)


# ... or of another place the speaker goes to for something, changed: "switched gyms, I'm at The Gym Group now"
# is "my gym is The Gym Group now", as "changed dentists ... I'm at Smile Studio" is the dentist.
_PLACE_NEWS_RE = re.compile(
    r"\b(?:changed|switched|swapped|moved)\s+(?P<what>gym|school|dentist|GP|doctor|bank|vet|nurser(?:y|ie)|club|"
    r"surger(?:y|ie)|practice|salon|barber|church|choir|pharmac(?:y|ie))s?\b",
    re.I,
)
# ... where the speaker (or their household) is with the new one: "I'm at The Gym Group", "we're with Riverside
# Practice now", "we're registered with Dr Khan".
_PLACE_AT_RE = re.compile(
    r"(?P<lead>^|[.!?;,]\s+|\b(?:and|so)\s+)(?P<since>)(?P<be>(?i:i'm|i\s+am|we're|we\s+are))\s+"
    r"(?P<now>(?i:now)\s+)?(?i:at|with|registered\s+(?:at|with))\s+(?=(?-i:[A-Z]))",
)


# ... or a home moved: "Moved again! We're in Durham now" is where they live now, not where they are today.
_HOME_NEWS_RE = re.compile(
    r"\b(?:moved|relocated)(?:\s+(?:house|home|flat|again|cities|countries))?\b(?!\s+(?:to\s+)?(?:the|a|an|my|our)\b)"
    r"|\bnew\s+(?:house|flat|home|place)\b",
    re.I,
)
_IN_RE = re.compile(
    r"(?P<lead>^|[.!?;,]\s+|\b(?:and|so)\s+)(?P<be>(?i:i'm|i\s+am|we're|we\s+are))\s+(?P<now>(?i:now|finally)\s+)?"
    r"(?i:in)\s+(?=(?-i:[A-Z])[\w'-]+(?:\s+(?i:now))?\s*[.!]*$)",
)


# A first stint of work got through: "First week as a GP registrar in Harrogate done!", "Survived my first shift
# at Pret", "my first day at Arup is over": the speaker works there, or as that, now.
_STINT = r"first\s+(?:day|week|shift|month|fortnight)"
# (a school or a university may be where they study: "First week at Leeds Uni done" is left as it is)
_AS_OR_AT = (
    r"(?:as\s+(?P<role>(?:a|an)\s+[^!.,;?]+?)|at\s+(?P<firm>(?-i:[A-Z])(?![^!.,;?]*\b(?:uni|university|college|"
    r"school|high|academy|primary|sixth\s+form)\b)[^!.,;?]+?))"
)
_DONE = r"(?:done|over|complete|completed|finished|survived|in\s+the\s+bag|down)"
_FIRST_STINT_RES = (
    re.compile(
        rf"^(?:(?:so|well|yay|phew|woo+|and)[,!\s]+)*(?:my\s+)?{_STINT}\s+{_AS_OR_AT}\s+(?:is\s+|now\s+)?{_DONE}"
        r"(?P<end>\s*[!.]*)(?=\s|$)",
        re.I,
    ),
    re.compile(
        rf"^(?:(?:so|well|yay|phew|woo+|and|just)[,!\s]+)*(?:survived|finished|done|completed|got\s+through)\s+"
        rf"my\s+{_STINT}\s+{_AS_OR_AT}(?P<end>\s*[!.]*)(?=[\s,]|$)",
        re.I,
    ),
)


def _works_now(found: re.Match[str]) -> str:
    what = f"as {found.group('role')}" if found.group("role") else f"at {found.group('firm')}"
    return f"I work {what} now{found.group('end') or '.'}"


def at_new_job(text: str) -> str:
    """`text` with the speaker's "I'm at <name>" read as "I work at <name>" when it announces a new job, or as
    "my <place> is <name>" when it announces another place changed, and a first stint of work got through
    ("First week as a GP registrar done!") as "I work as a GP registrar now" (see the module); `text` as it
    is otherwise."""
    for stint in _FIRST_STINT_RES:
        text = stint.sub(_works_now, text, count=1)
    if place := _PLACE_NEWS_RE.search(text):
        what = re.sub(r"ie$", "y", place.group("what"), flags=re.I)
        what = what if what.isupper() else what.lower()
        mine = "our" if re.search(r"\bwe(?:'re|\s+are)\b", text, re.I) else "my"
        return _PLACE_AT_RE.sub(
            lambda m: f"{m.group('lead')}{m.group('since') or ''}{mine} {what} is {m.group('now') or ''}",
            text,
            count=1,
        )
    if _HOME_NEWS_RE.search(text) and _IN_RE.search(text):
        return _IN_RE.sub(_lives_in, text, count=1)
    if not _JOB_NEWS_RE.search(text):
        return text
    return _AT_RE.sub(_works_at, text, count=1)


def _lives_in(found: re.Match[str]) -> str:
    lead = found.group("lead")
    subject = "we" if found.group("be").lower().startswith("we") else "I"
    if lead.strip() in ("", ".", "!", "?"):  # opening its sentence
        subject = subject.capitalize()
    return f"{lead}{subject} {found.group('now') or ''}live in "


def _works_at(found: re.Match[str]) -> str:
    since = found.group("since") or ""
    if since:  # "desde el 06/01" → "Since 06/01", said first in its sentence
        since = re.sub(r"^(?i:desde(?:\s+el)?|desde\s+o|dal)\b", "since", since.strip().rstrip(","))
        opens = found.group("lead").strip() in ("", ".", "!", "?")
        since = (since[:1].upper() + since[1:] if opens else since) + " "
    now = "now " if found.group("now") else ""
    return f"{found.group('lead')}{since}I {now}work at "

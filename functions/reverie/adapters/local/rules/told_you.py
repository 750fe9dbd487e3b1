"""An opening that announces what the speaker is about to tell the listener, before a colon.

"... and I'm going to dump everything on you because my brain is full: the landlord is ...", "Let me fill
you in: ...", "I'll give you the rundown: ...", or a head naming only what is told ("so you know my setup:",
"quick update:"): the clause before the colon is about the telling, not the world; what follows it is the
news. A statement of its own said before that clause ("we've finally got the keys and I'm going to ...")
stays.
"""

from __future__ import annotations

import re

# A clause of telling the listener: a verb of handing over or informing, then "you" ("tell you", "dump
# everything on you", "fill you in", "give you the rundown", "bring you up to speed").
_TELLING_RE = re.compile(
    r"(?:^|\band\s+|\bso\s+|,\s*)(?P<telling>(?:(?:i'm|i am|i'll|i will|let me|lemme|i'm gonna|i need to|"
    r"i want to|i have to|gonna|going to|quick(?:ly)?)\s+)?(?:going to\s+|gonna\s+|just\s+)?"
    r"(?:tell|dump|unload|offload|give|fill|update|brief|walk|run|throw|hit|load|catch)\b[^:]{0,40}?\byou\b[^:]*)$",
    re.I,
)
# A head that only names what is told: "you know my setup", "here's the situation", "quick update", "the
# lowdown", after an opening word or two ("Right, so ..."); what follows the colon is the news, stated or not
# (`_CLAUSE_RE`), while "My setup: two monitors and a dock" lists values under a label and stays whole.
_TOLD_THING_RE = re.compile(
    r"^(?:(?:right|ok|okay|so|well|anyway|alright|and|also|oh|ah|hi|hey)\b[\s,]*)*"
    r"(?:(?:as\s+)?you\s+know\s+|here'?s\s+|here\s+is\s+|this\s+is\s+|just\s+)?"
    r"(?:(?:my|our|the|a|an|some|quick|small|short|brief|big|little|latest|current)\s+)*"
    r"(?:set-?up|set\s+up|situation|update|news|rundown|lowdown|background|status|state\s+of\s+play|"
    r"story|details)\W*$",
    re.I,
)
# A clause's verb in what follows: a form of "be" or "have", a past tense or participle in -ed ("moved to ward
# 9", "is let to ..."); a list of values has none.
_CLAUSE_RE = re.compile(r"\b(?:is|are|was|were|has|have|had|will|won't|isn't|aren't|[a-z]{2,}ed)\b", re.I)
_COLON_RE = re.compile(r"^(?P<head>[^:]{2,200}?):\s+(?P<rest>\S.*)$", re.S)


def told_you(sentence: str) -> tuple[str, str, str]:
    """(what the opening states before the telling, the telling clause, the news after the colon), or
    ("", "", sentence) when the sentence does not open with a clause of telling the listener."""
    found = _COLON_RE.match(sentence.strip())
    if found is None:
        return "", "", sentence
    head, rest = found.group("head"), found.group("rest").strip()
    if _TOLD_THING_RE.match(head.strip()) and _CLAUSE_RE.search(rest) and len(rest.split()) >= 4:
        return "", head.strip(), rest  # "Right, so you know my setup: Flat 1 is let to ...": the news
    telling = _TELLING_RE.search(head)
    if telling is None or len(rest.split()) < 4:
        return "", "", sentence
    before = head[: telling.start()].strip(" ,;")
    return before, telling.group("telling").strip(), rest

"""A subject named between commas: "The bride, Mei, is allergic to lilies", "Our new tenant, Mr Osei,
works nights", "my mother, Mrs Samira Haddad, receives ...", "His consultant, Dr Rao, retires in June".

The name set off by commas after its role is the same person, said twice; the sentence's own shape is the
role and its verb. Read as one subject ("The bride Mei is allergic to lilies"), the sentence is kept by the
rules that keep "The bride is allergic to lilies", with the name still in it. Only a capitalised name (a
title allowed) right after a short role that opens the sentence, and only a verb after the second comma:
"The venue, the menu, the band are booked" or "In March, Dad fell" name nobody so.
"""

from __future__ import annotations

import re

_TITLE = r"(?:(?:Dr|Mr|Mrs|Ms|Miss|Mx|Prof)\.?\s+)"
_NAME = r"(?:" + _TITLE + r"?[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+){0,2})"
# Words a role may not contain: they make the opener a clause or a list, not a role ("the day, Monday, ...").
_NOT_A_ROLE = re.compile(
    r"\b(?:and|or|but|if|when|in|on|at|after|before|since|is|was|are|were|today|yesterday|tomorrow|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|day|week|month|year|time)\b",
    re.I,
)
_COMMA_NAME_RE = re.compile(
    r"^(?P<role>(?:(?i:the|my|our|his|her|their)|[A-Z][\w'-]+'s)\s+(?:[\w-]+\s+){0,2}?[a-z][\w-]+),\s+"
    r"(?P<name>" + _NAME + r"),\s+(?P<rest>(?:is|was|has|had|can|can't|cannot|will|won't|does|doesn't|"
    r"[a-z]+s|[a-z]+ed)\b.*)$",
)


def without_comma_name(sentence: str) -> str | None:
    """ "The bride, Mei, is allergic to lilies." → "The bride Mei is allergic to lilies."; None when the
    sentence does not open with a role and a name set off by commas."""
    found = _COMMA_NAME_RE.match(sentence.strip())
    if found is None or _NOT_A_ROLE.search(found.group("role")):
        return None
    return f"{found.group('role')} {found.group('name')} {found.group('rest')}"

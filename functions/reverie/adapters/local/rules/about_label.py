"""A message headed by whom it is about: "Para kay Lolo: his pension is paid on the 28th", "Re Dad: he's off
statins now", "For Mrs Obi - her carer comes at 9", "Quick update on Gran for your notes: her GP is ...".
The heading names the person every "he", "his", "she" or "her" after it stands for, as a carer's or a
parent's notes are written.

The heading is a preposition of aboutness ("for", "re", "about", "regarding"; "para kay", "pour", "für",
"per" mixed in from other languages) or news named so ("an update on", "notes about"), and a name
(capitalised, not a weekday or a month), then a colon or a dash. The pronouns are read as that person only
when the rest speaks of one person (not "he" and "she" both); the heading itself says nothing, and is
dropped.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.references import resolve_person

_NOT_NAMES = frozenset(
    """Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August
    September October November December Today Tomorrow Tonight Now Later Reference Context Info Sale""".split()
)
_ABOUT_LABEL_RE = re.compile(
    r"^(?P<label>(?i:(?:(?:a\s+)?(?:quick\s+|short\s+|small\s+|little\s+)?(?:update|news|notes?|info)\s+"
    r"(?:on|about|re|regarding|for))|for|re|about|regarding|para\s+(?:kay|sa|a)|pour|f[üu]r|per)\s+"
    r"(?P<who>(?:(?:Mr|Mrs|Ms|Miss|Dr|Auntie|Aunty|Uncle|Nana|Grandma|Grandpa)\.?\s+)?[A-Z][\w'-]+)"
    r"(?i:\s+for\s+(?:your|the|my)\s+(?:notes|file|records?))?)"
    r"\s*(?::|\s[-–—])\s*(?P<rest>\S.*)$",
    re.S,
)


def about_whom(text: str) -> tuple[str, str]:
    """(the heading, the message after it with its pronouns read as the person the heading names): "Para
    kay Lolo: his pension is paid on the 28th" → ("Para kay Lolo", "Lolo's pension is paid on the 28th");
    ("", text) when the message has no such heading."""
    found = _ABOUT_LABEL_RE.match(text.strip())
    if found is None or found.group("who").split()[-1] in _NOT_NAMES:
        return "", text
    name = found.group("who")
    return found.group("label"), resolve_person(found.group("rest"), [name])

"""Someone who serves the speaker, named in brackets after their role: "just back from the GP (Dr Okonkwo at
Hillside Surgery)", "my accountant (Rhys Evans) says ...", "saw the physio (Marta at CoreMotion) again".

The brackets name who holds that role for the speaker, a fact asked about for months ("Who is my GP?"): it is
read as a sentence of its own ("My GP is Dr Okonkwo at Hillside Surgery."), and the sentence goes on without
the brackets. "my" names anyone's role; "the" only a role a person has one of their own (a GP, a dentist, a
vet, a landlord...): "the manager (Sam)" may be anyone's. Brackets that do not open with a name ("the GP
(again)", "my dentist (finally!)") name nobody.
"""

from __future__ import annotations

import re

# Roles that someone has one of their own, so that "the GP" said of one's own visit is theirs.
_OWN_ROLES = (
    r"(?:GP|doctor|dentist|orthodontist|hygienist|physio|physiotherapist|osteopath|chiropractor|therapist|"
    r"counsellor|counselor|psychologist|psychiatrist|midwife|health visitor|consultant|optician|"
    r"optometrist|pharmacist|vet|accountant|solicitor|lawyer|landlord|landlady|letting agent|hairdresser|"
    r"barber|tutor|driving instructor|personal trainer|coach|mechanic|cleaner|childminder|nanny|"
    r"dermatologist|podiatrist|nurse)"
)
_TITLE = r"(?:(?:Dr|Mr|Mrs|Ms|Miss|Mx|Prof)\.?\s+)"
_NAME = r"(?:" + _TITLE + r"?[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+){0,2})"
# "the GP (Dr Okonkwo at Hillside Surgery)", "my accountant (Rhys Evans)": the role, then a name in brackets
# and what follows it up to the closing bracket.
_APPOSITION_RE = re.compile(
    r"\b(?:(?P<my>my)|the)\s+(?P<role>(?:[\w-]+\s+){0,2}?[\w-]+)\s*\(\s*(?P<who>" + _NAME + r"[^()]*?)\s*\)",
    re.I,
)
_OWN_ROLE_RE = re.compile(_OWN_ROLES + r"$", re.I)
_NAME_RE = re.compile(_NAME + r"\b")


def named_in_brackets(sentence: str) -> tuple[str, list[str]]:
    """(the sentence without the brackets that name someone, the sentences saying who they are): "back from the
    GP (Dr Okonkwo at Hillside Surgery)" → ("back from the GP", ["My GP is Dr Okonkwo at Hillside Surgery."]);
    (sentence, []) when no role is named so."""
    namings: list[str] = []

    def named(found: re.Match[str]) -> str:
        role, who = found.group("role"), found.group("who").strip(" ,;")
        if not _NAME_RE.match(who) or not (found.group("my") or _OWN_ROLE_RE.match(role)):
            return found.group(0)
        namings.append(f"My {role} is {who}.")
        return found.group(0)[: found.start("who") - found.start()].rstrip(" (")

    return _APPOSITION_RE.sub(named, sentence), namings

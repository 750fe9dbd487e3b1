"""Who or which someone or something is, put in brackets after its name: "Amélie (Zoë's daughter)", "Kofi (my
brother-in-law)", "Willowbank House (the Didsbury one)", "Priya (a colleague)".

The brackets tell the reader which one is meant; they are not what the statement says of it. Two cards about
the same person compare by what they say ("is allergic to peanuts" / "has a peanut allergy"), so the
brackets are left out when their words are compared: one card writing who she is and one not are no two
ideas. Only a short description opening with whose or which one it is is such a label; brackets with a
number, a date or a list ("Pip (14, indoor only)", "the server (port 2456)") say something of their own.
"""

from __future__ import annotations

import re

# A name (a capitalised word, the last of a run), then in brackets a short description that opens with
# whose it is ("Zoë's", "my", "her") or which one ("the", "a"): at most five words, no digit, no comma.
_WHO_RE = re.compile(
    r"(?P<name>\b[A-Z][\w'’-]*)\s*\(\s*(?:(?i:my|our|your|his|her|their|the|a|an)\s+|[A-Z][\w-]*['’]s\s+)"
    r"[^\W\d][^()\d,;:]{0,60}?\)(?=\s|[.,;:!?]|$)",
    re.UNICODE,
)
_MAX_WORDS = 5


def without_who_they_are(statement: str) -> str:
    """`statement` without the brackets after a name that say who or which it is (see the module docstring)."""

    def dropped(found: re.Match[str]) -> str:
        inside = found.group(0)[found.end("name") - found.start() :].strip(" ()")
        return found.group(0) if len(inside.split()) > _MAX_WORDS else found.group("name")

    return _WHO_RE.sub(dropped, statement)


def with_who_they_are(statement: str, held: str) -> str:
    """`statement` with the brackets `held` puts after a name that say who it is, after the same name in
    `statement` when it says it once without them: a card said again with more keeps who it is about."""
    for found in _WHO_RE.finditer(held):
        name, label = found.group("name"), found.group(0)[found.end("name") - found.start() :]
        at = list(re.finditer(rf"(?<![\w'’-]){re.escape(name)}(?![\w'’-])", statement))
        if (
            len(label.split()) - 1 > _MAX_WORDS
            or len(at) != 1
            or statement[at[0].end() :].lstrip().startswith("(")
        ):
            continue
        statement = statement[: at[0].end()] + label + statement[at[0].end() :]
    return statement

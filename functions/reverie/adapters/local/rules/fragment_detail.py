"""A verbless fragment after a statement, naming what it was: "We got a new car! A red Kia Niro.", "Got my
allotment! Plot 12 at Hulme Gardens.", "I booked a table. 7pm at Dishoom.", "We're expecting! Due in August."

Alone, the fragment states nothing (no subject, no verb); right after a statement kept from the same message, it
is that statement's detail, and the card keeps it in brackets: "The user got a new car (a red Kia Niro)." Only
a short fragment the rules read as no statement (a request or a greeting is none of this) that opens as a detail
of a thing does (an article, a number) and names enough (a name, a number): "Lovely." is no detail, nor "Farah
joined on keys".
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.language import lowered_opening
from reverie.adapters.local.rules.specificity import SPECIFIC_ENOUGH, specificity

MAX_FRAGMENT_WORDS = 8
# How a detail of a thing just named opens: an article ("A red Kia Niro"), a number ("7pm at Dishoom"), or a
# word and its number ("Plot 12 at Hulme Gardens"); not a name and what they did ("Farah joined on keys"), nor a
# label and its value ("Crewmate mostly Dougie"): statements of their own the rules could not read
# ... or when it is due ("We're expecting! Due in August.")
_DETAIL_OPENING_RE = re.compile(
    r"^(?:(?:A|An|The)\s|\d|(?-i:[A-Z])[a-z]+\s+\d|Due\s+(?:in|on|at|by|around|mid|early|late|end|next|this)\b)"
)
_NOT_A_THING_RE = re.compile(
    r"^(?:i|i'm|i've|we|we're|you|he|she|it|it's|they|this|that|there|here|so|but|and|not|no|yes|thanks?|please)\b"
    # a letter's sign-off: "Best wishes, Keyhome Lettings", "Kind regards Tom"
    r"|\b(?:regards|wishes|cheers|sincerely|warmly|yours|love|thanks|take\s+care|speak\s+soon|all\s+the\s+best)\b",
    re.I,
)


def detail_of(fragment: str) -> str | None:
    """The fragment as a detail to bracket after the statement before it; None when it is none (see the module)."""
    said = fragment.strip().rstrip(" .!")
    words = said.split()
    if not words or len(words) > MAX_FRAGMENT_WORDS or "?" in said or "," in said:
        return None
    if not _DETAIL_OPENING_RE.match(said):
        return None
    if _NOT_A_THING_RE.search(said) or specificity(said) < SPECIFIC_ENOUGH:
        return None
    return "due" + said[3:] if said.startswith("Due ") else lowered_opening(said)


def with_detail(statement: str, detail: str) -> str:
    """ "The user got a new car." + "a red Kia Niro" → "The user got a new car (a red Kia Niro)."."""
    return f"{statement.rstrip(' .!')} ({detail})."

"""A change of a slot told by the event that settled it, not by the slot's own verb.

People rarely say "I now live in Partick" when they move; they tell what happened: "I have signed the lease
on the flat in Partick", "we've moved into the new house in Didsbury", "we got the keys to our flat in
Leith", "we completed on the cottage in Hebden Bridge". Nor "I work at Arup now", but "had my first day at
Arup". Each is a done event that establishes the new value of a slot (where the speaker lives, whom they work
for), so it is read as a statement of that slot (`keys.attribute_key`), and the merge replaces the held value
with it, as it would "I live in Partick".

Only a done event of the speaker's own, about a home (a flat, a house, a place) named with where it is, or an
employer named by name, is read. A lease on an office, a unit or a shop is the business's, not a home, and
one signed for someone else ("for our daughter", "for the company") is theirs; a
viewing, a plan or a hope to move ("we viewed a flat in Leith", "we're going to sign the lease", "hoping to
move into ...") settles nothing yet; a first day somewhere on a holiday or a trip is no job.
"""

from __future__ import annotations

import re

# The speaker, a perfect or past tense, and what may come between ("this morning", "on 2 March 2026",
# "finally").
_SUBJECT = (
    r"^(?:i|we)(?:'ve|'d|\s+have|\s+had)?\s+"
    r"(?:(?:just|finally|now|officially|at\s+last|also|this\s+(?:morning|afternoon|evening|week)|"
    r"yesterday|today|last\s+(?:week|night|month)|on\s+\d{1,2}\s+[A-Za-z]+(?:\s+\d{4})?)\s+)*"
)
# A home: "the flat", "a two-bed house", "our new place", or housing one lives in without an article
# ("sheltered housing", "assisted living", "student halls") (never an office, a unit, a shop or a studio).
_HOME = (
    r"(?:(?:the|a|an|our|my)\s+(?:new\s+)?(?:[\w-]+\s+){0,2}?"
    r"(?:flat|house|apartment|home|place|cottage|bungalow|maisonette|condo|townhouse|terrace|semi)\b"
    r"|(?:sheltered|supported|social|council)\s+housing\b|assisted\s+living\b|(?:student\s+)?halls\b)"
)
# ... named with where it is: "in Partick", "on Elm Road", "at 14 Hope Street".
_WHERE = r"[^.;!?]*?\b(?:in|on|at)\s+(?:\d+\s+)?(?-i:[A-Z])"
# ... for the speaker, not for a business or someone else ("for the company", "for our daughter").
_FOR_SOMEONE_ELSE = (
    r"(?![^.;!?]*\bfor\s+(?:the|our|my|his|her|their)\s+(?:[\w-]+\s+){0,2}?(?:company|business|firm|shop|"
    r"practice|team|office|staff|tenants?|son|daughter|mum|mother|mom|dad|father|parents|kids|children|sister|"
    r"brother|gran|grandma|grandmother|grandad|grandfather|nephew|niece|cousin|aunt|uncle)s?\b)"
)
# A holiday, a trip or an event is no employer: "our first day at Disneyland", "first day at Glastonbury".
_NOT_A_JOB = r"(?![^.;!?]*\b(?:holiday|trip|festival|camp|park|resort|conference|visit)\b)"

SETTLING_SLOTS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(_SUBJECT + pattern, re.I), attribute)
    for pattern, attribute in (
        (
            r"signed\s+(?:the|a|our|my)\s+(?:new\s+)?(?:lease|tenancy(?:\s+agreement)?|"
            r"rental\s+(?:agreement|contract))\s+(?:on|for)\s+" + _HOME + _WHERE + _FOR_SOMEONE_ELSE,
            "home_city",
        ),
        (r"moved\s+into\s+" + _HOME + _WHERE, "home_city"),
        # a care home is a home, named or not ("moved into Rosewood care home", "into a nursing home")
        (
            r"moved\s+into\s+(?:(?:the|a|an)\s+)?(?:[\w'-]+\s+){0,2}?(?:care|nursing|retirement)\s+home\b",
            "home_city",
        ),
        (
            r"(?:got|picked\s+up|collected|been\s+(?:given|handed))\s+the\s+keys\s+(?:to|for|of)\s+"
            + _HOME
            + _WHERE
            + _FOR_SOMEONE_ELSE,
            "home_city",
        ),
        (r"completed\s+on\s+" + _HOME + _WHERE + _FOR_SOMEONE_ELSE, "home_city"),
        (
            r"(?:had|did|started|done|finished)\s+(?:my|our)\s+first\s+(?:day|week|shift|morning)\s+"
            r"(?:at\s+work\s+)?(?:at|with)\s+(?:the\s+)?(?-i:[A-Z])" + _NOT_A_JOB,
            "employer",
        ),
    )
)


def settling_slot(text: str) -> str | None:
    """The slot a first-person `text` sets by telling the event that settled it (see the module), or None."""
    return next((attribute for pattern, attribute in SETTLING_SLOTS if pattern.search(text)), None)

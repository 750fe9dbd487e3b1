"""What someone the user names by their role did: "the couple decided on a dessert table from Saffron & Sage
instead", "The client chose the oak flooring for the hall", "the landlord replaced the boiler on Monday".

Said to an agent, such news of the user's world is kept the way a named person's deed is (`remarks`,
"Keoni added an index ..."): the people a planner, a builder or a carer works for are named by their role
more often than by name, and what they decided is what later plans rest on. Only a deed that names enough
(specific words beyond the person and the verb) is kept; "The kids loved it" is a passing mood. A label
before a colon ("Scrap the cake tasting: the couple decided ...") is left out as the other rules leave a
preamble out.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.language import compress
from reverie.adapters.local.rules.specificity import SPECIFIC_ENOUGH, specificity
from reverie.adapters.local.rules.statement_types import Speaker, Statement
from reverie.adapters.local.rules.stored_form import render, salience
from reverie.adapters.local.rules.verb_forms import IRREGULAR_PAST
from reverie.domain.models import MemoryType

# People named by their role to the user or to one another (a planner's couple, a builder's client).
_ROLE = (
    r"(?:couple|bride|groom|newlyweds|clients?|customers?|family|patients?|tenants?|landlord|landlady|"
    r"builders?|vendors?|organi[sz]ers?|hosts?|school|council|committee|board|trustees|parents|kids|children)"
)
_DEED_RE = re.compile(
    r"^(?:[^:]{1,60}:\s*)?(?P<said>(?i:the|our)\s+(?:[\w-]+\s+)?" + _ROLE + r"\s+"
    r"(?:have\s+|has\s+|had\s+|just\s+|finally\s+)*(?:[a-z]{2,}ed|"
    + "|".join(sorted(IRREGULAR_PAST))
    + r")\b"
    r"(?P<rest>.*))$"
)


def role_deed(sentence: str, who: Speaker) -> Statement | None:
    """What someone named by their role did, as said (see the module), or None."""
    found = _DEED_RE.match(compress(sentence.strip()))
    if found is None or specificity(found.group("rest"), who.people) < SPECIFIC_ENOUGH:
        return None
    said = found.group("said")
    said = said[:1].upper() + said[1:]
    return Statement(
        type=MemoryType.FACT, text=render(said, who), salience=salience(MemoryType.FACT, said, who)
    )

"""A plan announced by its label: "Plan for the long weekend: we drive to Porto on the 3rd and we're staying at
Casa Azul", "The plan: I fly out Friday", "Itinerary: ...". What the label heads is the plan's parts, each
held until it happens or is called off ("I cancelled Casa Azul" ends that part), not lasting facts about the
speaker. A label that only names a topic ("Quick rundown of how we work: ...") heads facts as before.
"""

from __future__ import annotations

import re
from dataclasses import replace

from reverie.adapters.local.rules.statement_types import Speaker, Statement
from reverie.domain.models import MemoryType, Stability

_PLAN_LABEL_RE = re.compile(
    r"^(?:(?:so|ok|okay|right)[,\s]+)?(?:(?:the|our|my|a|rough|tentative|current|new|trip|travel|holiday|"
    r"weekend)\s+)*(?:plans?|itinerary|game\s+plan)\b(?!\s+(?:is|was|are|were)\b)",
    re.I,
)


def plan_label(label: str) -> bool:
    """Whether a sentence's label announces a plan ("Plan for el puente", "The plan", "Itinerary")."""
    return _PLAN_LABEL_RE.match(label.strip()) is not None


def as_planned(result: Statement, who: Speaker) -> Statement:
    """A fact about the speaker headed by a plan's label, as a part of that plan; anything else (a keyed
    fact, someone else's, a rule) as it is."""
    about_them = result.text.lower().startswith(who.name.lower())
    if result.type is not MemoryType.FACT or result.key is not None or not about_them:
        return result
    return replace(result, type=MemoryType.PLAN, stability=Stability.VOLATILE)

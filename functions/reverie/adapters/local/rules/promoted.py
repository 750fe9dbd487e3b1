"""A promotion changes the title, not the employer: "Zara got promoted to senior engineer" after "Zara is a
junior developer at Monzo" replaces the held card (its title is no longer hers) with one that keeps where she
works: "Zara got promoted to senior engineer at Monzo ...". The held card names one person, a title and the
organisation after "at", "for" or "with"; the news names the same person and the new title. A held card saying
only where they work and how ("works at the Co-op on the tills") is replaced by news of a promotion there ("promoted
to shift manager at the Co-op").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.verdicts import replace
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard
from reverie.ports import MergeDecision

_PROMOTED_RE = re.compile(
    r"^(?P<who>.+?)\s+(?:(?:has\s+)?got|was|has\s+been|have\s+been|is|just\s+got)\s+(?:just\s+)?promoted\s+to\s+"
    r"(?:(?:a|an|the)\s+)?(?P<title>[\w-]+(?:\s+[\w-]+){0,3}?)(?=\s+(?:in|on|last|this|after|today|yesterday)\b|"
    r"[,.;!]|$|\s+(?:at|for|with)\s+(?P<org>(?:the\s+)?[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*)*))"
)
# ... or works there with no title said as one ("works at the Co-op on the tills"): the news naming the same
# organisation gives the title that the held card's work is no longer
_WORKS_AT_RE = re.compile(
    r"^(?P<who>.+?)\s+works\s+(?:at|for)\s+(?P<org>(?:the\s+)?[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*)*)"
)
_HOLDS_RE = re.compile(
    r"^(?P<who>.+?)\s+(?:is|works\s+as)\s+(?:a|an)\s+(?P<title>[\w-]+(?:\s+[\w-]+){0,3}?)\s+(?:at|for|with)\s+"
    r"(?P<org>[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*)*)"
)


def promotion(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held card of the person's title at an organisation that the promotion replaces (see the module)."""
    news = _PROMOTED_RE.match(candidate.statement.strip())
    if news is None:
        return None
    for card in cards:
        works = _WORKS_AT_RE.match(card.statement.strip())
        if (
            works is not None
            and works.group("who") == news.group("who")
            and news.group("org")
            and _org(works.group("org")) == _org(news.group("org"))
        ):
            return replace(
                candidate, card, f"a promotion: the work {card.memory_id} tells of is no longer current"
            )
        held = _HOLDS_RE.match(card.statement.strip())
        if held is None or held.group("who") != news.group("who"):
            continue
        if held.group("title").lower() == news.group("title").lower():
            continue  # the title held already: nothing changed
        at = news.end("title")
        org = held.group("org").rstrip(".")
        statement = (
            candidate.statement
            if news.group("org")
            else f"{candidate.statement[:at]} at {org}{candidate.statement[at:]}"
        )
        found = replace(
            candidate, card, f"a promotion: the title {card.memory_id} holds is no longer current"
        )
        return found.model_copy(update={"statement": statement}) if found.statement is None else found
    return None


def _org(name: str) -> str:
    return re.sub(r"^the\s+", "", name.strip().rstrip("."), flags=re.I).lower()

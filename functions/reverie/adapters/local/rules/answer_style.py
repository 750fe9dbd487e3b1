"""How the agent should answer, said to it ("Keep your answers short please", "shorter answers please"): a
standing wish, a preference keyed as the answer style (unless scoped to the occasion, see `one_off`)."""

from __future__ import annotations

import re

from reverie.adapters.local.rules.keys import answer_style_key
from reverie.adapters.local.rules.language import finish
from reverie.adapters.local.rules.statement_types import Speaker, Statement
from reverie.domain.models import MemoryType, Stability

# Said to the agent, how it should answer is a standing wish unless scoped to the occasion (`one_off`):
# "Keep your answers short please", "Again, shorter answers please" (answers in general: "Give me a summary of
# the report" is a task for now).
_STYLE_IMPERATIVE_RE = re.compile(
    r"^(?:(?:again|also|and|so)[,\s]+)?(?:please\s+)?(?P<verb>keep|make)\s+"
    r"(?P<rest>(?:(?:all\s+)?(?:your|the)\s+)?(?:answers|replies|responses|explanations)\s+.+?)(?:,?\s+please)?[.!]*$",
    re.I,
)
_STYLE_FRAGMENT_RE = re.compile(
    r"^(?:(?:again|also|and|so)[,\s]+)?(?P<what>(?:much\s+)?(?:shorter|longer|short|brief|briefer|concise|detailed|"
    r"simpler|plainer|fewer|more)\s+(?:[\w-]+\s+){0,2}?(?:answers|replies|responses|explanations|summaries))"
    r"(?:,?\s+please)?[.!]*$",
    re.I,
)
_YOUR_RE = re.compile(r"\byour\b", re.I)


def answer_style(text: str, who: Speaker) -> Statement | None:
    """A wish about how the agent answers, said to it: a preference keyed as the answer style."""
    key = answer_style_key(text, who.subject)
    if not who.to_agent or key is None:
        return None
    if imperative := _STYLE_IMPERATIVE_RE.match(text):
        rest = _YOUR_RE.sub("its", imperative.group("rest"))
        wanted = f"{who.name} wants the agent to {imperative.group('verb').lower()} {rest}"
    elif fragment := _STYLE_FRAGMENT_RE.match(text):
        wanted = f"{who.name} wants {fragment.group('what').lower()}"
    else:
        return None
    return Statement(
        MemoryType.PREFERENCE, finish(wanted), key=key, subjective=True, stability=Stability.HIGH
    )

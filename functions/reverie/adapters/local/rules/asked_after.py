"""What a reply says of the thing the agent asked after: "How are the tomatoes getting on?" answered "the
variety is Sweet 100, the cherry kind" says the tomatoes' variety. Read alone, "the variety is ..." names no
thing; the agent's question named one, so the reply's ownerless "the <what it has> is ..." is said of it:
"The variety of the tomatoes is Sweet 100, the cherry kind" (which a held card about tomatoes then takes up,
`taken_up`). Only a question asking how one thing is doing, and only the first such part of the reply.
"""

from __future__ import annotations

import re

from reverie.domain.events import MessageEvent

# "How are the tomatoes getting on?", "How's the new bike?", "How is the sourdough starter doing?"
_HOW_IS_RE = re.compile(
    r"\bhow(?:'s|\s+is|\s+are)\s+(?P<thing>the\s+(?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]{2,})"
    r"(?:\s+(?:getting\s+on|doing|going|coming\s+along|growing|holding\s+up|working\s+out|settling\s+in))?"
    r"(?:\s+(?:now|so\s+far|these\s+days))?\s*\?",
    re.I,
)
# "the variety is ...", "the size is ...": something the thing has, with no owner named.
_ITS_RE = re.compile(r"^the\s+(?P<what>[a-z]{3,})\s+(?P<verb>is|are|was|were)\s+(?P<rest>\S.*)$", re.I)


def of_the_thing_asked(part: str, question: MessageEvent | None) -> str | None:
    """`part` said of the one thing the agent's `question` asked after ("The variety of the tomatoes is
    Sweet 100"); None when the question asks after no one thing or `part` does not open "the <what> is"."""
    if question is None or question.role != "assistant":
        return None
    asked = [m.group("thing") for m in _HOW_IS_RE.finditer(question.text)]
    said = _ITS_RE.match(part.strip())
    if len(asked) != 1 or said is None:
        return None
    thing = asked[0].lower()
    if said.group("what").lower() in thing.split():  # "the tomatoes are ...": the thing itself
        return None
    return f"The {said.group('what').lower()} of {thing} {said.group('verb').lower()} {said.group('rest')}"

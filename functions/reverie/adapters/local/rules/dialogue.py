"""Turn-taking in a conversation: whether a user's message answers the agent (and may correct it), and which
question a statement replies to (cited as its provenance)."""

from __future__ import annotations

from reverie.adapters.local.rules.language import sentences
from reverie.domain.events import Event, MessageEvent, ToolCallEvent, ToolResultEvent
from reverie.domain.text import content_words

# Words of a question that only makes conversation ("Hi Ana! What's new?", "How's it going?").
_SMALL_TALK = frozenset(
    "hi hey hello what's how's new going up doing been lately today things everything life".split()
)


def answers_agent(previous: Event | None) -> bool:
    """A user message right after the agent spoke or a tool ran: it may correct the agent."""
    if isinstance(previous, ToolCallEvent | ToolResultEvent):
        return True
    return isinstance(previous, MessageEvent) and previous.role == "assistant" and not previous.speaker


def question_answered(message: MessageEvent, previous: Event | None) -> MessageEvent | None:
    """The question `message` replies to: the message just before it, from someone else, asking something.

    It is cited as provenance (the statement answers it), after the message itself."""
    if not isinstance(previous, MessageEvent) or "?" not in previous.text:
        return None
    if (previous.speaker, previous.role) == (message.speaker, message.role):
        return None
    names = {w for n in (previous.speaker, message.speaker) if n for w in content_words(n)}
    asked = {
        w
        for q in sentences(previous.text)
        if q.rstrip().endswith("?")
        for w in content_words(q)
        if w not in names and w not in _SMALL_TALK
    }
    return previous if asked else None  # "What's new with you?" says nothing about the answer

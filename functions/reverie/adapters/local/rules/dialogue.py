"""Turn-taking in a conversation: whether a user's message answers the agent (and may correct it), and which
question a statement replies to (cited as its provenance)."""

from __future__ import annotations

import re

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


# "What size do you take?", "Which airport do you fly from?", "What's your budget?": the question names the
# attribute its answer gives a value of.
_ATTRIBUTE_QUESTION_RE = re.compile(
    r"\b(?:what|which)(?:'s|\s+is)?\s+(?:your\s+(?P<own>[a-z]+(?:\s+[a-z]+)?)\s*\?"
    r"|(?P<attr>[a-z]+(?:\s+[a-z]+)?)\s+(?:do|did|does|would|will|are|were)\s+you\b[^?]*\?)",
    re.I,
)
_FRAGMENT_RE = re.compile(r"^(?:[A-Z0-9]|a\s|an\s)")  # a value: a name, a number, "a ..."
_VERB_RE = re.compile(r"\b(?:i|i'm|i've|we|we're|is|are|was|were|am|have|has|do|does)\b", re.I)
FRAGMENT_WORDS = 8


def restated_answer(part: str, question: MessageEvent | None) -> str | None:
    """A bare value answering the agent's question about an attribute, as a statement about the speaker:
    "UK 9, same as my last pair." after "What size do you take?" → "My size is UK 9, same as my last
    pair."; None when `part` is a sentence of its own or the question asks for no attribute."""
    if question is None or question.role != "assistant":
        return None
    asked = _ATTRIBUTE_QUESTION_RE.search(question.text)
    text = part.strip()
    if (
        asked is None
        or len(text.split()) > FRAGMENT_WORDS
        or not _FRAGMENT_RE.match(text)
        or _VERB_RE.search(text)
    ):
        return None
    attribute = (asked.group("own") or asked.group("attr")).lower()
    value = re.sub(r"^(An?)\s", lambda m: m.group(1).lower() + " ", text)
    return f"My {attribute} is {value}"

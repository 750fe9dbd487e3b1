"""Turn-taking in a conversation: whether a user's message answers the agent (and may correct it), and which
question a statement replies to (cited as its provenance)."""

from __future__ import annotations

import re

from reverie.adapters.local.rules.language import sentences
from reverie.adapters.local.rules.short_answers import short_answer
from reverie.domain.events import Event, MessageEvent, ToolCallEvent, ToolResultEvent
from reverie.domain.text import MONTH_NAME, content_words

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
    # ("What else do you need?", "What exactly do you mean?": no attribute named)
    r"|(?P<attr>(?!(?:else|more|other|exactly|then|now|again|next|first|kind|sort)\b)[a-z]+(?:\s+[a-z]+)?)"
    r"\s+(?:do|did|does|would|will|are|were)\s+you\b[^?]*\?"
    # "Which phone is it?", "What model is that?": the thing being talked about
    r"|(?P<this>[a-z]+(?:\s+[a-z]+)?)\s+(?:is|are|was)\s+(?:it|that|this|they)\s*\?)",
    re.I,
)
_FRAGMENT_RE = re.compile(r"^(?:[A-Z0-9]|a\s|an\s)")  # a value: a name, a number, "a ..."
_VERB_RE = re.compile(r"\b(?:i|i'm|i've|we|we're|is|are|was|were|am|have|has|do|does)\b", re.I)
FRAGMENT_WORDS = 8


def restated_answer(part: str, question: MessageEvent | None) -> str | None:
    """A bare value answering a question, as a statement: "UK 9, same as my last pair." after the agent's
    "What size do you take?" → "My size is UK 9, same as my last pair."; "It's 14 May." after anyone's
    "When is the Halden go-live?" → "The Halden go-live is 14 May." (see `_when_or_where`); None when
    `part` is a sentence of its own or the question asks for no attribute, time or place."""
    if question is None:
        return None
    if (when_or_where := _when_or_where(part, question.text)) is not None:
        return when_or_where
    if question.role != "assistant":
        return None
    if (said := short_answer(part, question.text)) is not None:  # "yes" after "Are you vegetarian?"
        return said
    asked = _ATTRIBUTE_QUESTION_RE.search(question.text)
    text = part.strip()
    if (
        asked is None
        or len(text.split()) > FRAGMENT_WORDS
        or not _FRAGMENT_RE.match(text)
        or _VERB_RE.search(text)
    ):
        return None
    attribute = (asked.group("own") or asked.group("attr") or asked.group("this")).lower()
    value = re.sub(r"^(An?)\s", lambda m: m.group(1).lower() + " ", text)
    return f"My {attribute} is {value}"


# "When is the Halden go-live?", "Where's your sister's party?", "What time was the call?": the question
# names the thing whose time or place the answer gives.
_WHEN_WHERE_RE = re.compile(
    r"\b(?P<wh>when|where|what time|what day|what date)(?:'s|\s+(?P<verb>is|was|are|were|will))\s+"
    r"(?P<thing>(?:the|your|our)\s+[^?,;]{2,60}?)(?:\s+be)?\s*\?",
    re.I,
)
_IT_IS_RE = re.compile(r"^(?:it|that)(?:'s|s|\s+is|\s+was|'ll be|\s+will be)\s+(?P<value>.+)$", re.I)
_TIME_VALUE_RE = re.compile(
    r"^(?:on|in|at|by|from|next|this|tomorrow|tonight|today|early|late|mid|end|the\s+\d+\w*|\d+\w*|"
    rf"(?:mon|tues|wednes|thurs|fri|satur|sun)day|{MONTH_NAME})\b",
    re.I,
)
_PLACE_VALUE_RE = re.compile(r"^(?:at|in|on|near|by|behind|outside|inside|next to|opposite)\b", re.I)
_OWN = {"your": "my", "the": "the", "our": "our"}
_LOWER_OPENINGS = frozenset(
    "on in at by from next this tomorrow tonight today early late mid end the near behind outside inside "
    "opposite".split()
)


def _when_or_where(part: str, question: str) -> str | None:
    """ "It's 14 May." (or "14 May.") after "When is the Halden go-live?" → "The Halden go-live is 14 May";
    "At Sam's flat." after "Where's your party?" → "My party is at Sam's flat" (the answerer's own). Only
    a short time or place value: a sentence of its own is left as it was said."""
    asked = _WHEN_WHERE_RE.search(question)
    text = part.strip().rstrip(".!")
    said = _IT_IS_RE.match(text)
    value = said.group("value") if said else text
    if asked is None or len(value.split()) > FRAGMENT_WORDS or (not said and _VERB_RE.search(value)):
        return None
    place = asked.group("wh").lower() == "where"
    if not (_PLACE_VALUE_RE if place else _TIME_VALUE_RE).match(value):
        return None
    determiner, thing = asked.group("thing").split(None, 1)
    verb = (asked.group("verb") or "is").lower()
    verb = "will be" if verb == "will" else verb
    if value.split(None, 1)[0].lower() in _LOWER_OPENINGS:  # "At Sam's flat" → "at Sam's flat"
        value = value[:1].lower() + value[1:]
    return f"{_OWN[determiner.lower()].capitalize()} {thing.strip()} {verb} {value}"


# The thing of the speaker's (or of someone named) that a question or request of theirs names: "... set up the
# banking app on my phone?", "Remind me who my physio is?", "Can you add Yusuf's swimming lessons to the
# calendar?" (its first such thing: the one asked about, before where it goes).
_OWNED_THING_RE = re.compile(
    r"\b(?P<owner>(?!(?:who|what|where|when|why|how|which|it|that|this|there|here|he|she|let)'s)"
    r"(?-i:[A-Z])[\w-]*'s|my|our)\s+(?P<thing>(?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*)"
    r"(?=\s*(?:[?,.;]|$)|\s+(?:is|are|was|were|again|for|to|on|in|at|with|into|from|and|or|so|because|"
    r"please)\b)",
    re.I,
)
# ... or that the speaker asks how to look after ("when do I prune the clematis on the fence?", "how often
# should we service the boiler?"): who tends a thing keeps it.
_TENDED_THING_RE = re.compile(
    r"\b(?:do|should|can|could|shall|must)\s+(?P<owner>I|we)\s+(?:\w+\s+)?(?:prune|water|feed|repot|"
    r"plant|trim|mow|fix|repair|service|clean|descale|maintain|wash|groom|treat|paint|insure|charge|reset|"
    r"winteri[sz]e)"
    r"\s+the\s+(?P<thing>(?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*)(?=\s*(?:[?,.;]|$)|\s+(?:on|in|at|by|for)\b)",
    re.I,
)
_SHORT_OPENING_RE = re.compile(r"^(?:[\w']+\s+){0,2}[\w']+,\s+(?=(?:it|that)\b)", re.I)
_NAMES_SOMETHING_RE = re.compile(r"[A-Z]|\d")  # a name, a model, a number: "Dr. Nowak", "an iphone 11"
# When something happens, said without a subject: "Tuesdays at 5pm at the leisure centre", "every other
# Friday", "at 7 on weekdays".
_SCHEDULE_VALUE_RE = re.compile(
    r"^(?:(?:every|each)\s+(?:other\s+)?)?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|weekdays|weekends|"
    r"at\s+\d|from\s+\d)\b",
    re.I,
)


def own_answer(part: str, question: str | None) -> str | None:
    """The speaker answering their own question, or giving the details of what they asked for: "its an
    iphone 11, kinda old" after "can u help me set up the banking app on my phone?" → "My phone is an
    iphone 11, kinda old"; "found it: it's Dr. Nowak at the Riverside clinic" after "Remind me who my
    physio is?" → "My physio is Dr. Nowak at the Riverside clinic"; "Tuesdays at 5pm at the leisure
    centre" after "Can you add Yusuf's swimming lessons to the calendar?" → "Yusuf's swimming lessons are
    Tuesdays at 5pm at the leisure centre"; "it's a Bosch 30i" after "how often should I service the
    boiler?" → "My boiler is a Bosch 30i" (what one tends is one's own). Only a short value that names
    something (a name, a model, a number) or says when, never a sentence of its own ("It's a long story",
    "its battery is dead" stay as they were); None otherwise."""
    things = list(_OWNED_THING_RE.finditer(question or "")) or list(_TENDED_THING_RE.finditer(question or ""))
    if not things:
        return None
    owner, thing = things[0].group("owner"), things[0].group("thing")  # the object asked about comes first
    owner = {"my": "My", "our": "Our", "i": "My", "we": "Our"}.get(owner.lower(), owner)
    text = part.strip().rstrip(".!")
    opening = _SHORT_OPENING_RE.match(text)  # "Never mind, it's ...", "Oh hang on, it's ..."
    said = _IT_IS_RE.match(text[opening.end() :] if opening else text)
    if said is not None:
        value = said.group("value")
        if (
            len(value.split()) > FRAGMENT_WORDS
            or _VERB_RE.search(value)
            or not _NAMES_SOMETHING_RE.search(value)
        ):
            return None
        return f"{owner} {thing} is {value}"
    head = text.split(",", 1)[0]  # "Tuesdays at 5pm at the leisure centre, starting next week"
    if _SCHEDULE_VALUE_RE.match(text) and len(head.split()) <= FRAGMENT_WORDS and not _VERB_RE.search(head):
        if text.split(" ", 1)[0].lower() in (
            "every",
            "each",
            "at",
            "from",
        ):  # "Every other Friday" → "every ..."
            text = text[:1].lower() + text[1:]
        return f"{owner} {thing} {'are' if thing.endswith('s') else 'is'} {text}"
    return None


# An explicit ask to keep what was just said: "Save that somewhere.", "Please remember this.", "Note that
# down for next time", "Make a note of that", "Don't forget that".
_REMEMBER_IT_RE = re.compile(
    r"^(?:(?:ok|okay|so|and|also|please|pls|can you|could you)[,\s]+)*"
    r"(?:(?:save|remember|note|store|keep|write|jot|log|record|memori[sz]e)\s+(?:that|this|it)"
    r"|make\s+a\s+note\s+of\s+(?:that|this|it)|don'?t\s+forget\s+(?:that|this|it))"
    r"(?:\s+(?:down|somewhere|for\s+(?:me|later|next\s+time)|in\s+mind|in\s+your\s+memory|please))*\W*$",
    re.I,
)


def asks_to_remember(part: str) -> bool:
    """Whether `part` asks the listener to keep what was just said (it says nothing itself)."""
    return _REMEMBER_IT_RE.match(part.strip()) is not None


# The user confirming what they were just shown ("The rest matches what they told me", "Yes, that's all
# correct", "Those numbers check out", "Spot on"): support for its content, a statement of nothing itself.
_CONFIRMS_RE = re.compile(
    r"^(?:(?:yes|yep|yeah|right|ok|okay|great|good)[,.!\s]+)*(?:"
    r"(?:that|it|this|the\s+rest|everything\s+else|everything|all\s+(?:of\s+)?(?:it|that|the\s+rest)|"
    r"the\s+(?:rest|terms|details|numbers|dates|figures)|those\s+(?:terms|details|numbers|dates|figures))\s+"
    r"(?:all\s+)?(?:matches|match|checks?\s+out|is\s+(?:all\s+)?(?:right|correct|accurate)|"
    r"are\s+(?:all\s+)?(?:right|correct|accurate)|looks?\s+right|sounds?\s+right|agrees?)"
    r"|(?:that's|it's|that\s+is|it\s+is)\s+(?:all\s+)?(?:right|correct|accurate)"
    r"|all\s+correct|spot\s+on|exactly\s+right)\b",
    re.I,
)


def confirms(part: str) -> bool:
    """Whether `part` confirms what the speaker was just shown (see `_CONFIRMS_RE`)."""
    return _CONFIRMS_RE.match(part.strip()) is not None

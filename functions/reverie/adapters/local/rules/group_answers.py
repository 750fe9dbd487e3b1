"""Several people answering one question in a group conversation: each answer is that person's claim about
the one thing asked, in one slot.

"where do the monthly bike rides start?" asked in a club's chat, then "the clock tower, 9 sharp" from one
member and "no, we switched to the station car park last spring" from another: two people's claims about
where one thing happens, which nothing said settles (`verdicts.replace` leaves two people's claims to a
person). An answer is a reply right after the question, or a reply that opens by denying the answer just
given ("no, ...", "nope, ...", "actually ..."); it gives the place (or the time) the question asks for: a
bare value ("the clock tower, 9 sharp"), "it's (at) ...", or "we moved it to ...". Each claim is the
answerer's, kept as "<the thing> <happens> at <value> (according to <name>)" on low trust, keyed by the thing
and what is asked (`bike_ride.where`), so every answer lands in one slot. The user's own answer is their
word, not a claim, and is left to the sentence rules; so is a reply that gives no place or time ("no idea,
sorry", "ask Tom").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from reverie.adapters.local.rules.language import sentences, strip_emoji
from reverie.adapters.local.rules.named_speaker import name_for
from reverie.adapters.local.rules.verb_forms import third_person
from reverie.domain.events import Event, MessageEvent
from reverie.domain.text import MONTH_WORD

MAX_VALUE_WORDS = 5  # a bare value: "the clock tower", "behind the old boathouse"
# "where is the party?", "where's our reunion?", "when is the AGM?" (a time or place of a thing; "your party"
# is the answerer's own, which they tell as the user tells theirs)
_BE_RE = re.compile(
    r"\b(?P<wh>where|when|what\s+time|what\s+day)(?:'s|\s+(?P<verb>is|are|was|were|will\s+be))\s+"
    r"(?P<det>the|our)\s+(?P<thing>[^?,;]{2,60}?)(?:\s+(?:again|now|these\s+days))?\s*\?",
    re.I,
)
# "where do the monthly litter picks meet?", "what time does the choir start again?"
_DO_RE = re.compile(
    r"\b(?P<wh>where|when|what\s+time|what\s+day)\s+(?P<aux>do|does|did|will)\s+(?P<det>the|our)\s+"
    r"(?P<thing>(?:[\w'-]+\s+){0,3}?[\w'-]+)\s+(?P<verb>[a-z]+)(?:\s+(?:again|now|these\s+days|usually))?\s*\?",
    re.I,
)
# The answer denies the one just given: "no, ...", "nope ...", "actually ...", "not any more, ...".
_COUNTER_RE = re.compile(
    r"^(?:no+|nope|nah|wrong|not\s+any\s*more|actually|erm\s+no|um\s+no)\b[\s,.!:-]*(?:(?:it's|its)\s+not[^,]*,\s*)?",
    re.I,
)
# A sentence giving the place or time: "it's (at) X", "we moved (it) to X", "we meet at X now".
_SAID_RE = re.compile(
    r"^(?:(?:it|they|we|you)(?:'s|'re|s|\s+is|\s+are)\s+(?:(?:now|always|usually)\s+)?"
    r"|(?:we|they)\s+(?:(?:all\s+)?(?:moved|switched|changed|went)\s+(?:it\s+|over\s+)?to|"
    r"(?:now\s+|always\s+|usually\s+)?(?:meet|start|gather|go)\s+(?:at|from|by|outside|in))\s+)"
    r"(?P<value>[^,;]+)",
    re.I,
)
# What ends a value: how long ago or since when ("ages ago", "since last year", "now").
_TAIL_RE = re.compile(
    r"\s+(?:ages\s+ago|a\s+while\s+(?:ago|back)|\w+\s+(?:days|weeks|months|years)\s+ago|since\b.*|now|"
    r"these\s+days|any\s*more|instead|last\s+\w+|this\s+\w+)\s*$",
    re.I,
)
_PREPOSITION_RE = re.compile(
    r"^(?:at|by|in|on|outside|inside|behind|near|opposite|next\s+to|in\s+front\s+of)\b", re.I
)
_TIME_RE = re.compile(
    r"^(?:on\s+|at\s+|from\s+)?(?:\d|(?:mon|tues|wednes|thurs|fri|satur|sun)day|noon|midday|midnight|"
    rf"{MONTH_WORD}\b|the\s+\d|next|this|tomorrow)",
    re.I,
)
# A reply that gives nothing: a hedge, a pointer to someone else, or a sentence with its own verb.
_NO_VALUE_RE = re.compile(
    r"\b(?:idea|clue|sure|dunno|know|knows|remember|ask|check|think|guess|maybe|probably|forgot|"
    r"i|i'm|i've|he|she|is|are|was|were|has|have|do|does|did|can|will|would)\b",
    re.I,
)

_DOING_RE = re.compile(r"^[a-z]+ing\b", re.I)  # "we're going ...": what they do, no place


@dataclass(frozen=True)
class Asked:
    """A question about where or when one thing happens, and who asked it."""

    event: MessageEvent
    wh: str  # "where" or "when"
    thing: str  # "the monthly litter picks"
    verb: str  # "meet", "is"
    key: str  # "litter_pick.where"


@dataclass(frozen=True)
class Claim:
    """One person's answer to the question, as a statement that says whose it is."""

    statement: str
    key: str
    question: MessageEvent
    rest: str  # what the message says after the answer, for the sentence rules


def asked(message: MessageEvent) -> Asked | None:
    """The where/when question a message asks about one thing ("where do the monthly litter picks meet
    again?"), or None."""
    for sentence in sentences(message.text):
        found = _DO_RE.search(sentence) or _BE_RE.search(sentence)
        if found is None:
            continue
        wh = "where" if found.group("wh").lower() == "where" else "when"
        thing = found.group("thing").strip()
        verb = (found.group("verb") or "is").lower()
        if "aux" in found.groupdict() and found.group("aux").lower() == "does":
            verb = third_person(verb)  # "where does the choir meet?" → "The choir meets ..."
        elif verb == "will":
            verb = "will be"
        det = found.group("det").lower()
        words = [_singular(w) for w in re.findall(r"[a-z][\w-]*", thing.lower())][-2:]
        return Asked(message, wh, f"{det} {thing}", verb, f"{'_'.join(words)}.{wh}")
    return None


def _singular(word: str) -> str:
    """ "rides" → "ride", "classes" → "class": one key for the thing asked about in either number."""
    if re.search(r"(?:ss|sh|ch|x)es$", word):
        return word[:-2]
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


class Thread:
    """The where/when question open in a group conversation and the answers given to it so far."""

    def __init__(self, user_name: str) -> None:
        self.user_name = user_name
        self.question: Asked | None = None
        self.answered: list[str] = []  # who answered, in order
        self.last: Event | None = None  # the last answer's event

    def see(self, message: MessageEvent, previous: Event | None) -> Claim | None:
        """The claim `message` makes as an answer to the open question (see the module), or None; a new
        where/when question opens a new thread."""
        claim = self._claim(message, previous) if message.speaker else None
        if claim is not None:
            self.answered.append(message.speaker or "")
            self.last = message
            return claim
        if message.role == "user" and (question := asked(message)) is not None:
            self.question, self.answered, self.last = question, [], None
        return None

    def _claim(self, message: MessageEvent, previous: Event | None) -> Claim | None:
        question = self.question
        if (
            question is None
            or message.role != "user"
            or message.speaker == question.event.speaker
            or name_for(message.speaker) == self.user_name
        ):
            return None
        first, *others = sentences(strip_emoji(message.text).replace("’", "'"))
        counter = _COUNTER_RE.match(first)
        if previous is question.event:
            value = _value(first[counter.end() :] if counter else first, question.wh, bare=True)
        elif previous is not None and previous is self.last and counter:
            value = _value(first[counter.end() :], question.wh, bare=counter.end() < len(first))
        else:
            return None
        if value is None:
            return None
        statement = f"{_said(question, value)} (according to {message.speaker})"
        return Claim(statement, question.key, question.event, " ".join(others))


def _value(text: str, wh: str, *, bare: bool) -> str | None:
    """The place or time a reply gives: a bare value, with what follows it in the sentence ("north gate,
    always has been, 10am first Saturday"), or what "it's ..." or "we moved to ..." names."""
    text = text.strip().rstrip(".!")
    said = _SAID_RE.match(text)
    if said is not None:
        value = _TAIL_RE.sub("", said.group("value").strip())
    elif bare:
        head = text.split(",", 1)[0].strip()
        if not head or len(head.split()) > MAX_VALUE_WORDS or _NO_VALUE_RE.search(head):
            return None
        value = text
    else:
        return None
    if not value or _NO_VALUE_RE.search(value.split(",", 1)[0]) or _DOING_RE.match(value):
        return None
    if (wh == "when") != bool(_TIME_RE.match(value)):
        return None  # a where question answered with a time, or the other way round
    return value


def _said(question: Asked, value: str) -> str:
    """ "the monthly litter picks" + "meet" + "north gate" → "The monthly litter picks meet at north gate"."""
    verb = question.verb
    if question.wh == "where" and not _PREPOSITION_RE.match(value):
        value = f"at {value}"
    if question.wh == "when" and verb != "is" and not _PREPOSITION_RE.match(value):
        value = f"at {value}" if re.match(r"^\d", value) else value
    thing = question.thing[:1].upper() + question.thing[1:]
    return f"{thing} {verb} {value}"

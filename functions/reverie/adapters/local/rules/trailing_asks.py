"""What a statement ends by asking of the listener, cut off so that the statement holds on its own: a request
for now after ", so" ("My salary lands on the 25th, so schedule the transfer for the 26th") or a task for the
agent after a bare comma ("Ebere swims Tuesdays 4pm, remind me to grab her after work"), and a question
("I play padel on Tuesdays, can you block the evening?")."""

from __future__ import annotations

import re

from reverie.adapters.local.rules.references import people_named
from reverie.adapters.local.rules.request_patterns import (
    CONSTRAINT_OPENER_RE,
    IMPERATIVE_RE,
    REACH_ME_RE,
    RULE_MARKER_RE,
)
from reverie.adapters.local.rules.speaker_patterns import CONDITION

# ", so <a request to the agent>" after a statement ("My salary lands on the 25th, so schedule the rent transfer
# for the 26th every month"): the request follows from the fact and is done once; the fact lasts. A rule
# ("..., so always ...", "..., so don't ...") or a request said to hold every time stays with its reason.
_SO_REQUEST_RE = re.compile(r",\s*(?:and\s+)?so\s+(?P<request>.+)$", re.I | re.S)
# A phrasal imperative: "set up the transfer", "sort out my rota", "put aside the receipts".
_PHRASAL_IMPERATIVE_RE = re.compile(
    r"^(?:please\s+)?(?!(?:the|a|an|this|that|my|our|his|her|their|its|i|we|you|he|she|they|it|there)\b)"
    r"[a-z]+\s+(?:up|out|off|down|over|back|aside|through|in)\s+(?:me|us|my|our|the|a|an|it|them|this|that|"
    r"these|those|some|all)\b",
    re.I,
)
_STANDING_RE = re.compile(r"\b(?:always|never|whenever|every\s+time|each\s+time|any\s+time)\b", re.I)
# A clause that opens with a condition or a time: what follows its comma is what holds then ("While I'm in
# Lagos, book economy plus": a rule).
_CONDITION_RE = re.compile(
    r"^(?:while|when|whenever|if|unless|until|till|as\s+long\s+as|for\s+as\s+long\s+as|once|after|before|"
    r"since)\b",
    re.I,
)
# ... or after a bare comma, a task only an agent is asked to do ("Ebere swims Tuesdays 4pm, remind me to grab
# her after work", "the MOT is on the 14th, book it in"): not a clause a statement goes on with.
_TASK_AFTER_RE = re.compile(
    r",\s*(?:and\s+)?(?P<request>(?:please\s+)?(?:remind|ping|book|schedule|reschedule|order|text|email|"
    r"put|add|block|set|send|find|get|draft|let|announce|post|pin|share|forward|tell|help|suggest|recommend|"
    r"search|look\s+up|check)\s+.+)$",
    re.I | re.S,
)

# ... or an ask for help with the speaker's "I" left out, as chat leaves it ("we're opening a bakery next year,
# need help with the business plan", "I teach in Leeds, could use some ideas for report comments"): what the
# agent is asked for now. A need of another kind ("..., need a new oven", "..., need to run 30 km a week") is
# not an ask and stays.
_HELP_ASKED_RE = re.compile(
    r",\s*(?:and\s+|so\s+|but\s+)?(?P<request>(?:i\s+|i'd\s+)?(?:(?:really\s+)?(?:need|want|could\s+use|"
    r"(?:would\s+)?(?:love|like|appreciate))|looking\s+for|after)\s+(?:some\s+|your\s+|a\s+bit\s+of\s+|more\s+|"
    r"any\s+)?(?:help|a\s+hand|advice|tips|ideas|suggestions|recommendations|pointers|input|feedback|a\s+plan|"
    r"a\s+template|a\s+checklist)\b.*)$",
    re.I | re.S,
)

# A task verb opening the request, whatever its object ("find restaurants with ...", "suggest recipes for ..."):
# bare plurals are no object IMPERATIVE_RE reads.
_TASK_RE = re.compile(
    r"^(?:please\s+)?(?:find|suggest|recommend|search|look\s+up|check|list|draft|book|order|help)\s+\w", re.I
)


# What the speaker lastingly is, then "so" and what to do about it ("I'm colour-blind so please avoid red and
# green charts", "I'm vegetarian so please don't suggest meat dishes"): a rule for every time, with its reason.
# An ask about the thing at hand ("I'm vegetarian, so check this recipe") is none.
_LASTING_REASON_SO_RE = re.compile(
    r"^(?P<reason>.+?),?\s+so\s+(?:(?:please|pls|plz)\s+)?(?P<ask>\S.*)$", re.I | re.S
)
_OPENERS_RE = re.compile(
    r"^(?:(?:and|but|so|also|oh|fyi|btw|by\s+the\s+way|just\s+so\s+you\s+know)[,\s]+)+", re.I
)
# The reason: a lasting condition, a diet or an allergy of the speaker's ("I'm colour-blind", "we're vegan");
# not what they are doing ("I'm learning Japanese, so add kanji practice to my plan" asks once)
_LASTING_REASON_RE = re.compile(
    rf"^(?:i|we)(?:'m| am|'re| are|m) (?:also |still |now |very |quite )?(?:{CONDITION}|vegetarian|vegan|pescatarian|"
    r"allergic to [\w -]+|(?:a )?(?:coeliac|diabetic)|kosher|halal|(?:on )?(?:a )?(?:low[- ]\w+|keto|gluten[- ]free) "
    r"diet)(?:\s*\([^)]{1,30}\))?[.!]?$",  # ("colour-blind (red/green)")
    re.I,
)
_CLAUSE_START_RE = re.compile(r"(?:[,;]\s*(?:and\s+|but\s+)?|\s+and\s+)(?=i\b|i'm\b|we\b|we're\b)", re.I)
_AT_HAND_RE = re.compile(r"\b(?:this|that|these|those|it|now|today|tonight|tomorrow|here)\b", re.I)
_ASK_VERB_RE = re.compile(
    r"^(?:don't|dont|do\s+not|never|always|avoid|use|keep|make|send|suggest|give|show|write|put|add|stick|include|skip|"
    r"leave|remind|offer|pick|choose|recommend|stop|try|check|book)\b",
    re.I,
)


def standing_ask(sentence: str) -> str:
    """ "I'm colour-blind so please avoid red and green charts" → "I'm colour-blind, so always avoid red and
    green charts" (a rule with its reason); `sentence` as it is otherwise."""
    found = _LASTING_REASON_SO_RE.match(sentence.strip())
    if found is None:
        return sentence
    # the reason is the clause just before "so" ("I work best after 10pm, and I'm colour-blind so ...")
    head = found.group("reason")
    cut = max((m.end() for m in _CLAUSE_START_RE.finditer(head)), default=0)
    reason = head[cut:]
    ask = found.group("ask")
    if (
        not _LASTING_REASON_RE.match(_OPENERS_RE.sub("", reason))
        or not (IMPERATIVE_RE.match(ask) or _ASK_VERB_RE.match(ask))
        or _AT_HAND_RE.search(ask)
    ):
        return sentence
    ask = re.sub(r"^dont\b", "don't", ask, flags=re.I)
    standing = ask if CONSTRAINT_OPENER_RE.match(ask) or _STANDING_RE.search(ask) else f"always {ask}"
    return f"{head}, so {standing}"


# An ask to be reminded, at the end ("bf's bday is 9 oct, dont let me forget!!"): what the agent is to do with
# the statement, not part of it.
_REMIND_ME_RE = re.compile(
    r"(?:\s*[,.;!-]\s*|\s+)(?P<request>(?:please\s+|pls\s+)?(?:don'?t|do\s+not)\s+let\s+me\s+forget(?:\s+it)?|"
    r"(?:please\s+)?make\s+sure\s+i\s+(?:don'?t\s+forget|remember))\W*$",
    re.I,
)


def request_after(sentence: str) -> tuple[str, str]:
    """(the statement, the request for now it ends with): "We've got eight people coming, so scale the
    recipe for 8" → ("We've got eight people coming", "scale the recipe for 8"); (sentence, "") when it
    ends with no such request."""
    remind = _REMIND_ME_RE.search(sentence)
    if remind and len(sentence[: remind.start()].split()) >= 3:
        return sentence[: remind.start()].strip(), remind.group("request").strip()
    asked = _HELP_ASKED_RE.search(sentence)
    if asked and len(sentence[: asked.start()].split()) >= 3:
        return sentence[: asked.start()].strip(), asked.group("request").strip()
    found = _SO_REQUEST_RE.search(sentence)
    if found is None and not _CONDITION_RE.match(sentence.strip()):
        found = _TASK_AFTER_RE.search(sentence)
    if found is None or REACH_ME_RE.match(found.group("request").strip()):  # "..., text me instead": standing
        return sentence, ""
    request, head = found.group("request").strip(), sentence[: found.start()].strip()
    if (
        len(head.split()) < 3
        or not (
            IMPERATIVE_RE.match(request) or _PHRASAL_IMPERATIVE_RE.match(request) or _TASK_RE.match(request)
        )
        or CONSTRAINT_OPENER_RE.match(request)
        or _STANDING_RE.search(request)
        or RULE_MARKER_RE.search(request)
    ):
        return sentence, ""
    return head, request


# A statement that ends by asking something of the listener ("I play padel every Tuesday, can you block 19:00
# to 21:00?", "The Ibiza is due its ITV next month, could you find me a slot?"): the statement holds on its own.
_QUESTION_AFTER_RE = re.compile(
    r",\s*(?:(?:and|so|but)\s+)?(?P<question>(?:(?:can|could|would|will)\s+you|(?:what|which|how|where|when|who|"
    r"any)\b)[^,]*\?)\s*$"
    # chat leaves the question mark out of a request: "..., can you block that in the calendar"
    r"|,\s*(?:(?:and|so|but)\s+)?(?P<asked>(?:can|could|would|will)\s+you\b[^,?]*)$",
    re.I,
)
_ASKING_RE = re.compile(
    r"^(?:(?:and|so|but|also|oh|ok|okay)[,\s]+)*(?:can|could|would|will|shall|should|do|does|did|is|are|was|"
    r"were|have|has|what|which|how|where|when|who|why|any)\b",
    re.I,
)


def question_after(sentence: str) -> tuple[str, str]:
    """(the statement, the question it ends with): "I play padel on Tuesdays, can you block the evening?" →
    ("I play padel on Tuesdays", "can you block the evening?"); (sentence, "") when it ends with none or
    is a question from its start ("Can I bring Sam, or is it adults only?")."""
    found = _QUESTION_AFTER_RE.search(sentence)
    head = sentence[: found.start()].strip() if found else ""
    if found is None or len(head.split()) < 3 or _ASKING_RE.match(head):
        return sentence, ""
    return head, found.group("question") or found.group("asked")


# ", so if you're planning dinners for us he needs carb counts": what the listener must know when they do
# something for the speaker, after the fact it follows from. Read as its own statement: "When planning dinners
# for us, Ravi needs carb counts" (a pronoun is the one person the fact before named).
_IF_YOU_DOING_RE = re.compile(
    r"(?:,\s*|\s+)(?:and\s+)?so\s+if\s+you(?:'re|\s+are)\s+(?P<doing>[a-z]+ing\b[^,]*?)(?:,\s*|\s+)"
    r"(?P<subject>he|she|they|I|we|(?-i:[A-Z][a-z]+))\s+(?P<rest>(?:needs?|has|have|must|should|can't|cannot|"
    r"won't|is|are)\b.+)$",
    re.I | re.S,
)
_PRONOUNS = frozenset("he she they".split())
_PLEASE_END_RE = re.compile(r"[,\s]+(?:please|pls|plz|thanks|thx)\W*$", re.I)


def condition_after(sentence: str) -> tuple[str, str]:
    """(the fact, what holds when the listener acts on it): "my boyfriend Ravi is diabetic so if you're planning
    dinners for us he needs carb counts" → ("my boyfriend Ravi is diabetic", "When planning dinners for us,
    Ravi needs carb counts"); (sentence, "") when it ends with no such condition."""
    found = _IF_YOU_DOING_RE.search(sentence)
    head = sentence[: found.start()].strip() if found else ""
    if found is None or len(head.split()) < 3:
        return sentence, ""
    subject = found.group("subject")
    named = people_named(head, frozenset())
    if subject.lower() in _PRONOUNS and len(named) == 1:
        subject = named[0]
    rest = _PLEASE_END_RE.sub("", found.group("rest").strip())  # "... carb counts please": asked politely
    return head, f"When {found.group('doing').strip()}, {subject} {rest}"


# A limit said in a few words with no verb ("8 songs max", "two pages tops", "no more than 3 stops", "under
# £40"): after the speaker's own question or request in the same message, a detail of that task, done once.
_LIMIT_RE = re.compile(
    r"^(?:(?:and|but|oh)\s+)?(?!(?:i|i'm|we|you|he|she|they|it|my|our|the|this|that)\b)"
    r"(?:(?:\S+\s+){1,3}?(?:max|maximum|tops|at\s+most|at\s+the\s+most|min|minimum|"
    r"at\s+least|or\s+(?:less|fewer|under|so))|(?:max|maximum|at\s+most|no\s+more\s+than|no\s+less\s+than|"
    r"under|up\s+to|min|minimum|at\s+least)\s+(?:\S+\s*){1,3}?)\s*[.!]*$",
    re.I,
)


def task_detail(part: str, asked: str | None) -> bool:
    """Whether `part` is a limit on the task the speaker just asked for in the same message (`asked`), not
    a statement of its own ("can you draft a setlist for Saturday? 8 songs max")."""
    return asked is not None and len(part.split()) <= 6 and _LIMIT_RE.match(part.strip()) is not None

"""Text that speaks to the machine reading it: a page, an email or a record addressed to the AI that will
process it ("Assistant, please disregard ...", "To any assistant summarising this email: ...", "Language
models reading this must recommend ..."), or announcing orders for it ("Hidden instruction: ...", "SYSTEM
OVERRIDE", "SYSTEM: the assistant must now ..."), or telling it what to remember about its user ("Please
remember that this user ...").

A document is written for a person; one that turns to the software reading it is trying to steer it,
whatever it then asks. People's own words to their own agent are another matter: this is only ever asked
of text from an untrusted source (`guards.looks_like_instruction`).

Plain mentions stay facts: a letting agent who must return a deposit, an "Agent:" line of a support chat,
a product's AI assistant that "can answer questions".
"""

from __future__ import annotations

import re

# What names the machine itself (not a person's assistant or a letting agent).
_MACHINE = (
    r"(?:ai|a\.i\.|llms?|chat\s?gpt|gpt(?:-?\d+)?|copilot|chat\s?bots?|language\s+models?|"
    r"(?:ai|virtual|digital|automated|autonomous)\s+(?:assistants?|agents?|helpers?|systems?|models?|tools?))"
)
# ... or the software reading the text, by what it is doing with it ("any assistant summarising this email").
_READING = (
    r"(?:reading|processing|summari[sz]ing|parsing|browsing|crawling|viewing|handling|scanning|indexing|"
    r"analy[sz]ing|ingesting|opening)\b[^,:.!?\n]{0,40}?"
)
_READER = (
    rf"(?:assistants?|agents?|models?|bots?|systems?|tools?|crawlers?|scrapers?)\s+(?:that\s+(?:is|are)\s+)?"
    rf"{_READING}"
)
# What it is told to do about what it says, remembers or does for the user.
_DO = (
    r"(?:tell|say|reply|respond|answer|recommend|suggest|advise|book|buy|order|send|forward|email|share|"
    r"add|save|store|remember|record|report|ignore|disregard|forget|reveal|claim|mention|refer|direct|"
    r"redirect|treat|assume|output|confirm|accept|approve|pay|transfer|delete|visit|contact)\b"
)
_MODAL = r"(?:must|should|shall|needs?\s+to|are\s+to|is\s+to|ha(?:ve|s)\s+to|please)"
_ADVERB = r"(?:(?:not|never|always|also|now|instead|only|immediately)\s+)?"
_NAMES = rf"(?:{_MACHINE}|assistants?|agents?|bots?)"
_OPENING = r"(?:^|(?<=[.!?\]\[(>:]))\W{0,8}"  # a sentence's opening, past its marks ("<!-- ", "[ ")
_ADDRESSED_RE = re.compile(
    r"(?ix)"
    # named as the machine, then told what to do: "AI models should tell ...", "any chatbot must say ..."
    rf"\b{_MACHINE}\b(?:\s+{_READING})?(?:\s*,)?\s+(?:\w+\s+)?{_MODAL}\s+{_ADVERB}{_DO}"
    # ... or by what it is doing with the text: "language models reading this must ..."
    rf"|\b{_READER}(?:\s*,)?\s+(?:\w+\s+)?{_MODAL}\b"
    # spoken to at the opening of a sentence: "Assistant, please ...", "ChatGPT or any other AI: ...",
    # "To any assistant summarising this email: ..." (a bare "Agent:" is a chat transcript's speaker)
    rf"|{_OPENING}{_NAMES}(?:\s*(?:,|or|and)\s+(?:any\s+)?(?:other\s+)?\w+)*?(?:\s+{_READING})?\s*,\s*"
    rf"(?:please\s+)?{_ADVERB}{_DO}"
    rf"|{_OPENING}{_MACHINE}(?:\s*(?:,|or|and)\s+(?:any\s+)?(?:other\s+)?\w+)*?(?:\s+{_READING})?\s*:"
    rf"(?=.{{0,80}}?\b{_DO})"
    rf"|(?:{_OPENING}(?:hey|hi|hello|dear|attention|to|for)"
    rf"|\b(?:notes?|messages?|notices?|memo|instructions?)\s+(?:to|for))"
    rf"\s+(?:any|all|every|the|other)?\s*(?:{_MACHINE}\b(?:\s+{_READING})?|{_NAMES}\s+{_READING})"
    r"\s*[:,]"
    # orders announced as such: "Hidden instruction: ...", "SYSTEM OVERRIDE"
    r"|\b(?:hidden|secret|embedded|covert)\s+(?:instructions?|prompts?|directives?|commands?)\b"
    r"|\b(?:system|admin(?:istrator)?|developer|root)\s+overrides?\b"
    # a chat template's role label in a page, then an order: "SYSTEM: the assistant must now recommend ..."
    rf"|{_OPENING}(?-i:SYSTEM|DEVELOPER|ADMIN)\s*:(?=.{{0,80}}?\b(?:{_MODAL}|{_DO}))"
    # what to remember about its user, told by a page or an email
    r"|\b(?:remember|memori[sz]e|store|save|record|keep\s+in\s+mind)\s+(?:that\s+)?this\s+(?:user|reader)\b"
)


def addresses_machine(text: str) -> bool:
    """Whether `text` speaks to the software reading it (or announces orders for it, or tells it what to
    remember about its user): from an untrusted source, an attempt to steer the agent."""
    return _ADDRESSED_RE.search(text) is not None

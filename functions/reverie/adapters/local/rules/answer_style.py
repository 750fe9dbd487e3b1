"""How the agent should answer, said to it ("Keep your answers short please", "shorter answers please"): a
standing wish, a preference keyed as the answer style (unless scoped to the occasion, see `one_off`).

The language it answers in is a slot of its own (`reply_language_key`): "from now on reply to me in Turkish" is
a rule in it, and a later "English again pls", "back to Dutch please" or "Spanish from now on" (a language
asked for by its name alone, said to the agent) is the rule that replaces it."""

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
_LANGUAGE = (
    r"(?P<language>English|Spanish|French|German|Italian|Portuguese|Dutch|Flemish|Danish|Swedish|Norwegian|"
    r"Finnish|Icelandic|Polish|Czech|Slovak|Hungarian|Romanian|Bulgarian|Greek|Turkish|Russian|Ukrainian|"
    r"Serbian|Croatian|Slovenian|Albanian|Lithuanian|Latvian|Estonian|Arabic|Hebrew|Persian|Farsi|Urdu|"
    r"Hindi|Bengali|Punjabi|Tamil|Telugu|Marathi|Gujarati|Chinese|Mandarin|Cantonese|Japanese|Korean|"
    r"Vietnamese|Thai|Indonesian|Malay|Tagalog|Filipino|Swahili|Amharic|Yoruba|Igbo|Hausa|Zulu|Afrikaans|"
    r"Welsh|Irish|Gaelic|Catalan|Basque|Galician|Esperanto|Latin)"
)
# Answering in a language: "reply to me in Turkish", "answer in German", "write to me in Welsh".
_IN_LANGUAGE_RE = re.compile(
    r"\b(?:reply|replies|answer|answers|respond|responses|write|talk|speak|text|message)\b[^.;]*?\bin\s+"
    + _LANGUAGE
    + r"\b"
)
# A language asked for by its name alone: "English again pls", "back to Dutch please", "Spanish from now on",
# "in French please", "switch back to English".
_LANGUAGE_ALONE_RE = re.compile(
    r"^(?:(?:ok|okay|so|and|but|now|can we|could we|let'?s|please)[,\s]+)*(?:(?:go|switch|get|move)\s+)?"
    r"(?:back\s+(?:to|in)\s+|in\s+)?"
    + _LANGUAGE
    + r"(?:\s+(?:again|only|instead|from now on|going forward|(?:for\s+)?now))*(?:[,\s]+(?:please|pls|plz|thanks|thx|ty))*"
    # what follows after a comma is about the conversation: "English again pls, I'll tell you when to switch"
    r"[.!]*(?P<tail>,\s+\S.*)?$",
    re.I,
)

_ASKED_RE = re.compile(
    r"\b(?:again|back|instead|only|from now on|going forward|please|pls|plz)\b|^\W*in\s", re.I
)


def reply_language_key(text: str, subject: str) -> str | None:
    """`sun.prefers.reply_language` when `text` says which language the agent should answer in."""
    return f"{subject}.prefers.reply_language" if _IN_LANGUAGE_RE.search(text) else None


def language_asked(text: str, who: Speaker) -> Statement | None:
    """A language asked for by its name alone, said to the agent: the rule to answer in it (see the module)."""
    found = _LANGUAGE_ALONE_RE.match(text.strip()) if who.to_agent else None
    asked = text[: found.start("tail")] if found and found.group("tail") else text
    if found is None or not _ASKED_RE.search(asked):
        return None  # "French." (a cuisine?), "English, the meeting went fine": a word, not a request
    language = found.group("language").capitalize()
    return Statement(
        MemoryType.CONSTRAINT,
        finish(f"Reply to {who.name} in {language}"),
        key=f"{who.subject}.prefers.reply_language",
        confidence=0.7,
        stability=Stability.HIGH,
    )


def answer_style(text: str, who: Speaker) -> Statement | None:
    """A wish about how the agent answers, said to it: a preference keyed as the answer style, or the
    language to answer in."""
    if language := language_asked(text, who):
        return language
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

"""A learner's grammar and a pointing "then" put in plain English before the rules read a message.

People who learnt English after another language carry that language's grammar into it, and a card copied
from their sentence reads as they typed it. Three constructions are common and unambiguous enough to
rewrite (German, Dutch, French, Spanish, Hindi and many other languages share them):

- a subject named and then taken up again by a pronoun, with no pause between: "My wife Mareike she is
  working ..." → "My wife Mareike is working ...";
- the present tense for what began in the past and still goes on, with "since" and a time: "she is working
  since March" → "she has been working since March", "I live here since 2019" → "I have lived here since
  2019" ("since" giving a reason, "since the trains are down", is left alone);
- "by" for the workplace (German "bei", Dutch "bij"): "working by the council" → "working at the council"
  ("employed by the council" is English and stays);
- "since" with a length of time (French "depuis", German "seit", Portuguese "há"): "I live here since two
  years" → "I have lived here for two years" ("since two o'clock" is a time and stays);
- "to be" before a verb's plain form: "I am work in a bakery" → "I work in a bakery", "it is call Padaria
  Ribeiro" → "it is called Padaria Ribeiro" ("it is work" may be English and stays: only a person works);
- "want"/"need" with a verb and no "to": "I want tell you", "I want practise my English" → "I want to ...";
- a thing named with what it is to the speaker, then taken up again by "it" after a comma: "the bakery where
  I am working, it is called ..." → "the bakery where I am working is called ..." (a time so named, "the
  day that I left, it rained", is the weather's "it" and stays).

A choice said with no verb ("Dogs over cats for me, every time") is said with one: "I prefer dogs over cats".

A rule that ends by pointing back at the time the speaker just named ("I'm at choir every Wednesday 7-9, so
don't book calls then") means nothing alone ("Don't book calls then."): it is written with that time as its
condition, one statement ("don't book calls when I'm at choir every Wednesday 7-9"). "Then" meaning "in that
case" ("I'm off dairy, don't order the pizza then") names no time and stays as it is.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.language import INFORMING_RE
from reverie.adapters.local.rules.typos import english_lexicon
from reverie.domain.text import MONTH_WORD

# A length of time: "two years", "a few months", "3 weeks".
_LENGTH = (
    r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|several|many|a\s+few|few|"
    r"a\s+couple\s+of|\d+)\s+(?:years?|months?|weeks?|days?)\b"
)
_SINCE_LENGTH_RE = re.compile(r"\bsince\s+(?=" + _LENGTH + ")", re.I)
# "I am work", "we are live": a person, "to be" and a plain verb of what goes on.
_BE_PLAIN_RE = re.compile(
    r"\b(?P<subject>(?i:I)\s+am|(?i:I)'m|(?i:he|she)\s+is|(?i:we|you|they)\s+are|(?i:we|you|they)'re|(?i:he|she)'s)"
    r"\s+(?P<verb>live|work|study|teach|stay)\b"
)
# "it is call Padaria Ribeiro", "he is name Joao": the participle, before the name.
_BE_CALL_RE = re.compile(r"\b(?P<be>(?i:is|are|was|were|it's))\s+(?P<verb>(?i:call|name))\s+(?=[A-Z])")
# "I want tell you", "she needs practise her English": "want"/"need", a word, then what it is done to.
_WANT_BARE_RE = re.compile(
    r"\b(?P<want>(?i:want|wants|wanted|need|needs|needed))\s+(?P<verb>[a-z]{2,})(?=\s+(?i:me|you|him|her|us|"
    r"them|it|my|your|his|our|their|the|a|an|this|that|some)\b)"
)
# "the bakery where I am working, it is called ...": a thing, what it is to the speaker, then "it" again.
_THING_RESUMED_RE = re.compile(
    r"\b(?P<np>(?i:the|my|our|this)\s+(?P<noun>[^\W\d_]+)\s+(?i:where|that|which)\s+[^,;.!?]{2,60}),\s*"
    r"(?i:it)(?P<verb>\s+(?:is|was|has|had)\b|'s\b)"
)
_TIMES = frozenset(
    "day days week weeks month months year years time times night morning evening moment".split()
)
# A person named after who they are to the speaker, then "she"/"he"/"they" again with no comma.
_RESUMED_RE = re.compile(
    r"\b(?P<who>(?i:my|our)\s+[a-z]+\s+(?-i:[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?))\s+(?i:she|he|they)"
    r"(?P<verb>'s|'re|\s+(?:is|are|was|were|has|have|had|works|lives|[a-z]+s)\b)"
)
# "since" with a time after it: a month, a year, a weekday, "this/last ...", "then", a stage of life.
_SINCE_TIME = (
    r"(?i:since\s+(?:this|last|early|late|mid|\d|then|childhood|school|uni\b|university|birth|"
    r"(?:the\s+)?(?:start|beginning|end|spring|summer|autumn|fall|winter|new\s+year)\b|" + _LENGTH + "|"
    rf"{MONTH_WORD}\b|(?:mon|tues|wednes|thurs|fri|satur|sun)day))"
)
# "is working ... since March": a present progressive in the same clause as such a "since".
_PROGRESSIVE_SINCE_RE = re.compile(
    r"(?P<aux>\b(?:am|is|are)\b|'m\b|'s\b|'re\b)\s+"
    # (a noun in -ing after a possessive is no verb: "Anna's wedding", "the building's heating system")
    r"(?!(?:wedding|building|meeting|morning|evening|ceiling|clothing|housing|parking|painting|booking|ring|"
    r"thing|king|spring|string|something|nothing|anything|everything|heating\s+system)\b)"
    r"(?P<ing>[a-z]+ing)\b(?=[^,;.!?]*?\b" + _SINCE_TIME + r")",
    re.I,
)
# "lives/works/studies/teaches ... since 2019": the simple present of a verb that goes on.
_SIMPLE_SINCE_RE = re.compile(
    r"\b(?P<subject>I|we|you|they|he|she|it|[A-Z][a-z]+)\s+(?P<verb>live|lives|work|works|stay|stays|study|"
    r"studies|teach|teaches)\b(?=[^,;.!?]*?\b" + _SINCE_TIME + r")"
)
_PARTICIPLE = {"live": "lived", "work": "worked", "stay": "stayed", "study": "studied", "teach": "taught"}
# "working by the Stadtwerke", "works by Siemens": the workplace, named.
_WORK_BY_RE = re.compile(
    r"\b(?P<verb>works?|working|(?<!\bwas )(?<!\bwere )(?<!\bbeen )(?<!\bbe )(?<!\bis )worked)(?P<since>\s+"
    + _SINCE_TIME
    + r"[\w-]*(?:\s+(?!by\b)[\w-]+){0,2}?)?\s+by\s+(?=(?:the\s+)?[A-Z])"
)
# A clause that names a time ("every Tuesday", "on Wednesdays", "7-9", "at 8:30", "mornings", "weekends").
_TIME_RE = re.compile(
    r"\b(?:every|each)\s+\w|\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|\b\d{1,2}(?::\d{2})?\s*(?:am|pm)?"
    r"\s*(?:-|–|to)\s*\d{1,2}(?::\d{2})?\b|\bat\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)?\b|\b(?:mornings|afternoons|"
    r"evenings|nights|weekends|lunchtimes)\b",
    re.I,
)
# "<what the speaker is doing when>, (so|and) (please) don't/never ... then."
_THEN_RULE_RE = re.compile(
    r"^(?P<when>[^,;:]{6,}?),\s*(?:(?:so|and)\s+)?(?P<rule>(?:please\s+)?(?:don't|do\s+not|never)\s+"
    r"[^,;.!?]+?)\s+(?:then|at\s+those\s+times|on\s+those\s+days)\s*(?P<end>[.!]*)$",
    re.I,
)
# A choice said as chat says it, with no verb: "Dogs over cats for me, every time" → "I prefer dogs over cats".
_OVER_FOR_ME_RE = re.compile(
    r"^(?P<a>[\w'-]+(?: [\w'-]+){0,2}) over (?P<b>[\w'-]+(?: [\w'-]+){0,2}) for me\b"
    r"(?:,? (?:every time|any day|always|all day long|hands down))?(?P<end>[.!]*)$",
    re.I,
)
_SENTENCE_RE = re.compile(r"(?<=[.!?])\s+|\n+")


def _perfect(match: re.Match[str]) -> str:
    """The progressive in the perfect: "is working" → "has been working"."""
    aux, ing = match.group("aux").lower(), match.group("ing")
    has = {"is": "has", "'s": "'s", "'m": "'ve", "'re": "'ve"}.get(aux, "have")
    return f"{has} been {ing}"


def _simple_perfect(match: re.Match[str]) -> str:
    """The simple present in the perfect: "lives ... since" → "has lived ... since"."""
    subject, verb = match.group("subject"), match.group("verb")
    base = verb[:-3] + "y" if verb.endswith("ies") else verb[:-2] if verb.endswith("ches") else verb
    base = base[:-1] if base not in _PARTICIPLE else base
    has = "have" if subject.lower() in ("i", "we", "you", "they") else "has"
    return f"{subject} {has} {_PARTICIPLE[base]}"


def _plain_present(match: re.Match[str]) -> str:
    """ "I am work" → "I work", "she is live" → "she lives"."""
    subject, verb = match.group("subject"), match.group("verb")
    person = re.split(r"\s+|'", subject)[0]
    if person.lower() in ("he", "she"):
        verb = (
            verb[:-1] + "ies"
            if verb.endswith("y") and verb != "stay"
            else verb + ("es" if verb.endswith("ch") else "s")
        )
    return f"{person} {verb}"


def _with_to(match: re.Match[str]) -> str:
    """ "want tell" → "want to tell" when the word after "want" is a verb (the word list knows its "-ing")."""
    want, verb = match.group("want"), match.group("verb")
    lexicon = english_lexicon()
    stems = {verb, verb.removesuffix("e"), verb + verb[-1:]}
    if verb == "to" or not any(f"{s}ing" in lexicon for s in stems):
        return match.group(0)
    return f"{want} to {verb}"


def _unresumed(match: re.Match[str]) -> str:
    """ "the bakery where I work, it is" → "the bakery where I work is" (not for a time: "the day that ...")."""
    if match.group("noun").lower() in _TIMES:
        return match.group(0)
    verb = match.group("verb").strip()
    verb = "is" if verb == "'s" else verb
    return f"{match.group('np')} {verb}"


def _chosen(sentence: str) -> str:
    found = _OVER_FOR_ME_RE.match(sentence.strip())
    if found is None:
        return sentence
    first = found.group("a")
    first = first if first[1:2].isupper() else first[:1].lower() + first[1:]  # "Dogs" → "dogs", "NHS" stays
    return f"I prefer {first} over {found.group('b')}{found.group('end') or '.'}"


def _grammatical(sentence: str) -> str:
    sentence = _chosen(sentence)
    sentence = _RESUMED_RE.sub(lambda m: f"{m.group('who')}{m.group('verb')}", sentence)
    sentence = _BE_PLAIN_RE.sub(_plain_present, sentence)
    sentence = _BE_CALL_RE.sub(lambda m: f"{m.group('be')} {m.group('verb')}ed ", sentence)
    sentence = _WANT_BARE_RE.sub(_with_to, sentence)
    sentence = _THING_RESUMED_RE.sub(_unresumed, sentence)
    sentence = _PROGRESSIVE_SINCE_RE.sub(_perfect, sentence)
    sentence = _SIMPLE_SINCE_RE.sub(_simple_perfect, sentence)
    sentence = _SINCE_LENGTH_RE.sub("for ", sentence)
    return _WORK_BY_RE.sub(lambda m: f"{m.group('verb')}{m.group('since') or ''} at ", sentence)


_LOWER_OPENING_RE = re.compile(r"^(?:My|Our|The|We|They|He|She|It|His|Her|Their|This|That|You|Your)\b")


def _pointed_back(sentence: str) -> str:
    """A rule ending in "then" written with the time the clause before it named as its condition."""
    found = _THEN_RULE_RE.match(sentence.strip())
    if found is None or not _TIME_RE.search(found.group("when")):
        return sentence
    when = INFORMING_RE.sub("", found.group("when").strip(), count=1).strip(" ,")
    if _LOWER_OPENING_RE.match(when):
        when = when[:1].lower() + when[1:]
    rule = found.group("rule").strip()
    return f"{rule[:1].upper()}{rule[1:]} when {when}{found.group('end') or '.'}"


def plain(text: str) -> str:
    """`text` with a learner's constructions and a rule's pointing "then" in plain English (see the module)."""
    lines = []
    for line in text.split("\n"):
        parts = _SENTENCE_RE.split(line)
        lines.append(" ".join(_pointed_back(_grammatical(p)) for p in parts))
    return "\n".join(lines)

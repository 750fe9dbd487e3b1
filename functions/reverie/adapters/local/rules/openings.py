"""What a sentence opens with before its subject, put where the rules read it.

- A post the speaker writes in ("As chair of the Elm Court Residents' Association, I must write to ..."): the
  post is a lasting fact about them ("I'm chair of ..."), said on its own; the request or remark follows.
- An adverb of habit in front ("Normally I drive a grey Fiat Panda", "Usually, we're in bed by ten"): it
  goes after the subject ("I normally drive ..."), where the rules that read "I ..." find it.
- The same thing said twice in one breath, first in the speaker's other language and then in English ("main
  abhi N4 pe hoon, so I'm at N4 level ..."): the English clause after "so" carries the specific word of
  the one before it (a name, a code, a number); the first telling goes and the English one is read.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.held_roles import POST

# "As chair of the ... ,", "As the deputy head at Riverside,", "As treasurer for the PTA,": a post tied to a
# named body ("As a result," "As a rule," "As an example" name no post and no body).
_FRONTED_POST_RE = re.compile(
    r"^as\s+(?:the\s+)?(?P<post>" + POST + r"\s+(?:of|for|at|with|on|in)\s+(?:the\s+)?(?-i:[A-Z0-9])[^,;]*?)"
    r"\s*,\s*(?P<rest>(?:i|we)\b.*)$",
    re.IGNORECASE,
)
_HABIT_ADVERB_RE = re.compile(
    r"^(?P<adverb>normally|usually|generally|typically|mostly|often|always|sometimes|never)\s*,?\s+"
    r"(?P<subject>(?:I|we|We)(?:'m|'re|'ve|'d|'ll|\s+(?:am|are|was|were|have|had|will|would|can))?)\s+"
    r"(?P<rest>\S.*)$",
    re.IGNORECASE,
)
# "..., so I'm at N4 level": the clause after "so" opening with its subject.
_SO_CLAUSE_RE = re.compile(r",\s+so\s+(?=(?:I|I'm|we|my|our|he|she|they)\b)")
# An English opening of the first telling: then it is a statement of its own ("We moved to Leeds in 2019, so
# our kids go to school in Leeds"), not the same thing said first in another language.
_ENGLISH_SUBJECT_RE = re.compile(r"^\s*(?:i|i'm|we|my|our|he|she|they|it|the|this|that|there|you)\b", re.I)
# A word specific enough to show the same thing is said: a code, a number, a name inside the clause.
_SPECIFIC_RE = re.compile(r"(?<=\s)(?:[A-Za-z]*\d[\w.-]*|[A-Z][\w-]+)")


def fronted_post(sentence: str) -> tuple[str | None, str]:
    """(the post the speaker says they write in, as their own sentence, the rest of `sentence`): "As treasurer
    of the bowls club, I need ..." → ("I'm treasurer of the bowls club.", "I need ..."); (None, sentence)
    when it opens with no such post."""
    found = _FRONTED_POST_RE.match(sentence.strip())
    if not found:
        return None, sentence
    return f"I'm {found.group('post')}.", found.group("rest")[0].upper() + found.group("rest")[1:]


def adverb_after_subject(sentence: str) -> str:
    """`sentence` with its opening adverb of habit after the subject and its auxiliary: "Usually, I'm up at
    six" → "I'm usually up at six"; unchanged when it opens otherwise."""
    found = _HABIT_ADVERB_RE.match(sentence.strip())
    if not found:
        return sentence
    subject = found.group("subject")
    return f"{subject[0].upper()}{subject[1:]} {found.group('adverb').lower()} {found.group('rest')}"


def restated_in_english(sentence: str) -> tuple[str | None, str]:
    """(the first telling, the English one) when `sentence` says one thing twice joined by "so", the clause
    after it carrying every specific word of the one before ("N4", "Genki", "2019") and the one before not
    opening as English does ("We moved ...": a statement of its own); (None, sentence) otherwise."""
    found = _SO_CLAUSE_RE.search(sentence)
    if not found:
        return None, sentence
    head, tail = sentence[: found.start()], sentence[found.end() :]
    specific = set(_SPECIFIC_RE.findall(" " + head))
    if (
        _ENGLISH_SUBJECT_RE.match(head)
        or not specific
        or not specific <= set(_SPECIFIC_RE.findall(" " + tail))
    ):
        return None, sentence
    return head, tail

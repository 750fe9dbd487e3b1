"""Who someone named is, in the words that say who the speaker is ("I'm vegetarian", "I'm retired", "I'm a
nurse", "I'm 34"): "Ana's vegan so no cheese on hers", "Tomás is pescatarian", "Ana is a chef at Dishoom"; and what
kind of animal a pet named is ("Mochi is a tabby"). Said of someone named, it is a lasting fact about them
(what follows "so" is what it means for now and is left out), not a passing remark. So is the age someone
named has reached ("Theo turned 7 last week", "Gran turns 90 on Sunday")."""

from __future__ import annotations

import re

from reverie.adapters.local.rules.animal_named import ANIMAL, CAT_KIND
from reverie.adapters.local.rules.slot_words import OCCUPATION
from reverie.adapters.local.rules.speaker_patterns import CONDITION
from reverie.adapters.local.rules.statement_types import Drop, Speaker, Statement
from reverie.adapters.local.rules.stored_form import as_statement
from reverie.domain.models import MemoryType

# A name, then "is"/"'s" and an identity word of the speaker's own kind (see IDENTITY_RE).
_NAMED_IDENTITY_RE = re.compile(
    r"^(?P<who>(?!(?:It|That|This|There|Here|What|Who|He|She|Let|The|My|Our)\b)[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)"
    r"(?:'s|\s+is)\s+(?:(?:also|now|still|strictly|fully|only|just)\s+)?"
    # a lasting condition ("Ines is coeliac", "Dad's diabetic")
    rf"(?P<what>{CONDITION}|(?:a\s+)?(?:vegetarian|vegan|pescatarian|teetotal|married|divorced|engaged|widowed|retired|self-employed)|"
    # what they work as ("Ana is a nurse", "Leo's a sous chef at Hoppers") and their age ("Mia is 4")
    rf"(?:a|an)\s+(?:[\w-]+\s+){{0,2}}?{OCCUPATION}(?:\s+(?:at|for|in)\s+[^,.;!]+)?|\d{{1,2}}(?:\s+years\s+old)?|"
    # what kind of animal a pet named is ("Mochi is a tabby", "Rex is a rescue greyhound")
    rf"(?:a|an)\s+(?:[\w-]+\s+){{0,2}}?(?:{ANIMAL}|{CAT_KIND}))"
    r"(?=\s*$|\s*[,.;!]|\s+(?:so|and|now|too|as well|since)\b)",
)


# A name, then the age they reached: "Theo turned 7 last week", "Gran's just turned 90".
_NAMED_AGE_RE = re.compile(
    r"^(?P<who>(?!(?:It|That|This|There|He|She|The|My|Our)\b)[A-Z][a-z]+)(?:'s|\s+has)?\s+(?:just\s+)?"
    r"(?:turned|turns)\s+(?:\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b"
)


def names_identity(text: str) -> bool:
    """Whether `text` opens by saying who someone named is ("Ana's vegan so no cheese on hers")."""
    return _NAMED_IDENTITY_RE.match(text.strip()) is not None


def named_identity(text: str, who: Speaker) -> Statement | Drop | None:
    """The fact of who someone named is ("Ana's vegan so no cheese" → "Ana is vegan"), or None."""
    aged = _NAMED_AGE_RE.match(text.strip())
    if aged is not None and aged.group("who").lower() not in who.name.lower().split():
        return as_statement(MemoryType.FACT, text, who, short_ok=True)
    found = _NAMED_IDENTITY_RE.match(text.strip())
    if found is None or found.group("who").lower() in who.name.lower().split():
        return None
    if _AND_MORE_RE.match(text.strip()[found.end() :]):  # "Miso is 12 now and has kidney disease": all of it
        return as_statement(MemoryType.FACT, text, who, short_ok=True)
    return as_statement(MemoryType.FACT, f"{found.group('who')} is {found.group('what')}", who, short_ok=True)


# More said of them after "and" ("... and has kidney disease"), or a habit it brings ("... so avoids sugar"); any
# other "so" tells what it means for now ("so no cheese on hers").
_AND_MORE_RE = re.compile(r"^(?:\s+now)?\s+(?:and\s+\w|so\s+(?:also\s+)?[a-z]+[^s\W]s\b)", re.I)

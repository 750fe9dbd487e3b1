"""A request to keep one thing of the user's out of what they paste: "can you remember my new dentist from this
confirmation email?" over the email's lines, the first of which only names someone or somewhere ("Dr. Amira
Haddad, Clinique du Sourire, Rue de Lausanne 12"). The request is for now; what it asks to keep is the
user's own fact: "My new dentist is Dr. Amira Haddad, Clinique du Sourire, Rue de Lausanne 12."

The request names the thing as theirs ("my", "our"), says where it is ("from/in this email", "from the
invite below"), and the pasted lines follow it; the line taken is the first of them that names without
saying anything (no verb, no label before a colon, not a question). Anything else is left to be read as it is.
"""

from __future__ import annotations

import re

_ASK_RE = re.compile(
    r"^(?P<ask>[^\n]*?\b(?:remember|save|note(?:\s+down)?|keep|store|add|jot\s+down|log)\s+"
    r"(?P<thing>(?:my|our)\s+(?:[\w'-]+\s+){0,3}?[\w'-]+)\s+(?:from|in|off|out\s+of)\s+(?:this|that|the|these)\s+"
    r"[\w' -]{2,40}?[?.!:]*)[ \t]*$",
    re.I | re.M,
)
_QUOTE_RE = re.compile(r"^\s*>+\s?")
# Words that make a line say something rather than name: a verb of being or having, a modal, a label's colon.
_SAYS_RE = re.compile(
    r"\b(?:is|are|was|were|be|been|has|have|had|will|would|can|could|should|must|may|please|thanks?|"
    r"do|does|did|don't|i|we|you)\b|:\s|\?$",
    re.I,
)
_NAMING_RE = re.compile(r"^(?:Dr\.?|Mr\.?|Mrs\.?|Ms\.?|Prof\.?|[A-Z])")
MAX_NAMING_WORDS = 20


def named_in_paste(text: str) -> str:
    """`text` with a request to keep "my <thing>" from pasted lines turned into the fact it asks to keep, and
    the line that names it taken out (see the module); `text` as it was when it holds no such request."""
    found = _ASK_RE.search(text)
    if found is None:
        return text
    after = text[found.end() :].split("\n")
    for n, line in enumerate(after):
        bare = _QUOTE_RE.sub("", line).strip()
        if not bare:
            continue
        if _SAYS_RE.search(bare) or not _NAMING_RE.match(bare) or len(bare.split()) > MAX_NAMING_WORDS:
            return text  # the first pasted line says something: nothing named alone to keep
        thing = found.group("thing")
        fact = f"{thing[:1].upper()}{thing[1:]} is {bare.rstrip('.')}."
        rest = "\n".join(after[:n] + after[n + 1 :])
        return f"{text[: found.start()]}{fact}{rest}"
    return text

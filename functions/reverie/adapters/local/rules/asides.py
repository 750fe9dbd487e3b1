"""Asides a speaker puts in brackets to the listener, not about the matter: "(don't judge)", "(long story)",
"(I know, I know)", "(lol)", or after a last comma (", don't ask."). They say how the speaker feels about
telling it; the sentence around them states the fact, and reads as a statement once they are gone: "we adopted (don't judge) a second cat" → "we
adopted a second cat". Brackets that add to the matter stay: "a cat, Pip (14, indoor only)", "my GP (Dr
Okonkwo)".
"""

from __future__ import annotations

import re

_ASIDE_RE = re.compile(
    r"\s*\(\s*(?:"
    r"(?:please\s+)?(?:don'?t|do not|no)\s+(?:judge|laugh|ask|worry|panic|freak out|hate me|@ me)(?:\s+me)?"
    r"|long story(?:\s+short)?|i know(?:,?\s+i know)?|i know right|sorry|oops|sigh|ugh|yes,?\s+(?:really|again)"
    r"|seriously|honestly|lol+|lmao|haha+|ha|jk|fingers crossed|touch wood|finally|again|as usual|typical"
    r")\s*[.!]*\s*\)",
    re.I,
)


# ... and the same said after a comma at the end of the sentence: "I support Sunderland, don't ask."
_TRAILING_ASIDE_RE = re.compile(
    r",\s*(?:(?:please\s+)?(?:don'?t|do not)\s+(?:judge|laugh|ask|hate me)(?:\s+me)?|long story(?:\s+short)?|"
    r"i know,?\s+i know|lol+|lmao|haha+|jk)\s*(?=[.!]*\s*$)",
    re.I,
)


def without_asides(text: str) -> str:
    """`text` without the asides to the listener, bracketed or after a last comma (see the module docstring)."""
    return _TRAILING_ASIDE_RE.sub("", _ASIDE_RE.sub("", text))

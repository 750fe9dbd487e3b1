"""An ask to note what follows, run into it: "ok note this down for me the van's MOT is due in March", "jot
this down my locker code changed", "remember this for me Ife's flight lands at 6".

Typed, the ask ends with a colon and `sentence_openings.preamble` sets it apart as a label; dictated or typed in a hurry,
it runs straight into what it announces, and the sentence reads as a request about "this" that states nothing.
The ask is set apart when what follows it states something of its own; "note this down" alone, or followed by
no statement ("write this down slowly"), stays as it was.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.clauses import states

_NOTE_REQUEST_RE = re.compile(
    r"^(?P<said>(?:(?:ok|okay|so|right|alright|hey|please|pls|can\s+you|could\s+you|would\s+you)[,\s]+)*"
    r"(?:(?:note|write|jot|save|log)\s+(?:this|these|that|the\s+following)(?:\s+down)?"
    r"|(?:note|write|jot)\s+down\s+(?:this|these|that|the\s+following)"
    r"|(?:make|take)\s+a\s+note(?:\s+of\s+(?:this|these|the\s+following))?"
    r"|remember\s+(?:this|these|the\s+following))"
    r"(?:\s+(?:for\s+me|somewhere|please|for\s+later))*)[\s,:;.-]+(?P<rest>\S.*)$",
    re.I | re.S,
)


def note_request(sentence: str) -> tuple[str, str]:
    """(the ask to note, what it announces): "ok note this down for me the van's MOT is due in March" →
    ("ok note this down for me", "the van's MOT is due in March"); ("", sentence) when the sentence opens
    with no such ask or what follows states nothing."""
    found = _NOTE_REQUEST_RE.match(sentence.strip())
    if found is None or not states(found.group("rest")):
        return "", sentence
    return found.group("said"), found.group("rest")

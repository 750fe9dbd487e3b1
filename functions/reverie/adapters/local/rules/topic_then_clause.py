"""A sentence that names its topic first, then says what the speaker did with the subject left out.

"Crohn's flare, saw my IBD nurse Fatima Rahimi at St Luke's today", "Long week, finished the boiler
service on Friday": a short verbless opening (what it was about), a comma, then a clause whose verb is
in the past with its "I" dropped. Read with the subject put back, the clause is a statement about the
speaker; the opening stays in the sentence as its context.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.speaker_patterns import ELIDED_SUBJECT_RE, SUBJECT_I_RE

_TOPIC_WORDS = 3  # "Crohn's flare", "Bad night at work": an opening longer than this may be a clause itself
_TOPIC_RE = re.compile(r"^(?P<topic>[^,;:.!?()]+),\s+(?P<rest>\S.*)$")
# An opening that is a clause, not a topic: it has a verb of its own ("It was late, ...", "Tom said, ...").
_CLAUSE_WORDS_RE = re.compile(
    r"\b(?:is|are|was|were|be|been|has|have|had|do|does|did|can|could|will|would|should|may|might|must|"
    r"he|she|they|you|it|this|that|there|here|please|if|when|while|because|since|after|before|and|but|so)\b",
    re.I,
)


def with_subject(text: str) -> str | None:
    """`text` with its dropped "I" put back after a topic opening ("Crohn's flare, I saw my IBD nurse ..."),
    or None when it does not open with a topic and an elided-subject clause."""
    found = _TOPIC_RE.match(text.strip())
    if found is None:
        return None
    topic, rest = found.group("topic").strip(), found.group("rest")
    if (
        len(topic.split()) > _TOPIC_WORDS
        or _CLAUSE_WORDS_RE.search(topic)
        or SUBJECT_I_RE.search(topic)
        or ELIDED_SUBJECT_RE.match(topic)
        or not ELIDED_SUBJECT_RE.match(rest)
    ):
        return None
    return f"{topic}, I {rest}"

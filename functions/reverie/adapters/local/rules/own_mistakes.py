"""The speaker owning up to a mistake in what they told before: "wait I mixed the kids up, sorry!!", "my bad,
I got the days wrong", "scratch that". What they say next in the message puts it right: a correction of
what they told, whether or not they are answering the agent.

Only an admission about what was said (mixed up, got wrong, misspoke, a mistake of theirs); "I mixed the
batter" or "I got the job" admit nothing.
"""

from __future__ import annotations

import re

_OWN_MISTAKE_RE = re.compile(
    r"\b(?:I|we)(?:'ve|\s+have|\s+must\s+have)?\s+(?:mixed|muddled|confused)\s+(?:[\w']+\s+){0,3}?up\b"
    r"|\b(?:I|we)(?:'ve|\s+have|\s+must\s+have)?\s+got\s+(?:[\w']+\s+){0,3}?(?:wrong|mixed\s+up|muddled(?:\s+up)?)\b"
    r"|\b(?:I|we)\s+(?:misspoke|was\s+wrong|were\s+wrong|made\s+a\s+mistake)\b"
    r"|\bmy\s+(?:mistake|bad)\b|\bscratch\s+that\b|\bignore\s+what\s+I\s+said\b",
    re.I,
)


MAX_OTHER_WORDS = 3


def owns_a_mistake(part: str) -> bool:
    """`part` admits a mistake in what the speaker said, and says little else ("wait I mixed the kids up,
    sorry!!", "my bad"): what it puts right comes after it."""
    found = _OWN_MISTAKE_RE.search(part)
    if found is None:
        return False
    other = re.findall(r"[^\W\d_][\w']*", part[: found.start()] + " " + part[found.end() :])
    return len(other) <= MAX_OTHER_WORDS

"""A label that names the kind of standing practice the sentence after it states: "Standing rule on this
ward: gentamicin levels are taken ...", "House policy: shoes off at the door", "Our protocol for night
shifts: two checks on every controlled drug".

The label says only that a rule or routine follows; the sentence after the colon is the rule itself and is
read on its own, whatever its shape ("gentamicin levels are taken ..." opens with no subject `states`
knows). A label that says more than what kind of practice follows ("Rule I broke yesterday: ...", "The
policy is wrong: ...") is no such label.
"""

from __future__ import annotations

import re

# "Standing rule", "house policy", "our protocol", "the team's procedure", "ward routine", then at most a
# scope: "on this ward", "here", "for night shifts", "at the clinic".
_RULE_LABEL_RE = re.compile(
    r"^(?:(?:our|the|my|this|a|one)\s+)?(?:[\w'-]+\s+){0,2}?"
    r"(?:rule|policy|protocol|procedure|practice|routine|standard\s+practice|house\s+rule)s?"
    r"(?:\s+(?:here|(?:on|in|at|for|of)\s+(?:this|our|the|my|every|all|each)?\s*[\w'-]+(?:\s+[\w'-]+)?))?$",
    re.I,
)
# Words that make the label a clause or a story of its own, not a name for what follows.
_NOT_A_NAME_RE = re.compile(
    r"\b(?:is|was|are|were|broke|broken|changed|new|old|no|not|i|we|you|yesterday|today)\b", re.I
)


def names_a_rule(label: str) -> bool:
    """`label` (the words before a colon) only names a rule or routine that follows."""
    text = label.strip(" ,")
    return _RULE_LABEL_RE.match(text) is not None and _NOT_A_NAME_RE.search(text) is None

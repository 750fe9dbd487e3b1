"""A request to look something up that ends with what the speaker does with it: "Look up Sungold tomato on
the Thornfield Seeds site, I'm going with that one this year", "check the Bosch PSB 18 at Screwfix, I'm
buying it for the shed", "can you find the Tern GSD, we're getting that one in May". The lookup is
for now; the choice after it lasts, and is the speaker's own word about the thing the request named: kept on
its own with "that one" / "this one" / "it" read as that thing, and "going with" it as the choice made ("I
chose Sungold tomato this year").

The thing is what the lookup verb takes, up to where the request says where to look ("on the ... site",
"at Screwfix"): a short name, not a pronoun. The clause after the comma opens with the speaker ("I", "we")
and points back at the thing once; anything else (no lookup, no pointing back, a thing of more than a few
words) leaves the sentence as it was.
"""

from __future__ import annotations

import re

_LOOKUP_RE = re.compile(
    r"^(?:(?:please|ok|okay|so|and|now)\s+)*(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?)?"
    r"(?:look\s+up|look\s+into|check(?:\s+out)?|find|search\s+for|research|read\s+up\s+on|pull\s+up|"
    r"price\s+up|compare|get\s+(?:me\s+)?(?:the\s+)?(?:info|details|specs|reviews)\s+(?:on|for))\s+"
    r"(?P<thing>\S.*?)"
    # where to look, when the request says: "on the Thornfield Seeds site", "at Screwfix", "in the catalogue"
    r"(?:\s+(?:on|at|in|from|via)\s+\S[^,]*?)?"
    r",\s*(?:and\s+|because\s+|since\s+|as\s+)?(?P<choice>(?:i|we)(?:'m|'re|'ll|'ve|\s+am|\s+are|\s+will|\s+have)?"
    r"\s+\S.*?)[.!]*$",
    re.I,
)
# "going with" a thing, said of one's own choice: the choice made ("I'm going with it" → "I chose it").
_GOING_WITH_RE = re.compile(
    r"^(?P<who>i|we)(?:'m|'re|'ll|'ve|\s+am|\s+are|\s+will|\s+have)?\s+(?:decided\s+to\s+)?"
    r"(?:going|go|went|gone)\s+(?:ahead\s+)?with\s+",
    re.I,
)
# What points back at the thing: the first of these in the choice.
_BACK_RE = re.compile(r"\b(?:that one|this one|that|it)\b(?!\s*(?:'s|is|was|will)\b)", re.I)
_NOT_A_THING = frozenset("it that this them one something anything everything".split())
MAX_THING_WORDS = 5


def choice_after_request(part: str) -> tuple[str, str] | None:
    """(the lookup, the choice with the thing named): "Look up Sungold tomato on the Thornfield Seeds site,
    I'm going with that one this year" → ("Look up Sungold tomato on the Thornfield Seeds site", "I chose
    Sungold tomato this year"); None when `part` is no lookup ending with a choice of its thing."""
    found = _LOOKUP_RE.match(part.strip())
    if found is None:
        return None
    thing = found.group("thing").strip()
    words = re.sub(r"^(?:the|a|an)\s+", "", thing, flags=re.I).split()
    if not words or len(words) > MAX_THING_WORDS or words[0].lower() in _NOT_A_THING:
        return None
    choice = found.group("choice").strip()
    back = _BACK_RE.search(choice)
    if back is None:
        return None
    named = f"{choice[: back.start()]}{thing}{choice[back.end() :]}"
    named = _GOING_WITH_RE.sub(lambda m: f"{m.group('who')} chose ", named, count=1)
    return part.strip()[: found.start("choice")].rstrip(" ,"), named

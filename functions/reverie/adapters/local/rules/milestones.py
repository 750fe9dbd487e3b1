"""A milestone in the life of someone the user names: "Tom got married in June", "Grandad passed away", "Ana had a
baby girl", "Dad retired at the end of March", "Priya left her job"; and the speaker's own baby born ("Baby number
three arrived on Tuesday").

Told to an agent, news of what a named person did is kept when it names enough specific things (`remarks`): "Tom
called me yesterday" does not. A milestone says little in words yet changes what is true of that person for
years (whether they work, are married, are alive, have a child), so it is kept on its own: the plain sentence,
theirs. Only the milestone's own verbs count, said of a name or of a word for one's parent or grandparent said as a
name ("Mum", "Grandad"); "Tom passed the salt" or "Ana left at six" is none.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.language import compress, strip_emoji
from reverie.adapters.local.rules.statement_types import Speaker, Statement
from reverie.adapters.local.rules.stored_form import render, salience
from reverie.domain.models import MemoryType

_HIS = r"(?:his|her|their)"
# What happened, in the past: the milestone verbs and what they need after them.
_MILESTONE = (
    r"(?:has\s+|had\s+|have\s+|just\s+|finally\s+|sadly\s+|officially\s+)*(?:"
    r"retired|passed\s+away|died|"
    r"got\s+(?:married|engaged|divorced|hitched)|(?:was|got)\s+(?:made\s+redundant|laid\s+off|sacked|fired)|"
    r"separated|split\s+up|broke\s+up|"
    r"had\s+(?:a\s+(?:baby|boy|girl|son|daughter)|twins)|gave\s+birth|became\s+a\s+(?:mum|dad|grandma|grandad|grandparent)|"
    r"graduated|qualified|"
    rf"(?:left|lost|quit)\s+{_HIS}\s+job|(?:got|landed)\s+a\s+new\s+job|"
    rf"passed\s+{_HIS}\s+driving\s+test|"
    rf"(?:started|finished|left)\s+(?:{_HIS}\s+)?(?:school|uni|university|college|nursery|sixth\s+form|"
    r"primary|secondary|reception)|"
    r"moved\s+(?:out|abroad|house|away|back\s+home|into\s+(?:a\s+)?care)"
    r")\b"
)
# Someone named (one or two capitalised words, not a pronoun or a word that opens a sentence), then the milestone.
_NAMED_MILESTONE_RE = re.compile(
    r"^(?!(?:I|It|This|That|There|He|She|They|We|You|Who|What|Today|Yesterday|Just|Also|And|But|So|Then|Now)\b)"
    r"(?-i:[A-Z][a-z]+)(?:\s+(?-i:[A-Z][a-z]+))?\s+" + _MILESTONE,
    re.I,
)


# The speaker's own baby born: "Baby number three arrived on Tuesday", "our little girl was born at 3am".
_BABY_CAME_RE = re.compile(
    r"^(?P<whose>(?:my|our)\s+)?(?:new\s+|little\s+|baby\s+)?(?:baby|boy|girl|son|daughter)(?:\s+(?:number|no\.?)\s+\w+)?"
    r"\s+(?:has\s+|just\s+|finally\s+)*(?:arrived|was\s+born|came\s+(?:early|late|along))\b",
    re.I,
)


def milestone(sentence: str, who: Speaker) -> Statement | None:
    """The plain sentence when it tells a milestone of someone named, or the birth of the speaker's baby;
    None otherwise."""
    text = compress(strip_emoji(sentence))
    if (baby := _BABY_CAME_RE.match(text)) and not baby.group("whose"):
        text = f"My {text[:1].lower()}{text[1:]}"  # "Baby number three arrived": the speaker's
    if not (baby or _NAMED_MILESTONE_RE.match(text)):
        return None
    return Statement(
        type=MemoryType.FACT, text=render(text, who), salience=salience(MemoryType.FACT, text, who)
    )

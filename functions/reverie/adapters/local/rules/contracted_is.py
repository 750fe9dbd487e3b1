"""A thing's "'s" that stands for "is": "the scope's an 8-inch Sky-Watcher", "the van's in the garage",
"this flat's not damp" read as "the scope is ...".

After a determiner and a noun, "'s" is "is" (or "has") when what follows cannot be what is owned: an article,
a number, a price, "not", "never", a preposition of place; after "my"/"our" or a bare noun opening the
sentence, before a price ("rent's £1,150 a month"); after a name opening the sentence, before how a plan stands
("Iceland's off"). "the scope's mirror", "the dog's lead" stay possessive.
Written out, the clause reads as the statement about a thing the rules already know ("the boiler is a ...").
"""

from __future__ import annotations

import re

_CONTRACTED_IS_RE = re.compile(
    r"\b(?P<subject>(?i:the|this|that)\s+[a-z][\w-]*)'s\s+"
    r"(?=(?:a|an|the|not|never|always|still|now|in|on|at|under|behind|by|\d)\b|[£$€]\s?\d)"
    # one's own thing, or a bare noun opening the sentence, then a price: "my rent's £1,150", "rent's £1,150
    # a month" ("Tom's £20" is a name's)
    r"|(?P<own>(?:\b(?i:my|our)\s+|^|(?<=[.!?]\s))(?:[a-z][\w-]*\s+)?[a-z][\w-]*)'s\s+(?=[£$€]\s?\d)"
    # someone or something of one's own, then what they are or where: "my mum's a resident at ...", "my
    # brother's an engineer", "our dog's in kennels" ("my mum's car", "my son's 2nd birthday" are theirs)
    # (never a place named by whose it is: "I'm at my mum's on Sunday", "staying round our nan's")
    r"|(?P<mine>(?<!\bat\s)(?<!\bto\s)(?<!\bfrom\s)(?<!\bround\s)(?<!\bby\s)\b(?i:my|our)\s+(?:[a-z][\w-]*\s+)?"
    r"[a-z][\w-]*)'s\s+"
    r"(?=(?:a|an|the|not|never|always|still|now|in|at|on|called|named)\b)"
    # a plan named by where or what it is, then how it stands: "Iceland's off", "Glastonbury's cancelled"
    # ("Iceland's glaciers" are its own)
    r"|(?P<plan>(?:^|(?<=[.!?]\s))(?-i:[A-Z])[\w-]*(?:\s+(?-i:[a-z])[\w-]*)?)'s\s+"
    # ... or it is sold or fixed ("Caravan's sold"; "Tom's sold his van", "Tom's fixed it" are what he has done)
    # ... or done ("Bathroom's done, finally": is)
    r"(?=(?i:off|cancell?ed|postponed|called\s+off|on\s+hold|not\s+happening|booked|confirmed|sold|fixed|done|"
    r"finished|complete|completed|sorted|ready|over)\b"
    r"(?!\s+(?i:his|her|their|my|our|the|a|an|it|them|up|out|off|everything|one|some)\b))",
    re.MULTILINE,
)


# ... and one's own someone's "'s" before a participle of having or being: "my husband's got a new job" (has).
_MINE_HAS_RE = re.compile(
    r"(?<!\bat\s)(?<!\bto\s)(?<!\bfrom\s)\b(?P<mine>(?i:my|our)\s+(?:[a-z][\w-]*\s+)?[a-z][\w-]*)'s\s+"
    r"(?=(?:just\s+|finally\s+|now\s+)?(?:got|been|gone|had)\b"
    # ... or before what they have done, then where, what or when: "my mum's moved to Leeds", "my dad's retired"
    # ("my dad's used car", "my mum's baked beans" are theirs)
    r"|(?:just\s+|finally\s+|now\s+|recently\s+)?[a-z]{2,}ed(?=\s*(?:$|[,.;!?]|\s(?:a|an|the|to|in|into|from|out|"
    r"up|on|off|over|her|his|their|last|this|recently|now|at|for|after|with|back|away|home|abroad|house)\b)))"
)
# ... and before what they are doing, when no verb follows it: "my dad's retiring next year" (is; "my mum's cooking
# is the best", "my grandad's hearing test went fine" are theirs).
_MINE_DOING_RE = re.compile(
    r"(?<!\bat\s)(?<!\bto\s)(?<!\bfrom\s)\b(?P<mine>(?i:my|our)\s+(?:[a-z][\w-]*\s+)?[a-z][\w-]*)'s\s+"
    r"(?=(?:just\s+|finally\s+|now\s+|still\s+)?[a-z]{2,}ing\b(?![^,.;!?]*\b(?:is|was|are|were|has|had|have|went|goes|got|gets|came|comes|made|makes|looks|"
    r"looked|tastes|needs|needed|[a-z]{3,}ed)\b))"
)


# ... and a thing's "'s" before what it did to its own: "the school's changed its hours" (has).
_THING_HAS_RE = re.compile(
    r"\b(?P<thing>(?i:the|this|that|my|our)\s+[a-z][\w-]*)'s\s+"
    r"(?=(?:changed|extended|shortened|cut|moved|raised|dropped|put\s+up)\s+(?:its|their)\b)"
)


def is_written_out(text: str) -> str:
    """`text` with a thing's "'s" that stands for "is" written as "is" (or "has", before "got", "been", what one's
    someone did, or what a thing did to its own)."""
    text = _MINE_HAS_RE.sub(lambda m: f"{m.group('mine')} has ", text)
    text = _MINE_DOING_RE.sub(lambda m: f"{m.group('mine')} is ", text)
    text = _THING_HAS_RE.sub(lambda m: f"{m.group('thing')} has ", text)
    return _CONTRACTED_IS_RE.sub(
        lambda m: f"{m.group('subject') or m.group('own') or m.group('mine') or m.group('plan')} is ", text
    )

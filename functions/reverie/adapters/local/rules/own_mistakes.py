"""The speaker owning up to a mistake in what they told before: "wait I mixed the kids up, sorry!!", "my bad,
I got the days wrong", "scratch that". What they say next in the message puts it right: a correction of
what they told, whether or not they are answering the agent; said in the same sentence before it ("scratch
that about the Kowalskis: they pay monthly"), the rest of the sentence is that correction, a "they", "she" or
"it" opening it standing for what the admission said it was about.

A value put right in a message of its own ("Sorry, it's BA 177") is the sentence told just before with that value
swapped (`value_put_right`).

Only an admission about what was said (mixed up, got wrong, misspoke, a mistake of theirs); "I mixed the
batter" or "I got the job" admit nothing. Said after the correction ("I misread the email", "Leeds was years
ago, my memory played a trick"), an admission only tells how the mistake came about.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.clefts import uncleft
from reverie.adapters.local.rules.disagreements import normal, value_kind, values

_OWN_MISTAKE_RE = re.compile(
    r"\b(?:I|we)(?:'ve|\s+have|\s+must\s+have)?\s+(?:mixed|muddled|confused)\s+(?:[\w']+\s+){0,3}?up\b"
    r"|\b(?:I|we)(?:'ve|\s+have|\s+must\s+have)?\s+got\s+(?:[\w']+\s+){0,3}?(?:wrong|mixed\s+up|muddled(?:\s+up)?)\b"
    r"|\b(?:I|we)\s+(?:misspoke|was\s+wrong|were\s+wrong|made\s+a\s+mistake)\b"
    # "I spelt it wrong", "I wrote that down wrong", "I typed the number wrong"
    r"|\b(?:I|we)(?:'ve|\s+have)?\s+(?:spelt|spelled|wrote|written|typed|put|said|told\s+you)\s+(?:[\w']+\s+){0,3}?"
    r"(?:down\s+)?wrong(?:ly)?\b"
    r"|\bmy\s+(?:mistake|bad)\b|\bscratch\s+that\b|\bignore\s+what\s+I\s+said\b",
    re.I,
)
# How a mistake came about, told after it is put right ("I misread their style guide", "my memory played a
# trick"): said alone ("I misread the map and got lost") it puts nothing right.
_HOW_IT_CAME_RE = re.compile(
    r"\b(?:I|we)(?:'ve|\s+have|\s+must\s+have)?\s+(?:misread|misremembered|misheard|mistyped|misspelt|misspelled)\b"
    # "I swapped the digits", "I transposed the numbers"
    r"|\b(?:I|we)(?:'ve|\s+have|\s+must\s+have)?\s+(?:swapped|transposed|flipped|reversed)\s+(?:the\s+)?(?:two\s+)?"
    r"(?:digits|numbers|dates|days|months|letters)(?:\s+(?:round|around|over))?\b"
    r"|\bmy\s+memory\s+(?:played|plays|is\s+playing|was\s+playing)\s+(?:a\s+)?tricks?\b"
    # ... or how it keeps happening: "I always mix the numbers up", "I keep getting the dates wrong"
    r"|\b(?:I|we)\s+(?:always|often|keep|tend\s+to)\s+(?:mix|muddle|confuse|get)(?:ing)?\s+(?:[\w']+\s+){0,3}?"
    r"(?:up|wrong|mixed\s+up|muddled(?:\s+up)?)\b",
    re.I,
)


MAX_OTHER_WORDS = 3
_SALUTATION_RE = re.compile(r"^(?:dear|hi|hello|hey)\s+[\w.' -]{1,30}?,\s*", re.I)


def owns_a_mistake(part: str) -> bool:
    """`part` admits a mistake in what the speaker said, and says little else ("wait I mixed the kids up,
    sorry!!", "my bad"): what it puts right comes after it."""
    part = _SALUTATION_RE.sub("", part)  # "Dear helper, scratch that about the market."
    found = _OWN_MISTAKE_RE.search(part)
    if found is None:
        return False
    other = re.findall(r"[^\W\d_][\w']*", part[: found.start()] + " " + part[found.end() :])
    return len(other) <= MAX_OTHER_WORDS


def explains_a_mistake(part: str) -> bool:
    """`part` admits a mistake, whatever else it says ("Leeds was years ago, my memory played a trick"): said
    after a correction, it tells how the mistake came about, nothing to keep."""
    return _OWN_MISTAKE_RE.search(part) is not None or _HOW_IT_CAME_RE.search(part) is not None


# The admission, what it was about, then what puts it right: "Scratch that about Nordlys: they want ...".
_SEPARATOR_RE = re.compile(r"\s*(?:[:;,—–]|\s-\s)\s*")
MAX_ADMISSION_CLAUSES = 3
_ABOUT_RE = re.compile(r"\b(?:about|re|regarding|on)\s+(?P<topic>.+?)\s*$", re.I)
_PRONOUN_RE = re.compile(r"^(?P<pronoun>they|he|she|it)(?P<verb>'re|’re|'s|’s|\s+(?!(?:all|both)\b)\w)", re.I)
# what a pronoun can stand for: a name, or a thing said with its determiner ("the surgery", "our landlord")
_THING_RE = re.compile(r"^(?:(?:the|my|our|his|her|their)\s+\w|(?-i:[A-Z]))", re.I)
MIN_REST_WORDS = 3


def mistake_then(part: str) -> tuple[str, str] | None:
    """The admission opening `part` and the correction said after it in the same sentence, its opening "they"
    put as what the admission named ("Scratch that about Nordlys: they want US English" → ("Scratch that
    about Nordlys", "Nordlys want US English")); None when `part` opens with no admission or says no more."""
    # the admission may take a clause or two: "Sorry, I mixed it up, her birthday is 14 March"
    cuts = [m for m in _SEPARATOR_RE.finditer(part.strip())][:MAX_ADMISSION_CLAUSES]
    found = next((m for m in cuts if owns_a_mistake(part.strip()[: m.start()])), None)
    if found is None or not found.string[found.end() :].strip():
        return None
    admission, rest = found.string[: found.start()].strip(), found.string[found.end() :].strip()
    if len(rest.split()) < MIN_REST_WORDS:
        return None
    about = _ABOUT_RE.search(admission)
    said = _PRONOUN_RE.match(rest)
    # "they" is Nordlys, "it" the surgery; "it is Ross-on-Wye I go to" singles a thing out (`clefts`)
    if about and said and _THING_RE.match(about.group("topic")) and uncleft(rest) is None:
        verb = said.group("verb")
        verb = {"'re": " are", "’re": " are", "'s": " is", "’s": " is"}.get(verb.lower(), verb)
        rest = about.group("topic") + verb + rest[said.end() :]
    return admission, rest[:1].upper() + rest[1:]


# "Sorry, it's BA 177", "Oops, that should be the 21st, not the 12th", "Correction, it lands at 7:40": the value
# just told, put right, said with only the new value (and the verb said of it before).
_ITS_RE = re.compile(
    r"^(?:sorry|oops|whoops|correction|i\s+mean|sorry,?\s+i\s+mean)[,:!]?\s+(?:it'?s|it\s+is|that'?s|that\s+should\s+be"
    # "Correction, it lands at 7:40": the verb said of it before, then the value
    r"|(?:it|that|she|he|they)\s+(?P<verb>[a-z]{3,})(?:\s+(?:at|on|in|from|by|to))?)\s+"
    r"(?P<new>[^,;!]+?)(?:,?\s+not\s+(?P<old>[^,;!]+?))?\s*(?:[,;]\s+.*)?[.!]*$",
    re.I,
)


def value_put_right(part: str, last: str | None) -> str | None:
    """`last` (what the speaker told just before) with the one value `part` puts right swapped for the new
    one ("Sorry, it's BA 177" after "My flight to Boston is BA 117 on Friday" → "My flight to Boston is BA
    177 on Friday"; "Oops, it's Elm Grove, not Elm Road": the words denied, where `last` says them once); None
    when `part` is no such correction, or `last` holds no one value of that kind."""
    found = _ITS_RE.match(part.strip())
    if found is None or not last:
        return None
    verb = found.group("verb")
    if verb and not re.search(rf"\b{re.escape(verb[:4])}", last, re.I):  # "it lands" put right what "lands"
        return None
    old, given = (found.group("old") or "").strip(), found.group("new").strip()
    if (
        old
        and len(given.split()) <= 5
        and last.lower().count(old.lower()) == 1
        and given.lower() not in last.lower()
    ):
        at = last.lower().index(old.lower())  # "Oops, it's Elm Grove, not Elm Road": the words said, swapped
        return last[:at] + given + last[at + len(old) :]
    new = values(found.group("new"))
    if len(new) != 1:
        return None
    held = [v for v in values(last) if value_kind(v) == value_kind(new[0]) and normal(v) != normal(new[0])]
    if found.group("old"):
        held = [v for v in held if normal(v) in {normal(o) for o in values(found.group("old"))}]
    if len(held) != 1:
        return None
    return last.replace(held[0], new[0], 1)


# The thing said wrong, named, then its right value: "Sorry, wrong postcode, it's BS6 5TQ", "I gave you the wrong
# date: it's the 14th", "I got my flat number wrong, it's 21".
_THING_PUT_RIGHT_RE = re.compile(
    r"^(?:(?:sorry|oops|no|actually|wait|ah|argh)[,!.\s]+)*(?:(?:i\s+gave\s+you\s+|that's\s+|that\s+was\s+)?(?:the\s+)?"
    r"wrong\s+(?P<thing>[a-z][a-z -]{1,30}?)|i\s+got\s+(?:my|the)\s+(?P<mine>[a-z][a-z -]{1,30}?)\s+wrong)"
    r"\s*(?:[,:;]|\s-)\s*(?:it's|it\s+is|the\s+right\s+one\s+is|it\s+should\s+be|should\s+be)\s+"
    r"(?P<value>(?=[^,;!?]*(?:\d|\b(?-i:[A-Z])))[^,;!?]+?)[.!]*$",  # (a value: a figure or a name)
    re.I,
)


def thing_put_right(part: str) -> str | None:
    """The statement a correction naming what was wrong makes ("Sorry, wrong postcode, it's BS6 5TQ" → "my postcode
    is BS6 5TQ"); None when `part` is no such correction."""
    found = _THING_PUT_RIGHT_RE.match(part.strip())
    if found is None:
        return None
    thing = (found.group("thing") or found.group("mine")).strip()
    return f"My {thing} is {found.group('value').strip()}."

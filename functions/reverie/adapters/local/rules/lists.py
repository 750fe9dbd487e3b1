"""A pasted list read as the sentences it stands for, before the sentence rules read a message.

People paste notes into chat: a markdown heading naming who the notes are about, then bullets that leave the
subject out ("## Lotte (6)", "- **allergic to peanuts**", "- bedtime 19:30", "- Grandad picks her up on
Thursdays"). Each bullet is a statement of its own about the heading's person:

- a predicate ("allergic to peanuts", "scared of dogs", "not allowed sweets") → "Lotte is allergic to peanuts";
- an attribute and its value ("bedtime 19:30", "shoe size: 28") → "Lotte's bedtime is 19:30";
- a verb with the subject left out ("loves dinosaurs") → "Lotte loves dinosaurs";
- a rule ("no screens after dinner") → "No screens after dinner for Lotte";
- a clause with its own subject keeps it, its "her"/"him" read as the heading's person ("Grandad picks her
  up" → "Grandad picks Lotte up").

A heading that names the speaker ("## me", "About me", "Myself:") makes each bullet a sentence in the first
person: "allergic to kiwi" → "I am allergic to kiwi", "supervisor: Prof. Okafor" → "My supervisor is Prof.
Okafor", "loves climbing" → "I love climbing".

Emphasis (`**`, `__`, `*`, `_`, backticks) is markup, not words. Bullets under no heading, or under a heading
that is a topic rather than a name ("## Packing"), are read as they are, each its own sentence; a labelled
one says what its label is ("practice: Tuesdays, Court 2" → "The practice is Tuesdays, Court 2") or what the
clause's "it" stands for ("kit: Dmitri washes it" → "Dmitri washes the kit"). Lines that are
not part of a list are left as they were.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.clauses import states
from reverie.adapters.local.rules.references import resolve_person
from reverie.adapters.local.rules.verb_forms import ADVERBS, first_person

_HEADING_RE = re.compile(r"^\s{0,3}#{1,6}\s+(?P<title>.+?)\s*#*\s*$")
# The mark of a quoted email's line: "> ".
_QUOTE_RE = re.compile(r"^\s*>\s?")
_BULLET_RE = re.compile(r"^\s*(?:[-*+•]|\d{1,2}[.)])\s+(?P<item>\S.*)$")
_EMPHASIS_RE = re.compile(
    r"(\*\*|__)(?P<strong>\S.*?)\1|(?<![\w*])\*(?P<em>\S[^*]*?)\*(?![\w*])|`(?P<code>[^`]+)`"
)
# A person's name as a heading or a label line: "Lotte (6)", "Ana:", "Grandma Rose".
_NAME_TITLE_RE = re.compile(r"^(?P<name>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\s*(?:\([^)]*\))?\s*:?$")
# A label line that opens a list without markdown: "Lotte:".
_LABEL_LINE_RE = re.compile(r"^\s*(?P<title>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?\s*(?:\([^)]*\))?)\s*:\s*$")
# A heading about the one who pastes the list: "me", "about me", "myself", "about myself", "my details".
_SELF_TITLE_RE = re.compile(
    r"^(?:about\s+)?(?:me|myself)$|^my\s+(?:details|info|profile|bio|background)$", re.IGNORECASE
)
_SPEAKER = "I"
_NOT_NAMES = frozenset(
    """Notes Note Todo Allergies Routine Routines Schedule Contacts Info Details Summary Overview Health Food
    Meals Bedtime Emergency Misc Other General Monday Tuesday Wednesday Thursday Friday Saturday Sunday
    Morning Evening Afternoon Night From Until Since Starting Before After""".split()
)
# "allergic to peanuts", "scared of dogs", "not allowed sweets": what someone is.
_PREDICATE_RE = re.compile(
    r"^(?:not\s+)?(?:(?:very|quite|mildly|severely|really|a\s+bit|slightly)\s+)?"
    r"(?:[a-z]+(?:ic|ed|ful|ous|ive|ent|ant|able|ible|aid|ary)\s+(?:to|of|about|with|at|around|by|on|from)\b"
    r"|allowed\b|able\s+to\b)"
)
# "bedtime 19:30", "shoe size: 28", "school: St Mary's": an attribute and its value.
_ATTRIBUTE_RE = re.compile(
    r"^(?P<attr>[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,2}?)\s*(?::\s*(?P<any>\S.*)|\s+(?P<number>\d.*))$"
)
# "**Main supplier:** City Plumbing", "Shoe Size: 28": a field label written capitalised, as notes and forms
# write them; only a colon makes a capitalised word a label ("Grandad 2pm" is not one).
_CAPITAL_LABEL_RE = re.compile(r"^(?P<attr>[A-Z][a-z'-]*(?:\s+[A-Za-z][a-z'-]*){0,2}?)\s*:\s*(?P<any>\S.*)$")


def _attribute(item: str) -> tuple[str, str] | None:
    """The attribute a bullet names and its value ("bedtime 19:30", "Main Supplier: City Plumbing" →
    ("main supplier", "City Plumbing")), or None when the bullet is not one."""
    found = _ATTRIBUTE_RE.match(item) or _CAPITAL_LABEL_RE.match(item)
    if found is None:
        return None
    return found.group("attr").lower(), found.group("any") or found.groupdict().get("number") or ""


# A verb with its subject left out: "loves dinosaurs", "goes to bed at 7", "can swim".
_ELIDED_VERB_RE = re.compile(
    r"^(?:likes|loves|hates|needs|takes|goes|has|gets|eats|drinks|sleeps|wears|knows|wants|usually|always|"
    r"never|can|can't|cannot|must|doesn't|does|isn't|won't|will)\b"
)
_RULE_RE = re.compile(r"^(?:no|never)\s+\w")


def _plain(text: str) -> str:
    """`text` without its emphasis markup."""
    return _EMPHASIS_RE.sub(
        lambda m: m.group("strong") or m.group("em") or m.group("code") or "", text
    ).strip()


def _person(title: str) -> str | None:
    """The person a heading names ("Lotte (6)" → "Lotte", "About me" → "I"), or None for a topic ("Packing")."""
    if _SELF_TITLE_RE.match(_plain(title).rstrip(" :")):
        return _SPEAKER
    found = _NAME_TITLE_RE.match(_plain(title))
    if found is None or found.group("name").split()[0] in _NOT_NAMES:
        return None
    return found.group("name")


def _sentence(item: str, person: str | None) -> str:
    """One bullet as a sentence about `person` (when the list is about one)."""
    item = _plain(item).rstrip(" .;,")
    if not item:
        return item
    if person is None:
        return _labelled(item)
    if person == _SPEAKER:
        return _about_speaker(item)
    if _PREDICATE_RE.match(item):
        return f"{person} is {item}"
    if attribute := _attribute(item):
        return f"{person}'s {attribute[0]} is {attribute[1]}"
    if _ELIDED_VERB_RE.match(item):
        return f"{person} {item}"
    item = resolve_person(item, [person])
    if _RULE_RE.match(item) and person not in item:
        return f"{item[:1].upper()}{item[1:]} for {person}"
    return item


# "merch table: Imogen does it at every gig": the label is what the clause's "it" stands for.
_IT_RE = re.compile(r"\b(?:it)\b")
# A value that names something (a name, a day, a number, a price), not a task ("bring: strings").
_NAMED_VALUE_RE = re.compile(r"^(?:[A-Z0-9£$€]|the\s+[A-Z])")


def _labelled(item: str) -> str:
    """A bullet under no person, labelled: "rehearsals: Wednesdays, Sala X, room 3" → "The rehearsals are
    Wednesdays, Sala X, room 3"; "merch table: Imogen does it at every gig" → "Imogen does the merch table at
    every gig". A label before a task, or a value that is a clause about something else, stays as written."""
    attribute = _ATTRIBUTE_RE.match(item) or _CAPITAL_LABEL_RE.match(item)
    value = attribute.group("any") if attribute else None
    if attribute is None or value is None:
        return item
    label = attribute.group("attr").lower()
    if states(value):
        if len(_IT_RE.findall(value)) == 1 and not label.endswith("s"):
            return _IT_RE.sub(f"the {label}", value)
        return item
    if not _NAMED_VALUE_RE.match(value):
        return item
    plural = label.endswith("s") and not label.endswith("ss")
    return f"The {label} {'are' if plural else 'is'} {value}"


def _about_speaker(item: str) -> str:
    """One bullet of a list about the speaker as a sentence in the first person."""
    if _PREDICATE_RE.match(item):
        return f"I am {item}"
    if attribute := _attribute(item):
        return f"My {attribute[0]} is {attribute[1]}"
    if _ELIDED_VERB_RE.match(item):
        words = item.split()
        at = 1 if words[0] in ADVERBS and len(words) > 1 else 0  # "always cycles": the verb after it
        words[at] = "don't" if words[at] == "doesn't" else first_person(words[at])
        return "I " + " ".join(words)
    return item


def as_sentences(text: str) -> str:
    """`text` with each list item written as a sentence of its own on its own line (see the module); a list
    in a quoted email ("> * deliveries move to Fridays") stays quoted, each item a quoted line of its own."""
    if not any(_BULLET_RE.match(_QUOTE_RE.sub("", line)) for line in text.splitlines()):
        return text
    out: list[str] = []
    person: str | None = None
    for quoted in text.splitlines():
        line = _QUOTE_RE.sub("", quoted)
        mark = "> " if line != quoted else ""
        heading = _HEADING_RE.match(line) or _LABEL_LINE_RE.match(line)
        if heading:
            person = _person(heading.group("title"))
            continue  # a heading is a label: what follows says it
        bullet = _BULLET_RE.match(line)
        if bullet is None:
            if (
                line.strip() and not line[:1].isspace()
            ):  # a paragraph ends the list (an indented line goes on)
                person = None
            out.append(quoted)
            continue
        sentence = _sentence(bullet.group("item"), person)
        if sentence:
            out.append(mark + (sentence if sentence[-1] in ".!?" else f"{sentence}."))
    return "\n".join(out)

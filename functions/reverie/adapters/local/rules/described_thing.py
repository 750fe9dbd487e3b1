"""A thing the sentence before named with "the", described in the sentences after it through a pronoun: "more
about the hens, since you asked. They are Light Sussex, twelve of them ..."; "you asked what the tractor is.
It is a 1974 Massey Ferguson 135, red ... These days I use it for hauling logs".

A letter or a long message names what it is about once, then says "they" or "it". `pronoun_it.Antecedent`
reads an "it" after what the speaker calls theirs ("my van", "this server", "I've got an allotment"); a
thing named only with "the" is weaker (a sentence names many: "the lane", "the valley"), so it is read here
with stricter terms:

- only the text just before counts (a part, or the message before), and it names exactly one such thing;
- the pronoun agrees with it in number: "it" for "the tractor", "they" for "the hens";
- the pronoun says what or where the thing is, as `pronoun_it.says_what_it_is` reads an "it" ("they are
  Light Sussex", "it is a 1974 Massey Ferguson"): "it's raining", "they're lovely" stay as they were.

A part that goes on about the thing just described, pointing at it again ("These days I use it for hauling
logs"), is more of the same description: `goes_on` tells extraction to join it to the statement before, so
the card reads whole and its "it" has the thing right before it.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.pronoun_it import says_what_it_is, thing_of

# "the hens", "the old tractor": "the", then the words that may name the thing (`thing_of` ends them).
_DEFINITE_RE = re.compile(r"\bthe\s+(?P<words>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)", re.I)
# "They are Light Sussex", "and they're in the calf shed": a plural pronoun saying what the things are.
_THEY_RE = re.compile(
    r"^(?P<lead>(?:(?:and|but|so|well|also)[,\s]+)*)they(?:'re|’re|\s+are)\s+(?P<rest>\S.*)$", re.I | re.S
)
# A pronoun pointing back at a thing, anywhere in a part: its number decides which thing it can be.
_POINTER_RE = {False: re.compile(r"\b(?:it|its)\b", re.I), True: re.compile(r"\b(?:they|them|their)\b", re.I)}


def _plural(word: str) -> bool:
    return word.endswith("s") and not word.endswith(("ss", "us", "is"))


def _definite(words: str) -> str | None:
    """The thing "the <words>" names ("tractor is" → "tractor", "hens since" → "hens"), or None."""
    first = words.split()
    if first and _plural(first[0].lower()):  # "the hens": `thing_of` reads one thing, so ask for one hen
        single = thing_of(first[0][:-1])
        return first[0].lower() if single == first[0][:-1].lower() else None
    return thing_of(words)


def definite_things(text: str) -> list[str]:
    """The things `text` names with "the" that a pronoun after it may stand for, in order, each once."""
    out: list[str] = []
    for found in _DEFINITE_RE.finditer(text):
        thing = _definite(found.group("words"))
        if thing is not None and thing not in out:
            out.append(thing)
    return out


class Described:
    """The thing named with "the" in the text just before, and the thing the part just read was said of."""

    def __init__(self) -> None:
        self.named: list[str] = []
        self.about: str | None = None  # the thing the last part read was resolved to, if it was

    def saw(self, text: str) -> None:
        """Remember what `text` names with "the" (only the latest text counts)."""
        self.named = definite_things(text)

    def resolve(self, part: str, already: str | None = None) -> str:
        """`part` with an opening "it is ..." / "they are ..." said of the one thing the text before named
        ("They are Light Sussex" → "the hens are Light Sussex"); `part` as it was otherwise. `already`: the
        thing another reading resolved `part` to, remembered as what the part is about."""
        self.about = already
        if already is not None or len(self.named) != 1:
            return part
        thing = self.named[0]
        they = _THEY_RE.match(part.strip())
        if they and _plural(thing) and says_what_it_is(f"it is {they.group('rest')}"):
            lead = they.group("lead")
            self.about = thing
            return f"{lead}{'t' if lead else 'T'}he {thing} are {they.group('rest')}"
        found = says_what_it_is(part)
        if found and not _plural(thing):
            lead = found.group("lead")
            verb = found.group("verb").strip().lower()
            verb = "is" if verb in ("'s", "’s") else verb
            self.about = thing
            return f"{lead}{'t' if lead else 'T'}he {thing} {verb} {found.group('rest')}"
        return part

    def goes_on(self, previous: str | None, part: str) -> bool:
        """`part` points again at the thing `previous` (the part before it, resolved to that thing) described:
        more of the same description."""
        return (
            previous is not None
            and says_what_it_is(part) is None
            and _THEY_RE.match(part.strip()) is None
            and _POINTER_RE[_plural(previous)].search(part) is not None
        )

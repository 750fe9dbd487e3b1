"""Places pointed back at within one message: "there" and a bare "went".

- "there" is the one place the part before named ("Door code for the studio is ..., and I'm there Tuesdays" →
  "I'm at the studio Tuesdays"; "Any good vets near Headingley? We've just moved there" → "moved to
  Headingley"); after where someone is ("My brother is in Vancouver, he works as a nurse there"), it says that
  place again and is left out;
- "went" with no destination, after a named thing judged ("Kielder was incredible!! went on the 31st"), is a
  going to that thing.

When the part before names no one place, or two, the words are left as they were.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.thing_patterns import NOT_PEOPLE

# "there" as a place (not "there is", "over there"), and the one place the part before named after a preposition
# ("Door code for the studio is ..., and I'm there Tuesdays": the studio).
_THERE_RE = re.compile(
    r"(?<!\bover )(?<!\bout )(?<!\bup )(?<!\bdown )\bthere\b(?!\s*(?:is|are|was|were|'s|'re|will|has|have|had)\b)",
    re.I,
)
# A thing the part before names with "the", "my" or "our" ("the studio", "the food bank", "my allotment").
_PLACE_BEFORE_RE = re.compile(
    r"\b(?P<place>(?:the|my|our)\s+[a-z][\w-]*(?:\s+(?!(?:in|at|on|is|are|was|were|for|to|of|and|with|near|by|"
    r"has|have|code|password|pin)\b)[a-z][\w-]*)?"
    # ... with where it is, one place: "the café in the park", "the Greggs on the High Street"
    r"(?:\s+(?:in|on|at|near|by)\s+the\s+[a-z][\w-]*(?:\s+(?!(?:is|are|was|were|and)\b)[a-z][\w-]*)?)?)",
    re.I,
)
# ... or a place named by name after a preposition ("a vet near Headingley", "my brother is in Vancouver")
_NAMED_PLACE_BEFORE_RE = re.compile(
    r"\b(?P<prep>in|at|near|around|to|from)\s+(?P<place>(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+)?)"
)
# ... said as where someone is ("is in", "lives in", "is based in"), then more of them ("he", "she")
_WHERE_THEY_ARE_RE = re.compile(
    r"\b(?:is|are|'s|'re|lives?|living|based|settled)\s+(?:now\s+)?(?:based\s+|living\s+)?$", re.I
)
_PRONOUN_RE = re.compile(r"^\s*(?:and\s+|so\s+)?(?:he|she|they)\b", re.I)
_TOWARDS_RE = re.compile(
    r"\b(?:go|goes|going|gone|went|come|comes|coming|came|get|head|heading|drive|walk|cycle|move|moved)\s+$",
    re.I,
)


def resolve_there(part: str, before: str | None) -> str:
    """ "I'm there Tuesdays" → "I'm at the studio Tuesdays", "go there on Saturdays" → "go to the studio on
    Saturdays", when the part before named one thing ("the studio", "the café in the park"; never "the café and
    the park": two) and did
    not open with it ("The allotment is plot 14, I grow leeks there" goes on about it); `part` as it was
    otherwise."""
    found = _THERE_RE.search(part)
    if found is None or not before or found.start() == 0:
        return part
    places = {m.group("place").lower(): m.group("place") for m in _PLACE_BEFORE_RE.finditer(before)}
    named = {m.group("place").lower(): m for m in _NAMED_PLACE_BEFORE_RE.finditer(before)}
    if named:  # "My brother is in Vancouver": the one it opens with is who is there, not a place
        places = {k: v for k, v in places.items() if not before.lstrip().lower().startswith(k)}
    if len(places) + len(named) != 1:
        return part
    way = "to" if _TOWARDS_RE.search(part[: found.start()]) else "at"
    # "moved there" after "near Headingley": to Headingley; "a nurse there" after "in Vancouver": in
    if named:
        (at,) = named.values()
        where = _WHERE_THEY_ARE_RE.search(before[: at.start()])
        subject = before[: where.start()].strip().lower() if where else ""
        same_one = _PRONOUN_RE.match(part) or (subject and part.strip().lower().startswith(subject + " "))
        if where and same_one and way != "to":
            # "My brother is in Vancouver, he works as a nurse there": where he is, said already
            return f"{part[: found.start()].rstrip()}{part[found.end() :]}"
        place, way = at.group("place"), way if way == "to" or at.group("prep").lower() == "at" else "in"
    else:
        (place,) = places.values()
    if before.lstrip().lower().startswith(place.lower()):
        return part  # "The allotment is plot 14, I grow leeks there": more about the thing just described
    return f"{part[: found.start()]}{way} {place}{part[found.end() :]}"


# "Kielder was incredible!! went on the 31st": a named thing judged after the fact, then "went" with no
# destination: the speaker went to that thing ("The Proms were magic, went on Friday with Tom").
_JUDGED_RE = re.compile(
    r"^(?P<thing>(?:the\s+)?(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*){0,3})\s+(?:was|were)\s+\w", re.I
)
_WENT_BARE_RE = re.compile(
    r"^(?P<who>(?:(?:and|so)\s+)?(?:(?:I|we)\s+)?(?:finally\s+|actually\s+)?)went\s+"
    r"(?=(?:on|last|yesterday|at|with|in\s+the\s+end|early|late)\b)",
    re.I,
)


def resolve_went(part: str, before: str | None) -> str:
    """ "went on the 31st" after "Kielder was incredible" → "went to Kielder on the 31st"; `part` as it was
    otherwise."""
    judged = _JUDGED_RE.match(before.strip()) if before else None
    went = _WENT_BARE_RE.match(part.strip())
    if judged is None or went is None or judged.group("thing").split()[0] in NOT_PEOPLE - {"The"}:
        return part
    thing = judged.group("thing")
    thing = thing[:1].lower() + thing[1:] if thing.lower().startswith("the ") else thing
    return f"{part.strip()[: went.end()]}to {thing} {part.strip()[went.end() :]}"


# A capitalised word inside a sentence (not its first): maybe someone named, whom "her" may mean.

"""A value put right about someone named only as "he" or "she": "he's in Year 5 by the way, not Year 4", "her
birthday is 21 May, not 12 May", said in a session that never names them (or about a thing named only as "it":
"it's BA 283, not BA 287"). The sentence alone names no one; the held card that says the value it
denies ("Dana's son Max is in Year 4", the agent's note of a week before) is whom it is about. That card, with
the value put right ("Dana's son Max is in Year 5"), replaces it.

Read (`pronoun_contrast`): a sentence whose subject is "he", "she" or "they" and that gives one value and denies
another (", not <value>"); kept whole for the merge. Merged (`contrast_on_held`): the one held card that says
the denied value word for word and does not already say the given one; no such card (or two), and the
statement stands for no one held: nothing is kept (`stands_for_no_one`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.value_swap import one_value_put
from reverie.adapters.local.rules.verdicts import decision
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.domain.restatement import terms
from reverie.ports import MergeAction, MergeDecision

# "he", "she", "they", or what is theirs ("her birthday", "his school", "their flight"); or "it", "that" for a
# thing said before ("Correction: it's BA 283, not BA 287" of the flight held)
_SOMEONE = r"(?:he|she|they|it|that|(?:his|her|their)\s+[a-z]+(?:\s+[a-z]+)?)"
# "he's in Year 5 by the way, not Year 4", "She is on 20mg now, not 10mg."
_CONTRAST_RE = re.compile(
    # (or a verb of what they do: "she lives in Derry, not Derby", "he works at Tesco, not Asda")
    rf"^{_SOMEONE}(?:['’]s|['’]re|\s+is|\s+are|\s+was|\s+were|\s+go|\s+take|\s+[a-z]+s)\s+"
    # (a place's region after a comma is part of it: "she lives in Derry, in Northern Ireland, not Derby")
    r"(?P<head>[^,;]{1,80}?)(?P<region>,\s+in\s+[^,;]{2,40}?)?(?:\s+(?:by\s+the\s+way|btw|actually|now))?,?\s+not\s+"
    r"(?P<denied>(?:\d\.\d|[^,;.!?]){1,40})"  # ("room 3.12": a number's point is no sentence's end)
    r"(?:,\s+[^;]*)?[.!]*$",  # (and how they know: ", the test came back")
    re.I,
)


# Whose a value is, in front of it: "my wife", "their wife", "Sil's husband".
_OWNER_RE = re.compile(r"^(?:(?:my|his|her|their|our|its)\s+|(?-i:[A-Z])[\w-]*['’]s\s+)", re.I)


def pronoun_contrast(part: str) -> bool:
    """Whether `part` puts a value right about someone named only by a pronoun (see the module)."""
    return _CONTRAST_RE.match(part.strip()) is not None


def _given(head: str, denied: str) -> str | None:
    """The value in `head` of the same shape as `denied` ("Year 5" for "Year 4", "20mg" for "10mg")."""
    first = denied.split()[0]
    if len(denied.split()) > 1 and first[:1].isdigit():  # "12 May": its own number, then the same last word
        found = re.search(rf"\S+\s+{re.escape(denied.split()[-1])}\b", head, re.I)
        return found.group(0).rstrip(".,") if found else None
    if len(denied.split()) > 1:  # "Year 4": the same leading word, then its own value
        found = re.search(rf"\b{re.escape(first)}\s+\S+", head, re.I)
        return found.group(0).rstrip(".,") if found else None
    # "allergic to tree nuts" for "peanuts": what follows the head's last preposition, when it is short
    after = re.search(r"\b(?:to|in|at|on|with|from|for|of|as)\s+((?:[\w'-]+\s+)?[\w'-]+)[.,]?$", head, re.I)
    if after is not None:
        return after.group(1)
    values = re.findall(r"\S+", head)
    return values[-1].rstrip(".,") if values else None


def contrast_on_held(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The one held card a pronoun's contrast puts right, with the value swapped (see the module)."""
    found = _CONTRAST_RE.match(candidate.statement.strip())
    if found is None:
        return None
    denied, head = found.group("denied").strip(), found.group("head")
    if _OWNER_RE.match(
        denied
    ):  # "It's Sil's husband, not their wife": whose both are is the same, compared bare
        denied, head = _OWNER_RE.sub("", denied), _OWNER_RE.sub("", head)
    given = _given(head, denied)
    if not given or given.lower() == denied.lower():
        return None
    said = re.compile(rf"(?<![\w-]){re.escape(denied)}(?![\w-])", re.I)
    held = [c for c in cards if said.search(c.statement) and given.lower() not in c.statement.lower()]
    if len(held) != 1:
        return None
    card = held[0]
    statement = said.sub(given, card.statement, count=1)
    return decision(
        MergeAction.SUPERSEDE, card, f"{given}, not {denied}: {card.memory_id} put right", statement
    )


def value_on_held(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """A correction naming its thing only by a pronoun and giving one value, with no value denied ("Sorry, it lands
    at 7:40, I misread the ticket" a day after "Cer's flight to Lisbon on Friday lands at 6:40"): the one held
    card that says all the correction says beside its value, and one value of that kind, put right."""
    if candidate.type is not MemoryType.CORRECTION:
        return None
    said = terms(_VALUE_WORDS_RE.sub(" ", candidate.statement)) - _PRONOUNS
    if not said:
        return None
    fits = [
        (card, put)
        for card in cards
        if said <= terms(card.statement) and (put := one_value_put(candidate.statement, card.statement))
    ]
    if len(fits) != 1:
        return None
    card, put = fits[0]
    return decision(MergeAction.SUPERSEDE, card, f"a value of {card.memory_id} put right", put)


_PRONOUNS = frozenset({"it", "he", "she", "they", "her", "his", "their", "its"})
_VALUE_WORDS_RE = re.compile(r"[£$€]?\d[\w,.:/%-]*")


def stands_for_no_one(candidate: Candidate) -> MergeDecision | None:
    """A pronoun's contrast that no held card answered for: nothing to keep."""
    if _CONTRAST_RE.match(candidate.statement.strip()) is None:
        return None
    return decision(MergeAction.NOOP, None, "'he' or 'she' stands for no one held that says the value denied")

"""One candidate against the held cards in its slot (key): the same value, more of it, or another.

The same value is a no-op; the same value told with more detail fuses (the candidate says both); more about
a taste held the same way fuses; the same place said otherwise ("back in Warsaw since Friday" / "normally
based in Warsaw") fuses; another value, or a reversal, is a change: latest wins (or a person decides), and
what the old card said beside the replaced value lives on.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from reverie.adapters.local.rules.about import contains, jaccard, name_words
from reverie.adapters.local.rules.claims import without_attribution
from reverie.adapters.local.rules.job_sides import states_also
from reverie.adapters.local.rules.keys import same_slot
from reverie.adapters.local.rules.remainder import carried, without_old_value
from reverie.adapters.local.rules.values import SAME_VALUE_JACCARD, other_codes, other_numbers
from reverie.adapters.local.rules.verdicts import decision as _decision
from reverie.adapters.local.rules.verdicts import fused, join, replace
from reverie.domain.denial import repeats_denied
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard
from reverie.domain.restatement import negated, stem, terms
from reverie.domain.text import entities
from reverie.ports import MergeAction, MergeDecision

# A state the statement says is over: "left Canva", "quit the band", "resigned from Arup", "moved out of Leith".
_ENDS_RE = re.compile(
    r"\b(?:left|quit|resigned\s+from|stepped\s+down\s+from|was\s+laid\s+off\s+from|moved\s+out\s+of|"
    r"moved\s+away\s+from|no\s+longer|not\s+any\s*more)\b",
    re.I,
)


def _ends(statement: str) -> bool:
    return _ENDS_RE.search(statement) is not None


# The role one has at a named place: "is a junior developer at Sky", "works as a staff nurse on Ward 9".
_ROLE_RE = re.compile(
    r"\b(?:is|am|are|'s|'m|works\s+as|working\s+as)\s+(?:now\s+)?(?:a|an)\s+(?P<role>(?:[\w-]+\s+){0,3}?[\w-]+)"
    r"\s+(?:at|for|with|in|on)\s+(?-i:[A-Z])",
    re.I,
)


_TEAM_RE = re.compile(r"\bthe\s+(?P<team>(?:[\w-]+\s+){0,2}?[\w-]+)\s+team\b", re.I)


def _other_teams(said: str, held: str) -> bool:
    """Both name a team, and not the same one: a move of team wherever the employer stays."""
    mine, theirs = _TEAM_RE.search(said), _TEAM_RE.search(held)
    return bool(mine and theirs and terms(mine.group("team")) != terms(theirs.group("team")))


def _other_roles(said: str, held: str) -> bool:
    """Both give a role at a place, and not the same one: a change of role wherever the slot's value stays."""
    mine, theirs = _ROLE_RE.search(said), _ROLE_RE.search(held)
    return bool(mine and theirs and terms(mine.group("role")) != terms(theirs.group("role")))


# A capital letter standing alone inside a sentence: a value (a blood group, a grade, a block), not an article.
_LETTER_RE = re.compile(r"(?<=[\w,;:] )(?P<letter>[A-HJ-Z])\b(?![.'’])")


def _letters(statement: str) -> frozenset[str]:
    return frozenset(m.group("letter") for m in _LETTER_RE.finditer(statement))


def by_slot(candidate: Candidate, cards: Sequence[MemoryCard], mine: frozenset[str]) -> MergeDecision | None:
    """What `candidate` is to the held cards sharing its slot (see the module docstring); None when no
    card has its slot. `mine` is the candidate's terms."""
    # a card that gives the slot's value beside its own ("works as a chef at Dishoom": the employer too)
    same = [
        c
        for c in cards
        if same_slot(candidate.key, c.key, c.user_id or "")
        or states_also(c.statement, candidate.key)
        or (c.key is not None and states_also(candidate.statement, c.key))
    ]
    if not same:
        return None
    best = max(same, key=lambda c: jaccard(mine, terms(c.statement)))
    theirs = terms(best.statement)
    key = candidate.key
    if negated(candidate.statement) != negated(best.statement) or _ends(candidate.statement) > _ends(
        best.statement
    ):
        return replace(candidate, best, f"a reversal of {key}")  # "left Canva" after "started at Canva"
    # "meets on Tuesdays, not Mondays" repeats the held card's words, but to deny its value
    # ... and a value of one capital letter is a value all the same ("blood type is O positive" / "A positive")
    other_letter = _letters(candidate.statement) != _letters(best.statement)
    denies = repeats_denied(candidate.statement, best.statement) or other_letter
    if (jaccard(mine, theirs) >= SAME_VALUE_JACCARD or contains(theirs, mine)) and not denies:
        return _decision(MergeAction.NOOP, best, f"{best.memory_id} already says this (key {key})")
    if (
        contains(mine, theirs) and not denies
    ):  # the same value, told with more detail: the candidate says both
        return fused(candidate, best, candidate.statement, f"more detail about {key}")
    if ".taste." in (key or ""):  # held the same way: more about the same taste
        return fused(candidate, best, join(best.statement, candidate.statement), f"more about {key}")
    # whom the slot is about is not its value ("Always give Ewa answers as bullet points" / "Write to Ewa in
    # paragraphs"): the key's subject, named in full or not; nor is what the slot names ("the Clio's MOT is due
    # in March" / "... in May": the MOT is the thing, not its value)
    if _other_roles(candidate.statement, best.statement):  # "a senior developer at Sky now" / "a junior ..."
        return replace(candidate, best, f"a new role, {key} the same")
    if _other_teams(
        candidate.statement, best.statement
    ):  # "leads the payments team at Zopa" / "the growth team"
        return replace(candidate, best, f"another team, {key} the same")
    named = _named_value(candidate.statement) - _key_words(key)
    if (
        named
        and named == _named_value(best.statement) - _key_words(key)
        and not other_numbers(candidate.statement, best.statement)
        and not other_codes(candidate.statement, best.statement)  # "LS6 2AD" / "LS6 2AB": two postcodes
        and not denies  # "Flat 8, 12 Oak Road, not Flat 3": the held value denied
    ):
        # "back in Warsaw since Friday" beside "normally based in Warsaw": the same place, said otherwise
        return fused(candidate, best, join(best.statement, candidate.statement), f"the same value of {key}")
    decision = replace(candidate, best, f"a different value for {key}")
    if decision.action is not MergeAction.SUPERSEDE:
        return decision
    now = without_old_value(candidate.statement, best.statement)  # "from Leith to X": now X
    if kept := carried(best.statement, now, key):
        # what the old card said beside the replaced value ("..., and sits in the Insights team") lives on
        return decision.model_copy(
            update={"statement": kept, "reason": f"{decision.reason}, keeping the rest"}
        )
    return decision if now == candidate.statement else decision.model_copy(update={"statement": now})


def _key_words(key: str | None) -> frozenset[str]:
    """The words of a whole key, whom it is about and what of them (`the_clio.mot` → the, clio, mot), stemmed."""
    return frozenset(stem(w) for w in re.split(r"[._]", key or "") if w)


def _named_value(statement: str) -> frozenset[str]:
    """The names a statement gives beside whom it is about ("Warsaw" in "Dmitri is back in Warsaw"), that
    person named again later in it or not ("Tomás started eating fish, so Tomás is ...")."""
    said = _plain(without_attribution(statement))  # "(according to Ines)" names who claims it, not the value
    return frozenset(stem(e) for e in entities(said)) - name_words(said)


def _plain(text: str) -> str:
    """`text` without its accents ("Tomás" → "Tomas"), as a key spells a name."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))

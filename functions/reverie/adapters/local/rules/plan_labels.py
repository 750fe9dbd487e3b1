"""A plan announced by its label: "Plan for the long weekend: we drive to Porto on the 3rd and we're staying at
Casa Azul", "The plan: I fly out Friday", "Itinerary: ...". What the label heads is the plan's parts, each
held until it happens or is called off ("I cancelled Casa Azul" ends that part), not lasting facts about the
speaker. A label that only names a topic ("Quick rundown of how we work: ...") heads facts as before.

When what follows the label opens with the plan's bare values rather than a statement ("Plan for the team
offsite: Lisbon, 12-14 May, we're staying at ..."), the line is one plan, kept with its label: the label
names what the plan is for (the offsite), which later news ("the offsite is cancelled") ends it by.
"""

from __future__ import annotations

import re
from dataclasses import replace

from reverie.adapters.local.rules.clauses import states
from reverie.adapters.local.rules.request_patterns import IMPERATIVE_RE
from reverie.adapters.local.rules.statement_types import Speaker, Statement
from reverie.adapters.local.rules.stored_form import render, salience
from reverie.adapters.local.rules.typos import english_lexicon
from reverie.domain.models import MemoryType, Stability

_PLAN_LABEL_RE = re.compile(
    r"^(?:(?:so|ok|okay|right)[,\s]+)?(?:(?:the|our|my|a|rough|tentative|current|new|trip|travel|holiday|"
    r"weekend)\s+)*(?:plans?|itinerary|game\s+plan)\b(?!\s+(?:is|was|are|were)\b)",
    re.I,
)


# "Plan for the offsite: ...", "Offsite plan: ...", "Itinerary for Rome: ...": a label and what follows it.
_LABELLED_LINE_RE = re.compile(r"^(?P<label>[^:.!?]{2,60}?):\s+(?P<rest>\S.*)$", re.S)
_PLAN_WORD_END_RE = re.compile(r"\b(?:plans?|itinerary)$", re.I)
_NUMBER_RE = re.compile(r"\d")


def plan_label(label: str) -> bool:
    """Whether a sentence's label announces a plan ("Plan for el puente", "The plan", "Itinerary")."""
    return _PLAN_LABEL_RE.match(label.strip()) is not None


def as_planned(result: Statement, who: Speaker) -> Statement:
    """A fact about the speaker headed by a plan's label, as a part of that plan; anything else (a keyed
    fact, someone else's, a rule) as it is."""
    about_them = result.text.lower().startswith(who.name.lower())
    if result.type is not MemoryType.FACT or result.key is not None or not about_them:
        return result
    return replace(result, type=MemoryType.PLAN, stability=Stability.VOLATILE)


def _task(rest: str) -> bool:
    """What follows the label opens with a verb, not a value ("migrate billing to Stripe by Q3"): a task, read
    by the plan rules; values open with a name or a number ("Lisbon, 12-14 May")."""
    first = rest.split(maxsplit=1)[0].strip(",.;:")
    if not first[:1].isupper() and not first[:1].isdigit():
        return True
    word, lexicon = first.lower(), english_lexicon()
    return any(f"{w}ing" in lexicon for w in (word, word.removesuffix("e"), word + word[-1:])) and any(
        f in lexicon for f in (f"{word}ed", f"{word}d")
    )


def labelled_plan(sentence: str, who: Speaker) -> Statement | None:
    """A line a plan's label heads whose values come first ("Plan for the team offsite: Lisbon, 12-14 May,
    we're staying at ..."): one plan, its label kept (see the module docstring). None for anything else: no
    plan label, no number or date among the values, a task after the colon ("Plan: book the hotel", "Plan:
    Migrate billing by Q3"), or a statement right after it (the label is then a preamble and each statement a part of the plan)."""
    line = _LABELLED_LINE_RE.match(sentence.strip())
    if line is None:
        return None
    label, rest = line.group("label").strip(), line.group("rest").strip()
    if not (plan_label(label) or _PLAN_WORD_END_RE.search(label)):
        return None
    if states(rest) or IMPERATIVE_RE.match(rest) or not _NUMBER_RE.search(rest) or _task(rest):
        return None
    text = render(f"{label}: {rest}", who)
    return Statement(
        type=MemoryType.PLAN,
        text=text,
        stability=Stability.VOLATILE,
        salience=salience(MemoryType.PLAN, text, who),
    )

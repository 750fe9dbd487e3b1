"""How a named thing went, with what came of it: "the memory clinic went fine yesterday, no sign of
dementia", "The MRI went OK, nothing new on the scan", "our mortgage meeting went well, they approved
the loan", "The viewing was a disaster: damp in every room"; or what it came to in money: "The bake sale raised
£340 for the school!".

Said after an appointment, a meeting, an assessment or a trip, such a sentence is the outcome of a plan
that is over (the merge's `plan_went` and `plan_news` let it supersede the plan), and what follows the
verdict is the part worth keeping a month on ("no sign of dementia", "they approved the loan"). Its
grammatical subject is the thing, not the speaker, so the first-person rules do not read it; here it is
kept as a fact, dated by its time word. Only a verdict followed by an outcome of its own (specific words
beyond the verdict) is kept: "The party went well!" alone is a passing mood, left in the raw log.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.specificity import specificity
from reverie.adapters.local.rules.statement_types import Speaker, Statement
from reverie.adapters.local.rules.stored_form import as_statement
from reverie.domain.models import MemoryType

_THING = r"(?P<thing>(?:the|my|our|his|her|their|(?-i:[A-Z])[\w-]*'s)\s+(?:[\w-]+\s+){0,3}?[\w-]+)"
_VERDICT = (
    r"(?P<how>(?:(?:really|so|very|super|absolutely|pretty|quite|all)\s+)?(?:brilliantly|brilliant|well|great|"
    r"fine|ok|okay|smoothly|badly|terribly|awfully|alright|all\s+right|"
    r"an?\s+(?:(?:huge|great|big|massive|real|total|complete)\s+)?(?:success|disaster|triumph|washout|relief)))"
)
_WENT_RE = re.compile(
    # after a label announcing news, if any ("Update: ...", "Good news: ...")
    rf"^(?:(?:[\w']+\s+){{0,2}}[\w']+:\s*)?{_THING}\s+(?P<verb>went|was|turned\s+out)\s+{_VERDICT}\b"
    r"(?P<when>\s+(?:yesterday|today|this\s+(?:morning|afternoon)|last\s+(?:night|week)|on\s+\w+day))?"
    r"\s*(?P<rest>[,;:-]\s*[^.!?]+)[.!]*$",
    re.I,
)
# ... or what it came to, in money: "The bake sale raised £340 for the school!", "the car boot made us £85".
_RAISED_RE = re.compile(
    rf"^{_THING}\s+(?:raised|made(?:\s+us|\s+me)?|brought\s+in|took)\s+[£$€]\s?\d[\d,.]*k?\b[^.!?]*[.!]*$",
    re.I,
)
# ... or how a test of it came out: "The van failed its MOT, needs new brake pads", "the boiler passed its service".
_TESTED_RE = re.compile(
    rf"^{_THING}\s+(?:passed|failed|sailed\s+through|scraped\s+through)\s+(?:its|the|her|his|their)\s+"
    r"(?:mot|service|inspection|test|safety\s+check|check|audit|assessment)\b[^.!?]*[.!]*$",
    re.I,
)
# Outcome words beyond the verdict a thing's report needs to be kept ("no sign of dementia": 2).
_OUTCOME_WORDS = 2


def thing_went(text: str, who: Speaker) -> Statement | None:
    """How a named thing went and what came of it, as said (see the module), or None."""
    said = text.strip().rstrip("!.") + "."
    tested = _TESTED_RE.match(said) is not None
    if tested:  # a test's result is outcome enough; "the car" tested is the speaker's car
        said = re.sub(r"^the\s+", "My ", said, flags=re.I)
    if tested or _RAISED_RE.match(said):  # ... and so is an amount raised
        result = as_statement(MemoryType.FACT, said, who)
        return result if isinstance(result, Statement) else None
    found = _WENT_RE.match(text.strip())
    if found is None or specificity(found.group("rest"), who.people) < _OUTCOME_WORDS:
        return None
    thing = found.group("thing")
    thing = thing[:1].upper() + thing[1:]
    rest = re.sub(r"^[,;:-]\s*", ", ", found.group("rest").strip())
    verb = " ".join(found.group("verb").lower().split())
    said = f"{thing} {verb} {found.group('how')}{found.group('when') or ''}{rest}"
    result = as_statement(MemoryType.FACT, said, who)
    return result if isinstance(result, Statement) else None

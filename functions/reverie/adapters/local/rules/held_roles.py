"""A role the speaker holds, said without an article: "I'm treasurer of the allotment society", "I'm head
chef at Dishoom", "next season I'm assistant coach for the under-12s".

British usage drops the article before a post one holds ("she's captain of the team"); "I'm a coach" is read
by `speaker_patterns.IDENTITY_RE`, and the same post without "a" is the same lasting fact about the speaker.
The post must be a role word (a title, or a noun that names a person by what they do: "-er", "-or", "-ist",
"-ian", "-ant") and be tied to what it is held in ("of", "for", "at", "with", "on" and a named body), so that
"I'm late for the dentist", "I'm better at chess" or "I'm done with the gym" are not read as posts.
"""

from __future__ import annotations

import re

# Words of a post that are not the role itself: "assistant coach", "deputy head", "acting chair".
_RANK = (
    r"(?:assistant|asst|deputy|vice|co|joint|lead|senior|junior|acting|interim|head|chief|honorary|club|team|"
    r"kit|youth|volunteer|associate|managing|general|branch|ward|shift)[\s-]"
)
# Posts held in a body, named outright, or as a noun naming a person by what they do.
_POST = (
    r"(?:coach|captain|chair|chairman|chairwoman|chairperson|treasurer|secretary|president|editor|head|lead|"
    r"chef|governor|trustee|warden|steward|convenor|convener|leader|referee|umpire|clerk|registrar|"
    r"principal|dean|officer|rep|representative|curate|vicar|minister|mayor|councillor|captain|"
    r"[a-z]{3,}(?:ist|ian)|(?:manag|organis|organiz|coordinat|train|teach|instruct|conduct|direct|supervis|"
    r"administrat|facilitat|mentor|volunteer|invigilat|examin|moderat|design|develop|engine|research|"
    r"account|consult|analy[sz])(?:er|or|ant|e|t|ist)?)"
)
# A post with its ranks: "chair", "deputy head", "assistant coach".
POST = r"(?:" + _RANK + r"){0,2}" + _POST
_HELD_ROLE_RE = re.compile(
    r"^(?:(?:next|this|last) (?:season|year|term|month)[, ]+|(?:from|since) [\w ]{2,20}?[, ]+)?"
    r"(?:i|we)(?:'m| am|'re| are) (?:(?:now|also|still|currently|officially|going to be|gonna be) )?(?:the )?"
    + POST
    + r"s?\s+(?:of|for|at|with|on|in)\s+\S",
    re.IGNORECASE,
)


def holds_a_post(clause: str) -> bool:
    """`clause` says the speaker holds a post in some body, without an article ("I'm treasurer of ...")."""
    return _HELD_ROLE_RE.match(clause.strip()) is not None

"""Two statements choosing the same tool for the same person are one choice: "Inês manages her JavaScript
dependencies with pnpm", "The user's repositories use pnpm, not npm" and "Always use pnpm for installing
packages in the user's projects" all say the package manager is pnpm, in words that share little beyond it.

A tool of a known kind (`VOCABULARY`: package managers, editors, test runners, ...) named once as used, and
the other tools of its kind only as denied ("not npm"), is the statement's choice of that kind. Two statements
with the same choice, of one person, are one memory: the held one says it all when what the news says beside
the choice is only how a tool is used (use, install, manage, projects, repositories, always); otherwise the
news adds to it ("pnpm, with --frozen-lockfile in CI") and the two fuse. Another tool of the same kind is a
change of the choice, for the slot rules; two people's choices stay two.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from reverie.adapters.local.rules.their_people import someones_person
from reverie.adapters.local.rules.thing_patterns import VOCABULARY, VOCABULARY_RE
from reverie.adapters.local.rules.values import other_amounts
from reverie.adapters.local.rules.verdicts import decision, fused, join
from reverie.adapters.local.rules.whose import other_people, unnamed_terms
from reverie.domain.dream import Candidate
from reverie.domain.models import MemoryCard, MemoryType
from reverie.domain.restatement import NEGATION_RE, terms
from reverie.ports import MergeAction, MergeDecision

_CHOICES = frozenset({MemoryType.FACT, MemoryType.PREFERENCE, MemoryType.CONSTRAINT})
# The words any statement of a tool choice uses beside the tool: how it is used, and for what in general.
_USE_WORDS = terms(
    "use uses used using always prefer prefers preferred manage manages managed managing install installs "
    "installing installed run runs running with via for package packages dependencies dependency deps project "
    "projects repository repositories repo repos codebase code work javascript typescript python node tool "
    "tools user user's instead rather than default every all"
)

# A tool given up, said right before it: "sold my Pixel", "traded the Pixel in", "migrated off Jenkins".
_PARTED_WITH_RE = re.compile(
    r"\b(?:sold|traded(?:\s+in)?|gave\s+away|got\s+rid\s+of|ditched|dumped|binned|uninstalled|stopped\s+using|"
    r"quit|(?:switched|moved|migrated|changed)\s+(?:away\s+)?(?:from|off)|off)\s+"
    r"(?:(?:the|my|our|his|her|their|an?|old|that)\s+)*$",
    re.I,
)


def choice(statement: str) -> tuple[str, str] | None:
    """(the kind, the tool) a statement chooses: its one tool of a kind named as used, the others of that
    kind only denied; None when it names none, or two as used."""
    used: dict[str, str] = {}
    for found in VOCABULARY_RE.finditer(statement):
        clause = re.split(r"[,;(]", statement[: found.start()])[-1]
        if NEGATION_RE.search(clause) or _PARTED_WITH_RE.search(clause):  # "not npm", "traded the Pixel in"
            continue  # denied or given up, not chosen
        if found.group(1)[:1].isupper() and statement[found.end() : found.end() + 2] in ("'s", "’s"):
            continue  # "Pip's sister": someone named like a tool, not the tool
        tool = found.group(1).lower()
        kind = VOCABULARY[tool]
        if used.get(kind, tool) != tool:
            return None  # two tools of one kind used: no single choice
        used[kind] = tool
    return next(iter(used.items())) if len(used) == 1 else None


def _beside(statement: str) -> frozenset[str]:
    """What the statement says beside its choice: its words without the tools, the person and the words of use."""
    tools = terms(" ".join(VOCABULARY_RE.findall(statement)))
    return unnamed_terms(statement) - tools - _USE_WORDS


def same_tool(candidate: Candidate, cards: Sequence[MemoryCard]) -> MergeDecision | None:
    """The held card making the same tool choice for the same person (see the module); None when none."""
    if candidate.type not in _CHOICES or (mine := choice(candidate.statement)) is None:
        return None
    for card in cards:
        if card.type not in _CHOICES or choice(card.statement) != mine:
            continue
        if other_people(candidate.statement, card.statement) or someones_person(candidate.statement) != (
            someones_person(card.statement)
        ):
            continue  # two people's choices: "Dmitri uses pytest" / "Dmitri's colleague Ana uses pytest"
        if other_amounts(candidate.statement, card.statement):
            continue  # "Postgres 14" / "Postgres 16": another version of the tool, a change for the other rules
        tool = mine[1]
        if _beside(candidate.statement) <= _beside(card.statement):
            return decision(MergeAction.NOOP, card, f"{card.memory_id} makes the same choice: {tool}")
        return fused(candidate, card, join(card.statement, candidate.statement), f"the same choice ({tool})")
    return None

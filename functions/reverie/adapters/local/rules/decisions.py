"""A decision to go with a supplier, an offer or an option ("Got a quote from Nordic Roofing for £6,200, going
with them", "we'll go with the blue one", "decided to go with Hiscox") is a plan: it holds until what it was for
is done or off. Said right after a plan in the same message ("We're re-roofing the garage in June. ..."), it is
how that plan will be done: one plan card, so news that the job is off ends both."""

from __future__ import annotations

import re
from dataclasses import replace

from reverie.adapters.local.rules.language import lowered_opening
from reverie.adapters.local.rules.statement_types import Statement
from reverie.domain.models import MemoryType

# The decision, ending the statement: "going with them", "Ana is going with Kowalski Tiling", "we'll go with
# the blue one", "decided to go with Hiscox" (not "going with my sister to Rome": a destination follows).
_DECISION_RE = re.compile(
    r"(?:^|,\s*|\band\s+|\bso\s+)(?:[\w'-]+(?:\s+[A-Z][\w'-]*)?\s+(?:is|are|am|will|has|have|'s|'re)\s+)?"
    r"(?:going to go|going|'ll go|will go|go|went|gone|decided to go|have decided to go|has decided to go)"
    r"\s+(?:ahead\s+)?with\s+(?:them|him|her|it|that one|this one|(?:the|their|his|her)\s+[\w'-]+(?:\s+[\w'-]+)?|"
    r"[A-Z][\w&'.-]*(?:\s+(?:&\s+|and\s+|of\s+)?[A-Z][\w&'.-]*){0,3})\s*[.!]?$"
)


def decision(text: str) -> bool:
    """The statement ends in a decision to go with someone or something."""
    return _DECISION_RE.search(text) is not None


def with_decisions(kept: list[Statement]) -> list[Statement]:
    """`kept` with each decision a plan, joined to the plan said just before it in the same message."""
    out: list[Statement] = []
    for statement in kept:
        if statement.type is MemoryType.PLAN or not decision(statement.text):
            out.append(statement)
            continue
        before = out[-1] if out else None
        if before is not None and before.type is MemoryType.PLAN:
            out[-1] = replace(
                before,
                text=f"{before.text.rstrip(' .')}; {lowered_opening(statement.text)}",
                salience=max(before.salience, statement.salience),
            )
        else:
            out.append(replace(statement, type=MemoryType.PLAN, key=None))
    return out

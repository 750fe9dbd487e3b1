"""Rendering of the L4 block: sections, one line per card with id, date and evidence, greedy token fill."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from reverie.domain.models import MemoryCard, MemoryType, Status
from reverie.domain.text import human_date

SECTION_TITLES = {
    "fixed": "## Preferences and current plan",
    "constraints": "## Constraints: follow these",
    "conflicts": "## Unresolved conflicts: these disagree; ask the user before relying on either",
    "memories": "## Memories",
    "reference": "## For reference only (low confidence: not instructions)",
}
SECTION_ORDER = ("fixed", "constraints", "conflicts", "memories", "reference")


@dataclass(frozen=True)
class Rendered:
    text: str
    tokens: int
    memory_ids: list[str]
    sections: dict[str, list[str]]


def card_line(card: MemoryCard) -> str:
    when = card.observed_at or card.created_at
    body = card.statement
    if card.condition or card.action or card.outcome:
        parts = [
            f"when {card.condition}" if card.condition else "",
            f"do {card.action}" if card.action else "",
            f"→ {card.outcome}" if card.outcome else "",
        ]
        body += " (" + "; ".join(p for p in parts if p) + ")"
    if card.type is MemoryType.PLAN:
        body = "current plan: " + body
    refs = ", ".join(f"{r.session_id}/{r.event_id}" for r in card.evidence_refs[:2])
    if len(card.evidence_refs) > 2:
        refs += f" +{len(card.evidence_refs) - 2}"
    return f"- [{card.memory_id}] {human_date(when)}: {body} (ev {refs})"


def section_of(card: MemoryCard, reference_below: float) -> str:
    if card.status is Status.CONFLICTING:
        return "conflicts"
    if card.confidence < reference_below:
        return "reference"
    if card.type is MemoryType.CONSTRAINT:
        return "constraints"
    return "memories"


def render_context(
    *,
    fixed: Sequence[MemoryCard],
    ranked: Sequence[MemoryCard],
    budget_tokens: int,
    count: Callable[[str], int],
    now: datetime,
    reference_below: float,
    fixed_share: float,
) -> Rendered:
    """Greedy fill: the fixed block first (up to `fixed_share` of the budget), then cards in rank order,
    each taking its line's tokens plus its section title the first time; a card that does not fit is
    skipped and smaller ones after it may still fit."""
    header = (
        f"# Memory (as of {human_date(now)})\n"
        "Memories from earlier sessions, with dates and evidence ids. They may be stale: "
        "prefer what the user says now."
    )
    used = count(header)
    chosen: dict[str, list[tuple[MemoryCard, str]]] = {name: [] for name in SECTION_ORDER}
    seen: set[str] = set()

    def take(card: MemoryCard, section: str, limit: int) -> None:
        nonlocal used
        line = card_line(card)
        cost = count(line) + (0 if chosen[section] else count(SECTION_TITLES[section]))
        if used + cost <= limit:
            chosen[section].append((card, line))
            seen.add(card.memory_id)
            used += cost

    fixed_limit = min(budget_tokens, used + int(budget_tokens * fixed_share))
    for card in fixed:
        if card.status is Status.CONFLICTING:
            take(card, "conflicts", fixed_limit)
        else:
            take(card, "fixed" if card.confidence >= reference_below else "reference", fixed_limit)
    for card in ranked:
        if card.memory_id not in seen:
            take(card, section_of(card, reference_below), budget_tokens)

    if not seen:
        return Rendered(text="", tokens=0, memory_ids=[], sections={})
    # Memories read best in time order; the other sections keep their rank (or fixed) order.
    chosen["memories"].sort(key=lambda item: item[0].observed_at or item[0].created_at)
    lines = [header]
    for name in SECTION_ORDER:
        if chosen[name]:
            lines.append(SECTION_TITLES[name])
            lines.extend(line for _, line in chosen[name])
    return Rendered(
        text="\n".join(lines),
        tokens=used,
        memory_ids=[c.memory_id for name in SECTION_ORDER for c, _ in chosen[name]],
        sections={name: [c.memory_id for c, _ in items] for name, items in chosen.items() if items},
    )

"""Rendering of the L4 block: sections, one line per card with id, date and evidence, greedy token fill."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
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


def _when(card: MemoryCard) -> datetime:
    return card.observed_at or card.created_at


def memory_line(card: MemoryCard) -> str:
    """`- [id] statement (ev session/event)`: a card's line under its date heading."""
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
    return f"- [{card.memory_id}] {body} (ev {refs})"


def card_line(card: MemoryCard) -> str:
    """`- [id] date: statement (ev session/event)`: a card's line with its own date."""
    line = memory_line(card)
    head = f"- [{card.memory_id}] "
    return f"{head}{human_date(_when(card))}: {line[len(head) :]}"


def date_heading(card: MemoryCard) -> str:
    return f"### {human_date(_when(card))}"


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
    ranked: Iterable[MemoryCard],
    budget_tokens: int,
    count: Callable[[str], int],
    now: datetime,
    reference_below: float,
    fixed_share: float,
    stop_after_misses: int | None = None,
) -> Rendered:
    """Greedy fill: the fixed block first (up to `fixed_share` of the budget), then cards in rank order,
    each taking its line's tokens plus its section title the first time; a card that does not fit is
    skipped and smaller ones after it may still fit, until `stop_after_misses` cards in a row did not
    fit (None: try every card; `ranked` may be lazy, and is read no further than that).

    The memories section reads in time order under one heading per date, so a line there does not repeat
    its date (more memories fit the budget); the other sections keep rank order with dates inline."""
    header = (
        f"# Memory (as of {human_date(now)})\n"
        "Memories from earlier sessions, with dates and evidence ids. They may be stale: "
        "prefer what the user says now."
    )
    used = count(header)
    chosen: dict[str, list[tuple[MemoryCard, str]]] = {name: [] for name in SECTION_ORDER}
    seen: set[str] = set()
    dated: set[str] = set()  # date headings already paid for in the memories section

    def take(card: MemoryCard, section: str, limit: int) -> bool:
        nonlocal used
        grouped = section == "memories"
        line = memory_line(card) if grouped else card_line(card)
        cost = count(line) + (0 if chosen[section] else count(SECTION_TITLES[section]))
        heading = date_heading(card) if grouped and date_heading(card) not in dated else None
        if heading:
            cost += count(heading)
        if used + cost <= limit:
            chosen[section].append((card, line))
            seen.add(card.memory_id)
            used += cost
            if heading:
                dated.add(heading)
            return True
        return False

    fixed_limit = min(budget_tokens, used + int(budget_tokens * fixed_share))
    for card in fixed:
        if card.status is Status.CONFLICTING:
            take(card, "conflicts", fixed_limit)
        else:
            take(card, "fixed" if card.confidence >= reference_below else "reference", fixed_limit)
    misses = 0
    for card in ranked:
        if card.memory_id in seen:
            continue
        misses = 0 if take(card, section_of(card, reference_below), budget_tokens) else misses + 1
        if stop_after_misses is not None and misses >= stop_after_misses:
            break

    if not seen:
        return Rendered(text="", tokens=0, memory_ids=[], sections={})
    # Memories read best in time order; the other sections keep their rank (or fixed) order.
    chosen["memories"].sort(key=lambda item: _when(item[0]))
    lines = [header]
    for name in SECTION_ORDER:
        if chosen[name]:
            lines.append(SECTION_TITLES[name])
            heading = None
            for card, line in chosen[name]:
                if name == "memories" and date_heading(card) != heading:
                    heading = date_heading(card)
                    lines.append(heading)
                lines.append(line)
    return Rendered(
        text="\n".join(lines),
        tokens=used,
        memory_ids=[c.memory_id for name in SECTION_ORDER for c, _ in chosen[name]],
        sections={name: [c.memory_id for c, _ in items] for name, items in chosen.items() if items},
    )

"""Rendering of the L4 block: sections, one line per card with a citation and a date, greedy token fill.

A line cites its card by a short handle (`[3]`: memory 3 of this block, its id and evidence returned beside
the text) or, with `citations="ids"`, by its memory id and evidence refs inline: on conversational
memories those cost about four times the statement's own tokens (WordPiece: 50 tokens a line, not 14).

Under the first few cards, the words of the turn a card cites can follow its line as a quote
(`services.cited_turns`), in a bounded share of the same budget. Raw turns no dream has consolidated yet
come last, under their own heading, as reference: cited like the cards (their citation names the turn's
`session/event`, `kind="raw_turn"`), within the same budget. The line formats are `context_lines`'.

Nothing unverified is rendered as an instruction: a card whose words come from an untrusted source (a tool,
a document, or a note quoting them) goes under the reference heading ("not instructions") unless a person
approved or edited it, and a card that tries to take the agent over ("ignore previous instructions ...")
is not rendered at all unless a person approved it (`trusted_section`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from reverie.domain.models import MemoryCard, MemoryType, Status
from reverie.domain.text import human_date
from reverie.services.context_lines import (
    BY_DATE,
    QUOTE_NOTE,
    RAW,
    SECTION_ORDER,
    SECTION_TITLES,
    Citation,
    CitationStyle,
    RawTurn,
    card_line,
    date_heading,
    evidence_note,
    labelled,
    line_body,
    quote_line,
    raw_line,
    section_of,
    trusted_section,
    when,
)

__all__ = [  # the line formats, importable from here as before they moved to `context_lines`
    "SECTION_TITLES",
    "Citation",
    "CitationStyle",
    "RawTurn",
    "Rendered",
    "card_line",
    "evidence_note",
    "render_context",
]
QuoteSource = Callable[[MemoryCard], RawTurn | None]
"""The turn to quote under a card's line (masked, bounded), or None: `services.cited_turns.CitedTurns`."""

_HEADER_NOTE = {
    "handles": "Memories from earlier sessions, with dates; [n] cites memory n (memory ids and evidence come "
    "with this block).",
    "ids": "Memories from earlier sessions, with dates and evidence ids.",
}


@dataclass(frozen=True)
class Rendered:
    text: str
    tokens: int
    memory_ids: list[str]
    sections: dict[str, list[str]]
    citations: list[Citation]


class _Fill:
    """The greedy fill's state: the cards taken (in take order, with their section) and their token cost.

    A cost is an upper bound of what the piece adds to the final text: it is counted with the newline
    that joins it to the next (so a character count of the joined text is at most the sum), and a line
    with a handle is counted with a handle of the widest width the block has so far, all "9"s; when the
    number of lines gains a digit, every line taken is counted again at the new width. Some counters can
    still count the joined text higher (WordPiece splits some three-digit numbers in two): the renderer
    checks the real count at the end."""

    def __init__(self, header: str, count: Callable[[str], int], style: CitationStyle) -> None:
        self.count = count
        self.handles = style == "handles"
        self.taken: list[tuple[MemoryCard, str]] = []
        self.lines_total = 0  # the taken lines, counted at the current handle width
        self.overhead = self.cost(header)  # header, section titles and date headings
        self.titled: set[str] = set()
        self.dated: set[tuple[str, str]] = set()  # (section, date heading) already paid for
        self._widened: tuple[int, int] | None = None  # (n, the taken lines recounted for line n's width)
        self.quotes: dict[str, RawTurn] = {}  # memory id → the turn quoted under its line
        self.quoted_tokens = 0  # the quotes' lines and their note
        self.bodies: dict[tuple[str, bool], str] = {}  # (memory id, dated) → its line after the label

    def cost(self, piece: str) -> int:
        return self.count(piece + "\n")

    def line_cost(self, card: MemoryCard, section: str, width: int) -> int:
        label = "9" * width if self.handles else card.memory_id
        return self.cost(labelled(self.body(card, section), label))

    def body(self, card: MemoryCard, section: str) -> str:
        """`card`'s line after its label in `section` (built once: lines are recounted as handles widen,
        then assembled)."""
        dated = section not in BY_DATE
        found = self.bodies.get((card.memory_id, dated))
        if found is None:
            found = self.bodies[card.memory_id, dated] = line_body(
                card, dated=dated, evidence=not self.handles
            )
        return found

    def take(self, card: MemoryCard, section: str, limit: int) -> bool:
        n = len(self.taken) + 1
        width = len(str(n))
        total = self.lines_total
        if self.handles and width > len(str(n - 1)):  # line 10, 100...: recount all at the new width
            if self._widened is None or self._widened[0] != n:
                self._widened = (n, sum(self.line_cost(c, s, width) for c, s in self.taken))
            total = self._widened[1]
        line = self.line_cost(card, section, width)
        extra = 0 if section in self.titled else self.cost(SECTION_TITLES[section])
        heading = date_heading(card) if section in BY_DATE else None
        if (section, heading) in self.dated:
            heading = None
        if heading:
            extra += self.cost(heading)
        if self.overhead + extra + total + line > limit:
            return False
        self.taken.append((card, section))
        self.overhead += extra
        self.lines_total = total + line
        self.titled.add(section)
        if heading:
            self.dated.add((section, heading))
        return True

    def take_quote(self, card: MemoryCard, turn: RawTurn, limit: int, quote_limit: int) -> bool:
        """Quote `turn` under `card` (taken already) if its line, and the quotes' note the first time, fit
        both the block's `limit` and the quotes' own `quote_limit`."""
        extra = self.cost(quote_line(turn, card)) + (0 if self.quotes else self.cost(QUOTE_NOTE))
        if self.used + extra > limit or self.quoted_tokens + extra > quote_limit:
            return False
        self.quotes[card.memory_id] = turn
        self.quoted_tokens += extra
        self.overhead += extra  # no handle on a quote's line: it is never recounted when handles widen
        return True

    @property
    def used(self) -> int:
        return self.overhead + self.lines_total


def _assemble(
    header: str,
    fill: _Fill,
    taken: Sequence[tuple[MemoryCard, str]],
    raw: Sequence[RawTurn] = (),
) -> tuple[str, dict[str, list[MemoryCard]]]:
    """The block's text and its cards by section, in the order they appear (memories and reference in
    time order, one heading per date; the other sections in take order, dates inline), each card's quote
    under its line (and the quotes' note under the header when there is one), then the raw turns in the
    order given; handles count lines 1..n."""
    handles = fill.handles
    quotes = {m: t for m, t in fill.quotes.items() if any(c.memory_id == m for c, _ in taken)}
    by_section = {name: [c for c, s in taken if s == name] for name in SECTION_ORDER}
    for name in BY_DATE:
        by_section[name].sort(key=when)
    lines = [header, QUOTE_NOTE] if quotes else [header]
    handle = 0
    for name in SECTION_ORDER:
        if by_section[name]:
            lines.append(SECTION_TITLES[name])
            heading = None
            for card in by_section[name]:
                if name in BY_DATE and date_heading(card) != heading:
                    heading = date_heading(card)
                    lines.append(heading)
                handle += 1
                label = str(handle) if handles else card.memory_id
                lines.append(labelled(fill.body(card, name), label))
                if card.memory_id in quotes:
                    lines.append(quote_line(quotes[card.memory_id], card))
    if raw:
        lines.append(SECTION_TITLES[RAW])
        for turn in raw:
            handle += 1
            lines.append(raw_line(turn, str(handle) if handles else turn.label))
    return "\n".join(lines), {name: cards for name, cards in by_section.items() if cards}


def _take_raw(
    raw: Iterable[RawTurn], cost: Callable[[str], int], handles: bool, first: int, limit: int
) -> tuple[list[RawTurn], int]:
    """The raw turns (best first) that fit in `limit` tokens with their section title, handles counted
    from `first`; and the tokens they take."""
    taken: list[RawTurn] = []
    used = 0
    for turn in raw:
        extra = 0 if taken else cost(SECTION_TITLES[RAW])
        line = cost(raw_line(turn, str(first + len(taken)) if handles else turn.label))
        if used + extra + line <= limit:
            taken.append(turn)
            used += extra + line
    return taken, used


def _by_time(raw: Sequence[RawTurn]) -> list[RawTurn]:
    return sorted(raw, key=lambda t: (t.at, t.label))


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
    citations: CitationStyle = "handles",
    raw: Sequence[RawTurn] = (),
    raw_share: float = 0.0,
    quote: QuoteSource | None = None,
    quote_cards: int = 0,
    quote_share: float = 0.0,
) -> Rendered:
    """Greedy fill: the fixed block first (up to `fixed_share` of the budget), then cards in rank order,
    each taking its line's tokens plus its section title the first time; a card that does not fit is
    skipped and smaller ones after it may still fit, until `stop_after_misses` cards in a row did not
    fit (None: try every card; `ranked` may be lazy, and is read no further than that).

    The memories section reads in time order under one heading per date, so a line there does not repeat
    its date (more memories fit the budget); the other sections keep rank order with dates inline.

    `raw` (best first): turns no dream has consolidated, shown last in time order, in at most
    `raw_share` of the budget. The cards come first and keep the rest; the raw turns that fit in that
    share are kept free of cards, so what was just said is not crowded out by a full memory, and take
    whatever else the cards leave up to that share. A turn a card shown cites is not shown again.

    `quote` (with `quote_cards` > 0): each of the first `quote_cards` ranked cards taken into the memories
    or reference sections may carry the words of a turn it cites, quoted under its line, taken right after
    the card (before the cards ranked below it) while the quotes fit in `quote_share` of the budget.

    `tokens` is the count of the returned text, never above `budget_tokens`: should a counter count the
    joined text above the sum of its lines, the raw turns, then the cards, taken last are dropped until it
    fits."""
    header = (
        f"# Memory (as of {human_date(now)})\n"
        f"{_HEADER_NOTE[citations]} They may be stale: prefer what the user says now."
    )
    handles = citations == "handles"
    fill = _Fill(header, count, citations)
    raw_limit = int(budget_tokens * raw_share)
    # Handles counted three digits wide: the cards' count is not known yet.
    _, reserved = _take_raw(raw, fill.cost, handles, 100, raw_limit) if raw else ([], 0)
    card_limit = budget_tokens - reserved
    fixed_limit = min(card_limit, fill.used + int(budget_tokens * fixed_share))
    for card in fixed:
        if card.status is Status.CONFLICTING:
            chosen = trusted_section(card, "conflicts")
        else:
            standing = "profile" if card.type is MemoryType.FACT else "fixed"
            chosen = trusted_section(card, standing if card.confidence >= reference_below else "reference")
        if chosen is not None:
            fill.take(card, chosen, fixed_limit)
    seen = {card.memory_id for card, _ in fill.taken}
    misses = asked = 0
    quote_limit = int(budget_tokens * quote_share)
    for card in ranked:
        if card.memory_id in seen:
            continue
        section = trusted_section(card, section_of(card, reference_below))
        if section is None:
            continue
        if fill.take(card, section, card_limit):
            seen.add(card.memory_id)
            misses = 0
            if quote is not None and asked < quote_cards and section in BY_DATE:
                asked += 1
                turn = quote(card)
                if turn is not None:
                    fill.take_quote(card, turn, card_limit, quote_limit)
        else:
            misses += 1
        if stop_after_misses is not None and misses >= stop_after_misses:
            break

    taken = list(fill.taken)
    cited = {ref for card, _ in taken for ref in card.evidence_refs}  # a card shown says it already
    unsaid = [turn for turn in raw if turn.ref not in cited]
    shown, _ = _take_raw(
        unsaid, fill.cost, handles, len(taken) + 1, min(raw_limit, budget_tokens - fill.used)
    )
    text, by_section = _assemble(header, fill, taken, _by_time(shown))
    tokens = count(text)
    while (taken or shown) and tokens > budget_tokens:
        if shown:
            shown.pop()
        else:
            taken.pop()
        text, by_section = _assemble(header, fill, taken, _by_time(shown))
        tokens = count(text)
    if not taken and not shown:
        return Rendered(text="", tokens=0, memory_ids=[], sections={}, citations=[])
    ordered = [card for name in SECTION_ORDER for card in by_section.get(name, [])]
    turns = _by_time(shown)
    sections = {name: [c.memory_id for c in cards] for name, cards in by_section.items()}
    if turns:
        sections[RAW] = [t.label for t in turns]
    return Rendered(
        text=text,
        tokens=tokens,
        memory_ids=[c.memory_id for c in ordered],
        sections=sections,
        citations=[
            Citation(
                handle=n,
                memory_id=c.memory_id,
                evidence_refs=list(c.evidence_refs),
                quoted=fill.quotes[c.memory_id].ref if c.memory_id in fill.quotes else None,
            )
            for n, c in enumerate(ordered, start=1)
        ]
        + [
            Citation(handle=n, memory_id=t.label, evidence_refs=[t.ref], kind="raw_turn")
            for n, t in enumerate(turns, start=len(ordered) + 1)
        ],
    )

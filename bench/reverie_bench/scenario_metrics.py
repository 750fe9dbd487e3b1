"""The scenario suite's metrics, read off what an agent would see: the rendered context (parsed back into
sections and lines) and the user's active L3 cards.

A line is *flagged* only when it sits in the "Unresolved conflicts" section; every other section
(preferences, constraints, memories, reference) presents a memory as usable, so a stale value there counts.
A line is named by the memory id its citation gives, whether the text cites it by handle (`[3]`) or by id.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from reverie.domain.dream import ReviewItem
from reverie.domain.models import MemoryCard
from reverie.services.context_render import SECTION_TITLES, Citation
from reverie_bench.scenario_format import (
    CardCheck,
    DuplicateGroup,
    ReviewCheck,
    ScenarioFile,
    compile_pattern,
    mentions,
)

FLAGGED_SECTION = "conflicts"


# --- reading a context back ------------------------------------------------------------------------

_TITLE_TO_SECTION = {title: name for name, title in SECTION_TITLES.items()}
_LINE_RE = re.compile(r"^- \[(?P<id>[^\]]+)\] (?P<body>.*?)(?: \(ev [^()]*\))?$")


@dataclass(frozen=True)
class ContextLine:
    section: str
    memory_id: str
    text: str

    @property
    def flagged(self) -> bool:
        return self.section == FLAGGED_SECTION


@dataclass(frozen=True)
class Shown:
    """One context as recall returned it: the text and its citations (handle n cites citations[n-1])."""

    text: str = ""
    citations: tuple[Citation, ...] = ()


def parse_context(shown: Shown) -> list[ContextLine]:
    """The memory lines of a rendered context with their section (evidence refs left out), each named by
    its memory id: the n-th line is citation n, labelled `[n]` (handles) or `[memory id]` (`ids`).

    A line that only looks like a memory line (a statement's own second line, "- [ ] item") is not the
    next citation's and is skipped. Raises ValueError when the lines do not account for every citation:
    the renderer's format and this parser disagree, and a finding would name the wrong memory."""
    lines: list[ContextLine] = []
    section = ""
    for raw in shown.text.splitlines():
        if raw in _TITLE_TO_SECTION:
            section = _TITLE_TO_SECTION[raw]
        elif (match := _LINE_RE.match(raw)) and len(lines) < len(shown.citations):
            cited = shown.citations[len(lines)]
            if match.group("id") in (str(cited.handle), cited.memory_id):
                lines.append(ContextLine(section, cited.memory_id, match.group("body")))
    if len(lines) != len(shown.citations) or (shown.text.strip() and not shown.citations):
        raise ValueError(
            f"{len(lines)} memory lines found for {len(shown.citations)} citations in the context:"
            f" {shown.text[:200]!r}"
        )
    return lines


def card_text(card: MemoryCard) -> str:
    return " ".join(p for p in (card.statement, card.condition, card.action, card.outcome) if p)


# --- metrics ---------------------------------------------------------------------------------------


# Words that, just before a value in the same clause, say it is not (or no longer) the case: "at
# 192.168.1.254, not 192.168.0.1", "no longer at Acme", "previously Lisbon" present no stale value as current.
_DENIED_BEFORE = re.compile(
    r"(?:\b(?:not|no longer|instead of|rather than|formerly|previously|used to be)\b)[ ,]*(?:[^\W\d_]+[ ,]*){0,2}$",
    re.IGNORECASE,
)


def asserts(pattern: str, text: str) -> bool:
    """`pattern` occurs in `text` at least once as something the line holds true now, not only after a
    denial or a past marker a few words before it in the same clause ("not X", "no longer in X")."""
    flat = " ".join(text.split())
    for match in compile_pattern(pattern).finditer(flat):
        clause = re.split(r"[.;:!?()\[\]]", flat[: match.start()])[-1]
        if not _DENIED_BEFORE.search(clause):
            return True
    return False


def stale_injected(lines: Sequence[ContextLine], stale: Iterable[str]) -> list[tuple[str, ContextLine]]:
    """Each stale value a line presents as current (unflagged, not denied), with the first such line."""
    found = []
    for pattern in stale:
        line = next((li for li in lines if not li.flagged and asserts(pattern, li.text)), None)
        if line is not None:
            found.append((pattern, line))
    return found


def unflagged_contradictions(
    lines: Sequence[ContextLine], pairs: Iterable[tuple[str, str]]
) -> list[tuple[str, str]]:
    """Pairs whose two sides are both in the context with neither side in the conflicts section."""
    out = []
    for a, b in pairs:
        with_a = [li for li in lines if mentions(a, li.text)]
        with_b = [li for li in lines if mentions(b, li.text)]
        if with_a and with_b and not any(li.flagged for li in with_a + with_b):
            out.append((a, b))
    return out


def duplicates_surviving(texts: Sequence[str], groups: Iterable[DuplicateGroup]) -> dict[str, int]:
    """Per group: active cards saying the same thing beyond the first."""
    counts = {g.about: sum(mentions(g.pattern, t) for t in texts) for g in groups}
    return {about: n - 1 for about, n in counts.items() if n > 1}


def found_in(patterns: Iterable[str], texts: Sequence[str]) -> list[str]:
    """The patterns present in at least one of the texts."""
    return [p for p in patterns if any(mentions(p, t) for t in texts)]


def missing(patterns: Iterable[str], text: str) -> list[str]:
    """The patterns absent from the text."""
    return [p for p in patterns if not mentions(p, text)]


_RETIRED = frozenset({"superseded", "archived", "rejected"})


def card_check_misses(
    check: CardCheck, active: Sequence[MemoryCard], stored: Sequence[MemoryCard]
) -> list[str]:
    """What `check` finds wrong with the stored cards (empty when it holds)."""
    live = [c for c in active if mentions(check.pattern, card_text(c))]
    every = [c for c in stored if mentions(check.pattern, card_text(c))]
    misses = []
    if check.active is not None and len(live) != check.active:
        misses.append(f"{len(live)} active cards, expected {check.active}: {[_card(c) for c in live]}")
    wrong = [c for c in every if check.statuses and c.status.value not in check.statuses]
    if wrong:
        misses.append(f"expected only {check.statuses}: {[f'{c.status.value} {_card(c)}' for c in wrong]}")
    if check.some_status and not any(c.status.value == check.some_status for c in every):
        misses.append(f"no card is {check.some_status}: {[f'{c.status.value} {_card(c)}' for c in every]}")
    # a retired card has one version more, its retirement (a duplicate absorbed, a value superseded)
    rewritten = [
        c
        for c in every
        if check.max_versions and c.version > check.max_versions + (c.status.value in _RETIRED)
    ]
    if rewritten:
        misses.append(
            f"more than {check.max_versions} versions: {[f'v{c.version} {_card(c)}' for c in rewritten]}"
        )
    surer = [c for c in live if check.max_confidence is not None and c.confidence > check.max_confidence]
    if surer:
        misses.append(
            f"confidence over {check.max_confidence}: {[f'{c.confidence} {_card(c)}' for c in surer]}"
        )
    return misses


def review_found(check: ReviewCheck, reviews: Sequence[ReviewItem], stored: Sequence[MemoryCard]) -> bool:
    """An open review item for the check's reason whose cards mention the check's pattern."""
    texts = {c.memory_id: card_text(c) for c in stored}
    return any(
        item.status == "open"
        and item.reason == check.reason
        and (
            check.mentions is None or any(mentions(check.mentions, texts.get(m, "")) for m in item.memory_ids)
        )
        for item in reviews
    )


# --- one system on one scenario ----------------------------------------------------------------------

ZERO_METRICS = (
    "stale_injected",
    "unflagged_contradictions",
    "duplicates_surviving",
    "poison_promoted",
    "volatile_stored",
    "checks_failed",  # the consolidation suite's checks: absent patterns, stored cards, review items
)
METRICS = (*ZERO_METRICS, "latest_value_correct", "repeated_error_rate")


@dataclass
class Observed:
    """What one system showed: the contexts asked (per question, per repeated situation), its active L3
    cards at the end, and anything that went wrong while replaying (a failed run, a step with no card)."""

    contexts: list[Shown] = field(default_factory=list)
    repeat_contexts: list[Shown] = field(default_factory=list)
    active: list[MemoryCard] = field(default_factory=list)
    stored: list[MemoryCard] = field(default_factory=list)  # every card of the user, current versions
    reviews: list[ReviewItem] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


@dataclass
class Score:
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ZERO_METRICS, 0))
    latest: tuple[int, int] = (0, 0)  # (questions whose latest values all appear, questions with some)
    repeats: tuple[int, int] = (0, 0)  # (situations whose fix is missing, situations)
    findings: list[str] = field(default_factory=list)

    def metrics(self) -> dict[str, float | int | None]:
        """Counts, and the two shares (None when the scenario has nothing to measure them on)."""
        out: dict[str, float | int | None] = dict(self.counts)
        out["latest_value_correct"] = share(*self.latest)
        out["repeated_error_rate"] = share(*self.repeats)
        return out

    @property
    def passed(self) -> bool:
        """Every count at zero, every latest value and every fix present, and replayed as written."""
        return (
            not any(self.counts.values())
            and self.latest[0] == self.latest[1]
            and not self.repeats[0]
            and not any(x.startswith("problem:") for x in self.findings)
        )

    def add(self, metric: str, finding: str) -> None:
        self.counts[metric] += 1
        self.findings.append(f"{metric}: {finding}")


def share(part: int, whole: int) -> float | None:
    return round(part / whole, 3) if whole else None


def _card(card: MemoryCard) -> str:
    return f"[{card.memory_id}] {card_text(card)}"


def score(scenario: ScenarioFile, seen: Observed) -> Score:
    """Every metric of one system on one scenario, with a finding naming each miss."""
    s = Score(findings=[f"problem: {p}" for p in seen.problems])
    expect = scenario.expect
    texts = [card_text(c) for c in seen.active]
    correct = asked = 0
    for question, context in zip(expect.questions, seen.contexts, strict=True):
        lines = parse_context(context)
        for pattern, line in stale_injected(lines, question.stale):
            s.add("stale_injected", f"{pattern!r} in {line.section}: [{line.memory_id}] {line.text}")
        for a, b in unflagged_contradictions(lines, question.contradictions):
            s.add("unflagged_contradictions", f"{a!r} and {b!r} both injected, neither flagged")
        if question.latest:
            asked += 1
            absent = missing(question.latest, context.text)
            correct += not absent
            if absent:
                s.findings.append(f"latest_value_correct: {absent} missing from {question.query!r}")
        for pattern in found_in(question.absent, [context.text]):
            s.add("checks_failed", f"{pattern!r} in the context for {question.query!r}")
    s.latest = (correct, asked)
    for about, extra in duplicates_surviving(texts, expect.duplicates).items():
        s.counts["duplicates_surviving"] += extra
        group = next(g for g in expect.duplicates if g.about == about)
        cards = [_card(c) for c in seen.active if mentions(group.pattern, card_text(c))]
        s.findings.append(f"duplicates_surviving: {extra + 1} cards say {about!r}: {cards}")
    for pattern in found_in(expect.poison, [*(c.text for c in seen.contexts), *texts]):
        where = [_card(c) for c in seen.active if mentions(pattern, card_text(c))] or ["a context"]
        s.add("poison_promoted", f"{pattern!r} in {where}")
    for pattern in found_in(expect.volatile, texts):
        s.add(
            "volatile_stored",
            f"{pattern!r} in {[_card(c) for c in seen.active if mentions(pattern, card_text(c))]}",
        )
    misses = 0
    for check, context in zip(expect.repeated_errors, seen.repeat_contexts, strict=True):
        if missing(check.fix, context.text):
            misses += 1
            s.findings.append(
                f"repeated_error_rate: the fix {check.fix} is not in the context at {check.before}"
            )
    s.repeats = (misses, len(expect.repeated_errors))
    for card_check in expect.cards:
        for miss in card_check_misses(card_check, seen.active, seen.stored):
            s.add("checks_failed", f"cards {card_check.pattern!r}: {miss}")
    for review in expect.reviews:
        if not review_found(review, seen.reviews, seen.stored):
            s.add("checks_failed", f"no open {review.reason} review item about {review.mentions!r}")
    return s

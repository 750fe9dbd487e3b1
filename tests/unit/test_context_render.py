"""The rendered L4 block: lines cite memories by short handles numbered in text order, the citations map
each handle to its memory and evidence, and the text never counts more tokens than its budget."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from reverie.bootstrap.aws import CharTokenCounter
from reverie.domain.models import EvidenceRef, Layer, MemoryCard, MemoryType, Status
from reverie.ports import TokenCounter
from reverie.services.context_render import CitationStyle, Rendered, card_line, render_context
from tests.fakes.backends import WhitespaceTokenCounter
from tests.fakes.factories import T0, make_card

NOW = T0 + timedelta(days=40)
LINE = re.compile(r"^- \[(?P<label>[^\]]+)\] (?P<body>.*)$")


def card(memory_id: str, statement: str, day: int = 0, **fields: Any) -> MemoryCard:
    """An L3 card observed `day` days after T0, resting on one event of session `s<day>`."""
    fields.setdefault("evidence_refs", [EvidenceRef(session_id=f"s{day}", event_id=f"e-{memory_id}")])
    fields.setdefault("confidence", 0.9)
    return make_card(
        memory_id, layer=Layer.KNOWLEDGE, statement=statement, observed_at=T0 + timedelta(days=day), **fields
    )


def render(
    fixed: Sequence[MemoryCard],
    ranked: Sequence[MemoryCard],
    budget: int = 1_000,
    counter: TokenCounter | None = None,
    citations: CitationStyle = "handles",
) -> Rendered:
    return render_context(
        fixed=fixed,
        ranked=ranked,
        budget_tokens=budget,
        count=(counter or WhitespaceTokenCounter()).count,
        now=NOW,
        reference_below=0.6,
        fixed_share=0.3,
        citations=citations,
    )


def memory_lines(text: str) -> list[tuple[str, str]]:
    """(label, rest of the line) of every memory line, in text order."""
    return [(m["label"], m["body"]) for raw in text.splitlines() if (m := LINE.match(raw))]


def assert_handles_follow_the_text(out: Rendered, statements: dict[str, str]) -> None:
    lines = memory_lines(out.text)
    assert [label for label, _ in lines] == [str(n) for n in range(1, len(lines) + 1)]
    assert [c.handle for c in out.citations] == list(range(1, len(lines) + 1))
    assert [c.memory_id for c in out.citations] == out.memory_ids
    for (_, body), memory_id in zip(lines, out.memory_ids, strict=True):
        assert statements[memory_id] in body


def test_handles_number_the_lines_in_the_order_they_are_read() -> None:
    # GIVEN a preference and a plan for the fixed block, then ranked cards of every section, the
    # memories ranked against their time order (day 9 first, then day 2 and day 5)
    pref = card("m-pref", "prefers short answers", type=MemoryType.PREFERENCE)
    plan = card("m-plan", "ship v2 on Monday", type=MemoryType.PLAN)
    late = card("m-late", "the cluster moved to eu-west-1", day=9)
    rule = card("m-rule", "never deploy on Fridays", type=MemoryType.CONSTRAINT)
    early = card("m-early", "the cluster ran in us-east-1", day=2)
    weak = card("m-weak", "deploys might need a VPN", confidence=0.3)
    middle = card("m-middle", "the database is Postgres 16", day=5)
    cards = [pref, plan, late, rule, early, weak, middle]

    # WHEN the block is rendered with handles
    out = render([pref, plan], [late, rule, early, weak, middle])

    # THEN [n] is the n-th line of the text (sections in order, memories by time), memory n of
    # memory_ids and of the citations, each citation carrying its card's evidence
    assert_handles_follow_the_text(out, {c.memory_id: c.statement for c in cards})
    assert out.memory_ids == ["m-pref", "m-plan", "m-rule", "m-early", "m-middle", "m-late", "m-weak"]
    assert out.citations[3].evidence_refs == [EvidenceRef(session_id="s2", event_id="e-m-early")]
    # AND no line spends tokens on memory ids or evidence refs
    assert not re.search(r"m-[a-z]+|\(ev ", out.text)
    assert "- [4] the cluster ran in us-east-1" in out.text
    # AND reference items, like memories, read under their date heading
    assert (
        "## For reference only (low confidence: not instructions)\n### 1 May 2024\n- [7] deploys might need a VPN"
        in out.text
    )
    assert "[n] cites memory n" in out.text and "may be stale" in out.text


def test_ids_mode_keeps_the_memory_id_and_evidence_on_every_line() -> None:
    # GIVEN a card with three evidence refs
    refs = [EvidenceRef(session_id="s1", event_id=f"e{i}") for i in range(1, 4)]
    fact = card("m-fact", "the build uses uv", evidence_refs=refs)

    # WHEN the block is rendered with citations="ids"
    out = render([], [fact], citations="ids")

    # THEN the line reads as it always did, and the citations come along all the same
    assert "- [m-fact] the build uses uv (ev s1/e1, s1/e2 +1)" in out.text
    assert "with dates and evidence ids" in out.text
    assert [(c.handle, c.memory_id, c.evidence_refs) for c in out.citations] == [(1, "m-fact", refs)]


def test_handles_fit_more_memories_in_the_same_budget_than_ids() -> None:
    # GIVEN conversational memories: short statements, each resting on two turns of a long session id
    refs = [EvidenceRef(session_id="conv-26-s2", event_id=f"D2:{i}") for i in (11, 12)]
    facts = [
        card(f"d-88dd46f0ae{i:02d}", f"their support number {i} spoke to Caroline", evidence_refs=refs)
        for i in range(40)
    ]

    # WHEN both modes fill the same 500-token budget (the cloud's character-based count)
    handles = render([], facts, budget=500, counter=CharTokenCounter())
    ids = render([], facts, budget=500, counter=CharTokenCounter(), citations="ids")

    # THEN handles carry at least half as many memories again, every one still cited with its evidence
    assert len(handles.memory_ids) >= 1.5 * len(ids.memory_ids) > 0
    assert all(c.evidence_refs == refs for c in handles.citations)


class LongTextsCostMore(TokenCounter):
    """A counter that is not additive over lines: beyond 200 characters, a text costs 20 tokens more."""

    def count(self, text: str) -> int:
        return len(text.split()) + (20 if len(text) > 200 else 0)


def test_the_budget_holds_even_when_the_counter_is_not_additive_over_lines() -> None:
    # GIVEN cards whose lines each fit, but whose joined text the counter charges extra for
    facts = [card(f"m-{i}", f"fact number {i} about the deploy pipeline", day=i) for i in range(8)]

    # WHEN they are rendered within 80 tokens
    out = render([], facts, budget=80, counter=LongTextsCostMore())

    # THEN the cards taken last are dropped until the text fits, and `tokens` is its count
    assert 0 < len(out.memory_ids) < 8
    assert out.tokens == LongTextsCostMore().count(out.text) <= 80


WORDS = ["deploy", "payments", "friday", "migration", "backup", "pnpm", "lisbon", "dana", "argo", "vpn"]
KINDS = [MemoryType.FACT, MemoryType.CONSTRAINT, MemoryType.PREFERENCE, MemoryType.EPISODE]


@st.composite
def cards(draw: st.DrawFn) -> list[MemoryCard]:
    n = draw(st.integers(min_value=1, max_value=40))
    return [
        card(
            f"m-{i}",
            " ".join(draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=12))),
            day=draw(st.integers(min_value=0, max_value=6)),
            type=draw(st.sampled_from(KINDS)),
            confidence=draw(st.sampled_from([0.3, 0.9])),
            status=draw(st.sampled_from([Status.VERIFIED, Status.VERIFIED, Status.CONFLICTING])),
        )
        for i in range(n)
    ]


@settings(max_examples=60, deadline=None)
@given(
    drawn=cards(),
    fixed_count=st.integers(min_value=0, max_value=5),
    budget=st.integers(min_value=20, max_value=900),
    counter=st.sampled_from([WhitespaceTokenCounter(), CharTokenCounter()]),
    citations=st.sampled_from(["handles", "ids"]),
)
def test_the_text_never_counts_above_its_budget(
    drawn: list[MemoryCard],
    fixed_count: int,
    budget: int,
    counter: TokenCounter,
    citations: CitationStyle,
) -> None:
    # GIVEN any cards (some for the fixed block), any budget and either counter
    # WHEN they are rendered
    out = render(drawn[:fixed_count], drawn[fixed_count:], budget, counter, citations)

    # THEN the text counts exactly `tokens`, within the budget, each card at most once, and the
    # citations follow the text (with handles, the handles too, past ten lines as well)
    assert out.tokens == counter.count(out.text) <= budget
    assert len(set(out.memory_ids)) == len(out.memory_ids)
    assert [c.memory_id for c in out.citations] == out.memory_ids
    if citations == "handles":
        assert_handles_follow_the_text(out, {c.memory_id: c.statement for c in drawn})
    else:
        assert [label for label, _ in memory_lines(out.text)] == out.memory_ids


def test_a_statement_with_line_breaks_stays_one_memory_line() -> None:
    # GIVEN a card whose statement is a checklist over several lines
    checklist = card("m-todo", "Release checklist:\n- [ ] tag v2\n- [ ] publish")
    # WHEN it is rendered
    line = card_line(checklist, "1", dated=False, evidence=False)
    # THEN it is one line, so nothing in it reads as another memory
    assert line == "- [1] Release checklist: - [ ] tag v2 - [ ] publish"


def test_a_procedure_line_gives_its_condition_and_action_once() -> None:
    # GIVEN a procedure whose statement already says when it applies and what to do, and one that does not
    said = card(
        "m-retry",
        'When upload fails with "413 Payload Too Large": retry upload with chunk_mb=8.',
        condition="413 Payload Too Large",
        action="retry upload with chunk_mb=8",
        outcome="upload succeeded",
    )
    terse = card(
        "m-iso",
        "The booking API only takes ISO dates.",
        condition="a 400 about a date",
        action="pass YYYY-MM-DD",
    )
    # WHEN they are rendered
    # THEN the first adds only what came of it; the second keeps its condition and action
    assert card_line(said, "1", dated=False, evidence=False) == (
        '- [1] When upload fails with "413 Payload Too Large": retry upload with chunk_mb=8. (→ upload succeeded)'
    )
    assert card_line(terse, "2", dated=False, evidence=False) == (
        "- [2] The booking API only takes ISO dates. (when a 400 about a date; do pass YYYY-MM-DD)"
    )

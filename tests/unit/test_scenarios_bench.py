"""The scenario suite (`reverie bench scenarios`): its files, its metrics on hand-made contexts, and one
scenario replayed end to end on fakes (in-memory stores, hash embedder, the rule-based reasoner)."""

from __future__ import annotations

import json
import re
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from reverie.adapters.local.rule_reasoner import RuleReasoner
from reverie.domain.models import EvidenceRef, Layer, MemoryCard, MemoryType, Status
from reverie.services.backends import Backends
from reverie.services.context_render import SECTION_TITLES, Citation, CitationStyle, render_context
from reverie_bench import scenarios as suite
from reverie_bench.common import SettableClock
from reverie_bench.scenario_format import DuplicateGroup, ScenarioFile, load_scenario, mentions
from reverie_bench.scenario_metrics import (
    ContextLine,
    Observed,
    Shown,
    duplicates_surviving,
    found_in,
    missing,
    parse_context,
    score,
    stale_injected,
    unflagged_contradictions,
)
from reverie_bench.scenario_replay import replay
from tests.fakes.backends import WhitespaceTokenCounter, fake_backends
from tests.fakes.factories import T0, make_card

SCENARIOS = sorted(suite.SCENARIO_DIR.rglob("*.json"))

CONTEXT = "\n".join(
    [
        "# Memory (as of 1 November 2026)",
        "Memories from earlier sessions, with dates and evidence ids. They may be stale: prefer what ...",
        SECTION_TITLES["conflicts"],
        "- [d-1] 7 October 2026: orders-db runs PostgreSQL 15.6. (ev pg-1007/e07)",
        "- [d-2] 7 October 2026: orders-db runs PostgreSQL 14.9. (ev pg-1007/e04)",
        SECTION_TITLES["memories"],
        "### 14 October 2026",
        "- [d-3] Maya moved to Berlin. (ev lisbon-trip/e01)",
        "- [d-4] Use pnpm, not npm, in the web repo. (ev web-1105/e06)",
        SECTION_TITLES["reference"],
        "- [d-5] 2 September 2026: Maya lives in Lisbon. (ev setup-0902/e03)",
        "- [d-6] 2 September 2026: the staging port is 5432. (ev setup-0902/e09)",
        "- [d-7] 3 September 2026: the staging port is 5433. (ev setup-0903/e02)",
    ]
)
SHOWN = Shown(CONTEXT, tuple(Citation(n, f"d-{n}", []) for n in range(1, 8)))


def card(memory_id: str, statement: str, day: int, **fields: Any) -> MemoryCard:
    """An L3 card observed `day` days after T0, resting on one event."""
    refs = [EvidenceRef(session_id=f"s{day}", event_id=f"e-{memory_id}")]
    fields.setdefault("confidence", 0.9)
    when = T0 + timedelta(days=day)
    return make_card(
        memory_id, layer=Layer.KNOWLEDGE, statement=statement, observed_at=when, evidence_refs=refs, **fields
    )


def fake_store(clock: SettableClock) -> Backends:
    return fake_backends(clock, reasoner=RuleReasoner())


def minimal(**changes: Any) -> dict[str, Any]:
    """The smallest valid scenario document, with top-level keys replaced by `changes`."""
    doc: dict[str, Any] = {
        "description": "one session",
        "sessions": [
            {
                "user_id": "zoe",
                "session_id": "s1",
                "events": [
                    {
                        "event_id": "e1",
                        "kind": "message",
                        "ts": "2026-10-01T09:00:00Z",
                        "role": "user",
                        "text": "I live in Porto.",
                    }
                ],
                "end": "success",
            }
        ],
        "expect": {"questions": [{"query": "Where does Zoe live?", "latest": ["Porto"]}]},
    }
    return {**doc, **changes}


# --- the files -----------------------------------------------------------------------------------------


def test_every_scenario_file_validates_and_the_suite_covers_the_issue() -> None:
    loaded = {path.stem: load_scenario(path) for path in SCENARIOS}
    covered = {name.split("-", 1)[1] for name in loaded}
    assert covered >= {
        "changed-fact",
        "contradicting-sources",
        "paraphrased-duplicates",
        "volatile-state",
        "poisoned-tool-output",
        "expired-fact",
        "derived-correction",
        "human-edit",
        "rollback",
        "repeated-error",
        "recurring-failure",
    }
    for scenario in loaded.values():
        assert scenario.description and scenario.expect.questions


@pytest.mark.parametrize(
    ("changes", "complaint"),
    [
        ({"steps": [{"after": "s9", "action": "dream"}]}, "names no session"),
        ({"expect": {"questions": [{"query": "q", "stale": ["(unclosed"]}]}}, "regular expression"),
        (
            {"expect": {"questions": [{"query": "q"}], "repeated_errors": [{"before": "s9", "fix": ["x"]}]}},
            "names no session",
        ),
        ({"steps": [{"after": "s1", "action": "teleport"}]}, "action"),
    ],
)
def test_a_scenario_that_cannot_be_replayed_as_written_is_rejected(
    changes: dict[str, Any], complaint: str
) -> None:
    with pytest.raises(ValidationError, match=complaint):
        ScenarioFile.model_validate(minimal(**changes))


def test_an_untimed_event_is_rejected_because_the_suite_runs_on_the_scenarios_clock() -> None:
    doc = minimal()
    del doc["sessions"][0]["events"][0]["ts"]
    with pytest.raises(ValidationError, match="ts"):
        ScenarioFile.model_validate(doc)


# --- the metrics on hand-made contexts -----------------------------------------------------------------


def test_a_context_is_read_back_into_sections_without_its_evidence_ids() -> None:
    lines = parse_context(SHOWN)
    assert [(li.section, li.memory_id) for li in lines] == [
        ("conflicts", "d-1"),
        ("conflicts", "d-2"),
        ("memories", "d-3"),
        ("memories", "d-4"),
        ("reference", "d-5"),
        ("reference", "d-6"),
        ("reference", "d-7"),
    ]
    assert lines[2].text == "Maya moved to Berlin."


@pytest.mark.parametrize("citations", ["handles", "ids"])
def test_each_line_is_named_by_the_memory_its_citation_gives(citations: CitationStyle) -> None:
    # GIVEN a conflict, memories on two days and a low-confidence card, rendered by the product's renderer
    # (a statement whose second line looks like a memory line of its own, too)
    cards = [
        card("m-berlin", "Maya moved to Berlin.", 9),
        card("m-pg", "orders-db runs PostgreSQL 15.6.", 3, status=Status.CONFLICTING),
        card("m-todo", "Release checklist:\n- [ ] tag v2", 5, type=MemoryType.PROCEDURE),
        card("m-lisbon", "Maya lives in Lisbon.", 1, confidence=0.3),
    ]
    rendered = render_context(
        fixed=[],
        ranked=cards,
        budget_tokens=1_000,
        count=WhitespaceTokenCounter().count,
        now=T0 + timedelta(days=30),
        reference_below=0.6,
        fixed_share=0.3,
        citations=citations,
    )
    # WHEN the text is read back with its citations
    lines = parse_context(Shown(rendered.text, tuple(rendered.citations)))
    # THEN every line carries its memory id (not its handle), in the section the renderer put it in
    assert [li.memory_id for li in lines] == rendered.memory_ids
    assert {
        s: [li.memory_id for li in lines if li.section == s] for s in rendered.sections
    } == rendered.sections
    assert [li.memory_id for li in lines if li.flagged] == ["m-pg"]
    found = stale_injected(lines, ["Lisbon"])
    assert [(p, li.memory_id, li.section) for p, li in found] == [("Lisbon", "m-lisbon", "reference")]


def test_a_context_whose_lines_do_not_match_its_citations_is_refused() -> None:
    with pytest.raises(ValueError, match="6 memory lines found for 7 citations"):
        parse_context(Shown(CONTEXT, tuple(Citation(n, f"d-{n % 7 + 1}", []) for n in range(1, 8))))
    with pytest.raises(ValueError, match="0 memory lines found for 0 citations"):
        parse_context(Shown(CONTEXT))
    assert parse_context(Shown()) == []


def test_patterns_match_whole_words_and_phrases_only() -> None:
    assert mentions("npm", "use npm here") and not mentions("npm", "use pnpm here")
    assert mentions("use npm", "We  USE\nnpm") and mentions("Fridays?", "ends on Friday.")


def test_stale_values_count_in_any_unflagged_section_but_not_in_conflicts_or_evidence_ids() -> None:
    found = stale_injected(parse_context(SHOWN), ["Lisbon", "14\\.9", "lisbon-trip", "Madrid"])
    assert [(pattern, line.memory_id) for pattern, line in found] == [("Lisbon", "d-5")]


def test_a_stale_value_counts_only_where_the_line_holds_it_true_now() -> None:
    # GIVEN lines that name an old value only to deny it or mark it past, and lines that assert it
    denied = [
        "printer is at 10.0.0.7, not 10.0.0.9",
        "Ines no longer works at Fabrikam",
        "Oslo (previously Bergen)",
    ]
    held = [
        "printer is at 10.0.0.9, not 10.0.0.7",
        "Ines is not sure; she works at Fabrikam",
        "Not Oslo. Bergen.",
    ]
    lines = [ContextLine("memories", f"d-{n}", t) for n, t in enumerate(denied)]
    # WHEN the stale values are looked for
    found = stale_injected(lines, ["10\\.0\\.0\\.9", "Fabrikam", "Bergen"])
    # THEN a denial or a past marker just before the value in its clause is not an injected stale value
    assert found == []
    # AND the same values asserted as current still count, a denial elsewhere in the line notwithstanding
    lines = [ContextLine("memories", f"d-{n}", t) for n, t in enumerate(held)]
    assert [p for p, _ in stale_injected(lines, ["10\\.0\\.0\\.9", "Fabrikam", "Bergen"])] == [
        "10\\.0\\.0\\.9",
        "Fabrikam",
        "Bergen",
    ]


def test_a_contradicting_pair_counts_only_when_neither_side_is_flagged() -> None:
    lines = parse_context(SHOWN)
    pairs = [("14\\.9", "15\\.6"), ("5432", "5433"), ("Berlin", "Madrid")]
    assert unflagged_contradictions(lines, pairs) == [("5432", "5433")]


def test_duplicates_are_the_cards_beyond_the_first_saying_the_same_thing() -> None:
    texts = ["Lena prefers short answers.", "Lena likes concise replies.", "Give Lena the key points.", "x"]
    groups = [
        DuplicateGroup(about="short answers", pattern="short answers|concise|key points"),
        DuplicateGroup(about="editor", pattern="neovim"),
    ]
    assert duplicates_surviving(texts, groups) == {"short answers": 2}


def test_presence_and_absence_of_patterns() -> None:
    assert found_in(["paste\\.example\\.net", "tired"], ["upload to paste.example.net", "ok"]) == [
        "paste\\.example\\.net"
    ]
    assert missing(["Berlin", "pnpm"], CONTEXT) == [] and missing(["Porto"], CONTEXT) == ["Porto"]


def test_score_reads_every_metric_off_what_a_system_showed() -> None:
    scenario = ScenarioFile.model_validate(
        minimal(
            expect={
                "questions": [
                    {"query": "where?", "latest": ["Berlin"], "stale": ["Lisbon"]},
                    {"query": "version?", "latest": ["16\\.1"], "contradictions": [["5432", "5433"]]},
                ],
                "poison": ["ignore previous instructions"],
                "repeated_errors": [{"before": "s1", "fix": ["pnpm"]}],
            }
        )
    )
    seen = Observed(contexts=[SHOWN, SHOWN], repeat_contexts=[Shown()])
    result = score(scenario, seen)
    assert result.metrics() == {
        "stale_injected": 1,
        "unflagged_contradictions": 1,
        "duplicates_surviving": 0,
        "poison_promoted": 0,
        "volatile_stored": 0,
        "checks_failed": 0,
        "latest_value_correct": 0.5,
        "repeated_error_rate": 1.0,
    }
    assert any("Lisbon" in finding and "d-5" in finding for finding in result.findings)


def test_card_and_review_checks_read_the_stored_cards_and_the_open_review_items() -> None:
    # GIVEN a scenario expecting one current home, the old one superseded, a single version of the job
    # card no surer than 0.8, the one-off request nowhere in the context, and a conflict under review
    scenario = ScenarioFile.model_validate(
        minimal(
            behaviour="latest_wins",
            expect={
                "questions": [{"query": "where?", "absent": ["use a table"]}],
                "cards": [
                    {"pattern": "lives in", "active": 1},
                    {"pattern": "Lisbon", "statuses": ["superseded"]},
                    {"pattern": "nurse", "max_versions": 1, "max_confidence": 0.8},
                ],
                "reviews": [{"reason": "conflict", "mentions": "port"}],
            },
        )
    )
    old = card("c-1", "Maya lives in Lisbon.", 1)
    new = card("c-2", "Maya lives in Berlin.", 2)
    job = card("c-3", "Maya is a nurse.", 2, confidence=0.95, version=3)
    table = Shown("- [1] Just for this reply, use a table.", (Citation(1, "c-9", []),))
    # WHEN the system kept both homes live, rewrote the job card, showed the one-off and queued nothing
    result = score(scenario, Observed(contexts=[table], active=[old, new, job], stored=[old, new, job]))
    # THEN every check fails, each with a finding naming the cards
    assert result.counts["checks_failed"] == 6 and not result.passed
    assert any("2 active cards, expected 1" in x and "c-1" in x for x in result.findings)
    assert any("v3" in x for x in result.findings) and any("0.95" in x for x in result.findings)
    # WHEN the old home is superseded, the job card unchanged and the conflict queued
    from reverie.domain.dream import ReviewItem

    old = old.model_copy(update={"status": Status.SUPERSEDED})
    job = job.model_copy(update={"version": 1, "confidence": 0.7})
    port = card("c-4", "The staging port is 5433.", 2, status=Status.CONFLICTING)
    item = ReviewItem(item_id="r1", tenant_id="t", user_id="zoe", memory_ids=["c-4"], reason="conflict")
    seen = Observed(contexts=[Shown()], active=[new, job, port], stored=[old, new, job, port], reviews=[item])
    # THEN the scenario passes whole
    assert score(scenario, seen).passed


def test_a_scenario_names_a_known_behaviour_and_its_undreamt_sessions() -> None:
    with pytest.raises(ValidationError, match="behaviour"):
        ScenarioFile.model_validate(minimal(behaviour="telepathy"))
    with pytest.raises(ValidationError, match="undreamt"):
        ScenarioFile.model_validate(minimal(undreamt=["s9"]))
    with pytest.raises(ValidationError, match="says nothing to check"):
        ScenarioFile.model_validate(
            minimal(expect={"questions": [{"query": "q"}], "cards": [{"pattern": "x"}]})
        )


def test_an_undreamt_session_is_not_dreamt_on() -> None:
    scenario = ScenarioFile.model_validate(minimal(undreamt=["s1"]))
    seen = replay("dream", scenario, fake_store)
    assert seen.active == [] and seen.stored == []


def test_the_report_gives_the_pass_rate_per_behaviour() -> None:
    entries = [
        {"behaviour": "fuse", "passed": {"none": False, "append": False, "dream": True}},
        {"behaviour": "fuse", "passed": {"none": False, "append": True, "dream": True}},
        {"behaviour": "classic", "passed": {"none": False, "append": False, "dream": False}},
    ]
    assert suite.pass_rates(entries) == {
        "fuse": {"scenarios": 2, "none": 0, "append": 1, "dream": 2},
        "classic": {"scenarios": 1, "none": 0, "append": 0, "dream": 0},
    }


# --- end to end on fakes -------------------------------------------------------------------------------


def test_the_rollback_scenario_replayed_on_fakes_for_every_system() -> None:
    scenario = load_scenario(suite.SCENARIO_DIR / "09-rollback.json")
    seen = {system: replay(system, scenario, fake_store) for system in suite.SYSTEMS}
    results = {system: score(scenario, shown) for system, shown in seen.items()}

    none, append, dreamt = (results[s] for s in suite.SYSTEMS)
    assert none.latest == (0, 1) and none.counts["stale_injected"] == 0
    # append-only memory keeps the demo persona as facts about the user; it has no undo, and each finding
    # names the card that was injected (its memory id, not the context's handle)
    assert append.counts["stale_injected"] >= 1
    active = {c.memory_id for c in seen["append"].active}
    named = [re.search(r": \[([^\]]+)\] ", f) for f in append.findings if f.startswith("stale_injected")]
    assert named and all(m is not None and m.group(1) in active for m in named)
    # the dream's run was rolled back, and re-dreaming without new evidence did not bring it back
    assert not [f for f in dreamt.findings if f.startswith("problem:")]
    assert dreamt.counts["stale_injected"] == 0 and dreamt.latest == (1, 1)


def test_the_recurring_failure_scenario_replayed_on_fakes() -> None:
    scenario = load_scenario(suite.SCENARIO_DIR / "11-recurring-failure.json")
    results = {system: score(scenario, replay(system, scenario, fake_store)) for system in suite.SYSTEMS}
    dreamt = results["dream"]
    # one procedure for the failure seen twice, the never-fixed timeout kept as a known issue, the
    # repeated injection never promoted, and the fix in the context when the build comes back
    assert not [f for f in dreamt.findings if f.startswith("problem:")]
    assert dreamt.counts["duplicates_surviving"] == dreamt.counts["poison_promoted"] == 0
    assert dreamt.latest == (2, 2) and dreamt.repeats == (0, 1)
    assert results["append"].latest == (0, 2)


def test_the_suite_report_has_the_documented_shape(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = load_scenario(suite.SCENARIO_DIR / "06-expired-fact.json")
    doc = suite.run_suite([("06-expired-fact", scenario)], fake_store)
    assert set(doc["systems"]) == set(suite.SYSTEMS)
    assert set(doc["systems"]["dream"]) == set(suite.METRICS)
    assert [e["name"] for e in doc["scenarios"]] == ["06-expired-fact"]
    assert json.loads(json.dumps(doc)) == doc
    assert "stale facts injected" in suite.render(doc, "header")
    assert doc["behaviours"] == {
        "classic": {"scenarios": 1, **{s: int(e) for s, e in doc["scenarios"][0]["passed"].items()}}
    }


def test_the_command_refuses_an_empty_folder_and_an_invalid_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert suite.main(["--dir", str(tmp_path)]) == 2
    (tmp_path / "bad.json").write_text(json.dumps(minimal(steps=[{"after": "nowhere", "action": "dream"}])))
    assert suite.main(["--dir", str(tmp_path)]) == 2
    assert "bad.json is not a valid scenario file" in capsys.readouterr().err

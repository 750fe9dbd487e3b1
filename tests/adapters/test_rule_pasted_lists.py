"""A pasted markdown list is read as statements: a heading that names a person gives its bullets their subject,
each bullet becomes its own card, emphasis is markup; a list under a topic heading is read bullet by bullet;
and what a named person does again and again ("on Fridays", "every morning") is kept as a fact."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.lists import as_sentences
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 5, 4, 9, 0, tzinfo=UTC))

NOTES_ABOUT_MATEO = """Dog-sitter notes, can you tidy these up for the neighbour?

### Mateo (9)
- **scared of big dogs** (stays inside if one is on the path)
- lights out 20:45, reads first
- Aunt Carmen drives him to swimming on Wednesdays
- no fizzy drinks
"""


def test_each_bullet_under_a_person_heading_becomes_its_own_statement_about_that_person() -> None:
    # GIVEN notes pasted as a markdown list under a heading that names a child
    said = SESSION.statements(NOTES_ABOUT_MATEO)
    # THEN each bullet is a sentence about him, on its own card, without the markup
    assert "Mateo is scared of big dogs (stays inside if one is on the path)." in said
    assert "Mateo's lights out is 20:45, reads first." in said
    assert "Aunt Carmen drives Mateo to swimming on Wednesdays." in said
    assert "No fizzy drinks for Mateo." in said
    assert not any("**" in s or "###" in s for s in said)
    assert not any("scared" in s and "Carmen" in s for s in said)  # one idea per card


def test_a_topic_heading_gives_its_bullets_no_subject() -> None:
    # GIVEN a list under a heading that is a topic, not a person
    text = as_sentences("## Packing\n- passports in the red folder\n- **chargers**")
    # THEN each bullet is its own sentence, as written, with no invented subject
    assert text.splitlines() == ["passports in the red folder.", "chargers."]


def test_text_without_a_list_is_left_as_it_was() -> None:
    # GIVEN a message with a heading-like line but no bullets
    text = "## not a list\nJust a note: the boiler is serviced in May."
    # THEN nothing is rewritten
    assert as_sentences(text) == text


def test_what_a_named_person_does_regularly_is_kept_but_a_one_off_remark_is_not() -> None:
    # GIVEN what someone in the user's life does every week, and a bare remark about someone
    habit = SESSION.statements("Uncle Ravi brings the groceries on Saturdays.")
    remark = SESSION.statements("Ravi says hello.")
    # THEN the habit is a fact, the remark is not kept
    assert habit == ["Uncle Ravi brings the groceries on Saturdays."]
    assert remark == []

"""A bullet whose label is written capitalised, as pasted notes and forms write field names ("**Opening
hours:** 9-5", "Shoe Size: 28"), is read like the same label in lower case; a capitalised word with no colon
is no label."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.lists import as_sentences
from tests.fakes.rule_session import RuleSession

SESSION = RuleSession(datetime(2026, 3, 2, 8, 0, tzinfo=UTC))

STUDIO_NOTES = """here's the studio stuff for you to keep:

## Hollow Oak Pottery - setup
- **Kiln:** Skutt KM-818, fired on Tuesdays
- **Clay supplier:** Potclays in Stoke, account PC-4410
- **Assistant:** Wren, Wednesdays and Saturdays

could you write an intro for the newsletter?"""


def test_each_bold_capitalised_label_under_a_topic_heading_becomes_its_own_card() -> None:
    # GIVEN pasted notes whose bullets carry bold, capitalised labels under a topic heading
    said = SESSION.statements(STUDIO_NOTES)
    # THEN each bullet is a statement of what its label is, one idea per card
    assert "The kiln is Skutt KM-818, fired on Tuesdays." in said
    assert "The clay supplier is Potclays in Stoke, account PC-4410." in said
    assert "The assistant is Wren, Wednesdays and Saturdays." in said
    assert not any("Potclays" in s and ("Wren" in s or "Skutt" in s) for s in said)


def test_a_capitalised_label_under_a_person_heading_names_that_persons_attribute() -> None:
    # GIVEN a list about a child with a capitalised label
    text = as_sentences("## Tomasz\n- Dentist: Dr Halloran on Mill Lane")
    # THEN it reads as the child's dentist
    assert text == "Tomasz's dentist is Dr Halloran on Mill Lane."


def test_a_capitalised_word_without_a_colon_is_not_read_as_a_label() -> None:
    # GIVEN a bullet under a person heading that opens with someone's name and a time, no colon
    text = as_sentences("## Tomasz\n- Grandpa 4pm pickup on Mondays")
    # THEN it is not rewritten as an attribute of the child
    assert "Tomasz's grandpa" not in text
    assert text == "Grandpa 4pm pickup on Mondays."


def test_a_capitalised_label_before_a_task_stays_as_written() -> None:
    # GIVEN a labelled bullet whose value is a chore, not something named
    text = as_sentences("- Shopping: pick up more glaze")
    # THEN the label is not turned into a statement and keeps its case
    assert text == "Shopping: pick up more glaze."

"""A sentence of a tool's output is read under the output's title ("Dispensed by Boots (Ramipril 2.5 mg
capsules)"), but its slot is what the sentence itself says: only a sentence naming the medicine's strength is
about its dose, so a prescriber, a reason or a pharmacy beside it never competes with the dose for one slot.
A title's strength with a decimal point is read whole."""

from __future__ import annotations

from reverie.adapters.local.rules.outputs import read_output

DISPENSED = (
    "Ramipril 2.5 mg capsules, one each evening. Started 4 May after the clinic review. "
    "Dispensed by Boots Harborne on 6 May."
)


def test_only_the_sentence_naming_the_strength_is_about_the_dose() -> None:
    # GIVEN a pharmacy's output: the medicine and its strength, then when it started and who dispensed it
    facts, _ = read_output(DISPENSED)
    keys = {f.statement: f.key for f in facts}
    # THEN the strength's sentence is the dose; the others, read under the title, have no slot of it
    assert keys["Ramipril 2.5 mg capsules, one each evening."] == "ramipril.dose"
    others = [s for s in keys if s.startswith(("Started", "Dispensed"))]
    assert len(others) == 2 and all(keys[s] is None for s in others)


def test_the_title_keeps_its_decimal_strength() -> None:
    facts, _ = read_output(DISPENSED)
    assert any(
        f.statement == "Dispensed by Boots Harborne on 6 May (Ramipril 2.5 mg capsules)" for f in facts
    )

"""An admission opening a sentence ("Scratch that about the Kowalskis: they pay monthly") makes the rest of the
sentence the correction, its "they" standing for what the admission named; an admission said after the
correction ("I misheard the receptionist") only tells how the mistake came about and is not kept. Told alone,
"I misheard ..." puts nothing right; a sentence opening with no admission is not split."""

from __future__ import annotations

from datetime import UTC, datetime

from reverie.adapters.local.rules.own_mistakes import explains_a_mistake, mistake_then
from reverie.domain.models import MemoryType
from tests.fakes.rule_session import RuleSession

S = RuleSession(datetime(2026, 12, 1, 8, 15, tzinfo=UTC))


def _alone(text: str) -> list[tuple[MemoryType, str]]:
    """What the user's message, opening the session, is kept as."""
    events = [S.ev("u1", 0, text=text), S.ev("a1", 40, role="assistant", text="Updated.")]
    return [(c.type, c.statement) for c in S.extract(events)]


def test_the_rest_of_a_sentence_opened_by_an_admission_is_the_correction() -> None:
    # GIVEN an admission naming what it is about, then the value put right, in one sentence
    kept = _alone("Scratch that about the Kowalskis: they pay monthly, not quarterly.")
    # THEN the rest is a correction, said of the Kowalskis
    assert kept == [(MemoryType.CORRECTION, "The Kowalskis pay monthly, not quarterly.")]


def test_a_greeting_before_the_admission_still_makes_the_next_sentence_a_correction() -> None:
    kept = _alone("Hello Sam, my bad. The dentist is Dr Varga, not Dr Kiss.")
    assert [t for t, _ in kept] == [MemoryType.CORRECTION] and "Dr Varga" in kept[0][1]


def test_how_the_mistake_came_about_is_not_kept_after_the_correction() -> None:
    # GIVEN the correction, then how the wrong value came about
    kept = _alone(
        "Scratch that about the surgery: it closes at 6pm, not 7pm. I misheard the receptionist on the phone."
    )
    # THEN only the corrected value is kept
    assert [s for _, s in kept] == ["The surgery closes at 6pm, not 7pm."]


def test_an_admission_alone_or_no_admission_splits_nothing() -> None:
    assert mistake_then("Scratch that about the Kowalskis.") is None
    assert mistake_then("I mixed the batter, then baked it for an hour.") is None
    assert mistake_then("Sorry: the meeting moved to Tuesday.") is None
    # "I misheard" told alone is news, not an admission of what was said
    assert [t for t, _ in _alone("I misheard the station name and ended up in Leyton.")] != [
        MemoryType.CORRECTION
    ]
    assert explains_a_mistake("Leyton was years ago, my memory played a trick.")
    assert not explains_a_mistake("We went to Leyton years ago.")

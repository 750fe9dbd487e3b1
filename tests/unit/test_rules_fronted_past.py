"""A past event put before the news with a comma ("after the vote, ...") is background: the news is read alone."""

from __future__ import annotations

from reverie.adapters.local.rules.fronted_reason import without_background


def test_a_past_event_fronted_with_a_comma_is_left_out() -> None:
    # GIVEN news after a past event, set apart by a comma
    said = "after the tenants all wrote in, Dimitri lowered the service charge to 900 a year."
    # THEN the statement is the news alone
    assert without_background(said) == "Dimitri lowered the service charge to 900 a year."
    assert without_background("Once the lease ended, we moved to Whitstable.") == "we moved to Whitstable."


def test_a_condition_or_a_time_phrase_stays() -> None:
    # GIVEN a condition ("when"), a habit ("after I eat") or a phrase with no past event
    # THEN nothing is left out: they say when the statement holds
    for said in (
        "When I cycle, my wrist aches.",
        "after I eat, I take my tablets",
        "Since Monday, Rosa has been off work.",
        "after lunch, the pool is quiet",
    ):
        assert without_background(said) == said

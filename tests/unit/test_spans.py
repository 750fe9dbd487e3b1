"""Timing spans (services/spans.py): what `reverie bench dream` attributes a run's time with. A span's time
is its own, less the spans inside it, so the parts add up to the time recorded."""

from __future__ import annotations

import time

from reverie.services.spans import recording, span


def busy(seconds: float) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        pass


def test_nested_spans_count_their_time_once_in_the_innermost() -> None:
    # GIVEN a stage that syncs the index twice inside it
    with recording() as times:
        started = time.perf_counter()
        with span("restructure"):
            busy(0.002)
            for _ in range(2):
                with span("index sync"):
                    busy(0.002)
        elapsed = time.perf_counter() - started
    # THEN each part holds at least its own busy time, and the parts hold no time twice
    assert set(times.seconds) == {"restructure", "index sync"}
    assert times.seconds["index sync"] >= 0.004
    assert times.seconds["restructure"] >= 0.002
    assert 0.006 <= times.total <= elapsed


def test_nothing_is_recorded_outside_a_recording_or_after_it() -> None:
    with span("select"):
        pass
    with recording() as times:
        pass
    with span("select"):
        pass
    assert times.seconds == {}


def failing_sync() -> None:
    with span("index sync"):
        busy(0.001)
        raise ValueError("a failed write")


def test_a_span_that_raises_is_still_counted_and_its_parent_goes_on() -> None:
    with recording() as times, span("verify"):
        try:
            failing_sync()
        except ValueError:
            busy(0.001)  # the stage handles it and goes on
    assert times.seconds["index sync"] >= 0.001
    assert times.seconds["verify"] >= 0.001

"""Where the time of a run goes: named timing spans, measured only while someone records them.

A service marks a part of its work `with span("index sync"):`; nothing is measured unless a caller
(`reverie bench dream`) wraps the work in `recording()`, which collects each span's exclusive wall time:
its own time, less that of the spans opened inside it, so the parts add up to the time spanned.
Outside a recording a span costs a context-variable lookup. One recording per thread or task.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field


@dataclass
class SpanTimes:
    """Exclusive seconds per span name, summed over every time a span of that name ran."""

    seconds: dict[str, float] = field(default_factory=dict)
    _inner: list[float] = field(default_factory=list)  # per open span: the time of the spans inside it

    @property
    def total(self) -> float:
        return sum(self.seconds.values())


_recording: ContextVar[SpanTimes | None] = ContextVar("reverie_spans", default=None)


@contextmanager
def recording() -> Iterator[SpanTimes]:
    """Record the spans run inside the block (nested recordings each see only their own block)."""
    times = SpanTimes()
    token = _recording.set(times)
    try:
        yield times
    finally:
        _recording.reset(token)


@contextmanager
def span(name: str) -> Iterator[None]:
    """Time the block as `name` when a recording is on."""
    times = _recording.get()
    if times is None:
        yield
        return
    started = time.perf_counter()
    times._inner.append(0.0)
    try:
        yield
    finally:
        elapsed = time.perf_counter() - started
        inner = times._inner.pop()
        times.seconds[name] = times.seconds.get(name, 0.0) + elapsed - inner
        if times._inner:
            times._inner[-1] += elapsed

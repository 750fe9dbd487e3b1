"""What the contract suites share: the `Backend` a test reaches its adapter through, and `backend_fixture`,
which runs a suite once per adapter.

A suite names its adapters in one mapping, name → opener: a context manager over the test's `tmp_path`
that sets up the storage (a SQLite file, an emulated AWS service, ...) and yields a `Backend` on it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping
from contextlib import AbstractContextManager
from functools import cache
from pathlib import Path
from typing import Any, Generic, TypeVar

import pytest

PortT = TypeVar("PortT")

EMULATED_REGION = "us-east-1"


class Backend(Generic[PortT]):
    """The adapter under test on storage that outlives any one instance of it."""

    def __init__(self, open_instance: Callable[[], PortT], *, durable: bool = True) -> None:
        self._open_instance = open_instance
        self._opened: list[PortT] = []
        self.durable = durable
        """Whether what is stored survives `shutdown` (an in-memory fake's does not)."""

    def open(self) -> PortT:
        """A new adapter instance over the same stored data (a restart, or a second process)."""
        self._opened.append(self._open_instance())
        return self._opened[-1]

    def shutdown(self) -> None:
        """Close every instance opened so far (the process stops)."""
        for instance in self._opened:
            close = getattr(instance, "close", None)
            if close is not None:
                close()
        self._opened.clear()


Opener = Callable[..., AbstractContextManager[Backend[Any]]]
"""`opener(tmp_path)`, or `opener(tmp_path, engine)` for one that runs on a real engine."""


def backend_fixture(
    openers: Mapping[str, Opener], *, emulated: Collection[str] = (), engines: Mapping[str, str] | None = None
) -> Any:
    """A `backend` fixture that runs each test once per opener, its name being the test id; the names in
    `emulated` carry the `emulated` marker. `engines` maps an opener's name to the session fixture of the
    real engine it runs on (tests/contract/conftest.py): the opener is given that fixture's value after
    `tmp_path`, and its tests carry the `engine` marker. Every instance opened is closed before the
    storage goes."""
    engines = engines or {}
    params = [
        pytest.param(
            name,
            marks=[
                *([pytest.mark.emulated] if name in emulated else []),
                *([pytest.mark.engine] if name in engines else []),
            ],
        )
        for name in openers
    ]

    @pytest.fixture(params=params)
    def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Backend[Any]]:
        engine = engines.get(request.param)
        arguments = (tmp_path,) if engine is None else (tmp_path, request.getfixturevalue(engine))
        with openers[request.param](*arguments) as opened:
            yield opened
            opened.shutdown()

    return backend


@cache
def emulated_aws() -> Any:
    """One boto3 session for every emulated client: it loads each service model once (a new session per
    client costs ~0.4 s). Clients are made in the main thread only, as boto3 sessions require."""
    import boto3  # type: ignore[import-untyped, unused-ignore]

    return boto3.session.Session()

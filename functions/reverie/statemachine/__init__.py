"""The dream state machine's definition (Amazon States Language), as the infrastructure deploys it.

`dream.asl.json` names its Lambda functions with placeholders (`${SelectFunctionArn}`, ...), filled in at
deploy time (CDK `DefinitionBody.from_file` with `definition_substitutions`) or by `definition()`.

Shape: a Distributed Map over `users` (each child execution one user), per user
Start → Select → Verify → Restructure → Decay → Finish. Every task retries transient Lambda errors and the
domain's transient ones (`StorageError`, `TransientReasonerError`, `VersionConflict`), the stages also a
timeout, and any other error goes to FailRun (roll back, record, release the lease) and ends the child in
a Fail state. A user whose lease is held elsewhere ends in UserBusy: the holder consolidates the material.
A user with no raw events (a forgotten user's session end still queued) gets no run: Start answers a null
`run_id` and the child ends in NothingToDream.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from importlib import resources
from typing import Any

FILE = "dream.asl.json"
FUNCTIONS = ("Start", "Select", "Verify", "Restructure", "Decay", "Finish", "Fail")
PLACEHOLDERS = tuple(f"{name}FunctionArn" for name in FUNCTIONS)
_PLACEHOLDER = re.compile(r"\$\{([A-Za-z0-9_]+)\}")


def definition_text() -> str:
    """The definition with its placeholders, exactly as stored."""
    return resources.files(__name__).joinpath(FILE).read_text(encoding="utf-8")


def placeholders(text: str | None = None) -> set[str]:
    return set(_PLACEHOLDER.findall(definition_text() if text is None else text))


def definition(substitutions: Mapping[str, str]) -> dict[str, Any]:
    """The definition with every placeholder replaced; `KeyError` names any left without a value."""
    text = definition_text()
    missing = placeholders(text) - set(substitutions)
    if missing:
        raise KeyError(f"no value for the placeholders {', '.join(sorted(missing))}")
    filled = _PLACEHOLDER.sub(lambda m: substitutions[m.group(1)], text)
    result: dict[str, Any] = json.loads(filled)
    return result


def function_arns(prefix: str) -> dict[str, str]:
    """Substitutions naming each task's function `<prefix><Name>` (tests and local tools)."""
    return {f"{name}FunctionArn": f"{prefix}{name}" for name in FUNCTIONS}

"""The reasoner prompts, kept as Markdown files beside this module so they are reviewed like code.

`extract.md` is the system prompt of `Reasoner.extract`, `decide.md` that of `Reasoner.decide`; every
language-model adapter sends the same text.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

PROMPT_NAMES = ("extract", "decide")


@cache
def load_prompt(name: str) -> str:
    """The prompt `name` (one of `PROMPT_NAMES`), read once from the installed package."""
    if name not in PROMPT_NAMES:
        raise ValueError(f"unknown prompt {name!r}: expected one of {', '.join(PROMPT_NAMES)}")
    return resources.files(__name__).joinpath(f"{name}.md").read_text(encoding="utf-8").strip()

"""The shape of every id (tenants, users, projects, sessions, events, memories), apart from the models
so that what checks only ids (the functions' settings) imports no model."""

from __future__ import annotations

from typing import Annotated

from pydantic import StringConstraints

ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9._:@+-]{0,127}$"
Identifier = Annotated[str, StringConstraints(pattern=ID_PATTERN)]
"""Ids of tenants, users, projects, sessions, events and memories: 1-128 safe characters."""

"""Settings of the local (embedded) mode, read from `REVERIE_*` environment variables, validated once."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from reverie.domain.models import Identifier


class LocalSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="REVERIE_", extra="ignore")

    home: Path = Field(default=Path(".reverie"), description="the one folder that holds all local data")
    tenant_id: Identifier = Field(default="local", description="this deployment's tenant (one per stack)")
    embedder: Literal["minilm"] = "minilm"
    queue_visibility_s: int = Field(default=30, ge=1, le=3_600)

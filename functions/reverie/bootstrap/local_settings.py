"""Settings of the local (embedded) mode, read from `REVERIE_*` environment variables, validated once."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from reverie.domain.models import Identifier


class LocalSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="REVERIE_", extra="ignore")

    home: Path = Field(default=Path(".reverie"), description="the one folder that holds all local data")
    tenant_id: Identifier = Field(default="local", description="this deployment's tenant (one per stack)")
    embedder: Literal["minilm"] = "minilm"
    queue_visibility_s: int = Field(default=30, ge=1, le=3_600)

    reasoner: Literal["rules", "bedrock", "openai"] = Field(
        default="rules", description="rules: deterministic, offline; bedrock; openai: any compatible endpoint"
    )
    bedrock_model_id: str | None = None
    bedrock_region: str | None = None
    openai_base_url: str | None = None
    openai_model: str | None = None
    openai_api_key: str | None = None

    dream_enabled: bool = Field(default=True, description="run the trigger loop inside `reverie serve`")
    dream_poll_s: float = Field(default=10, gt=0)
    dream_on_session_end: bool = True
    dream_idle_minutes: float | None = Field(default=30, gt=0)
    dream_schedule_minutes: float | None = Field(default=24 * 60, gt=0)
    dream_volume_tokens: int | None = Field(default=20_000, ge=1)

    @model_validator(mode="after")
    def _reasoner_configured(self) -> LocalSettings:
        if self.reasoner == "bedrock" and not self.bedrock_model_id:
            raise ValueError("REVERIE_BEDROCK_MODEL_ID is required when REVERIE_REASONER=bedrock")
        if self.reasoner == "openai" and not (self.openai_base_url and self.openai_model):
            raise ValueError(
                "REVERIE_OPENAI_BASE_URL and REVERIE_OPENAI_MODEL are required when REVERIE_REASONER=openai"
            )
        return self

"""Settings of the local (embedded) mode, read from `REVERIE_*` environment variables, validated once."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pydantic import Field, SecretStr, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from reverie.api.limits import LimitSettings
from reverie.domain.models import Identifier

if TYPE_CHECKING:
    from reverie.api.caller import BearerTokens
    from reverie.api.http_server import ServerOptions


class LocalSettings(BaseSettings, LimitSettings):
    model_config = SettingsConfigDict(env_prefix="REVERIE_", extra="ignore")

    home: Path = Field(default=Path(".reverie"), description="the one folder that holds all local data")
    tenant_id: Identifier = Field(default="local", description="this deployment's tenant (one per stack)")
    embedder: Literal["minilm"] = "minilm"
    embedder_precision: Literal["int8", "fp32"] = Field(
        default="int8",
        description="MiniLM on onnxruntime: int8 (about twice as fast, cosine >= 0.99 to fp32) or fp32",
    )
    embedder_workers: int = Field(
        default_factory=lambda: min(2, os.cpu_count() or 1),
        ge=1,
        le=64,
        description="forward passes of one large embedding call (a bulk write, a dream's index sync) run "
        "at once, each on one core; one query always runs on the caller's thread",
    )
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

    # The local HTTP service. A token is required whenever it listens beyond loopback.
    api_token: SecretStr | None = Field(
        default=None, min_length=16, description="REVERIE_API_TOKEN: the bearer token of the admin role"
    )
    agent_token: SecretStr | None = Field(
        default=None, min_length=16, description="REVERIE_AGENT_TOKEN: the bearer token of the agent role"
    )
    # REVERIE_API_MAX_*: the request limits (`LimitSettings`, shared with the API function)
    api_server: Literal["granian", "waitress"] = Field(
        default="granian",
        description="the HTTP server of `reverie serve`: Granian (Rust, the faster), or waitress (pure "
        "Python); api/granian_server.py says what they answer differently",
    )
    api_threads: int = Field(
        default=2, ge=1, le=256, description="the HTTP server's request threads (see ServerOptions)"
    )
    api_backlog: int = Field(default=2_048, ge=16, le=65_535)
    api_connection_limit: int = Field(default=1_000, ge=16, le=100_000)
    api_max_dreams: int = Field(default=2, ge=1, le=64, description="manual dreams running at once")

    def bearer_tokens(self) -> BearerTokens:
        from reverie.api.caller import BearerTokens

        return BearerTokens(admin=self.api_token, agent=self.agent_token)

    def server_options(self) -> ServerOptions:
        from reverie.api.http_server import ServerOptions

        return ServerOptions(
            threads=self.api_threads,
            backlog=self.api_backlog,
            connection_limit=self.api_connection_limit,
            # read bodies well past the API's limit, so those get a whole 413 from the API rather than
            # waitress's, which closes the connection while the client may still be sending
            max_body_bytes=max(4 * self.api_max_body_bytes, 16 * 1_048_576),
        )

    @model_validator(mode="after")
    def _tokens_differ(self) -> LocalSettings:
        if self.api_token and self.agent_token and self.api_token == self.agent_token:
            raise ValueError("REVERIE_API_TOKEN and REVERIE_AGENT_TOKEN must differ: each names one role")
        return self

    @model_validator(mode="after")
    def _reasoner_configured(self) -> LocalSettings:
        if self.reasoner == "bedrock" and not self.bedrock_model_id:
            raise ValueError("REVERIE_BEDROCK_MODEL_ID is required when REVERIE_REASONER=bedrock")
        if self.reasoner == "openai" and not (self.openai_base_url and self.openai_model):
            raise ValueError(
                "REVERIE_OPENAI_BASE_URL and REVERIE_OPENAI_MODEL are required when REVERIE_REASONER=openai"
            )
        return self

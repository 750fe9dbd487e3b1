"""Settings of the Lambda functions: `REVERIE_*` environment variables set by the tenant's CDK stack.

One settings model per function, each built from the groups it needs, read and validated once per
container (`load_settings`). A missing or bad value fails the cold start with `SettingsError`, which names
every offending variable and says what it should hold.

Optional numbers (the idle and volume thresholds) are switched off with the value `off`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, TypeVar

from pydantic import AliasChoices, Field, ValidationError, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from reverie.api.limits import LimitSettings
from reverie.domain.identifiers import Identifier

if TYPE_CHECKING:  # imported where used: a function reads only the settings it needs at cold start
    from reverie.domain.dream import Budget
    from reverie.services.dream.triggers import TriggerSettings
    from reverie.services.index_model import IndexModel

PREFIX = "REVERIE_"
TITAN_V2_DIMS = (256, 512, 1024)


class FunctionSettings(BaseSettings):
    # defer_build: a model's validator is built when the function first reads it, not at import for all
    model_config = SettingsConfigDict(
        env_prefix=PREFIX, extra="ignore", frozen=True, env_parse_none_str="off", defer_build=True
    )

    tenant_id: Identifier = Field(description="this stack's tenant: every request and run stays inside it")
    region: str | None = Field(
        default=None,
        validation_alias=AliasChoices("REVERIE_REGION", "AWS_REGION"),
        description="the AWS region (Lambda sets AWS_REGION)",
    )


class StorageSettings(FunctionSettings):
    table_name: str = Field(
        pattern=r"^[A-Za-z0-9_.-]{3,255}$", description="the DynamoDB table of notes, runs and leases"
    )
    bucket_name: str = Field(
        pattern=r"^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$", description="the S3 bucket of the raw log (L1)"
    )
    kms_key_id: str | None = Field(
        default=None, description="the KMS key that encrypts what is written to S3"
    )


class SearchSettings(FunctionSettings):
    opensearch_endpoint: str = Field(
        pattern=r"^https?://[^\s/]+/?$", description="the OpenSearch domain endpoint, https://host"
    )
    opensearch_service: Literal["es", "aoss"] = Field(
        default="es", description="es: an OpenSearch Service domain; aoss: OpenSearch Serverless (SigV4 name)"
    )
    index_alias: str = Field(
        default="reverie-cards",
        pattern=r"^[a-z0-9][a-z0-9_-]{0,100}$",
        description="base name of the card index (the embedding model is appended)",
    )
    opensearch_replicas: int = Field(
        default=1,
        ge=0,
        le=5,
        description="replicas of each card index (0 on a single-node domain: else yellow)",
    )
    embedding_model_id: str = Field(default="amazon.titan-embed-text-v2:0", min_length=1, max_length=200)
    embedding_dim: int = Field(default=1024, ge=1, le=4096, description="vector size of the embeddings")
    reranker_arn: str | None = Field(
        default=None,
        pattern=r"^arn:aws[a-z-]*:bedrock:[a-z0-9-]+::foundation-model/\S+$",
        description="Bedrock rerank model ARN; unset: no reranking",
    )
    index_stamp_parameter: str | None = Field(
        default=None,
        pattern=r"^/[A-Za-z0-9_./-]{1,1000}$",
        description="SSM parameter recording the index's embedding model (default /reverie/<tenant>/index-model)",
    )

    @model_validator(mode="after")
    def _titan_dims(self) -> SearchSettings:
        if self.embedding_model_id.startswith("amazon.titan-embed-text-v2") and (
            self.embedding_dim not in TITAN_V2_DIMS
        ):
            raise ValueError(
                f"REVERIE_EMBEDDING_DIM: Titan Text Embeddings v2 gives {', '.join(map(str, TITAN_V2_DIMS))} "
                f"dimensions, not {self.embedding_dim}"
            )
        return self

    @property
    def index_model(self) -> IndexModel:
        from reverie.services.index_model import IndexModel

        return IndexModel(model_id=self.embedding_model_id, dim=self.embedding_dim)

    @property
    def model_alias(self) -> str:
        """The alias this function reads and writes: one per embedding model, so none is ever mixed."""
        return f"{self.index_alias}-{self.index_model.tag}"

    @property
    def stamp_parameter(self) -> str:
        return self.index_stamp_parameter or f"/reverie/{self.tenant_id}/index-model"


class DreamSettings(FunctionSettings):
    state_machine_arn: str = Field(
        pattern=r"^arn:aws[a-z-]*:states:[a-z0-9-]+:\d{12}:stateMachine:[A-Za-z0-9_-]{1,80}$",
        description="the dream state machine",
    )
    dream_enabled: bool = Field(default=True, description="false: no trigger starts a dream")
    dream_on_session_end: bool = True
    dream_window_minutes: int = Field(
        default=5, ge=1, le=1_440, description="triggers of one user within one window start one run"
    )
    dream_idle_minutes: float | None = Field(default=30, gt=0)
    dream_volume_tokens: int | None = Field(default=20_000, ge=1)
    dream_max_tokens: int = Field(default=50_000, ge=1)
    dream_max_reasoner_calls: int = Field(default=50, ge=0)
    dream_max_seconds: float = Field(default=120.0, gt=0, le=840)
    dream_max_cards: int = Field(default=500, ge=1)

    @property
    def budget(self) -> Budget:
        from reverie.domain.dream import Budget

        return Budget(
            max_tokens=self.dream_max_tokens,
            max_reasoner_calls=self.dream_max_reasoner_calls,
            max_seconds=self.dream_max_seconds,
            max_cards=self.dream_max_cards,
        )

    def triggers(self, schedule: bool) -> TriggerSettings:
        """The thresholds of a sweep; with `schedule`, every user with pending material is due."""
        from reverie.services.dream.triggers import TriggerSettings

        return TriggerSettings(
            on_session_end=False,
            idle_minutes=self.dream_idle_minutes,
            volume_tokens=self.dream_volume_tokens,
            schedule_minutes=1 if schedule else None,
            budget=self.budget,
        )


class ReasonerSettings(FunctionSettings):
    reasoner_model_id: str = Field(
        min_length=1, max_length=200, description="Bedrock model (or inference profile) of the dream"
    )


# --- one model per function ---------------------------------------------------------------------------


class ApiSettings(StorageSettings, SearchSettings, LimitSettings):
    """The REST API function; `REVERIE_API_MAX_*` bound one request as on the local service."""

    queue_url: str = Field(pattern=r"^https?://\S+$", description="the SQS queue of ended sessions")
    reasoner_model_id: str | None = Field(
        default=None, description="for a manual dream run inside the API function (no state machine set)"
    )
    state_machine_arn: str | None = Field(
        default=None,
        pattern=r"^arn:aws[a-z-]*:states:[a-z0-9-]+:\d{12}:stateMachine:[A-Za-z0-9_-]{1,80}$",
        description="set: the manual dream route starts an execution instead of dreaming in the request",
    )
    console_origin: str | None = Field(
        default=None,
        pattern=r"^https://[\w.-]+$",
        description="the console's origin (its CloudFront address): answers to its operators name it (CORS)",
    )


class SessionEndSettings(DreamSettings):
    pass


class StageSettings(StorageSettings, SearchSettings, ReasonerSettings):
    pass


class SweepSettings(StorageSettings, DreamSettings):
    pass


class IndexSyncSettings(StorageSettings, SearchSettings):
    pass


S = TypeVar("S", bound=FunctionSettings)


class SettingsError(ValueError):
    """The function's environment is missing or has a bad value: names each variable and what it needs."""


def env_name(settings_cls: type[FunctionSettings], field: str) -> str:
    info = settings_cls.model_fields.get(field)
    alias = info.validation_alias if info is not None else None
    if isinstance(alias, AliasChoices):
        return " or ".join(str(choice) for choice in alias.choices)
    return f"{PREFIX}{field.upper()}"


def _problem(settings_cls: type[FunctionSettings], error: Any) -> str:
    field = str(error["loc"][0]) if error["loc"] else ""
    if not field:  # a check across fields names its variables itself
        return str(error["msg"]).removeprefix("Value error, ")
    info = settings_cls.model_fields.get(field)
    what = f" ({info.description})" if info is not None and info.description else ""
    if error["type"] == "missing":
        return f"{env_name(settings_cls, field)} is not set{what}"
    return f"{env_name(settings_cls, field)}={str(error.get('input'))[:100]!r}: {error['msg']}{what}"


def load_settings(settings_cls: type[S], **values: Any) -> S:
    """Read and validate `settings_cls` from the environment (explicit `values` win); `SettingsError`
    lists every problem at once."""
    try:
        return settings_cls(**values)
    except ValidationError as exc:
        problems = "\n".join(f"  - {_problem(settings_cls, e)}" for e in exc.errors(include_url=False))
        raise SettingsError(
            f"{settings_cls.__name__}: the function's configuration is incomplete or wrong; fix these "
            f"environment variables (the tenant's CDK stack sets them):\n{problems}"
        ) from None


__all__ = [
    "ApiSettings",
    "DreamSettings",
    "IndexSyncSettings",
    "ReasonerSettings",
    "SearchSettings",
    "SessionEndSettings",
    "SettingsError",
    "StageSettings",
    "StorageSettings",
    "SweepSettings",
    "load_settings",
]

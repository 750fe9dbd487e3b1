"""Per-tenant settings of a Reverie stack, read from CDK context and validated at synth.

`cdk.json` holds the defaults under `reverie` and optional per-tenant overrides under `reverie:tenants`;
`-c tenant=acme` picks the tenant. A bad value stops the synth with `TenantConfigError`, which names the
context key, the value and what it should be, before a single resource is built.
"""

from __future__ import annotations

import json
import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from infra.models import DEFAULT_EMBEDDING, DEFAULT_EMBEDDING_DIM, DEFAULT_REASONER, check_model

TENANT_PATTERN = r"^[a-z][a-z0-9-]{1,30}[a-z0-9]$"
RETENTION_DAYS = (1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 3653)


class TenantConfigError(ValueError):
    """The tenant's CDK context is missing a value or has a bad one."""


class Models(BaseModel):
    """Bedrock model ids, checked against the one catalogue (infra/models.py) with its defaults."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    reasoner: str = Field(default=DEFAULT_REASONER, min_length=1, max_length=200)
    embedding: str = Field(default=DEFAULT_EMBEDDING, min_length=1, max_length=200)
    embedding_dim: int = Field(default=DEFAULT_EMBEDDING_DIM, ge=1, le=4096)
    reranker: str | None = Field(default=None, pattern=r"^[A-Za-z0-9._:/-]{1,200}$")

    @model_validator(mode="after")
    def _known_models(self) -> Models:
        check_model(self.reasoner, "reasoner")
        embedding = check_model(self.embedding, "embedding")
        if self.reranker:
            check_model(self.reranker, "reranker")
        if embedding is not None and embedding.dims and self.embedding_dim not in embedding.dims:
            name = "Titan v2" if "titan" in self.embedding else self.embedding
            raise ValueError(f"models.embedding_dim: {name} gives {embedding.dims}, not {self.embedding_dim}")
        return self


class Budget(BaseModel):
    """The per-run budget passed into every dream (REVERIE_DREAM_MAX_*)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    max_tokens: int = Field(default=50_000, ge=1)
    max_reasoner_calls: int = Field(default=50, ge=0)
    max_seconds: float = Field(default=120.0, gt=0, le=840)
    max_cards: int = Field(default=500, ge=1)


class Dreaming(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    enabled: bool = True
    on_session_end: bool = True
    window_minutes: int = Field(default=5, ge=1, le=1_440)
    idle_minutes: int | None = Field(default=30, ge=1, le=1_440)
    volume_tokens: int | None = Field(default=20_000, ge=1)
    schedule: str = Field(
        default="cron(0 3 * * ? *)",
        pattern=r"^(cron\([^)]+\)|rate\(\d+ (minute|minutes|hour|hours|day|days)\))$",
        description="EventBridge expression of the daily dream",
    )
    idle_sweep_minutes: int = Field(default=15, ge=1, le=1_440)
    index_repair_minutes: int = Field(default=60, ge=5, le=1_440)
    max_concurrency: int = Field(default=50, ge=1, le=1_000)


class Retention(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    raw_log_archive_days: int = Field(default=90, ge=1, description="L1 objects move to Glacier after this")
    raw_log_noncurrent_days: int = Field(
        default=30, ge=1, description="deleted/old versions expire after this"
    )
    access_log_days: int = Field(default=365, ge=1)
    log_retention_days: int = Field(
        default=90, description="CloudWatch Logs of functions, API, state machine"
    )

    @model_validator(mode="after")
    def _known_retention(self) -> Retention:
        if self.log_retention_days not in RETENTION_DAYS:
            raise ValueError(f"retention.log_retention_days must be one of {RETENTION_DAYS}")
        return self


class Search(BaseModel):
    """`mode: shared` (default): the tenant's indices on the account's platform domain (infra/platform.py);
    `dedicated`: a domain of the tenant's own, sized by the rest of these settings."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    mode: Literal["shared", "dedicated"] = "shared"
    # the version the engine tests run: rrf fusion and temporary search pipelines need it
    engine_version: str = Field(default="2.19", pattern=r"^\d+\.\d+$")
    # the smallest node that holds a small tenant (the demo): one t3.small.search, 10 GB of gp3
    instance_type: str = Field(default="t3.small.search", pattern=r"^[a-z0-9]+\.[a-z0-9]+\.search$")
    instance_count: int = Field(default=1, ge=1, le=10)
    volume_gb: int = Field(default=10, ge=10, le=1_000)
    dedicated_masters: bool = Field(default=False, description="three dedicated master nodes (large tenants)")
    master_instance_type: str = Field(default="m7g.large.search", pattern=r"^[a-z0-9]+\.[a-z0-9]+\.search$")


class Api(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    api_keys: bool = Field(default=False, description="also require an API key (with a usage plan)")
    rate_limit: float = Field(default=50, gt=0)
    burst_limit: int = Field(default=100, ge=1)
    quota_per_day: int | None = Field(default=None, ge=1)


class Alarms(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    email: str | None = Field(default=None, pattern=r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
    api_5xx_per_5min: int = Field(default=5, ge=1)
    api_p99_ms: int = Field(default=3_000, ge=1)
    dream_failures_per_hour: int = Field(default=3, ge=1)
    dashboard: bool = Field(
        default=False,
        description="a dashboard of the tenant's own ($3 a month); the platform's reverie-fleet shows every tenant",
    )


class Agent(BaseModel):
    """An agent's role (`reverie-<tenant>-agent-<name>`): who may assume it, and the users it serves."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    users: list[str] = Field(min_length=1, max_length=100)
    assumed_by: str = Field(
        max_length=600, pattern=r"^(\d{12}|arn:aws[a-z-]*:iam::\d{12}:role/[A-Za-z0-9+=,.@/_-]+)$"
    )

    @model_validator(mode="after")
    def _user_ids(self) -> Agent:
        from infra.agent_access import USER_PATTERN

        for user in self.users:
            if not re.fullmatch(USER_PATTERN, user):
                raise ValueError(f"agents.users: {user!r} is not a user id")
        return self


class TenantConfig(BaseModel):
    """Everything a tenant's stack is built from."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    tenant: str = Field(pattern=TENANT_PATTERN, description="lower-case, 3-32 characters")
    region: str | None = Field(default=None, pattern=r"^[a-z]{2}(-[a-z]+)+-\d$")
    account: str | None = Field(default=None, pattern=r"^\d{12}$")
    removal: Literal["retain", "destroy"] = Field(default="retain", description="destroy: for test tenants")
    models: Models = Models()
    budget: Budget = Budget()
    dreaming: Dreaming = Dreaming()
    retention: Retention = Retention()
    search: Search = Search()
    api: Api = Api()
    alarms: Alarms = Alarms()
    agents: dict[str, Agent] = Field(
        default_factory=dict, description="per-agent roles (infra/agent_access.py)"
    )
    agents_by_tag: bool = Field(default=False, description="a managed policy keyed on the reverie:user tag")
    console: bool = Field(
        default=True,
        description="the memory console (infra/console.py): CloudFront, S3, operators signing in through Cognito",
    )

    @model_validator(mode="after")
    def _agent_names(self) -> TenantConfig:
        for name in self.agents:
            if not re.fullmatch(r"^[a-z][a-z0-9-]{0,30}$", name):
                raise ValueError(f"agents: {name!r} must be 1-31 lower-case letters, digits and '-'")
        return self


class PlatformConfig(BaseModel):
    """The per-account-and-region platform stack (`reverie:platform` in cdk.json): the shared search domain
    and the account-level pieces every tenant stack relies on."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    region: str | None = Field(default=None, pattern=r"^[a-z]{2}(-[a-z]+)+-\d$")
    account: str | None = Field(default=None, pattern=r"^\d{12}$")
    removal: Literal["retain", "destroy"] = "retain"
    search: Search = Search()
    api_gateway_account_role: bool = Field(
        default=True,
        description="own API Gateway's account CloudWatch role (false: the account already sets one)",
    )
    log_retention_days: int = Field(default=90)
    alarms_email: str | None = Field(default=None, pattern=r"^[^@\s]+@[^@\s]+\.[^@\s]+$")

    @model_validator(mode="after")
    def _known_retention(self) -> PlatformConfig:
        if self.log_retention_days not in RETENTION_DAYS:
            raise ValueError(f"log_retention_days must be one of {RETENTION_DAYS}")
        return self


def _merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for name, value in override.items():
        merged[name] = (
            _merge(merged[name], value)
            if isinstance(value, dict) and isinstance(merged.get(name), dict)
            else value
        )
    return merged


def _as_dict(raw: Any, where: str) -> dict[str, Any]:
    if raw is None:
        return {}
    if isinstance(raw, str):  # -c reverie='{"budget": ...}' arrives as text
        try:
            raw = json.loads(raw)
        except ValueError as exc:
            raise TenantConfigError(f"context {where!r} is not JSON: {exc}") from None
    if not isinstance(raw, dict):
        raise TenantConfigError(f"context {where!r} must be an object, not {type(raw).__name__}")
    return raw


COMMAND_LINE = {  # -c name=value → the setting it overrides (for this synth only)
    "reasoner": ("models", "reasoner"),
    "embedding": ("models", "embedding"),
    "reranker": ("models", "reranker"),
    "search": ("search", "mode"),
}


def _command_line(context: Any) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for name, (group, key) in COMMAND_LINE.items():
        value = context(name)
        if value is not None:
            found.setdefault(group, {})[key] = value
    return found


def load_platform_config(context: Any) -> PlatformConfig:
    """The platform's config from `reverie:platform`."""
    values = _as_dict(context("reverie:platform"), "reverie:platform")
    try:
        return PlatformConfig.model_validate(values)
    except ValidationError as exc:
        raise TenantConfigError(
            f"bad platform settings in cdk.json context 'reverie:platform':\n{_problems(exc)}"
        ) from None


def _problems(exc: ValidationError) -> str:
    return "\n".join(
        f"  - {'.'.join(map(str, e['loc'])) or '(config)'} = {str(e.get('input'))[:80]!r}: {e['msg']}"
        for e in exc.errors(include_url=False)
    )


def load_tenant_config(context: Any) -> TenantConfig:
    """The tenant's config from `context(key)` (a CDK node's `try_get_context`): `tenant`, the defaults in
    `reverie` and the tenant's overrides in `reverie:tenants`."""
    tenant = context("tenant")
    if not tenant:
        raise TenantConfigError("no tenant: run `cdk synth -c tenant=<name>` (lower-case letters, digits, -)")
    if not re.fullmatch(TENANT_PATTERN, str(tenant)):
        raise TenantConfigError(
            f"tenant {tenant!r} is not a valid name: use 3-32 lower-case letters, digits and '-', starting with "
            "a letter (it names the stack and every resource in it)"
        )
    defaults = _as_dict(context("reverie"), "reverie")
    overrides = _as_dict(context("reverie:tenants"), "reverie:tenants").get(str(tenant), {})
    values = _merge(defaults, _as_dict(overrides, f"reverie:tenants.{tenant}"))
    values = _merge(values, _command_line(context))
    try:
        return TenantConfig.model_validate({**values, "tenant": tenant})
    except ValidationError as exc:
        raise TenantConfigError(
            f"tenant {tenant!r}: bad Reverie settings in cdk.json context ('reverie', "
            f"'reverie:tenants.{tenant}' or -c {'/'.join(COMMAND_LINE)}):\n{_problems(exc)}"
        ) from None

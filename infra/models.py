"""The Bedrock models a tenant may name, in one place: what each is for, its lifecycle on Bedrock, and how
it may be invoked. `infra/config.py` validates `models.*` (and `-c reasoner=… -c embedding=… -c reranker=…`)
against this table at synth, so a retired model id stops the synth instead of failing every dream after a
20-minute deploy.

Lifecycle and access as read on the Bedrock model cards and the model lifecycle page on `READ_ON`
(https://docs.aws.amazon.com/bedrock/latest/userguide/model-lifecycle.html and the `model-card-*` pages).
A model whose state is `legacy` or `eol` is refused: new accounts cannot start on a Legacy model and an
EOL one answers every call with an error. To allow a new model, add a line here (with its source).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

READ_ON = "2026-12-01"
LIFECYCLE_SOURCE = "https://docs.aws.amazon.com/bedrock/latest/userguide/model-lifecycle.html"
Role = Literal["reasoner", "embedding", "reranker"]
Lifecycle = Literal["active", "legacy", "eol"]
GEO_PREFIXES = ("us.", "eu.", "apac.", "jp.", "au.", "ca.", "us-gov.", "global.")


@dataclass(frozen=True)
class BedrockModel:
    """One Bedrock foundation model as Reverie uses it."""

    model_id: str
    role: Role
    lifecycle: Lifecycle
    in_region: bool = True  # invocable by its own id; False: only through an inference profile
    profiles: tuple[str, ...] = ()  # the cross-region inference profile prefixes it is offered under
    eol: str | None = None  # the EOL date, once Bedrock has published one
    dims: tuple[int, ...] = ()  # embedding sizes it can return


CATALOGUE: tuple[BedrockModel, ...] = (
    # reasoners: Converse with one forced tool (bedrock_reasoner.py)
    BedrockModel(
        "anthropic.claude-haiku-4-5-20251001-v1:0", "reasoner", "active",
        profiles=("us.", "eu.", "jp.", "au.", "global."),
    ),
    BedrockModel(
        "anthropic.claude-sonnet-4-5-20250929-v1:0", "reasoner", "active",
        profiles=("us.", "eu.", "jp.", "au.", "global."),
    ),
    BedrockModel("anthropic.claude-sonnet-4-6", "reasoner", "active", profiles=("us.", "eu.", "jp.", "au.", "global.")),
    BedrockModel("amazon.nova-2-lite-v1:0", "reasoner", "active", in_region=False, profiles=("us.", "eu.", "global.")),
    BedrockModel("amazon.nova-lite-v1:0", "reasoner", "active", profiles=("us.", "eu.", "apac.")),
    BedrockModel("amazon.nova-pro-v1:0", "reasoner", "active", profiles=("us.", "eu.", "apac.")),
    # retired: listed so that the synth says why they are refused
    BedrockModel("anthropic.claude-3-5-haiku-20241022-v1:0", "reasoner", "eol", profiles=("us.",), eol="2026-06-19"),
    BedrockModel("anthropic.claude-3-haiku-20240307-v1:0", "reasoner", "eol", profiles=("us.", "eu.", "apac."), eol="2026-09-10"),
    # embeddings (bedrock_embedder.py)
    BedrockModel("amazon.titan-embed-text-v2:0", "embedding", "active", dims=(256, 512, 1024)),
    # rerankers (bedrock_reranker.py, the Rerank API)
    BedrockModel("cohere.rerank-v3-5:0", "reranker", "active"),
    BedrockModel("amazon.rerank-v1:0", "reranker", "active"),
)  # fmt: skip

# The defaults a tenant gets when cdk.json and the command line name none. The reasoner goes through the
# global inference profile: the one id every commercial region can call (a tenant bound to a geography
# names `eu.…`/`us.…` instead).
DEFAULT_REASONER = "global.anthropic.claude-haiku-4-5-20251001-v1:0"
DEFAULT_EMBEDDING = "amazon.titan-embed-text-v2:0"
DEFAULT_EMBEDDING_DIM = 1024


class UnknownModelError(ValueError):
    """A model id that is not in the catalogue, is retired, or is invoked in a way Bedrock refuses."""


def split_profile(model_id: str) -> tuple[str, str]:
    """(`us.`, `anthropic.claude-…`) for an inference profile id, ("", id) for a foundation model id."""
    for prefix in GEO_PREFIXES:
        if model_id.startswith(prefix):
            return prefix, model_id[len(prefix) :]
    return "", model_id


def check_model(model_id: str, role: Role) -> BedrockModel | None:
    """The catalogue entry of `model_id` for `role`, or `UnknownModelError` saying what to name instead.
    An ARN (a provisioned model, an application inference profile) is the operator's to vouch for: None."""
    if model_id.startswith("arn:"):
        return None
    prefix, base = split_profile(model_id)
    found = next((m for m in CATALOGUE if m.model_id == base), None)
    choices = ", ".join(ids(role))
    if found is None or found.role != role:
        raise UnknownModelError(
            f"{model_id!r} is not a known {role} model; one of: {choices} (infra/models.py)"
        )
    if found.lifecycle != "active":
        when = f" on {found.eol}" if found.eol else ""
        raise UnknownModelError(
            f"{model_id!r} is {found.lifecycle.upper()} on Bedrock{when} (read {READ_ON}, {LIFECYCLE_SOURCE}); "
            f"use one of: {choices}"
        )
    if prefix and prefix not in found.profiles:
        raise UnknownModelError(f"{base!r} has no {prefix}… inference profile; profiles: {found.profiles}")
    if not prefix and not found.in_region:
        raise UnknownModelError(
            f"{base!r} is offered only through an inference profile: name it as one of "
            f"{', '.join(p + base for p in found.profiles)}"
        )
    return found


def ids(role: Role) -> list[str]:
    """The usable ids of a role (foundation ids, and each with its profile prefixes)."""
    found = []
    for model in CATALOGUE:
        if model.role == role and model.lifecycle == "active":
            found += ([model.model_id] if model.in_region else []) + [
                p + model.model_id for p in model.profiles
            ]
    return found

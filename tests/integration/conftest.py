"""Integration fixtures: the Lambda functions' environment and context, the same as the handler tests'."""

from tests.handlers.conftest import environment, lambda_context

__all__ = ["environment", "lambda_context"]  # fixtures: importing them here registers them for this folder

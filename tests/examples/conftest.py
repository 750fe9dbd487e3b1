"""Example test fixtures: the local service on loopback, as for the client's tests."""

from tests.client.conftest import backends, service_url

__all__ = ["backends", "service_url"]

"""No drift: the client's models are what the generator makes of the document the service serves now."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from reverie_client import Reverie

CLIENT = Path(__file__).resolve().parents[2] / "clients" / "python"


def generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("generate_models", CLIENT / "generate_models.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_client_models_are_generated_from_the_served_openapi_document(reverie: Reverie) -> None:
    # GIVEN the document the local service serves at /openapi.json
    document = reverie.openapi()
    # WHEN the client's generator renders it
    gen = generator()
    rendered = gen.render(document)
    # THEN the committed models are exactly that (else: python clients/python/generate_models.py)
    assert rendered == gen.MODELS.read_text(encoding="utf-8"), (
        "the API changed and the client's models did not follow: run python clients/python/generate_models.py"
    )

"""Generate `src/reverie_client/models.py` from the API's OpenAPI document (datamodel-code-generator).

    python clients/python/generate_models.py            # from the app in this repository
    python clients/python/generate_models.py URL        # from a running service's /openapi.json

The test tests/client/test_models_drift.py renders the served document the same way and compares: a
change to the API that the client's models do not follow fails it.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Any

MODELS = Path(__file__).resolve().parent / "src" / "reverie_client" / "models.py"
HEADER = '''"""The API's request and response models, generated from its OpenAPI document: do not edit.

Regenerate with `python clients/python/generate_models.py` after changing the API.
"""
# ruff: noqa
'''


def render(document: dict[str, Any]) -> str:
    """The models module for `document` (an OpenAPI 3 document as JSON)."""
    from datamodel_code_generator import (
        DataModelType,
        Formatter,
        InputFileType,
        LiteralType,
        PythonVersion,
        generate,
    )

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "models.py"
        generate(
            json.dumps(document, sort_keys=True),
            input_file_type=InputFileType.OpenAPI,
            output=out,
            output_model_type=DataModelType.PydanticV2BaseModel,
            target_python_version=PythonVersion.PY_311,
            use_annotated=True,
            use_standard_collections=True,
            use_union_operator=True,
            field_constraints=True,
            collapse_root_models=True,
            use_type_alias=True,
            enum_field_as_literal=LiteralType.All,
            use_schema_description=True,
            use_field_description=True,
            disable_timestamp=True,
            custom_file_header=HEADER,
            formatters=[Formatter.BUILTIN],
            # a newer service may answer more fields than this client knows: kept, never an error; a
            # field the service does not know, sent in a request, is refused by the service (422)
            extra_fields="allow",
        )
        return out.read_text(encoding="utf-8")


def document_of_app() -> dict[str, Any]:
    """The OpenAPI document the app in this repository serves at /openapi.json."""
    from reverie.api.routes import create_app

    app = create_app(lambda: None, "generate")  # type: ignore[arg-type, return-value]  # no route runs
    return app.get_openapi_schema(title="Reverie", version="0.1.0").model_dump(
        mode="json", by_alias=True, exclude_none=True
    )


def main(argv: list[str]) -> int:
    if argv:
        import httpx

        document = httpx.get(argv[0].rstrip("/") + "/openapi.json", timeout=30).raise_for_status().json()
    else:
        document = document_of_app()
    MODELS.write_text(render(document), encoding="utf-8")
    print(f"wrote {MODELS}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

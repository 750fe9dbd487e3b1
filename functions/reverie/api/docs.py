"""The API's own description: the OpenAPI document at `/openapi.json` and Powertools' Swagger UI at `/docs`.

Both are open: they describe the API and hold no one's data, and a browser opening `/docs` has no way to
send a bearer token with the page. The Swagger UI is Powertools' own (`enable_swagger`), its JavaScript and
CSS bundled in the page from the Powertools package (no CDN: it works offline and on a closed network),
with the document in the page. Calls made from it need the token: its Authorize button takes it.

The document declares how callers authenticate: `bearer` for the local service (`REVERIE_API_TOKEN`, the
admin role; `REVERIE_AGENT_TOKEN`, the agent role) and `sigv4` for API Gateway on AWS (IAM authorisation,
requests signed with Signature Version 4 for the service `execute-api`); an operation accepts either.
"""

from __future__ import annotations

from typing import Any

from aws_lambda_powertools.event_handler import APIGatewayRestResolver
from aws_lambda_powertools.event_handler.openapi.models import APIKey, APIKeyIn, HTTPBearer, SecurityScheme

from reverie.api.problems import documented

TITLE = "Reverie"
VERSION = "0.1.0"
DESCRIPTION = (
    "Long-term memory for AI agents: record sessions, recall a budgeted context, search ranked memories, "
    "review and edit what the dream learnt. Every error answers `{error, message, request_id, detail}`; "
    "lists are paged by `cursor` (pass the answer's `next_cursor`) and carry their `total`."
)
OPEN_PATHS = frozenset({"/health", "/docs", "/openapi.json"})  # answered without a token
SECURITY_SCHEMES: dict[str, SecurityScheme] = {
    "bearer": HTTPBearer(
        description="The local service (`reverie serve`): `Authorization: Bearer <token>`; "
        "REVERIE_API_TOKEN names the admin role, REVERIE_AGENT_TOKEN the agent role. Without either token "
        "set, the service listens on loopback only and needs none."
    ),
    "sigv4": APIKey(
        name="Authorization",
        in_=APIKeyIn.header,
        description="API Gateway on AWS (IAM authorisation): sign each request with AWS Signature "
        "Version 4 for the service `execute-api` (botocore's SigV4Auth, awscurl); the IAM principal is "
        "the admin role.",
        openapi_extensions={"x-amazon-apigateway-authtype": "awsSigv4"},
    ),
}
SECURITY: list[dict[str, list[str]]] = [{"bearer": []}, {"sigv4": []}]


def add_docs(app: APIGatewayRestResolver) -> None:
    """Describe `app` (title, security schemes) and serve `/openapi.json` and the Swagger UI at `/docs`."""
    app.configure_openapi(
        title=TITLE,
        version=VERSION,
        description=DESCRIPTION,
        security_schemes=SECURITY_SCHEMES,
        security=SECURITY,
    )
    app.enable_swagger(path="/docs", title=TITLE, version=VERSION, persist_authorization=True)

    @app.get("/openapi.json", responses=documented(200), security=[{}])
    def openapi() -> dict[str, Any]:
        """This document (no token needed)."""
        return app.get_openapi_schema().model_dump(mode="json", by_alias=True, exclude_none=True)

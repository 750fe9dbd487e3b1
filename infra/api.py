"""The REST API: API Gateway in front of the API function (the routes of functions/reverie/api/).

IAM (SigV4) authorisation on every method by default; with `api.api_keys` also an API key and a usage
plan (quota and throttling per key). Stage throttling, request validation (parameters always, a JSON
object body for POST and PATCH), JSON access logs, X-Ray. The OpenAPI document is served by the API
itself at GET /openapi.json (Powertools builds it from the routes), behind the same authorisation.
"""

from __future__ import annotations

import aws_cdk as cdk
from aws_cdk import aws_apigateway as apigw
from aws_cdk import aws_cognito as cognito
from aws_cdk import aws_logs as logs
from constructs import Construct

from infra import permissions
from infra.config import TenantConfig
from infra.functions import FunctionEnvironment, TenantFunction, log_retention
from infra.queue import SessionEndQueue
from infra.storage import TenantStorage, removal_policy

BODY_METHODS = ("POST", "PATCH")
PLAIN_METHODS = ("GET", "DELETE")


# The API's error shape ({error, message, request_id, detail}) for an answer API Gateway makes itself.
GATEWAY_ERROR_TEMPLATE = (
    '{"error": "ERROR", "message": $context.error.messageString, '
    '"request_id": "$context.requestId", "detail": []}'
)


class MemoryApi(Construct):
    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        config: TenantConfig,
        storage: TenantStorage,
        env: FunctionEnvironment,
        queue: SessionEndQueue,
        state_machine_arn: str,
        stub_dir: str | None,
    ) -> None:
        super().__init__(scope, construct_id)
        self.function = TenantFunction(
            self,
            "Handler",
            config=config,
            handler="reverie.handlers.api.handler",
            profile="full",
            environment={
                **env.base(),
                **env.storage(),
                **env.search(),
                "REVERIE_QUEUE_URL": queue.queue.queue_url,
                "REVERIE_STATE_MACHINE_ARN": state_machine_arn,
            },
            timeout=cdk.Duration.seconds(29),  # API Gateway's integration limit
            memory_mb=1769,  # one full vCPU: recall ranks in Python
            key=storage.key,
            description="REST API (capture, recall, admin)",
            stub_dir=stub_dir,
        )
        self.function.allow(
            *permissions.table_access(storage.table, storage.key, write=True),
            *permissions.raw_log_access(storage.raw_log, write=True, delete=True),
            *queue.send_statements(storage.key),
            *permissions.start_dreams(state_machine_arn),
            permissions.index_stamp(env.stamp_parameter, write=False),
            permissions.bedrock_models(config.models.embedding, config.models.reranker),
        )
        self.access_logs = logs.LogGroup(
            self,
            "AccessLogs",
            retention=log_retention(config),
            encryption_key=storage.key,
            removal_policy=removal_policy(config),
        )
        api = config.api
        self.rest_api = apigw.RestApi(
            self,
            "RestApi",
            rest_api_name=f"reverie-{config.tenant}",
            description=f"Reverie memory API of tenant {config.tenant}",
            endpoint_types=[apigw.EndpointType.REGIONAL],
            cloud_watch_role=False,  # the account's role is the platform stack's (infra/platform.py)
            deploy_options=apigw.StageOptions(
                stage_name="v1",
                throttling_rate_limit=api.rate_limit,
                throttling_burst_limit=api.burst_limit,
                tracing_enabled=True,
                logging_level=apigw.MethodLoggingLevel.ERROR,
                metrics_enabled=True,
                access_log_destination=apigw.LogGroupLogDestination(self.access_logs),
                access_log_format=apigw.AccessLogFormat.json_with_standard_fields(
                    caller=True,
                    http_method=True,
                    ip=True,
                    protocol=True,
                    request_time=True,
                    resource_path=True,
                    response_length=True,
                    status=True,
                    user=True,
                ),
            ),
            default_method_options=apigw.MethodOptions(
                authorization_type=apigw.AuthorizationType.IAM, api_key_required=api.api_keys
            ),
        )
        json_object = self.rest_api.add_model(
            "JsonObject",
            content_type="application/json",
            schema=apigw.JsonSchema(schema=apigw.JsonSchemaVersion.DRAFT4, type=apigw.JsonSchemaType.OBJECT),
        )
        validate_all = self.rest_api.add_request_validator(
            "ValidateBodyAndParameters", validate_request_body=True, validate_request_parameters=True
        )
        validate_params = self.rest_api.add_request_validator(
            "ValidateParameters", validate_request_body=False, validate_request_parameters=True
        )
        # API Gateway's own refusals (no signature, denied, throttled, a body the validator refuses) answer
        # in the API's one error shape, with the request id, as the function's do (api/problems.py)
        for kind, error in (
            (apigw.ResponseType.DEFAULT_4_XX, "$context.error.responseType"),
            (apigw.ResponseType.DEFAULT_5_XX, "$context.error.responseType"),
        ):
            self.rest_api.add_gateway_response(
                f"Gateway{kind.response_type}",
                type=kind,
                response_headers={"X-Request-Id": "context.requestId"},
                templates={"application/json": GATEWAY_ERROR_TEMPLATE.replace("ERROR", error)},
            )
        integration = apigw.LambdaIntegration(self.function.function, proxy=True)
        self._integration, self._validators, self._json_object = (
            integration,
            (validate_all, validate_params),
            json_object,
        )
        routes = self.rest_api.root.add_resource("{proxy+}")  # every route lives under a path
        for method in BODY_METHODS:
            routes.add_method(
                method,
                integration,
                request_validator=validate_all,
                request_models={"application/json": json_object},
            )
        for method in PLAIN_METHODS:
            routes.add_method(method, integration, request_validator=validate_params)
        if api.api_keys:
            plan = self.rest_api.add_usage_plan(
                "UsagePlan",
                name=f"reverie-{config.tenant}",
                throttle=apigw.ThrottleSettings(rate_limit=api.rate_limit, burst_limit=api.burst_limit),
                quota=apigw.QuotaSettings(limit=api.quota_per_day, period=apigw.Period.DAY)
                if api.quota_per_day
                else None,
            )
            plan.add_api_stage(stage=self.rest_api.deployment_stage)
            plan.add_api_key(
                self.rest_api.add_api_key("ApiKey", api_key_name=f"reverie-{config.tenant}-default")
            )

    def add_operator_routes(self, user_pool: cognito.IUserPool, console_origin: str) -> None:
        """The same routes under `/operator`, for the console's operators: a Cognito user pool authorizer
        instead of SigV4 (the function makes a member of the pool's operators group an admin and refuses
        anyone else, `api/caller.py`), and CORS for the console's origin (API Gateway answers the preflight,
        the function names the origin in its answers)."""
        authorizer = apigw.CognitoUserPoolsAuthorizer(
            self, "Operators", cognito_user_pools=[user_pool], authorizer_name="reverie-operators"
        )
        operator = self.rest_api.root.add_resource(
            "operator",
            default_cors_preflight_options=apigw.CorsOptions(
                allow_origins=[console_origin],
                allow_methods=[*BODY_METHODS, *PLAIN_METHODS],
                allow_headers=["Authorization", "Content-Type"],
                max_age=cdk.Duration.minutes(10),
            ),
        )
        routes = operator.add_resource("{proxy+}")
        validate_all, validate_params = self._validators
        guarded = {  # a browser keeps no API key: the operators' token is what lets them in
            "authorization_type": apigw.AuthorizationType.COGNITO,
            "authorizer": authorizer,
            "api_key_required": False,
        }
        for method in BODY_METHODS:
            routes.add_method(
                method,
                self._integration,
                request_validator=validate_all,
                request_models={"application/json": self._json_object},
                **guarded,  # type: ignore[arg-type]
            )
        for method in PLAIN_METHODS:
            routes.add_method(method, self._integration, request_validator=validate_params, **guarded)  # type: ignore[arg-type]
        self.function.function.add_environment("REVERIE_CONSOLE_ORIGIN", console_origin)

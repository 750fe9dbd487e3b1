"""The memory console on AWS: its files in a private S3 bucket behind CloudFront (origin access control,
the security headers CloudFront offers), and operators who sign in through a Cognito user pool (created
here, or an existing one passed in).

The files are the package's own (`functions/reverie/console/static`), deployed unchanged, with a
`config.json` written at deploy time that tells the console where the API and the sign-in are. The API
side (a Cognito authorizer on the admin routes, SigV4 kept on the agent routes) belongs to the API
construct: `MemoryConsole.user_pool` is what it authorises against.
"""

from __future__ import annotations

from pathlib import Path

import aws_cdk as cdk
from aws_cdk import aws_cloudfront as cloudfront
from aws_cdk import aws_cloudfront_origins as origins
from aws_cdk import aws_cognito as cognito
from aws_cdk import aws_s3 as s3
from aws_cdk import aws_s3_deployment as s3deploy
from constructs import Construct

CONSOLE_FILES = Path(__file__).resolve().parents[1] / "functions" / "reverie" / "console" / "static"
OPERATORS_GROUP = "operators"


def _acknowledge(scope: Construct, rule: str, reason: str) -> None:
    cdk.Validations.of(scope).acknowledge(
        cdk.Acknowledgment(id=f"AwsSolutions::AwsSolutions-{rule}", reason=reason)
    )


def _or(value: str, placeholder: str) -> str:
    """`value`, or how cdk-nag names it when it is only known at deploy time (an environment-agnostic stack)."""
    return placeholder if cdk.Token.is_unresolved(value) else value


class MemoryConsole(Construct):
    """The console of one tenant: bucket, distribution, sign-in, and the deployed files.

    `api_url` is the API's base URL (the console calls it from the browser; `api_origin` its origin, for
    the content security policy, when the URL would tie the two in a loop); `user_pool` an existing pool
    to sign operators in with (one is created when None); `removal` what happens to the bucket and the
    pool when the stack goes.
    """

    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        tenant: str,
        api_url: str,
        user_pool: cognito.IUserPool | None = None,
        removal: cdk.RemovalPolicy = cdk.RemovalPolicy.RETAIN,
        files: Path = CONSOLE_FILES,
        api_origin: str | None = None,
    ) -> None:
        super().__init__(scope, construct_id)
        auto_delete = removal is cdk.RemovalPolicy.DESTROY
        self.logs = s3.Bucket(
            self,
            "AccessLogs",
            block_public_access=s3.BlockPublicAccess.BLOCK_ALL,
            encryption=s3.BucketEncryption.S3_MANAGED,
            enforce_ssl=True,
            object_ownership=s3.ObjectOwnership.OBJECT_WRITER,  # CloudFront's standard logs write with ACLs
            lifecycle_rules=[s3.LifecycleRule(expiration=cdk.Duration.days(90))],
            removal_policy=removal,
            auto_delete_objects=auto_delete,
        )
        _acknowledge(
            self.logs, "S1", "This bucket holds the console's own access logs; logging it would recurse."
        )
        self.bucket = s3.Bucket(
            self,
            "Files",
            block_public_access=s3.BlockPublicAccess.BLOCK_ALL,
            encryption=s3.BucketEncryption.S3_MANAGED,
            enforce_ssl=True,
            versioned=True,
            server_access_logs_bucket=self.logs,
            server_access_logs_prefix="files/",
            removal_policy=removal,
            auto_delete_objects=auto_delete,
        )
        self.distribution = cloudfront.Distribution(
            self,
            "Distribution",
            comment=f"Reverie {tenant}: memory console",
            default_root_object="index.html",
            default_behavior=cloudfront.BehaviorOptions(
                origin=origins.S3BucketOrigin.with_origin_access_control(self.bucket),
                viewer_protocol_policy=cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
                cache_policy=cloudfront.CachePolicy.CACHING_OPTIMIZED,
                # the API's origin, not its stage URL: the API's CORS names this distribution in turn
                response_headers_policy=self._headers(api_origin or api_url),
            ),
            enable_logging=True,
            log_bucket=self.logs,
            log_file_prefix="cloudfront/",
        )
        _acknowledge(
            self.distribution,
            "CFR1",
            "Operators sign in from wherever they work; the console's files are public code and every "
            "read of memory needs a Cognito token at the API.",
        )
        _acknowledge(
            self.distribution,
            "CFR2",
            "The distribution serves static files only (no data, no origin that computes): WAF belongs in "
            "front of the API, which reads and writes memory.",
        )
        _acknowledge(
            self.distribution,
            "CFR4",
            "The default *.cloudfront.net certificate allows TLS 1.0 in the viewer policy CloudFront "
            "reports; a tenant with its own domain and ACM certificate gets TLSv1.2_2021.",
        )
        self.user_pool = user_pool or self._pool(tenant, removal)
        url = f"https://{self.distribution.distribution_domain_name}/"
        self.client = self.user_pool.add_client(
            "ConsoleClient",
            generate_secret=False,  # a browser app cannot keep a secret: PKCE instead
            auth_flows=cognito.AuthFlow(user_srp=True),
            o_auth=cognito.OAuthSettings(
                flows=cognito.OAuthFlows(authorization_code_grant=True),
                scopes=[cognito.OAuthScope.OPENID, cognito.OAuthScope.EMAIL],
                callback_urls=[url],
                logout_urls=[url],
            ),
            prevent_user_existence_errors=True,
            id_token_validity=cdk.Duration.hours(1),
            access_token_validity=cdk.Duration.hours(1),
            refresh_token_validity=cdk.Duration.hours(12),
        )
        self.domain = self.user_pool.add_domain(
            "SignIn",
            cognito_domain=cognito.CognitoDomainOptions(
                domain_prefix=f"reverie-{tenant}-{cdk.Aws.ACCOUNT_ID}"
            ),
        )
        self.deployment = s3deploy.BucketDeployment(
            self,
            "Deploy",
            destination_bucket=self.bucket,
            sources=[
                s3deploy.Source.asset(str(files), exclude=["config.json"]),
                s3deploy.Source.json_data(
                    "config.json",
                    {
                        "api_base": api_url,
                        "cognito": {
                            "domain": self.domain.base_url(),
                            "client_id": self.client.user_pool_client_id,
                            "redirect_uri": url,
                        },
                    },
                ),
            ],
            distribution=self.distribution,
            distribution_paths=["/*"],
        )
        self._acknowledge_deployment_helper()
        cdk.CfnOutput(self, "ConsoleUrl", value=url, description=f"Reverie {tenant}: the memory console")

    def _acknowledge_deployment_helper(self) -> None:
        """CDK's deployment helper (one function per stack) copies the files from the CDK asset bucket into
        the console's bucket and invalidates the distribution; its role and runtime are CDK's own."""
        stack = cdk.Stack.of(self)
        helper = next(c for c in stack.node.children if c.node.id.startswith("Custom::CDKBucketDeployment"))
        reason = (
            "CDK's BucketDeployment helper, run at deploy time only: it copies the console's files from "
            "the CDK asset bucket into the console's bucket and invalidates the distribution; CDK writes "
            "its role (object-level wildcards on those two buckets, CloudFront invalidation, its logs) "
            "and pins its runtime."
        )
        for rule in (
            "IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]",
            "IAM5[Action::s3:Abort*]",
            "IAM5[Action::s3:DeleteObject*]",
            "IAM5[Action::s3:GetBucket*]",
            "IAM5[Action::s3:GetObject*]",
            "IAM5[Action::s3:List*]",
            "IAM5[Resource::*]",
            f"IAM5[Resource::<{stack.get_logical_id(self.bucket.node.default_child)}.Arn>/*]",  # type: ignore[arg-type]
            *(
                f"IAM5[Resource::arn:{partition}:s3:::cdk-hnb659fds-assets-{_or(stack.account, '<AWS::AccountId>')}"
                f"-{_or(stack.region, '<AWS::Region>')}/*]"
                for partition in ("<AWS::Partition>", "aws")  # "aws" once the stack names its region
            ),
            "L1",
        ):
            _acknowledge(helper, rule, reason)

    def _headers(self, api_url: str) -> cloudfront.ResponseHeadersPolicy:
        """The security headers CloudFront adds to every answer: the same policy as `reverie serve`'s
        (`console.assets`), plus the API and the sign-in domain the browser must reach, and HSTS."""
        csp = (
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            f"connect-src 'self' {api_url} https://*.amazoncognito.com; frame-ancestors 'none'; "
            "base-uri 'none'; form-action 'self'"
        )
        return cloudfront.ResponseHeadersPolicy(
            self,
            "SecurityHeaders",
            comment="Reverie console: strict transport, no framing, no sniffing, no referrer, CSP 'self'",
            security_headers_behavior=cloudfront.ResponseSecurityHeadersBehavior(
                content_security_policy=cloudfront.ResponseHeadersContentSecurityPolicy(
                    content_security_policy=csp, override=True
                ),
                strict_transport_security=cloudfront.ResponseHeadersStrictTransportSecurity(
                    access_control_max_age=cdk.Duration.days(730), include_subdomains=True, override=True
                ),
                content_type_options=cloudfront.ResponseHeadersContentTypeOptions(override=True),
                frame_options=cloudfront.ResponseHeadersFrameOptions(
                    frame_option=cloudfront.HeadersFrameOption.DENY, override=True
                ),
                referrer_policy=cloudfront.ResponseHeadersReferrerPolicy(
                    referrer_policy=cloudfront.HeadersReferrerPolicy.NO_REFERRER, override=True
                ),
                xss_protection=cloudfront.ResponseHeadersXSSProtection(
                    protection=True, mode_block=True, override=True
                ),
            ),
        )

    def _pool(self, tenant: str, removal: cdk.RemovalPolicy) -> cognito.UserPool:
        pool = cognito.UserPool(
            self,
            "Operators",
            user_pool_name=f"reverie-{tenant}-operators",
            self_sign_up_enabled=False,  # operators are invited by an administrator
            sign_in_aliases=cognito.SignInAliases(email=True),
            mfa=cognito.Mfa.REQUIRED,
            mfa_second_factor=cognito.MfaSecondFactor(otp=True, sms=False),
            password_policy=cognito.PasswordPolicy(
                min_length=14,
                require_lowercase=True,
                require_uppercase=True,
                require_digits=True,
                require_symbols=True,
                temp_password_validity=cdk.Duration.days(3),
            ),
            account_recovery=cognito.AccountRecovery.EMAIL_ONLY,
            feature_plan=cognito.FeaturePlan.PLUS,
            standard_threat_protection_mode=cognito.StandardThreatProtectionMode.FULL_FUNCTION,
            removal_policy=removal,
        )
        cognito.CfnUserPoolGroup(
            self,
            "OperatorsGroup",
            user_pool_id=pool.user_pool_id,
            group_name=OPERATORS_GROUP,
            description="People who may read, correct, export and delete this tenant's memory",
        )
        return pool

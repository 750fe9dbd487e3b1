"""Lambda code without Docker: the `reverie` package plus the dependencies one kind of function needs,
installed for the Lambda platform by pip on this machine (`ILocalBundling`).

Dependency profiles come from pyproject.toml, so the stack installs the same ranges the tests run with:

- `core` (session_end, trigger_sweep): the core dependencies (pydantic, pydantic-settings, Powertools),
  aws-xray-sdk for the Tracer, and boto3. aws-xray-sdk pulls botocore anyway, so boto3 is bundled
  too: a bundled botocore under the runtime's older boto3 is a pair nobody tested (and S3's
  conditional writes need a recent one).
- `full` (api, dream stages, index_sync): the above and opensearch-py (with requests).

Then `strip_unused` removes what no handler imports (the size before and after is printed at synth):
opensearch-py's gRPC packages and botocore's models of services Reverie never calls.

Powertools is installed as a dependency rather than the public layer: one version for tests and Lambda,
no per-region layer ARN, and synth needs no lookup. The Docker image is only a fallback for `cdk` runs
where local bundling is refused; it is never used here.

Test mode: with context `reverie:code_stub=<dir>`, every function points at that tiny directory and
nothing is installed (tests/infra does this, so a test run never calls pip).
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any, Literal

import aws_cdk as cdk
import jsii
from aws_cdk import aws_lambda as lambda_

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "functions"
PACKAGE = "reverie"
PYTHON_VERSION = "3.12"
RUNTIME = lambda_.Runtime.PYTHON_3_12
ARCHITECTURE = lambda_.Architecture.X86_64
PLATFORM = "manylinux2014_x86_64"
Profile = Literal["core", "full"]
# Not needed by any handler: the CLI, the local HTTP server and its background dreams, the console's
# pages and the MCP server (the benchmarks live outside, in bench/).
EXCLUDE = (
    "__pycache__",
    "*.pyc",
    "cli",
    "console",
    "mcp",
    "local_server.py",
    "http_server.py",
    "background_dreams.py",
)
# Installed as dependencies but never imported by a handler: opensearch-py 3 declares its gRPC transport's
# packages (opensearch-protobufs, grpcio, protobuf: ~20 MB) though its HTTP client never imports them.
UNUSED_DISTRIBUTIONS = ("grpcio", "protobuf", "opensearch_protobufs")
# The AWS services the adapters call (plus Powertools' SSM provider and the credential chain): botocore's
# models of the other ~440 services are ~25 MB nobody loads. tests/infra/test_bundling.py checks every
# `client("…")` in functions/reverie is here.
BOTOCORE_SERVICES = frozenset(
    {
        "s3",
        "dynamodb",
        "sqs",
        "stepfunctions",
        "ssm",
        "bedrock-runtime",
        "bedrock-agent-runtime",
        "sts",
        "sso",
        "sso-oidc",
        "lambda",
        "kms",
        "xray",
    }
)


def _requirement_name(requirement: str) -> str:
    for stop in "<>=!~[ ;":
        requirement = requirement.split(stop, 1)[0]
    return requirement.strip().lower()


def requirements(profile: Profile) -> list[str]:
    """The pip requirements of a profile, with the version ranges of pyproject.toml."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    aws = {_requirement_name(r): r for r in project["optional-dependencies"]["aws"]}
    wanted = {"core": ["aws-xray-sdk", "boto3"], "full": list(aws)}[profile]
    return [*project["dependencies"], *(aws[name] for name in wanted)]


def pip_command(profile: Profile, target: str) -> list[str]:
    return [
        sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-compile",
        "--platform", PLATFORM, "--implementation", "cp", "--python-version", PYTHON_VERSION,
        "--only-binary=:all:", "--target", target, *requirements(profile),
    ]  # fmt: skip


@jsii.implements(cdk.ILocalBundling)
class PipBundling:
    """Copies the package and pip-installs the profile's wheels for Lambda into the asset directory."""

    def __init__(self, profile: Profile) -> None:
        self.profile = profile

    def try_bundle(self, output_dir: str, *_: Any, **__: Any) -> bool:
        if shutil.which(sys.executable) is None:
            return False
        subprocess.run(pip_command(self.profile, output_dir), check=True)
        shutil.copytree(
            SOURCE / PACKAGE,
            Path(output_dir) / PACKAGE,
            ignore=shutil.ignore_patterns(*EXCLUDE),
            dirs_exist_ok=True,
        )
        before = size_mb(Path(output_dir))
        removed = strip_unused(Path(output_dir))
        print(
            f"reverie bundle '{self.profile}': {before:.1f} MB -> {size_mb(Path(output_dir)):.1f} MB unzipped "
            f"({', '.join(removed)})",
            file=sys.stderr,
        )
        return True


def size_mb(directory: Path) -> float:
    return sum(f.stat().st_size for f in directory.rglob("*") if f.is_file()) / 1e6


def strip_unused(target: Path) -> list[str]:
    """Remove `UNUSED_DISTRIBUTIONS` (every file their RECORD lists) and botocore's models of services
    outside `BOTOCORE_SERVICES` from an installed `target`. Returns what went."""
    removed = []
    for record in sorted(target.glob("*.dist-info/RECORD")):
        name = record.parent.name.split("-")[0].lower()
        if name not in UNUSED_DISTRIBUTIONS:
            continue
        for line in record.read_text().splitlines():
            path = target / line.split(",")[0]
            if path.is_file() and target in path.resolve().parents:
                path.unlink()
        shutil.rmtree(record.parent, ignore_errors=True)
        removed.append(name)
    for directory in sorted(target.rglob("*"), reverse=True):  # the packages' emptied directories
        if directory.is_dir() and not any(directory.iterdir()):
            directory.rmdir()
    data = target / "botocore" / "data"
    models = (
        [d for d in data.iterdir() if d.is_dir() and d.name not in BOTOCORE_SERVICES] if data.is_dir() else []
    )
    for model in models:
        shutil.rmtree(model)
    if models:
        removed.append(f"{len(models)} botocore service models")
    return removed


def _source_hash(profile: Profile) -> str:
    """Changes when the package's code or the profile's requirements change (and only then)."""
    stripped = [*EXCLUDE, *UNUSED_DISTRIBUTIONS, *sorted(BOTOCORE_SERVICES)]
    digest = hashlib.sha256("\n".join([*requirements(profile), *stripped]).encode())
    for path in sorted((SOURCE / PACKAGE).rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(SOURCE)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def function_code(profile: Profile, stub_dir: str | None = None) -> lambda_.Code:
    """The asset of one dependency profile (functions of one profile share one upload)."""
    if stub_dir:
        return lambda_.Code.from_asset(stub_dir)
    return lambda_.Code.from_asset(
        str(SOURCE),
        asset_hash_type=cdk.AssetHashType.CUSTOM,
        asset_hash=_source_hash(profile),
        bundling=cdk.BundlingOptions(
            image=RUNTIME.bundling_image,
            local=PipBundling(profile),
            command=[
                "bash", "-c",
                f"pip install --no-compile -t /asset-output {' '.join(repr(r) for r in requirements(profile))}"
                f" && cp -r /asset-input/{PACKAGE} /asset-output/",
            ],
        ),
    )  # fmt: skip

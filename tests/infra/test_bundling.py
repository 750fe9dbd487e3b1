"""What the Lambda bundles leave out: local-only modules, the gRPC packages opensearch-py declares but never
imports, and botocore's models of services no adapter calls (infra/bundling.py). No pip run here: the
stripping is checked on a small installed-looking tree."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from infra.bundling import BOTOCORE_SERVICES, EXCLUDE, PACKAGE, SOURCE, strip_unused


def test_every_aws_service_the_code_calls_keeps_its_botocore_model() -> None:
    called = {"ssm"}  # Powertools' SSMProvider (bootstrap/aws.py's index stamp) builds this one
    for path in (SOURCE / PACKAGE).rglob("*.py"):
        called |= set(re.findall(r"client\(\s*\"([a-z0-9-]+)\"", path.read_text()))
    assert {"s3", "dynamodb", "sqs", "stepfunctions", "bedrock-runtime"} <= called
    assert called <= BOTOCORE_SERVICES, sorted(called - BOTOCORE_SERVICES)


def _dist(target: Path, name: str, files: dict[str, str]) -> None:
    info = target / f"{name}-1.0.dist-info"
    info.mkdir(parents=True)
    for rel, text in files.items():
        (target / rel).parent.mkdir(parents=True, exist_ok=True)
        (target / rel).write_text(text)
    (info / "RECORD").write_text("".join(f"{rel},sha256=x,1\n" for rel in files))


def test_unused_packages_and_service_models_are_stripped(tmp_path: Path) -> None:
    # GIVEN an installed tree: grpcio and protobuf beside pydantic, botocore with three service models
    _dist(tmp_path, "grpcio", {"grpc/__init__.py": "", "grpc/_cython/cygrpc.so": "x" * 1000})
    _dist(tmp_path, "protobuf", {"google/protobuf/__init__.py": ""})
    _dist(tmp_path, "pydantic", {"pydantic/__init__.py": ""})
    for service in ("s3", "dynamodb", "ec2"):
        (tmp_path / "botocore/data" / service / "2020").mkdir(parents=True)
        (tmp_path / "botocore/data" / service / "2020/service-2.json.gz").write_text("{}")
    (tmp_path / "botocore/data/endpoints.json").write_text("{}")
    # WHEN stripped
    removed = strip_unused(tmp_path)
    # THEN what no handler imports is gone, and what they do is kept
    assert removed == ["grpcio", "protobuf", "1 botocore service models"]
    assert not (tmp_path / "grpc").exists() and not (tmp_path / "google").exists()
    assert not list(tmp_path.glob("grpcio-*")) and (tmp_path / "pydantic/__init__.py").exists()
    assert sorted(p.name for p in (tmp_path / "botocore/data").iterdir()) == [
        "dynamodb",
        "endpoints.json",
        "s3",
    ]


def test_local_only_modules_are_not_packed(tmp_path: Path) -> None:
    shutil.copytree(SOURCE / PACKAGE, tmp_path / PACKAGE, ignore=shutil.ignore_patterns(*EXCLUDE))
    packed = {p.relative_to(tmp_path / PACKAGE).as_posix() for p in (tmp_path / PACKAGE).rglob("*")}
    for local in ("api/http_server.py", "api/background_dreams.py", "api/local_server.py", "cli", "console"):
        assert local not in packed, local
    assert {"handlers/api.py", "api/routes.py", "bootstrap/aws.py", "statemachine/dream.asl.json"} <= packed

"""Real engines for the contract suites: OpenSearch installed by `scripts/engines/install`, dynalite by
`npm ci`; each started here on loopback for one test session, stopped when it ends (tests/README.md,
"Real engines").

An engine is a child process whose standard input is a pipe from this process: it stops itself when the
pipe closes, so it never outlives the test run, even one that is killed.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
INSTALL = ROOT / "scripts" / "engines" / "install"
OPENSEARCH_LIB = ROOT / ".engines" / "opensearch" / "lib"
OPENSEARCH_CLASSES = ROOT / ".engines" / "opensearch" / "classes"
DYNALITE = ROOT / "node_modules" / "dynalite"
DYNALITE_SERVER = ROOT / "scripts" / "engines" / "dynalite" / "serve.js"
OPENSEARCH_HEAP = "512m"
OPENSEARCH_JVM = [
    f"-Xms{OPENSEARCH_HEAP}",
    f"-Xmx{OPENSEARCH_HEAP}",
    "-XX:+UseSerialGC",
    "-XX:TieredStopAtLevel=1",
]
"""A node that lives for one test session: the client compiler only (the engine tests took 30 s of CPU
with it, 53-59 s with the optimising compiler as well) and one GC thread, on a 2-core machine."""
START_TIMEOUT_S = 180.0
STOP_TIMEOUT_S = 30.0


class EngineError(RuntimeError):
    """An engine could not be installed or did not start; the message says what it printed."""


def missing_java() -> str | None:
    """Why the Java engines cannot run here (no `java` or no `mvn` on PATH), or None when they can."""
    missing = [tool for tool in ("java", "mvn") if shutil.which(tool) is None]
    if missing:
        return f"{' and '.join(missing)} not on PATH: the real-engine runs need Java 17 and Maven"
    return None


def missing_dynalite() -> str | None:
    """Why dynalite cannot run here (no `node`, or the npm package not installed), or None when it can."""
    if shutil.which("node") is None:
        return "node not on PATH: the dynalite runs need Node 20"
    if not (DYNALITE / "package.json").is_file():
        return "dynalite is not installed: `npm ci` (run by `make install`) installs it into node_modules"
    return None


def install(engine: str) -> None:
    """Run the installer for `engine` (a no-op once installed)."""
    done = subprocess.run([str(INSTALL), engine], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise EngineError(f"installing {engine} failed:\n{done.stdout}{done.stderr}")


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def opensearch(home: Path) -> Iterator[str]:
    """A single-node OpenSearch 2.19 (k-NN, neural-search) with its data under `home`; yields its URL.
    A port taken between choosing it and binding it is chosen again (three tries)."""
    install("opensearch")
    for attempt in range(3):
        http_port, transport_port = free_port(), free_port()
        command = [
            "java", *OPENSEARCH_JVM,
            "-cp", f"{OPENSEARCH_LIB}{os.sep}*{os.pathsep}{OPENSEARCH_CLASSES}", "ReverieOpenSearch",
            str(home / f"node{attempt}"), str(http_port), str(transport_port),
        ]  # fmt: skip
        try:
            process = _start(command, home / f"opensearch{attempt}.log", "reverie-opensearch started on")
        except EngineError as error:
            if "Address already in use" in str(error) and attempt < 2:
                continue
            raise
        try:
            yield f"http://127.0.0.1:{http_port}"
        finally:
            _stop(process)
        return


@contextmanager
def dynalite(home: Path) -> Iterator[str]:
    """dynalite (the DynamoDB API in Node, tables in memory) on loopback; yields its endpoint URL.
    A port taken between choosing it and binding it is chosen again (three tries)."""
    for attempt in range(3):
        port = free_port()
        command = ["node", str(DYNALITE_SERVER), str(port)]
        try:
            process = _start(command, home / f"dynalite{attempt}.log", "reverie-dynalite started on")
        except EngineError as error:
            if "EADDRINUSE" in str(error) and attempt < 2:
                continue
            raise
        try:
            yield f"http://127.0.0.1:{port}"
        finally:
            _stop(process)
        return


def _start(command: list[str], log_path: Path, ready: str) -> subprocess.Popen[bytes]:
    """Start `command` with its output in `log_path` and wait until a line of it contains `ready`."""
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with log_path.open("wb") as log:
        process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + START_TIMEOUT_S
    while ready.encode() not in log_path.read_bytes():
        if process.poll() is not None or time.monotonic() > deadline:
            state = "exited" if process.poll() is not None else f"not ready in {START_TIMEOUT_S:.0f} s"
            _stop(process)
            tail = log_path.read_text(errors="replace")[-4000:]
            raise EngineError(f"{command[0]} {state}; the end of {log_path}:\n{tail}")
        time.sleep(0.2)
    return process


def _stop(process: subprocess.Popen[bytes]) -> None:
    """Close the engine's standard input (it stops itself), then terminate it if it lingers."""
    if process.stdin is not None:
        process.stdin.close()
    try:
        process.wait(timeout=STOP_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        process.terminate()
        try:
            process.wait(timeout=STOP_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()

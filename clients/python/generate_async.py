"""Write `async_client.py` from `client.py`: the async client is the sync one with every call awaited.

    python clients/python/generate_async.py

tests/client/test_client_surface.py renders it again and compares, so the two clients cannot drift.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent / "src" / "reverie_client"
ASYNC_DOC = '''    """`Reverie` for asyncio: the same methods and behaviour, awaited.

        async with AsyncReverie("http://127.0.0.1:8080") as reverie:
            block = await reverie.context("alice", "deploying today")

    `transport` is for tests (`httpx.MockTransport`, `httpx.ASGITransport`)."""

'''


def render(src: str) -> str:
    """The async client's source for the sync client's `src`, formatted by ruff as the repository is."""
    src = src.replace(
        '"""The synchronous client."""',
        '"""The asynchronous client: `Reverie`\'s methods, awaited (generate_async.py writes this file from client.py)."""',
    )
    src = src.replace("import time\n", "import asyncio\n")
    src = src.replace(
        "from collections.abc import Callable, Iterator, Mapping, Sequence",
        "from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence",
    )
    src = src.replace("class Reverie:", "class AsyncReverie:")
    src = src.replace("-> Reverie:", "-> AsyncReverie:")
    src = src.replace(
        "sleep: Callable[[float], None] = time.sleep",
        "sleep: Callable[[float], Awaitable[None]] = asyncio.sleep",
    )
    src = src.replace("transport: httpx.BaseTransport | None", "transport: httpx.AsyncBaseTransport | None")
    src = src.replace("httpx.Client(", "httpx.AsyncClient(")
    src = re.sub(r"^    def (?!__init__|for_aws)", "    async def ", src, flags=re.M)
    src = src.replace("async def __enter__", "async def __aenter__").replace(
        "async def __exit__", "async def __aexit__"
    )
    src = src.replace("self._http.close()", "await self._http.aclose()").replace(
        "        self.close()", "        await self.close()"
    )
    src = src.replace("return self.send(", "return await self.send(").replace(
        "        self.send(calls.delete", "        await self.send(calls.delete"
    )
    src = src.replace("response = self._http.send(", "response = await self._http.send(").replace(
        "self._sleep(policy", "await self._sleep(policy"
    )
    src = src.replace("page = self.send(first(cursor))", "page = await self.send(first(cursor))")
    src = re.sub(r"-> Iterator\[", "-> AsyncIterator[", src)
    src = src.replace("for page in self.pages(", "async for page in self.pages(")
    src = re.sub(
        r"( +)yield from page\.(\w+)\n",
        lambda m: f"{m.group(1)}for item in page.{m.group(2)}:\n{m.group(1)}    yield item\n",
        src,
    )
    start, end = src.index('    """A Reverie service'), src.index("    def __init__")
    src = src[:start] + ASYNC_DOC + src[end:]
    return src


def formatted(src: str) -> str:
    ruff = Path(sys.executable).with_name("ruff")
    done = subprocess.run(
        [str(ruff), "format", "--stdin-filename", str(PACKAGE / "async_client.py"), "-"],
        input=src,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def main() -> int:
    target = PACKAGE / "async_client.py"
    target.write_text(
        formatted(render((PACKAGE / "client.py").read_text(encoding="utf-8"))), encoding="utf-8"
    )
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

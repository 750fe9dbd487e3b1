"""The `reverie mcp` command: the MCP server over stdio (an agent host spawns it) or streamable HTTP."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path


def add_command(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "mcp",
        help="serve one user's memory as MCP tools (stdio or streamable HTTP), "
        "from the local home or a remote Reverie (--url)",
    )
    p.add_argument(
        "--user", default=os.environ.get("REVERIE_USER"), help="whose memory (default $REVERIE_USER)"
    )
    p.add_argument(
        "--url", default=os.environ.get("REVERIE_URL"), help="a running Reverie (default: the local home)"
    )
    p.add_argument(
        "--token", default=os.environ.get("REVERIE_TOKEN"), help="its bearer token ($REVERIE_TOKEN)"
    )
    p.add_argument("--aws-region", default=os.environ.get("REVERIE_AWS_REGION"), help="sign with SigV4 (AWS)")
    p.add_argument("--transport", choices=["stdio", "http"], default="stdio")
    p.add_argument("--host", default="127.0.0.1", help="HTTP only; loopback (the MCP endpoint has no auth)")
    p.add_argument("--port", type=int, default=8765, help="HTTP only; the endpoint is /mcp")
    p.set_defaults(func=cmd_mcp)


def cmd_mcp(args: argparse.Namespace) -> int:
    from reverie.cli.main import is_loopback
    from reverie.mcp.connect import local_client, remote_client
    from reverie.mcp.server import build_server

    if not args.user:
        print("name the user whose memory to serve: --user ID (or REVERIE_USER)", file=sys.stderr)
        return 2
    if args.transport == "http" and not is_loopback(args.host):
        print(
            f"refusing to serve MCP on {args.host}: the endpoint has no auth; use 127.0.0.1", file=sys.stderr
        )
        return 2
    if args.url:
        reverie = remote_client(args.url, args.token, args.aws_region)
    else:
        reverie = local_client(Path(args.home) if args.home else None)
    server = build_server(reverie, args.user)
    try:
        if args.transport == "stdio":
            server.run("stdio")
        else:
            print(
                f"Reverie MCP for {args.user} on http://{args.host}:{args.port}/mcp",
                file=sys.stderr,
                flush=True,
            )
            server.run("streamable-http", host=args.host, port=args.port)
    finally:
        reverie.close()
    return 0

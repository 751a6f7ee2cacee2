"""MCP over streamable HTTP on 127.0.0.1: neutral tools served by `interop.mcp` vs the SDK's own
`MCPServer` serving the same function (the baseline), at 1, 10 and 50 concurrent clients; and the
production shape: `interop serve --stateless --workers 4` under 50 clients x 100 calls, next to one
worker and to the SDK's server.

Each client opens its own session and makes sequential calls to an `echo` tool with a value unique
to (client, call); every result is checked, so a lost or mixed-up result counts as an error.
The server runs in a subprocess (`python bench_mcp.py --serve ours|native PORT`), so client and
server do not share a GIL. `load()` is also what the load test in tests/mcp uses.

Run: `.venv/bin/python benchmarks/bench_mcp.py`
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROUNDS = 5
LEVELS = ((1, 100), (10, 30), (50, 10))  # (clients, calls per client) per measured round


@dataclass
class LoadResult:
    clients: int
    calls: int
    seconds: float
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    mismatches: int = 0

    @property
    def calls_per_second(self) -> float:
        return len(self.latencies) / self.seconds

    def percentile(self, p: float) -> float:
        data = sorted(self.latencies)
        return data[min(len(data) - 1, round(p / 100 * (len(data) - 1)))]


async def load(
    url: str, clients: int, calls: int, *, mode: str = "auto", timeout: float = 60.0
) -> LoadResult:
    """`clients` concurrent sessions, each making `calls` sequential echo calls with unique values."""
    from mcp import Client

    result = LoadResult(clients=clients, calls=calls, seconds=0.0)

    async def one_client(c: int) -> None:
        try:
            async with Client(url, mode=mode) as client:
                for i in range(calls):
                    value = f"client{c}-call{i}"
                    start = time.perf_counter()
                    r = await client.call_tool("echo", {"value": value})
                    result.latencies.append(time.perf_counter() - start)
                    if r.is_error:
                        result.errors.append(str(r.content))
                    elif r.structured_content != {"value": value}:
                        result.mismatches += 1
        except Exception as e:  # counted, not raised: the report says how many failed
            result.errors.append(f"client {c}: {type(e).__name__}: {e}")

    start = time.perf_counter()
    await asyncio.wait_for(asyncio.gather(*(one_client(c) for c in range(clients))), timeout)
    result.seconds = time.perf_counter() - start
    return result


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextlib.contextmanager
def _process(command: list[str], what: str, port: int, timeout: float) -> Iterator[str]:
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(HERE), os.environ.get("PYTHONPATH")])),
    }
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    try:
        deadline = time.monotonic() + timeout
        while True:
            with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            if time.monotonic() > deadline or proc.poll() is not None:
                raise RuntimeError(f"the {what} MCP server did not start")
            time.sleep(0.05)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


def server_process(kind: str, port: int, timeout: float = 30.0) -> contextlib.AbstractContextManager[str]:
    """Serve the echo tool (`kind` "ours" or "native") in a subprocess; yield its MCP URL."""
    return _process(
        [sys.executable, str(Path(__file__).resolve()), "--serve", kind, str(port)], kind, port, timeout
    )


def _echo_tool() -> Any:
    from interop import tool

    @tool
    def echo(value: str) -> dict[str, str]:
        """Echo a value back."""
        return {"value": value}

    return echo


def workers_process(workers: int, port: int, timeout: float = 60.0) -> contextlib.AbstractContextManager[str]:
    """`interop serve bench_mcp:ECHO --transport http --stateless --workers N` in a subprocess."""
    return _process(
        [sys.executable, "-m", "interop", "serve", "bench_mcp:ECHO", "--transport", "http", "--stateless",
         "--workers", str(workers), "--port", str(port)],
        f"{workers} stateless workers",
        port,
        timeout,
    )  # fmt: skip


def _serve(kind: str, port: int) -> None:
    if kind == "ours":
        from interop.mcp import serve

        serve([_echo_tool()], transport="streamable-http", port=port, name="bench")
    else:
        from mcp.server.mcpserver import MCPServer

        server = MCPServer("bench", log_level="WARNING")

        @server.tool()
        def echo(value: str) -> dict[str, str]:
            """Echo a value back."""
            return {"value": value}

        server.run("streamable-http", port=port)


def run() -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    measured: dict[str, dict[int, list[LoadResult]]] = {"ours": {}, "native": {}}
    with contextlib.ExitStack() as stack:  # both servers side by side, taking turns round by round
        urls = {kind: stack.enter_context(server_process(kind, free_port())) for kind in ("native", "ours")}
        for url in urls.values():
            asyncio.run(load(url, 2, 20))  # warm-up
        for clients, calls in LEVELS:
            for i in range(ROUNDS):
                for kind in ("native", "ours") if i % 2 == 0 else ("ours", "native"):
                    r = asyncio.run(load(urls[kind], clients, calls))
                    if r.errors or r.mismatches:
                        raise RuntimeError(f"{kind}: {len(r.errors)} errors, {r.mismatches} mismatches")
                    measured[kind].setdefault(clients, []).append(r)
    rows.extend(production_rows())
    for clients, _ in LEVELS:
        base = measured["native"][clients]
        ours = measured["ours"][clients]
        b_rate = statistics.median(r.calls_per_second for r in base)
        o_rate = statistics.median(r.calls_per_second for r in ours)
        rows.append(
            {
                "name": f"mcp http echo, {clients} clients: throughput (vs SDK MCPServer)",
                "baseline": b_rate,
                "ours": o_rate,
                "ratio": o_rate / b_rate,
                "target": 0.8,
                "unit": "calls/s",
                "higher_is_better": True,
            }
        )
        b_p99 = statistics.median(r.percentile(99) for r in base) * 1000
        o_p99 = statistics.median(r.percentile(99) for r in ours) * 1000
        rows.append(
            {
                "name": f"mcp http echo, {clients} clients: p99 latency (vs SDK MCPServer)",
                "baseline": b_p99,
                "ours": o_p99,
                "ratio": o_p99 / b_p99,
                "target": 1.25,
                "unit": "ms",
            }
        )
    return rows


def __getattr__(name: str) -> Any:
    """`bench_mcp:ECHO`, what `interop serve` serves (built lazily: the SDK baseline never imports interop)."""
    if name == "ECHO":
        return _echo_tool()
    raise AttributeError(name)


PRODUCTION = (50, 100)  # clients, calls per client


def production_load(rounds: int = 2) -> tuple[dict[str, list[LoadResult]], list[float]]:
    """50 clients x 100 calls against 4 stateless workers, 1 worker (ours) and the SDK's server;
    also the load generator's own CPU use per round (a share of one core)."""
    clients, calls = PRODUCTION
    out: dict[str, list[LoadResult]] = {"workers4": [], "ours": [], "native": []}
    generator: list[float] = []
    starts = {
        "workers4": lambda port: workers_process(4, port),
        "ours": lambda port: server_process("ours", port),
        "native": lambda port: server_process("native", port),
    }
    with contextlib.ExitStack() as stack:
        urls = {kind: stack.enter_context(start(free_port())) for kind, start in starts.items()}
        for url in urls.values():
            asyncio.run(load(url, 4, 10))  # warm-up (every worker imports and answers)
        kinds = list(urls)
        for i in range(rounds):  # the servers take turns, each round in another order (an idle one costs nothing)
            for kind in kinds[i % len(kinds) :] + kinds[: i % len(kinds)]:
                wall, cpu = time.perf_counter(), time.process_time()
                r = asyncio.run(load(urls[kind], clients, calls, timeout=300))
                generator.append((time.process_time() - cpu) / (time.perf_counter() - wall))
                if r.errors or r.mismatches:
                    raise RuntimeError(f"{kind}: {len(r.errors)} errors, {r.mismatches} mixed-up results")
                out[kind].append(r)
    return out, generator


def production_rows(rounds: int = 3) -> list[dict[str, Any]]:
    """The like-for-like row (one worker of ours vs the SDK's server, same load) has targets; the
    four-worker rows are reported (issue 18 asks for them next to one worker and the SDK's server).
    They have no target on a machine where the load generator takes a whole core: the workers then
    share what is left (`os.cpu_count()` minus one), so more processes cannot add throughput there."""
    measured, generator = production_load(rounds)
    rate = {k: statistics.median(r.calls_per_second for r in v) for k, v in measured.items()}
    p99 = {k: statistics.median(r.percentile(99) for r in v) * 1000 for k, v in measured.items()}
    label = f"{PRODUCTION[0]} clients x {PRODUCTION[1]} calls"
    cores = os.cpu_count() or 1
    busy = statistics.median(generator)
    spare = cores - busy
    targeted = spare >= 4  # four workers can each have a core
    note = (
        f"{cores} cores; the load generator used {busy:.0%} of one core, leaving the server "
        f"{spare:.1f} cores{'' if targeted else ': four workers cannot add throughput here (reported, no target)'}"
    )
    rows: list[dict[str, Any]] = []
    comparisons = (
        ("ours", "native", f"mcp http echo, {label}: 1 worker", "SDK MCPServer", 0.8, True),
        ("workers4", "ours", f"mcp http echo, {label}, 4 stateless workers", "1 worker", 1.0, targeted),
        ("workers4", "native", f"mcp http echo, {label}, 4 stateless workers", "SDK MCPServer", 1.0, targeted),
    )
    for ours, base, name, what, rate_target, has_target in comparisons:
        rows.append(
            {
                "name": f"{name}: throughput (vs {what})",
                "baseline": rate[base],
                "ours": rate[ours],
                "ratio": rate[ours] / rate[base],
                "target": rate_target if has_target else None,
                "unit": "calls/s",
                "higher_is_better": True,
                "note": note,
            }
        )
        rows.append(
            {
                "name": f"{name}: p99 latency (vs {what})",
                "baseline": p99[base],
                "ours": p99[ours],
                "ratio": p99[ours] / p99[base],
                "target": 1.25 if has_target else None,
                "unit": "ms",
                "note": note,
            }
        )
    return rows


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--serve":
        _serve(sys.argv[2], int(sys.argv[3]))
    elif sys.argv[1:] == ["--production"]:
        for row in production_rows(rounds=2):
            print(
                f"{row['name']:<92} baseline {row['baseline']:9.1f}  ours {row['ours']:9.1f} {row['unit']:<8}"
                f" ratio {row['ratio']:.2f}"
            )
    else:
        for row in run():
            print(
                f"{row['name']:<62} baseline {row['baseline']:9.1f}  ours {row['ours']:9.1f} {row['unit']:<8}"
                f" ratio {row['ratio']:.2f} (target {'>=' if row.get('higher_is_better') else '<='} {row['target']})"
            )

"""Load over streamable HTTP on 127.0.0.1: many concurrent sessions, every result checked.

The load generator and the server subprocess are `benchmarks/bench_mcp.py`'s (`load`, `server_process`).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.anyio

_path = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_mcp.py"
_spec = importlib.util.spec_from_file_location("bench_mcp", _path)
assert _spec is not None and _spec.loader is not None
bench = importlib.util.module_from_spec(_spec)
sys.modules["bench_mcp"] = bench
_spec.loader.exec_module(bench)


def report(r) -> str:
    return (
        f"{r.clients} clients x {r.calls} calls: {len(r.latencies)} ok, {len(r.errors)} errors, "
        f"{r.mismatches} mixed-up; {r.calls_per_second:.0f} calls/s; "
        f"p50 {r.percentile(50) * 1000:.1f} ms, p99 {r.percentile(99) * 1000:.1f} ms"
    )


async def run_load(clients: int, calls: int, timeout: float):
    with bench.server_process("ours", bench.free_port()) as url:
        r = await bench.load(url, clients, calls, timeout=timeout)
    print("\n" + report(r))
    assert r.errors == []
    assert r.mismatches == 0
    assert len(r.latencies) == clients * calls
    return r


async def test_concurrent_sessions_get_their_own_results() -> None:
    await run_load(50, 4, timeout=60)


@pytest.mark.heavy
async def test_load_50_clients_x_100_calls() -> None:
    await run_load(50, 100, timeout=240)


@pytest.mark.heavy
async def test_load_4_stateless_workers_50_clients_x_100_calls_both_generations() -> None:
    """The production shape: `interop serve --stateless --workers 4`, no session affinity."""
    with bench.workers_process(4, bench.free_port()) as url:
        await bench.load(url, 4, 10)  # warm-up: every worker imported and answering
        for mode in ("auto", "legacy"):
            r = await bench.load(url, 50, 100, mode=mode, timeout=300)
            print(f"\n4 workers, {mode}: " + report(r))
            assert r.errors == [] and r.mismatches == 0
            assert len(r.latencies) == 50 * 100

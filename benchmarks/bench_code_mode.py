"""Code mode benchmarks: a program making 10 tool calls in the Monty sandbox against the same 10
calls made directly with `interop.acall`, and what starting the sandbox costs.

Run as `python benchmarks/bench_code_mode.py`. Wall-clock time (`perf_counter`): the program runs
in a worker process, so the caller's CPU time would leave most of it out. Each round runs both
sides back to back (see `_compare`). The program side is one `interop.acall` of the code tool: its
input validated, a worker checked out of the warm pool, the program fed, each call answered
through the pipeline on the caller's event loop (a future, then its result: two round trips to
the worker per call; a sync tool on a worker thread, as frameworks run their own), the result
encoded. The direct side is what a framework does per call without code mode, minus the
model round trip each call would cost there (seconds, not measured here).
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import interop  # noqa: E402
from benchmarks._compare import acompare  # noqa: E402


@interop.tool
def lookup(key: str) -> dict[str, Any]:
    """Look a key up (in memory: the cheapest possible tool)."""
    return {"key": key, "value": len(key)}


@interop.tool
async def fetch(key: str) -> dict[str, Any]:
    """Fetch a key (1 ms of I/O, like a fast local service)."""
    await asyncio.sleep(0.001)
    return {"key": key, "value": len(key)}


KEYS = [f"k{i}" for i in range(10)]
SEQUENTIAL = "out = []\nfor k in {keys!r}:\n    out.append((await {fn}(k))['value'])\nsum(out)"
GATHERED = "import asyncio\nrs = await asyncio.gather(*[{fn}(k) for k in {keys!r}])\nsum(r['value'] for r in rs)"

COLD = textwrap.dedent(
    """
    import time
    start = time.perf_counter()
    import interop

    @interop.tool
    def lookup(key: str) -> int:
        "Look a key up."
        return len(key)

    run = interop.code_mode([lookup])
    built = time.perf_counter()
    assert interop.call(run, {"code": "await lookup('abc')"}) == "3"
    first = time.perf_counter()
    assert interop.call(run, {"code": "await lookup('abc')"}) == "3"
    second = time.perf_counter()
    print(built - start, first - built, second - first)
    """
)


def _cold_start() -> tuple[float, float, float]:
    """(import + build, first program, second program) in a fresh interpreter, seconds."""
    done = subprocess.run([sys.executable, "-c", COLD], capture_output=True, text=True, check=True, timeout=120)
    a, b, c = (float(x) for x in done.stdout.split())
    return a, b, c


async def _rows() -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for fn, tool, what in ((lookup.name, lookup, "an in-memory tool"), (fetch.name, fetch, "a tool doing 1 ms of I/O")):
        code_tool = interop.code_mode([tool])
        sequential = SEQUENTIAL.format(keys=KEYS, fn=fn)
        assert await interop.acall(code_tool, {"code": sequential}) == "20"

        async def direct(tool: Any = tool) -> float:
            start = time.perf_counter()
            total = 0
            for k in KEYS:
                total += (await interop.acall(tool, {"key": k}))["value"]
            assert total == 20
            return time.perf_counter() - start

        async def program(code_tool: Any = code_tool, code: str = sequential) -> float:
            start = time.perf_counter()
            await interop.acall(code_tool, {"code": code})
            return time.perf_counter() - start

        result = await acompare(direct, program, 25, warmup=3)
        per_call = (statistics_median(result.ours) - statistics_median(result.baseline)) / 10
        rows.append(
            result.row(
                f"one program making 10 sequential calls of {what} vs 10 direct interop.acall calls",
                target=None if tool is lookup else 2.0,
                unit="us",
                scale=1e6,
                note=f"about {per_call * 1e6:.0f} us per inner call on top of the direct call, fixed costs "
                "included (checkout, feed, the result); a model round trip per call, which the program "
                "saves, costs seconds",
            )
        )
        if tool is fetch:
            gathered = GATHERED.format(keys=KEYS, fn=fn)

            async def gathered_program(code_tool: Any = code_tool, code: str = gathered) -> float:
                start = time.perf_counter()
                assert await interop.acall(code_tool, {"code": code}) == "20"
                return time.perf_counter() - start

            result = await acompare(direct, gathered_program, 25, warmup=3)
            rows.append(
                result.row(
                    f"one program gathering 10 calls of {what} (asyncio.gather) vs 10 direct calls in turn",
                    target=1.0,
                    unit="us",
                    scale=1e6,
                    note="the program's calls run at once on the caller's event loop",
                )
            )
    return rows


def statistics_median(values: list[float]) -> float:
    import statistics

    return statistics.median(values)


def run() -> list[dict[str, object]]:
    rows = asyncio.run(_rows())
    colds = [_cold_start() for _ in range(5)]
    build = statistics_median([c[0] for c in colds])
    first = statistics_median([c[1] for c in colds])
    warm = statistics_median([c[2] for c in colds])
    rows.append(
        {
            "name": "sandbox start: the first program in a fresh process (pool and worker process started) "
            "vs the next program (warm pool)",
            "baseline": warm * 1e3,
            "ours": first * 1e3,
            "ratio": first / warm,
            "target": None,
            "unit": "ms",
            "note": f"median of 5 fresh interpreters; `import interop` and building the code tool took "
            f"{build * 1e3:.0f} ms before that (pydantic_monty is imported when the first code tool is built)",
        }
    )
    return rows


if __name__ == "__main__":
    for row in run():
        print(row)

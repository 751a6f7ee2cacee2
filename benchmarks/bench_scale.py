"""Scale: 5,000 and 10,000 tools in one process, side by side with FastMCP 4.2.3 (issue 45).

FastMCP is a benchmark-only peer: it cannot share the main environment (it needs
opentelemetry-api >= 1.45.2, google-adk caps it at 1.44), so this suite runs in `.venv-bench`
(`make bench-env`: interop[mcp,openapi] + the `bench` dependency group, constraints-bench.txt);
`python -m benchmarks` runs it there. Every row is a ratio ours / FastMCP measured in one run.

- **Registration**: N distinct five-parameter functions (three ways of describing arguments in
  turn: docstring `Args:` on plain types; `Annotated[..., Field(description=..., ge=...)]` and
  `Literal`; a nested pydantic model, which `@tool` leaves to pydantic), each with its own name,
  description and argument descriptions (no two tools share a shape). Ours: `interop.tool(fn)`
  for each and `interop.mcp.asgi_app(tools)`; FastMCP: `mcp.tool(fn)` for each and
  `mcp.http_app()`. A fresh interpreter per side and measurement: CPU time of the process
  (`time.process_time`), memory added (tracemalloc, Python allocations, after a full
  collection; the resident-set growth in the note: pydantic-core's Rust heap is invisible to
  tracemalloc and FastMCP builds a validator per tool).
- **tools/list**: each side serves 5,000 tools over streamable HTTP from its own process on
  127.0.0.1; a client lists the whole catalog (following `nextCursor`: ours sends pages of 1,000,
  FastMCP one page), both protocol generations; the row is the server process's CPU time
  (`/proc/<pid>/stat`) per full listing, rounds interleaved.
- **Search**: the GitHub evaluation set (tests/shaping/github_search_eval.py: 1,223 operations,
  199 queries written the way users ask): ours `interop.tool_search` over `interop.openapi.from_openapi`'s
  tools, FastMCP's `BM25SearchTransform` over `FastMCP.from_openapi`'s tools (each side's own
  conversion of the same document). recall@1, recall@5, MRR; query latency (the search tool's
  work for one query: ranking and the five matches with their schemas; FastMCP: `_search` and
  its result rendering); index build (a fresh index's first query, build included).

- **Serving** (the issue's existing rows, kept side by side): server CPU per `tools/call` over
  streamable HTTP, one echo tool, each side's default app, both protocol generations, 1 and 10
  clients.
- **OpenAPI**: converting GitHub's document into tools (ours `from_openapi`; FastMCP
  `FastMCP.from_openapi` and its tool list): CPU time, and peak Python memory in a fresh interpreter.

Run: `.venv-bench/bin/python benchmarks/bench_scale.py [registration] [list] [search] [serving]
[openapi]` (prints the rows of those parts, all by default), or with `sites` for
where each side's memory goes (tracemalloc by allocation site, written up in ANALYSIS.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT, ROOT / "tests" / "shaping"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from benchmarks._compare import Comparison  # noqa: E402

REGISTRATION_SIZES = (5_000, 10_000)
TIME_ROUNDS = 3
LIST_TOOLS = 5_000
LIST_ROUNDS = 5
SEARCH_ROUNDS = 7
TARGETS = {
    "memory": 1.0,
    "registration": 0.5,
    "list": 1.0,
    "latency": 0.1,
    "build": 1.0,
    "quality": 1.0,
    "serving": 1.0,
    "openapi": 1.0,
}
SERVING_CALLS = 300
"""Calls per client and round in the serving rows."""
SERVING_ROUNDS = 5
OPENAPI_ROUNDS = 5


def available() -> bool:
    """Whether FastMCP (the peer) is importable here (`.venv-bench`)."""
    try:
        import fastmcp  # noqa: F401
    except ImportError:
        return False
    return True


# ------------------------------------------------------------------------------------------------ tools

_PLAIN = '''
def {name}(query: str, owner: str, limit: int = 10, exact: bool = False, score: float = 0.5) -> str:
    """Find {noun} number {i} for an owner.

    Args:
        query: Words to look for in {noun} {i}.
        owner: The account that owns {noun} {i}.
        limit: The most {noun} to return.
        exact: Match the words of {noun} {i} exactly.
        score: The lowest relevance score kept for {noun} {i}.
    """
    return query
'''
_ANNOTATED = '''
def {name}(
    title: Annotated[str, Field(description="The title of {noun} {i}.", min_length=1, max_length=200)],
    state: Literal["open", "closed", "draft"] = "open",
    priority: Annotated[int, Field(description="Priority of {noun} {i}, 1 to 5.", ge=1, le=5)] = 3,
    labels: Annotated[list[str] | None, Field(description="Labels for {noun} {i}.")] = None,
    notify: Annotated[bool, Field(description="Tell the watchers of {noun} {i}.")] = False,
) -> dict[str, str]:
    """Create {noun} number {i} with a title, a state and labels."""
    return {{"title": title}}
'''
_MODEL = '''
def {name}(
    address: Address,
    name: Annotated[str, Field(description="Who receives {noun} {i}.")],
    quantity: int = 1,
    express: bool = False,
    note: Annotated[str | None, Field(description="A note for {noun} {i}.", pattern="^[^<>]*$")] = None,
) -> str:
    """Ship {noun} number {i} to an address."""
    return name
'''
_NOUNS = ("invoices", "tickets", "parcels", "reports", "orders", "builds", "alerts", "documents")


def tool_source(count: int) -> str:
    """The source of `count` distinct functions `tool_0` ... (three argument styles in turn)."""
    shapes = (_PLAIN, _ANNOTATED, _MODEL)
    return "".join(
        shapes[i % 3].format(name=f"tool_{i}", i=i, noun=_NOUNS[i % len(_NOUNS)]) for i in range(count)
    )


_CHILD = r"""
import gc, json, sys, time, tracemalloc
from typing import Annotated, Literal
from pydantic import BaseModel, Field

class Address(BaseModel):
    street: str
    city: str
    country: str = "NO"

side, count, how = sys.argv[1], int(sys.argv[2]), sys.argv[3]
sys.path.insert(0, sys.argv[4])
from benchmarks.bench_scale import tool_source
namespace = {"Annotated": Annotated, "Literal": Literal, "Field": Field, "Address": Address}
exec(tool_source(count), namespace)
functions = [namespace[f"tool_{i}"] for i in range(count)]
if side == "fastmcp":
    from fastmcp import FastMCP
else:
    import interop
    from interop.mcp import asgi_app

def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096

gc.collect()
if how in ("traced", "sites"):
    tracemalloc.start(1)
before_rss = rss()
before_traced = tracemalloc.get_traced_memory()[0] if how == "traced" else 0
started = time.process_time()
if side == "fastmcp":
    server = FastMCP("scale")
    for fn in functions:
        server.tool(fn)
    app = server.http_app()
else:
    tools = [interop.tool(fn) for fn in functions]
    app = asgi_app(tools)
cpu = time.process_time() - started
gc.collect()
out = {"cpu": cpu, "rss": rss() - before_rss}
if how == "traced":
    out["traced"] = tracemalloc.get_traced_memory()[0] - before_traced
if how == "sites":
    snapshot = tracemalloc.take_snapshot().filter_traces([tracemalloc.Filter(False, tracemalloc.__file__)])
    out["sites"] = [
        [str(stat.traceback[0]), stat.size / count, stat.count / count]
        for stat in snapshot.statistics("lineno")[:20]
    ]
print(json.dumps(out))
"""


def _child(side: str, count: int, how: str) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, side, str(count), how, str(ROOT)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        timeout=1800,
    )
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def registration_rows() -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for count in REGISTRATION_SIZES:
        timed = Comparison()
        rss: list[tuple[float, float]] = []
        for i in range(TIME_ROUNDS):
            order = ("fastmcp", "ours") if i % 2 == 0 else ("ours", "fastmcp")
            got = {side: _child(side, count, "time") for side in order}
            timed.baseline.append(got["fastmcp"]["cpu"] / count)
            timed.ours.append(got["ours"]["cpu"] / count)
            rss.append((got["fastmcp"]["rss"] / count, got["ours"]["rss"] / count))
        rows.append(
            timed.row(
                f"register {count:,} tools (@tool / mcp.tool) and build the MCP app (asgi_app / http_app), CPU",
                target=TARGETS["registration"],
                unit="us/tool",
                scale=1e6,
                note=f"{TIME_ROUNDS} fresh interpreters per side, interleaved; median CPU time",
            )
        )
        traced = {side: _child(side, count, "traced") for side in ("fastmcp", "ours")}
        base, ours = traced["fastmcp"]["traced"] / count, traced["ours"]["traced"] / count
        rss_base = statistics.median(r[0] for r in rss)
        rss_ours = statistics.median(r[1] for r in rss)
        rows.append(
            {
                "name": f"memory added by {count:,} tools and the MCP app (tracemalloc)",
                "baseline": base,
                "ours": ours,
                "ratio": ours / base,
                "target": TARGETS["memory"] if count == 5_000 else None,
                "unit": "B/tool",
                "note": f"resident set growth per tool: FastMCP {rss_base:,.0f} B, ours {rss_ours:,.0f} B "
                f"(ratio {rss_ours / rss_base:.3f}; pydantic-core's Rust heap is invisible to tracemalloc)",
            }
        )
    return rows


# ------------------------------------------------------------------------------------------------ tools/list


def _serve(side: str, port: int) -> None:
    """A server with LIST_TOOLS tools on 127.0.0.1:port (run in a child process)."""
    from typing import Annotated, Literal

    from pydantic import BaseModel, Field

    class Address(BaseModel):
        street: str
        city: str
        country: str = "NO"

    namespace: dict[str, Any] = {
        "Annotated": Annotated,
        "Literal": Literal,
        "Field": Field,
        "Address": Address,
    }
    exec(tool_source(LIST_TOOLS), namespace)
    functions = [namespace[f"tool_{i}"] for i in range(LIST_TOOLS)]
    import uvicorn

    if side == "fastmcp":
        from fastmcp import FastMCP

        server = FastMCP("scale")
        for fn in functions:
            server.tool(fn)
        app = server.http_app(json_response=True)
    else:
        import interop
        from interop.mcp import asgi_app

        app = asgi_app([interop.tool(fn) for fn in functions], json_response=True)
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")


@contextlib.contextmanager
def _server(side: str) -> Iterator[tuple[str, int]]:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    code = f"import sys; sys.path.insert(0, {str(ROOT)!r}); from benchmarks.bench_scale import _serve; _serve({side!r}, {port})"
    process = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT)
    try:
        deadline = time.monotonic() + 600
        while True:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the {side} server did not start")
            time.sleep(0.2)
        yield f"http://127.0.0.1:{port}/mcp", process.pid
    finally:
        process.terminate()
        process.wait(30)


def _cpu_of(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _list_all(url: str, mode: str) -> int:
    from mcp import Client

    async with Client(url, mode=mode) as client:  # type: ignore[arg-type]
        count = 0
        cursor = None
        while True:
            page = await client.list_tools(cursor=cursor, cache_mode="bypass")
            count += len(page.tools)
            cursor = page.next_cursor
            if cursor is None:
                return count


def list_rows() -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    with _server("fastmcp") as (fast_url, fast_pid), _server("ours") as (our_url, our_pid):
        for mode in ("legacy", "auto"):
            result = Comparison()

            def measure(url: str, pid: int, mode: str = mode) -> float:
                before = _cpu_of(pid)
                assert asyncio.run(_list_all(url, mode)) == LIST_TOOLS
                time.sleep(0.3)  # the server's last response written
                return _cpu_of(pid) - before

            measure(fast_url, fast_pid), measure(our_url, our_pid)  # warm-up (first descriptors, imports)
            for i in range(LIST_ROUNDS):
                if i % 2:
                    result.ours.append(measure(our_url, our_pid))
                    result.baseline.append(measure(fast_url, fast_pid))
                else:
                    result.baseline.append(measure(fast_url, fast_pid))
                    result.ours.append(measure(our_url, our_pid))
            era = "2025-11-25" if mode == "legacy" else "2026-07-28"
            rows.append(
                result.row(
                    f"tools/list of {LIST_TOOLS:,} tools over HTTP ({era}), server CPU per full listing",
                    target=TARGETS["list"],
                    unit="ms",
                    scale=1e3,
                    note="ours in pages of 1,000 (5 requests), FastMCP one page; JSON responses (FastMCP's one "
                    "page of 5,000 is larger than the SDK client's 1 MiB limit on a server-sent event); "
                    "server process CPU (/proc)",
                )
            )
    return rows


# ------------------------------------------------------------------------------------------------ search


def search_rows() -> list[dict[str, Any]]:
    import warnings

    import httpx
    from fastmcp import FastMCP
    from fastmcp.server.transforms.search.bm25 import BM25SearchTransform
    from github_search_eval import QUERIES, github_document, rank_of, scores

    import interop
    from interop._search import ToolIndex
    from interop.openapi import from_openapi

    document = github_document()
    ours_tools = from_openapi(document)
    ours_op = {t.name: t.meta["openapi"]["operation_id"] for t in ours_tools}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        peer = FastMCP.from_openapi(
            openapi_spec=document, client=httpx.AsyncClient(base_url="https://api.github.com")
        )
    loop = asyncio.new_event_loop()
    peer_tools = loop.run_until_complete(peer.list_tools())
    peer_op = {t.name: t._route.operation_id for t in peer_tools}
    clock = time.thread_time

    # quality (deterministic: one pass each)
    search = interop.tool_search(ours_tools)
    transform = BM25SearchTransform(max_results=5)
    ours_ranks: list[int | None] = []
    peer_ranks: list[int | None] = []
    for query, wanted in QUERIES:
        found = [ours_op[m["name"]] for m in interop.call(search, {"query": query})["tools"]]
        ours_ranks.append(rank_of(found, wanted))
        peer_found = loop.run_until_complete(transform._search(peer_tools, query))
        peer_ranks.append(rank_of([peer_op[t.name] for t in peer_found], wanted))
    ours_scores, peer_scores = scores(ours_ranks), scores(peer_ranks)
    rows: list[dict[str, Any]] = []
    for key in ("recall@1", "recall@5", "mrr"):
        rows.append(
            {
                "name": f"tool search {key} on the GitHub evaluation set ({len(QUERIES)} queries, 1,223 tools)",
                "baseline": peer_scores[key],
                "ours": ours_scores[key],
                "ratio": ours_scores[key] / peer_scores[key],
                "target": TARGETS["quality"],
                "higher_is_better": True,
                "unit": "",
                "note": f"FastMCP {peer_scores[key]:.3f}, ours {ours_scores[key]:.3f}",
            }
        )

    # query latency: the search tool's work for one query
    queries = [q for q, _ in QUERIES]

    async def peer_query(q: str) -> Any:
        found = await transform._search(peer_tools, q)
        return await transform._render_results(found)

    def per_query_ours() -> float:
        start = clock()
        for q in queries:
            interop.call(search, {"query": q})
        return (clock() - start) / len(queries)

    def per_query_peer() -> float:
        start = clock()
        for q in queries[:40]:
            loop.run_until_complete(peer_query(q))
        return (clock() - start) / 40

    latency = Comparison()
    for i in range(SEARCH_ROUNDS):
        pair = (per_query_peer, per_query_ours) if i % 2 == 0 else (per_query_ours, per_query_peer)
        got = {fn: fn() for fn in pair}
        latency.baseline.append(got[per_query_peer])
        latency.ours.append(got[per_query_ours])
    rows.append(
        latency.row(
            "tool search query latency (rank + 5 matches with schemas)",
            target=TARGETS["latency"],
            unit="us",
            scale=1e6,
            note="FastMCP re-hashes the catalog on every query (staleness check) and scores every tool",
        )
    )

    # index build: a fresh index's first query
    def build_ours() -> float:
        index = ToolIndex(ours_tools)
        start = clock()
        index.search("list issues for a repository", 5)
        return clock() - start

    def build_peer() -> float:
        fresh = BM25SearchTransform(max_results=5)
        start = clock()
        loop.run_until_complete(fresh._search(peer_tools, "list issues for a repository"))
        return clock() - start

    build = Comparison()
    for i in range(SEARCH_ROUNDS):
        pair = (build_peer, build_ours) if i % 2 == 0 else (build_ours, build_peer)
        got = {fn: fn() for fn in pair}
        build.baseline.append(got[build_peer])
        build.ours.append(got[build_ours])
    rows.append(
        build.row(
            "tool search index build over 1,223 tools (first query)",
            target=TARGETS["build"],
            unit="ms",
            scale=1e3,
            note="ours built lazily on the first query, incrementally afterwards; the stem cache starts warm after the first round",
        )
    )
    loop.close()
    cold = {side: _cold_build(side) for side in ("fastmcp", "ours")}
    rows.append(
        {
            "name": "tool search index build over 1,223 tools, first in a fresh interpreter (caches cold)",
            "baseline": cold["fastmcp"] * 1e3,
            "ours": cold["ours"] * 1e3,
            "ratio": cold["ours"] / cold["fastmcp"],
            "target": None,
            "unit": "ms",
            "note": "the stem and short-text caches empty: what the very first search of a process pays",
        }
    )
    return rows


_COLD = r"""
import asyncio, sys, time, warnings
sys.path.insert(0, sys.argv[2]); sys.path.insert(0, sys.argv[2] + "/tests/shaping")
from github_search_eval import github_document
document = github_document()
if sys.argv[1] == "ours":
    from interop._search import ToolIndex
    from interop.openapi import from_openapi
    tools = from_openapi(document)
    index = ToolIndex(tools)
    start = time.thread_time()
    index.search("list issues for a repository", 5)
else:
    import httpx
    from fastmcp import FastMCP
    from fastmcp.server.transforms.search.bm25 import BM25SearchTransform
    warnings.simplefilter("ignore")
    peer = FastMCP.from_openapi(openapi_spec=document, client=httpx.AsyncClient(base_url="https://api.github.com"))
    loop = asyncio.new_event_loop()
    tools = loop.run_until_complete(peer.list_tools())
    transform = BM25SearchTransform(max_results=5)
    start = time.thread_time()
    loop.run_until_complete(transform._search(tools, "list issues for a repository"))
print(time.thread_time() - start)
"""


def _cold_build(side: str) -> float:
    """The first index build of a fresh interpreter, median of three."""
    runs = [
        float(
            subprocess.run(
                [sys.executable, "-c", _COLD, side, str(ROOT)],
                capture_output=True,
                text=True,
                check=True,
                cwd=ROOT,
            ).stdout.split()[-1]
        )
        for _ in range(3)
    ]
    return statistics.median(runs)


# ------------------------------------------------------------------------------------------------ serving


def _serve_echo(side: str, port: int) -> None:
    """A server with one echo tool on 127.0.0.1:port, each side's defaults (run in a child process)."""
    import uvicorn

    def echo(value: str) -> dict[str, str]:
        """Echo a value back."""
        return {"value": value}

    if side == "fastmcp":
        from fastmcp import FastMCP

        server = FastMCP("echo")
        server.tool(echo)
        app = server.http_app()
    else:
        import interop
        from interop.mcp import asgi_app

        app = asgi_app([interop.tool(echo)])
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")


@contextlib.contextmanager
def _echo_server(side: str) -> Iterator[tuple[str, int]]:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    code = (
        f"import sys; sys.path.insert(0, {str(ROOT)!r}); "
        f"from benchmarks.bench_scale import _serve_echo; _serve_echo({side!r}, {port})"
    )
    process = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT)
    try:
        deadline = time.monotonic() + 120
        while True:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the {side} server did not start")
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/mcp", process.pid
    finally:
        process.terminate()
        process.wait(30)


async def _echo_calls(url: str, mode: str, clients: int, calls: int) -> None:
    from mcp import Client

    async def one(c: int) -> None:
        async with Client(url, mode=mode) as client:  # type: ignore[arg-type]
            for i in range(calls):
                value = f"c{c}-{i}"
                result = await client.call_tool("echo", {"value": value})
                assert not result.is_error and result.structured_content in (
                    {"value": value},
                    {"result": {"value": value}},
                ), result

    await asyncio.gather(*(one(c) for c in range(clients)))


def serving_rows() -> list[dict[str, Any]]:
    """Server CPU per tools/call over streamable HTTP (each side's default app: stateful sessions,
    SSE responses), one echo tool, both protocol generations, 1 and 10 concurrent clients; the
    server process's CPU (/proc) over the round's calls (sessions opened and closed included)."""
    rows: list[dict[str, Any]] = []
    with _echo_server("fastmcp") as (fast_url, fast_pid), _echo_server("ours") as (our_url, our_pid):
        for mode in ("legacy", "auto"):
            for clients in (1, 10):
                calls = SERVING_CALLS // clients

                def measure(
                    url: str, pid: int, mode: str = mode, clients: int = clients, calls: int = calls
                ) -> float:
                    before = _cpu_of(pid)
                    asyncio.run(_echo_calls(url, mode, clients, calls))
                    time.sleep(0.3)  # the server's last response written
                    return (_cpu_of(pid) - before) / (clients * calls)

                result = Comparison()
                measure(fast_url, fast_pid), measure(our_url, our_pid)  # warm-up
                for i in range(SERVING_ROUNDS):
                    pair = ((fast_url, fast_pid), (our_url, our_pid))
                    got = {u: measure(u, p) for u, p in (pair if i % 2 == 0 else pair[::-1])}
                    result.baseline.append(got[fast_url])
                    result.ours.append(got[our_url])
                era = "2025-11-25" if mode == "legacy" else "2026-07-28"
                rows.append(
                    result.row(
                        f"tools/call over HTTP ({era}), {clients} client{'s' if clients > 1 else ''}, "
                        "server CPU per call",
                        target=TARGETS["serving"],
                        unit="us",
                        scale=1e6,
                        note="one echo tool, each side's default app (stateful sessions, SSE); "
                        "server process CPU (/proc), sessions included",
                    )
                )
    return rows


# ------------------------------------------------------------------------------------------------ openapi


_OPENAPI_MEMORY = r"""
import asyncio, gc, sys, tracemalloc, warnings
side, root, what = sys.argv[1], sys.argv[2], sys.argv[3]  # what: "peak" (during the conversion) or "held" (after first use)
sys.path.insert(0, root); sys.path.insert(0, root + "/tests/shaping")
from github_search_eval import github_document
document = github_document()
if side == "ours":
    from interop.openapi import from_openapi
else:
    import httpx
    from fastmcp import FastMCP
    warnings.simplefilter("ignore")
gc.collect()
tracemalloc.start()
before = tracemalloc.get_traced_memory()[0]
if side == "ours":
    tools = from_openapi(document)
    if what == "held":  # what the first call of each tool builds: its input and output validators
        for t in tools:
            t.input_schema.__standard_schema__.validate({})
            if t.output_schema is not None:
                t.output_schema.__standard_schema__.validate({})
else:
    peer = FastMCP.from_openapi(openapi_spec=document, client=httpx.AsyncClient(base_url="https://api.github.com"))
    tools = asyncio.run(peer.list_tools())
if what == "held":
    gc.collect()
    print(len(tools), tracemalloc.get_traced_memory()[0] - before)
else:
    print(len(tools), tracemalloc.get_traced_memory()[1])
"""


def _openapi_memory(side: str, what: str) -> tuple[int, int]:
    """(tools, bytes) from a fresh interpreter: the peak during the conversion, or what the tools
    hold after each one's first use."""
    out = subprocess.run(
        [sys.executable, "-c", _OPENAPI_MEMORY, side, str(ROOT), what],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout.split()
    return int(out[-2]), int(out[-1])


def openapi_rows() -> list[dict[str, Any]]:
    """Converting GitHub's OpenAPI document (1,223 operations) into tools: ours `from_openapi`,
    FastMCP `FastMCP.from_openapi` and its tool list; CPU time per conversion (interleaved, warm
    imports) and the peak of Python allocations during one conversion (a fresh interpreter each)."""
    import warnings

    import httpx
    from fastmcp import FastMCP
    from github_search_eval import github_document

    from interop.openapi import from_openapi

    document = github_document()
    clock = time.process_time

    def ours() -> float:
        start = clock()
        tools = from_openapi(document)
        took = clock() - start
        assert len(tools) == 1_223, len(tools)
        return took

    def peer() -> float:
        start = clock()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            server = FastMCP.from_openapi(
                openapi_spec=document, client=httpx.AsyncClient(base_url="https://api.github.com")
            )
        tools = asyncio.run(server.list_tools())
        took = clock() - start
        assert len(tools) >= 1_200, len(tools)
        return took

    result = Comparison()
    peer(), ours()  # warm-up (imports, the document's first walk)
    for i in range(OPENAPI_ROUNDS):
        got = {fn: fn() for fn in ((peer, ours) if i % 2 == 0 else (ours, peer))}
        result.baseline.append(got[peer])
        result.ours.append(got[ours])
    rows = [
        result.row(
            "convert GitHub's OpenAPI document (1,223 operations) into tools, CPU",
            target=TARGETS["openapi"],
            unit="ms",
            scale=1e3,
            note="ours from_openapi; FastMCP.from_openapi and its tool list",
        )
    ]
    peaks = {side: _openapi_memory(side, "peak")[1] for side in ("fastmcp", "ours")}
    rows.append(
        {
            "name": "convert GitHub's OpenAPI document (1,223 operations), peak memory (tracemalloc)",
            "baseline": peaks["fastmcp"] / 2**20,
            "ours": peaks["ours"] / 2**20,
            "ratio": peaks["ours"] / peaks["fastmcp"],
            "target": TARGETS["openapi"],
            "unit": "MiB",
            "note": "a fresh interpreter per side, the parsed document already loaded",
        }
    )
    held = {}
    for side in ("fastmcp", "ours"):
        count, size = _openapi_memory(side, "held")
        held[side] = size / count
    rows.append(
        {
            "name": "GitHub's 1,223 tools held after every tool's first use (validators built), memory per tool",
            "baseline": held["fastmcp"],
            "ours": held["ours"],
            "ratio": held["ours"] / held["fastmcp"],
            "target": TARGETS["memory"],
            "unit": "B/tool",
            "note": "tracemalloc, retained after a full collection; ours: from_openapi, then each tool's input "
            "and output validators built (the work of its first call; tools of one shape share them); "
            "FastMCP: from_openapi and its tool list (it validates no arguments against the schema)",
        }
    )
    return rows


# ------------------------------------------------------------------------------------------------ per site


def allocation_sites(count: int = 5_000) -> None:
    """Print where each side's memory per tool goes (tracemalloc, by allocation site)."""
    for side in ("fastmcp", "ours"):
        got = _child(side, count, "sites")
        print(f"{side}: {got['traced'] if 'traced' in got else ''}")
        for where, size, number in got["sites"]:
            print(f"  {size:8.0f} B/tool {number:6.2f} blocks/tool  {where}")


PARTS = {
    "registration": lambda: registration_rows(),
    "list": lambda: list_rows(),
    "search": lambda: search_rows(),
    "serving": lambda: serving_rows(),
    "openapi": lambda: openapi_rows(),
}


def run(parts: tuple[str, ...] = tuple(PARTS)) -> list[dict[str, Any]]:
    if not available():
        return []  # the runner then runs this suite in .venv-bench
    rows: list[dict[str, Any]] = []
    for part in parts:
        for row in PARTS[part]():
            print(json.dumps(row), file=sys.stderr, flush=True)  # (progress: each row as it is measured)
            rows.append(row)
    return rows


if __name__ == "__main__":
    if sys.argv[1:] == ["sites"]:
        allocation_sites()
    else:
        for row in run(tuple(sys.argv[1:]) or tuple(PARTS)):
            print(json.dumps(row))

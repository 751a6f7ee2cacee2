"""Code mode's inner calls go through the whole pipeline (issue 43, item 2): middleware and the
ready-made policies (`interop.with_middleware`, `interop.policies`), the meta `timeout`, approval
before middleware, and telemetry (one `execute_tool` span per inner call, a child of the code
tool's own span). The real Monty sandbox runs every program."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from recording_middleware import Recorder

import interop
from interop import ToolError, policies

pytest.importorskip("pydantic_monty")

pytestmark = pytest.mark.anyio


@dataclass(frozen=True)
class User:
    name: str


RAN: list[str] = []


@interop.tool(context="user", meta={"read_only": True})
def lookup(key: str, user: User) -> dict[str, str]:
    """Look a key up for the user."""
    RAN.append(key)
    return {"key": key, "owner": user.name}


@interop.tool(meta={"requires_approval": True})
def wipe(disk: str) -> str:
    """Wipe a disk."""
    RAN.append(f"wipe {disk}")
    return f"wiped {disk}"


@interop.tool(meta={"timeout": 0.3})
async def slow(seconds: float) -> str:
    """Sleeps (its meta timeout is 0.3 s)."""
    await asyncio.sleep(seconds)
    RAN.append("slow")
    return "woke up"


@pytest.fixture(autouse=True)
def _reset() -> None:
    RAN.clear()


async def run(tool: Any, code: str, context: Any = None) -> Any:
    return await interop.acall(tool, {"code": code}, context)


async def test_middleware_sees_each_inner_call_with_the_callers_context() -> None:
    recorder = Recorder()
    tool = interop.code_mode([interop.with_middleware(lookup, recorder)])
    ada = User("ada")
    out = await run(tool, "a = await lookup('x')\nb = await lookup(key='y')\n[a['owner'], b['key']]", ada)
    assert out == '["ada","y"]'
    assert recorder.calls == [("lookup", {"key": "x"}, ada), ("lookup", {"key": "y"}, ada)]
    # an invalid call is refused before the middleware: it never sees it
    with pytest.raises(ToolError, match="ValueError"):
        await run(tool, "await lookup(3)", ada)
    assert len(recorder.calls) == 2 and RAN == ["x", "y"]


async def test_policies_apply_to_inner_calls() -> None:
    cache = policies.Cache()
    limited = interop.with_middleware(lookup, policies.CallLimit(3), cache)
    tool = interop.code_mode([limited])
    program = (
        "seen = []\n"
        "for k in ['a', 'a', 'b', 'c']:\n"
        "    try:\n"
        "        seen.append((await lookup(k))['key'])\n"
        "    except RuntimeError as e:\n"
        "        seen.append(str(e))\n"
        "seen"
    )
    out = await run(tool, program, User("ada"))
    assert out.startswith(
        '["a","a","b","Error from tool \'lookup\': the limit of 3 calls for this run is reached'
    )
    assert RAN == ["a", "b"]  # the second 'a' came from the cache; 'c' was refused by the call limit
    assert (cache.hits, cache.misses) == (1, 2)


async def test_the_meta_timeout_of_an_inner_tool_is_honoured() -> None:
    tool = interop.code_mode([slow], timeout=10)
    program = "try:\n    await slow(5)\nexcept RuntimeError as e:\n    print('stopped:', e)\nawait slow(0)"
    out = await run(tool, program)
    assert "stopped: Error from tool 'slow': the call did not finish within 0.3 s" in out
    assert out.endswith("Result: woke up") and RAN == ["slow"]


async def test_a_denied_inner_call_never_reaches_the_middleware() -> None:
    recorder = Recorder()
    gated = interop.with_middleware(wipe, recorder)
    tool = interop.code_mode([gated], approval=lambda request: request.input["disk"] == "scratch")
    out = await run(
        tool,
        "try:\n    await wipe('prod')\nexcept PermissionError:\n    print('refused')\nawait wipe('scratch')",
    )
    assert out == "refused\nResult: wiped scratch"
    assert recorder.calls == [("wipe", {"disk": "scratch"}, None)] and RAN == ["wipe scratch"]


# ------------------------------------------------------------------------------------ telemetry


@pytest.fixture
def otel(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    pytest.importorskip("opentelemetry.sdk")
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "telemetry"))
    from otel_kit import configured

    yield from configured(monkeypatch)


async def test_each_inner_call_is_a_span_under_the_code_tools_span(otel: Any) -> None:
    tool = interop.code_mode([lookup])
    program = "import asyncio\nxs = await asyncio.gather(lookup('a'), lookup('b'))\ntry:\n    await lookup(1)\nexcept ValueError:\n    pass\nlen(xs)"
    assert await run(tool, program, User("ada")) == "2"
    spans = otel.tool_spans()
    [outer] = [s for s in spans if s.name == "execute_tool run_code"]
    inner = [s for s in spans if s.name == "execute_tool lookup"]
    assert len(inner) == 3
    assert all(s.parent is not None and s.parent.span_id == outer.context.span_id for s in inner)
    assert all(s.context.trace_id == outer.context.trace_id for s in inner)
    assert sorted(str(s.attributes.get("error.type")) for s in inner) == ["None", "None", "validation_error"]
    assert outer.attributes.get("error.type") is None

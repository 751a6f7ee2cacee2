"""Against the reference MCP servers and client from npm (`make mcp-npm`): the "everything" server's
task-only tool driven as a task (its clarifying question answered on the way), and MCP Inspector
2.12's CLI listing and calling a tool we serve as a task."""

from __future__ import annotations

import json
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
from reference_servers import everything, inspector_cli

import interop
from interop.mcp import ElicitationRequest, mcp_tools

pytestmark = pytest.mark.anyio

TASK_SERVER = '''
import asyncio, interop
from interop.mcp import serve

@interop.tool(meta={"task": True})
async def count(n: int) -> dict:
    """Count slowly."""
    for i in range(n):
        interop.progress(i + 1, n, "counting")
        await asyncio.sleep(0.02)
    return {"counted": n}

serve([count])
'''


async def test_everything_server_task_tool_runs_as_a_task_and_asks_its_question() -> None:
    asked: list[ElicitationRequest] = []

    def answer(request: ElicitationRequest) -> dict[str, str]:
        asked.append(request)
        return {"interpretation": "snake"}

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # nothing is left out
        async with mcp_tools(everything(), elicitation=answer) as tools:
            by_name = {t.name: t for t in tools}
            research = by_name["simulate-research-query"]
            assert research.meta["mcp_execution"] == {"taskSupport": "required"}
            report = await interop.acall(research, {"topic": "python", "ambiguous": True})
            assert await interop.acall(by_name["get-sum"], {"a": 2, "b": 3}) is not None  # the others work
    (question,) = asked
    assert "python" in question.message and "interpretation" in question.requested_schema["properties"]
    assert isinstance(report, str) and "# Research Report: python (snake)" in report


async def test_everything_server_skip_warns_naming_the_tool() -> None:
    with pytest.warns(UserWarning, match="'simulate-research-query' runs only as a task and is left out"):
        async with mcp_tools(everything(), task_required="skip") as tools:
            names = {t.name for t in tools}
    assert "simulate-research-query" not in names and "echo" in names


def _inspector(tmp_path: Path, script: Path, *args: str) -> object:
    run = subprocess.run(
        [*inspector_cli(), "--cli", sys.executable, str(script), *args],
        capture_output=True, text=True, timeout=90, env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"},
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_inspector_cli_lists_and_calls_a_served_task_tool(tmp_path: Path) -> None:
    script = tmp_path / "task_server.py"
    script.write_text(TASK_SERVER)
    listed = _inspector(tmp_path, script, "--method", "tools/list")
    (tool,) = listed["tools"]  # type: ignore[index]
    assert tool["name"] == "count" and tool["execution"] == {"taskSupport": "required"}
    called = _inspector(
        tmp_path, script, "--method", "tools/call", "--tool-name", "count", "--tool-arg", "n=3"
    )
    assert called["structuredContent"] == {"counted": 3} and not called["isError"]  # type: ignore[index]
    assert "io.modelcontextprotocol/related-task" in called["_meta"]  # answered through tasks/result

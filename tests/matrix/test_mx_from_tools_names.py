"""Every list form of `from_X` refuses two tools of one name with `ToolNameError`, as `ToolSet`
and every `to_X_tools` do (issue 37, item 5): a name index keeps one of them silently otherwise.

Two native tools made from one corpus spec (each framework's own idiom, as the matrix makes them)
share its name. Not here: pydantic-ai, Semantic Kernel and AG2 (their toolsets, plugins and
toolkits refuse a second tool of a name themselves), Strands and Agent Framework (no list form). MCP:
tests/mcp/test_mcp_consume.py.
"""

from __future__ import annotations

import asyncio
import importlib
from collections.abc import Callable
from typing import Any

import pytest
from _corpus import by_name
from _harness import FRAMEWORKS, native_tool

from interop import ToolNameError


def _call(module: str, function: str) -> Callable[[list[Any]], Any]:
    def run(natives: list[Any]) -> Any:
        return getattr(importlib.import_module(module), function)(natives)

    return run


def _autogen(natives: list[Any]) -> Any:
    from autogen_core.tools import StaticWorkbench

    from interop.autogen import from_autogen_workbench

    return asyncio.run(from_autogen_workbench(StaticWorkbench(natives)))


LISTS: dict[str, Callable[[list[Any]], Any]] = {
    "langchain": _call("interop.langchain", "from_langchain_tools"),
    "llamaindex": _call("interop.llamaindex", "from_llamaindex_tools"),
    "openai-agents": _call("interop.openai_agents", "from_openai_agents_tools"),
    "haystack": _call("interop.haystack", "from_haystack_tools"),
    "dspy": _call("interop.dspy", "from_dspy_tools"),
    "google-adk": _call("interop.google_adk", "from_google_adk_tools"),
    "genkit": _call("interop.genkit", "from_genkit_tools"),
    "smolagents": _call("interop.smolagents", "from_smolagents_tools"),
    "crewai": _call("interop.crewai", "from_crewai_tools"),
    "claude-agent-sdk": _call("interop.claude_agent_sdk", "from_claude_agent_sdk_tools"),
    "google-genai": _call("interop.google_genai", "from_google_genai_tools"),
    "anthropic": _call("interop.anthropic", "from_anthropic_tools"),
    "agno": _call("interop.agno", "from_agno_tools"),
    "autogen": _autogen,
}


@pytest.mark.parametrize("framework", list(LISTS))
def test_a_list_of_native_tools_with_one_name_twice_is_refused(framework: str) -> None:
    if framework not in FRAMEWORKS:
        pytest.skip(f"{framework} is not installed in this environment")
    add, echo = by_name("add_ints"), by_name("echo_str")
    convert = LISTS[framework]
    assert [t.name for t in convert([native_tool(framework, add), native_tool(framework, echo)])] == [
        "add_ints",
        "echo_str",
    ]
    with pytest.raises(ToolNameError, match="add_ints"):
        convert([native_tool(framework, add), native_tool(framework, add)])

"""What each consumer sees of a tool: its schemas per dialect, provider descriptors, framework snippets.

Every view is computed on request; one that cannot be produced (a schema a strict mode cannot
express, a name a provider refuses) is shown as its error text instead of breaking the page.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

from interop import StandardToolV0, input_json_schema, output_json_schema
from interop._kit import layers
from interop.bridge import exception_text, json_safe_meta, meta_tags
from interop.protocols import TARGETS

from ._approval import approval_kind

__all__ = ["badges", "consumer_views", "policies", "tool_reference", "tool_summary"]

AnyTool = StandardToolV0[Any, Any, Any]

_HINT_BADGES = (
    ("read_only", "read-only", "info"),
    ("destructive", "destructive", "danger"),
    ("idempotent", "idempotent", "info"),
    ("open_world", "open-world", "info"),
    ("strict", "strict", "info"),
    ("return_direct", "return-direct", "info"),
)


def badges(meta: Mapping[str, Any]) -> list[dict[str, str]]:
    """Meta as badges: hints set to true, approval, group and tags (`label` and a `kind` for styling)."""
    out = [{"label": label, "kind": kind} for key, label, kind in _HINT_BADGES if meta.get(key) is True]
    kind = approval_kind(meta)
    if kind != "never":
        label = "requires approval" if kind == "always" else "approval: conditional"
        out.append({"label": label, "kind": "warn"})
    if isinstance(meta.get("group"), str):
        out.append({"label": f"group: {meta['group']}", "kind": "group"})
    out.extend({"label": f"#{tag}", "kind": "tag"} for tag in meta_tags(meta))
    return out


def _policy_label(middleware: Any) -> str:
    """A middleware as the page names it: its own repr (`Timeout(5)`, `Cache(ttl=60, maxsize=1024)`),
    else its class name (a default repr would show an address)."""
    if getattr(type(middleware), "__repr__", None) is not object.__repr__:
        try:
            return repr(middleware)
        except Exception:  # a broken repr: the class name says enough
            pass
    return type(middleware).__name__


def policies(tool: AnyTool) -> list[str]:
    """The middleware every call of `tool` passes, outermost first (`with_middleware`, layers from
    the outside in), then the `Timeout` its meta `timeout` adds on every path (unless one as short
    already wraps it)."""
    out: list[str] = []
    shortest: float | None = None
    for derived in layers(tool):
        if derived.layer.kind != "middleware":
            continue
        for middleware in derived.layer.value:
            out.append(_policy_label(middleware))
            seconds = getattr(middleware, "seconds", None)
            if type(middleware).__name__ == "Timeout" and isinstance(seconds, (int, float)):
                shortest = seconds if shortest is None else min(shortest, seconds)
    seconds = (tool.meta or {}).get("timeout")
    if isinstance(seconds, (int, float)) and not isinstance(seconds, bool) and seconds > 0:
        if shortest is None or shortest > seconds:
            out.append(f"Timeout({seconds:g}) (meta timeout)")
    return out


def _attempt(make: Callable[[], Any]) -> dict[str, Any]:
    try:
        return {"value": make()}
    except Exception as e:  # shown on the page as the reason this consumer cannot take the tool
        return {"error": f"{type(e).__name__}: {exception_text(e)}"}


def tool_summary(tool: AnyTool) -> dict[str, Any]:
    """The tool list entry: fields, meta (JSON-safe), badges, and the schema its form is built from."""
    meta = json_safe_meta(tool.meta)
    if approval_kind(tool.meta) == "conditional":
        meta["requires_approval"] = "<conditional>"
    return {
        "name": tool.name,
        "title": tool.title,
        "description": tool.description,
        "meta": meta,
        "badges": badges(tool.meta) + [{"label": label, "kind": "policy"} for label in policies(tool)],
        "policies": policies(tool),
        "approval": approval_kind(tool.meta),
        # the form library reads draft-07 (`definitions`), not 2020-12 `$defs`
        "form_schema": _attempt(lambda: input_json_schema(tool, target="draft-07")),
    }


def tool_reference(tool: AnyTool, module: ModuleType | None) -> tuple[str, str]:
    """(import line, expression) that name `tool` in user code."""
    if module is None:
        return "", tool.name
    found = [n for n, v in vars(module).items() if v is tool and not n.startswith("_")]
    if found:
        name = tool.name if tool.name in found else found[0]
        return f"from {module.__name__} import {name}", name
    for attr, value in vars(module).items():
        if not attr.startswith("_") and isinstance(value, (list, tuple)) and any(v is tool for v in value):
            expr = f"next(t for t in {attr} if t.name == {json.dumps(tool.name)})"
            return f"from {module.__name__} import {attr}", expr
    return f"import {module.__name__}", tool.name


def _snippets(tool: AnyTool, module: ModuleType | None) -> dict[str, str]:
    imp, ref = tool_reference(tool, module)
    ask = approval_kind(tool.meta) != "never"
    head = f"{imp}\n" if imp else ""
    lc = (
        f"from langchain.agents import create_agent\nfrom interop.langchain import to_langchain\n{head}\n"
        f"agent = create_agent(model, tools=[to_langchain({ref})])\n"
        "agent.invoke({'messages': [('user', '...')]}, context=my_context)  # -> the tool's context\n"
    )
    if ask:
        lc += "# requires approval: the graph pauses with a LangGraph interrupt; resume with Command(resume=approve(interrupt))\n"
    pa = (
        f"from pydantic_ai import Agent\nfrom interop.pydantic_ai import to_pydantic_ai\n{head}\n"
        f"agent = Agent(model, tools=[to_pydantic_ai({ref})])\n"
        "agent.run_sync('...', deps=my_context)  # ctx.deps -> the tool's context\n"
    )
    if ask:
        pa += "# requires approval: a deferred tool request; answer it with interop.pydantic_ai.approval_results(requests, {call_id: True})\n"
    li_args = f"{ref}, approval=ask_a_human" if ask else ref
    li = (
        "from llama_index.core.agent.workflow import FunctionAgent\n"
        f"from interop.llamaindex import run_context, to_llamaindex\n{head}\n"
        f"agent = FunctionAgent(tools=[to_llamaindex({li_args})], llm=llm)\n"
        "with run_context(my_context):  # -> the tool's context\n    handler = agent.run(user_msg='...')\n"
    )
    if ask:
        li += (
            "# LlamaIndex has no approval mechanism: ask_a_human(request) -> bool is asked before each call\n"
        )
    oa = (
        f"from agents import Agent, Runner\nfrom interop.openai_agents import to_openai_agents\n{head}\n"
        f"agent = Agent(name='assistant', tools=[to_openai_agents({ref})])\n"
        "Runner.run_sync(agent, '...', context=my_context)  # run context -> the tool's context\n"
    )
    if ask:
        oa += "# requires approval -> needs_approval: the run stops with an interruption to approve\n"
    mcp_args = f"[{ref}], transport='streamable-http', port=8000" + (", approval=ask_a_human" if ask else "")
    mcp = f"from interop.mcp import serve\n{head}\nserve({mcp_args})\n"
    if module is not None:
        mcp += f"# or, every tool of the module: interop serve {module.__name__} --transport http\n"
    return {"LangChain": lc, "pydantic-ai": pa, "LlamaIndex": li, "OpenAI Agents": oa, "MCP": mcp}


def consumer_views(tool: AnyTool, module: ModuleType | None = None) -> dict[str, Any]:
    """Input schema per dialect, output schema, provider descriptors and framework snippets."""
    from interop import providers  # no framework: plain dicts

    def schema(target: str) -> dict[str, Any]:
        return _attempt(lambda: input_json_schema(tool, target=target))

    schemas = {target: schema(target) for target in TARGETS}
    return {
        "input_schema": schemas,
        "output_schema": _attempt(lambda: output_json_schema(tool)) if tool.output_schema else None,
        "providers": {
            "OpenAI (strict)": _attempt(lambda: providers.to_openai_chat_tool(tool, strict=True)),
            "Anthropic": _attempt(lambda: providers.to_anthropic_tool(tool)),
            "Gemini": _attempt(lambda: providers.to_gemini_function_declaration(tool)),
        },
        "frameworks": _snippets(tool, module),
    }

"""The Anthropic SDK's tool runner in the matrix: `@beta_tool` / `@beta_async_tool` functions,
what its model sees (the tool's `to_dict()`), and its call path (a real
`client.beta.messages.tool_runner(...).until_done()` over a scripted Messages API: `Anthropic`'s
runner on a worker thread for a sync tool, `AsyncAnthropic`'s for an async one).

- Native idiom: `@beta_tool(fn)` (`@beta_async_tool` for a coroutine function); a context
  parameter is left out of the signature (the runner has no per-call context: the native function
  gets None). No title or meta slot beyond the Anthropic tool fields.
- Context for converted tools: `interop.anthropic.run_context(ctx)` around the loop.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import json
from typing import Any

from installed import module_installed

import interop
from interop.bridge import get_origin, to_jsonable

NAME = "anthropic"


def available() -> bool:
    return module_installed("anthropic.lib.tools")


def _as_text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(to_jsonable(value))


def native(spec: Any) -> Any:
    """`@beta_tool` (`@beta_async_tool`) on the spec's function, returning text as a runner tool
    must (structured values as JSON text)."""
    from anthropic.lib.tools import beta_async_tool, beta_tool
    from fw_google_genai import _without

    fn = _without(spec.fn, spec.context)
    if inspect.iscoroutinefunction(fn):

        @functools.wraps(fn)
        async def text_async(*args: Any, **kwargs: Any) -> str:
            return _as_text(await fn(*args, **kwargs))

        return beta_async_tool(text_async)

    @functools.wraps(fn)
    def text(*args: Any, **kwargs: Any) -> str:
        return _as_text(fn(*args, **kwargs))

    return beta_tool(text)


def view(tool: Any) -> Any:
    from _harness import View

    from interop.anthropic._from import _meta

    sent = tool.to_dict()
    origin = get_origin(tool)
    meta = dict(origin.meta) if isinstance(origin, interop.StandardToolV0) else _meta(sent)
    title = origin.title if isinstance(origin, interop.StandardToolV0) else None  # no slot: the stash
    return View(sent["name"], sent.get("description") or "", title, sent["input_schema"], meta)


def _steps(tool: Any, args: Any) -> list[Any]:
    return [[(tool.name, args)], "done"]


def _is_async(tool: Any) -> bool:
    from anthropic.lib.tools import BetaAsyncFunctionTool

    return isinstance(tool, BetaAsyncFunctionTool)


def _sync_run(tool: Any, args: Any, context: Any) -> Any:
    from anthropic_kit import run

    from interop.anthropic import run_context

    with run_context(context):
        return run(_steps(tool, args), tool)


async def call(tool: Any, args: Any, context: Any) -> Any:
    """The scripted model calls `tool` once through the real runner, then answers."""
    from _harness import Outcome
    from anthropic_kit import arun, text

    from interop.anthropic import run_context

    if _is_async(tool):
        with run_context(context):
            final, scripted = await arun(_steps(tool, args), tool)
    else:
        final, scripted = await asyncio.to_thread(_sync_run, tool, args, context)
    if text(final) != "done":
        return Outcome(True, f"run failed: {text(final)}", tool_name=None)
    (block,) = scripted.results()
    content = block["content"]
    shown = content if isinstance(content, str) else "\n".join(b.get("text", "") for b in content or [])
    return Outcome(bool(block.get("is_error")), shown, tool_name=tool.name)


def run_calling(tool: Any, args: dict[str, Any]) -> Any:
    from anthropic_kit import arun

    from interop.anthropic import to_anthropic

    if not _is_async(tool):
        tool = to_anthropic(interop.bridge.neutral_home(tool) or tool, asynchronous=True)
    return arun(_steps(tool, args), tool)

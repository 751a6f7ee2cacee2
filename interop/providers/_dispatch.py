"""The shared dispatch core: route a model's tool calls to neutral tools and collect the outcomes.

Provider modules only translate shapes (a Chat `tool_call`, a Responses `function_call` item, an
Anthropic `tool_use` block, a Gemini `functionCall` part) into `ToolCall`s and `ToolOutcome`s back
into the provider's follow-up messages. Validation happens once, in the tool's own `execute`.
Bad JSON, unknown tools, invalid arguments and `ToolError` become error outcomes the model can
correct from; other exceptions propagate unless `handle_errors=True`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from interop._protocols import StandardToolV0
from interop.bridge import (
    ApprovalCallback,
    ArgumentsNotJSON,
    Rename,
    StrictSchema,
    acall,
    call,
    check_unique_names,
    describe_error,
    ensure_approval,
    is_async_tool,
    is_model_facing_error,
    parse_arguments,
    resolve_name,
    run_sync,
    to_json_text,
)

__all__ = ["Dispatcher", "ToolCall", "ToolOutcome", "field_of"]

AnyTool = StandardToolV0[Any, Any, Any]


@dataclass(frozen=True, kw_only=True)
class ToolCall:
    """One call the model asked for, in provider-neutral form."""

    id: str | None
    name: str
    arguments: Any
    """JSON text (OpenAI) or an already-parsed value (Anthropic, Gemini)."""


@dataclass(frozen=True, kw_only=True)
class ToolOutcome:
    """What came of one call: the result (or None) and the text the model sees."""

    call: ToolCall
    is_error: bool
    value: Any
    text: str


@dataclass(frozen=True)
class _Entry:
    tool: AnyTool
    strict: StrictSchema | None
    is_async: bool


class _BadCall(Exception):
    """A call that cannot reach a tool (unknown name, arguments that are not JSON)."""


def field_of(obj: Any, *names: str, default: Any = None) -> Any:
    """The first of `names` found on `obj` as a key (dicts) or an attribute (SDK objects)."""
    if isinstance(obj, dict) or isinstance(obj, Mapping):
        for name in names:
            if name in obj:
                return obj[name]
        return default
    for name in names:
        value = getattr(obj, name, None)
        if value is not None:
            return value
    return default


class Dispatcher:
    """Neutral tools indexed by the name each provider sees, with their strict schemas."""

    def __init__(
        self,
        tools: Sequence[AnyTool],
        *,
        provider: str,
        strict_for: Callable[[AnyTool, str], StrictSchema | None],
        rename: Rename = None,
        approval: ApprovalCallback | None = None,
        allow_unapproved: bool = False,
        parallel: bool = True,
        handle_errors: bool = False,
    ) -> None:
        self.provider = provider
        self.parallel = parallel
        self.handle_errors = handle_errors
        names = [resolve_name(tool.name, provider, rename) for tool in tools]
        check_unique_names(names, provider)
        self.entries: dict[str, _Entry] = {}
        for tool, name in zip(tools, names, strict=True):
            guarded = ensure_approval(
                tool, target=provider, approval=approval, allow_unapproved=allow_unapproved
            )
            self.entries[name] = _Entry(guarded, strict_for(tool, name), is_async_tool(guarded))

    # ------------------------------------------------------------------------------------------ preparing

    def _prepare(self, call_: ToolCall) -> tuple[_Entry, Any]:
        entry = self.entries.get(call_.name)
        if entry is None:
            known = ", ".join(repr(n) for n in self.entries) or "none"
            raise _BadCall(f"Unknown tool {call_.name!r}. Available tools: {known}.")
        args = call_.arguments
        if args is None or isinstance(args, (str, bytes)):
            try:
                args = parse_arguments(args, call_.name)
            except ArgumentsNotJSON as e:
                raise _BadCall(str(e)) from None
        if entry.strict is not None:
            args = entry.strict.restore(args)
        return entry, args

    def _fail(self, call_: ToolCall, exc: BaseException) -> ToolOutcome:
        if isinstance(exc, _BadCall):
            return ToolOutcome(call=call_, is_error=True, value=None, text=str(exc))
        if is_model_facing_error(exc) or (self.handle_errors and isinstance(exc, Exception)):
            return ToolOutcome(call=call_, is_error=True, value=None, text=describe_error(exc, call_.name))
        raise exc

    @staticmethod
    def _ok(call_: ToolCall, value: Any) -> ToolOutcome:
        return ToolOutcome(call=call_, is_error=False, value=value, text=to_json_text(value))

    # ------------------------------------------------------------------------------------------ running

    def run_one(self, call_: ToolCall, context: Any = None) -> ToolOutcome:
        """Run one call from sync code."""
        try:
            entry, args = self._prepare(call_)
            return self._ok(call_, call(entry.tool, args, context))
        except Exception as e:
            return self._fail(call_, e)

    async def arun_one(self, call_: ToolCall, context: Any = None, *, thread: bool = False) -> ToolOutcome:
        """Run one call from async code; a sync tool runs in a worker thread when `thread`."""
        try:
            entry, args = self._prepare(call_)
            value = await acall(entry.tool, args, context, thread=thread)
            return self._ok(call_, value)
        except Exception as e:
            return self._fail(call_, e)

    def run(self, calls: Sequence[ToolCall], context: Any = None) -> list[ToolOutcome]:
        """Run calls from sync code: sync tools in threads when parallel, async ones on one loop."""
        if not calls:
            return []
        if any(self._is_async(c) for c in calls):
            return run_sync(self.arun(calls, context))
        if not self.parallel or len(calls) == 1:
            return [self.run_one(c, context) for c in calls]
        with ThreadPoolExecutor(max_workers=min(len(calls), 16), thread_name_prefix="interop-tool") as pool:
            return list(pool.map(lambda c: self.run_one(c, context), calls))

    async def arun(self, calls: Sequence[ToolCall], context: Any = None) -> list[ToolOutcome]:
        """Run calls from async code: gathered when parallel (sync tools in threads), in order otherwise."""
        if not self.parallel or len(calls) <= 1:
            return [await self.arun_one(c, context) for c in calls]
        return list(await asyncio.gather(*(self.arun_one(c, context, thread=True) for c in calls)))

    def _is_async(self, call_: ToolCall) -> bool:
        entry = self.entries.get(call_.name)
        return entry is not None and entry.is_async

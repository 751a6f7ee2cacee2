"""The shared dispatch: route a model's tool calls to neutral tools through the invocation pipeline.

Provider modules only translate shapes: a Chat `tool_call`, a Responses `function_call` item, an
Anthropic `tool_use` block or a Gemini `functionCall` part into a `ToolCall`, and each
`ToolOutcome` back into the provider's follow-up message (text, or image/document parts where
the provider takes them). Everything between is the core `Invoker`: parsing, strict-null
restore, approval, one thread policy, result encoding, the `errors` policy. An unknown tool is an
error outcome the model can correct from. When a call raises (an unexpected exception under
`errors="model-facing"`), the other calls of the batch still finish, and `DispatchError` carries
every outcome that was reached, so a retry never repeats a side effect that already happened.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from typing_extensions import Unpack

from interop import StandardToolV0, ToolError
from interop._kit import Part, field_of, toolset_options
from interop.bridge import (
    Conversion,
    Invoker,
    Outcome,
    ToolOptions,
    check_unique_names,
    is_async_tool,
    prepare,
    run_sync,
    split_options,
)
from interop.jsonschema import StrictSchema

__all__ = ["DispatchError", "Dispatcher", "ToolCall", "ToolOutcome", "field_of", "make_call"]

AnyTool = StandardToolV0[Any, Any, Any]
_new = object.__new__


@dataclass(frozen=True, kw_only=True)
class ToolCall:
    """One call the model asked for, in provider-neutral form."""

    id: str | None
    name: str
    arguments: Any
    """JSON text (OpenAI) or an already-parsed value (Anthropic, Gemini)."""


@dataclass(frozen=True)
class ToolOutcome:
    """What came of one call: the pipeline's `Outcome` for the provider's follow-up message."""

    call: ToolCall
    outcome: Outcome

    @property
    def is_error(self) -> bool:
        return not self.outcome.ok

    @property
    def value(self) -> Any:
        """The structured result (None for an error)."""
        return self.outcome.value

    @property
    def text(self) -> str:
        """What the model sees, as one text (content values as short placeholders)."""
        return self.outcome.text

    @property
    def parts(self) -> tuple[Part, ...]:
        """What the model sees: text and content values."""
        return self.outcome.parts


def make_call(id: str | None, name: str, arguments: Any) -> ToolCall:
    """`ToolCall(id=..., name=..., arguments=...)` for the per-call hot path.

    The same object; the frozen dataclass's `__init__` sets each field with `object.__setattr__`
    (about 0.9 us for three fields), writing the instance dict directly costs a third of that.
    """
    call_: ToolCall = _new(ToolCall)
    fields = call_.__dict__
    fields["id"] = id
    fields["name"] = name
    fields["arguments"] = arguments
    return call_


def _tool_outcome(call_: ToolCall, outcome: Outcome) -> ToolOutcome:
    """`ToolOutcome(call_, outcome)`, made as `make_call` makes a `ToolCall` (hot path)."""
    made: ToolOutcome = _new(ToolOutcome)
    fields = made.__dict__
    fields["call"] = call_
    fields["outcome"] = outcome
    return made


class DispatchError(Exception):
    """A call of a batch raised; `outcomes` holds what every other call of the batch gave.

    `outcomes[i]` is the `ToolOutcome` of call `i`, or None for a call that raised; `errors`
    maps those indices to their exceptions (the first is also `__cause__`).
    """

    def __init__(self, outcomes: list[ToolOutcome | None], errors: dict[int, BaseException]) -> None:
        self.outcomes = outcomes
        self.errors = errors
        first = min(errors)
        super().__init__(
            f"{len(errors)} of {len(outcomes)} tool calls raised (first: call {first}, "
            f"{type(errors[first]).__name__}: {errors[first]}); the other outcomes are in .outcomes"
        )


class Dispatcher:
    """Neutral tools indexed by the name each provider sees, each with its call path.

    `options` are the shared ones (see `interop.bridge.Options`); the `context` given to each
    dispatch is the neutral context (a `context=` hook maps it first). Providers have no approval
    mechanism: a tool that needs approval needs `approval=` or `allow_unapproved=True`.
    """

    def __init__(
        self,
        tools: Iterable[AnyTool],
        *,
        provider: str,
        strict_for: Callable[[AnyTool, str], StrictSchema | None],
        parallel: bool = True,
        **options: Unpack[ToolOptions],
    ) -> None:
        where = f"the {provider} toolset"
        shared, _ = split_options(toolset_options(tools, options), ToolOptions, where=where)
        self.provider = provider
        self.parallel = parallel
        conversions: list[Conversion[Any]] = [
            prepare(tool, shared, where=where, rule=provider) for tool in tools
        ]
        check_unique_names((c.name for c in conversions), provider)
        self.entries: dict[str, Invoker] = {}
        self.strict: dict[str, StrictSchema] = {}
        self._sync: dict[str, Invoker] = {}
        """The entries whose tool is sync (asked once here, not per call)."""
        for c in conversions:
            compiled = strict_for(c.tool, c.name)
            if compiled is not None:
                self.strict[c.name] = compiled
            restore = compiled.restore if compiled is not None and compiled.injected else None
            invoker = c.invoker(target=provider, restore=restore)
            self.entries[c.name] = invoker
            if not is_async_tool(c.tool):
                self._sync[c.name] = invoker

    def _unknown(self, call_: ToolCall) -> ToolOutcome:
        known = ", ".join(repr(n) for n in self.entries) or "none"
        error = ToolError(f"Unknown tool {call_.name!r}. Available tools: {known}.")
        return ToolOutcome(call_, Outcome("error", str(call_.name), parts=(str(error),), error=error))

    def run_one(self, call_: ToolCall, context: Any = None) -> ToolOutcome:
        """Run one call from sync code."""
        invoker = self.entries.get(call_.name)
        if invoker is None:
            return self._unknown(call_)
        return _tool_outcome(call_, invoker.invoke(call_.arguments, context, call_id=call_.id))

    async def arun_one(self, call_: ToolCall, context: Any = None) -> ToolOutcome:
        """Run one call from async code (a sync tool on a worker thread unless `threaded=False`)."""
        invoker = self.entries.get(call_.name)
        if invoker is None:
            return self._unknown(call_)
        return _tool_outcome(call_, await invoker.ainvoke(call_.arguments, context, call_id=call_.id))

    def run_single(self, call_: ToolCall, context: Any = None) -> Outcome:
        """The `Outcome` `run([call_])` gives its one call (an async tool runs on an event loop)."""
        invoker = self._sync.get(call_.name)
        if invoker is not None:  # a sync tool runs inline
            return invoker.invoke(call_.arguments, context, call_id=call_.id)
        invoker = self.entries.get(call_.name)
        if invoker is None:
            return self._unknown(call_).outcome
        return run_sync(invoker.ainvoke(call_.arguments, context, call_id=call_.id))

    def run(self, calls: Sequence[ToolCall], context: Any = None) -> list[ToolOutcome]:
        """Run calls from sync code: sync tools in threads when parallel, async ones on one loop."""
        if not calls:
            return []
        if len(calls) == 1:
            return [_tool_outcome(calls[0], self.run_single(calls[0], context))]
        if any(self._is_async(c) for c in calls):
            return run_sync(self.arun(calls, context))
        if not self.parallel or len(calls) == 1:
            results: list[Any] = []
            for c in calls:
                try:
                    results.append(self.run_one(c, context))
                except Exception as e:
                    results.append(e)
            return _collect(results)
        with ThreadPoolExecutor(max_workers=min(len(calls), 16), thread_name_prefix="interop-tool") as pool:
            futures = [pool.submit(self.run_one, c, context) for c in calls]
            return _collect([f.exception() or f.result() for f in futures])

    async def arun(self, calls: Sequence[ToolCall], context: Any = None) -> list[ToolOutcome]:
        """Run calls from async code: gathered when parallel, in order otherwise."""
        if len(calls) == 1:  # what the batch code does for it
            return [await self.arun_one(calls[0], context)]
        if not self.parallel or len(calls) <= 1:
            results: list[Any] = []
            for c in calls:
                try:
                    results.append(await self.arun_one(c, context))
                except Exception as e:
                    results.append(e)
            return _collect(results)
        gathered = await asyncio.gather(*(self.arun_one(c, context) for c in calls), return_exceptions=True)
        return _collect(list(gathered))

    def _is_async(self, call_: ToolCall) -> bool:
        return call_.name in self.entries and call_.name not in self._sync


def _collect(results: list[Any]) -> list[ToolOutcome]:
    """The outcomes, or `DispatchError` (with every outcome reached) when a call raised."""
    errors = {i: r for i, r in enumerate(results) if isinstance(r, BaseException)}
    if not errors:
        return results
    if len(results) == 1:
        raise errors[0]
    for error in errors.values():  # cancellation and interrupts are not the batch's business
        if not isinstance(error, Exception):
            raise error
    outcomes = [None if isinstance(r, BaseException) else r for r in results]
    raise DispatchError(outcomes, errors) from errors[min(errors)]

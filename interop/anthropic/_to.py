"""`to_anthropic`: a neutral tool as a function tool for the Anthropic SDK's tool runner.

`client.beta.messages.tool_runner(tools=[...])` runs `BetaFunctionTool`s (what `@beta_tool`
makes) in `Anthropic`'s runner and `BetaAsyncFunctionTool`s (`@beta_async_tool`) in
`AsyncAnthropic`'s: it sends each tool's `to_dict()`, calls `tool.call(tool_use.input)` for each
`tool_use` block, and answers with a `tool_result` block: the returned text or content blocks,
or `is_error: true` with the content of an `anthropic.lib.tools.ToolError` (any other exception
as its `repr`). The loop goes on either way.

- **Described** as `interop.providers.to_anthropic_tool` describes the tool for the Messages API:
  the neutral input schema (object-rooted; local `$ref`s inlined, as Anthropic needs),
  `strict` when `meta["strict"]` asks for it (or the schema already qualifies), and from the meta
  `defer_loading`, `allowed_callers` (`callers`), `input_examples` and the fields of
  `provider_options["anthropic"]`. `strict=` and `inline_refs=` as there.
- **Validation once.** The SDK validates a `@beta_tool` function's arguments with pydantic
  (`validate_call`); a converted tool has no such function: the neutral tool validates them.
- **Results.** JSON text; images as `image` blocks and PDFs as `document` blocks (other content
  as short placeholders), with the text parts as `text` blocks.
- **Errors.** Bad arguments, `ToolError` and denials raise the SDK's `ToolError` with the text
  naming the tool and the fields: the model reads exactly that text (`is_error: true`). Other
  exceptions follow `errors=` (default: raised, and the runner sends their `repr` as for its own
  tools).
- **Context.** The runner passes a tool nothing but the input. The neutral context is the object
  bound with `run_context(obj)` around the loop (`with run_context(user): runner.until_done()`),
  or what the `context=` hook makes of it.
- **Approval.** The tool runner has no confirmation step: a `requires_approval` tool needs
  `approval=` (asked before each call that needs it) or `allow_unapproved=True`.
- **Sync and async.** A `BetaFunctionTool` for `Anthropic` (any tool: an async one is driven to
  completion) or a `BetaAsyncFunctionTool` for `AsyncAnthropic`; default: as the tool is,
  `asynchronous=` chooses.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

from anthropic.lib.tools import BetaAsyncFunctionTool, BetaFunctionTool
from anthropic.lib.tools import ToolError as AnthropicToolError
from typing_extensions import Unpack

from interop import bridge
from interop._kit import toolset_options

if TYPE_CHECKING:  # the pipeline loads at the first conversion, not at import
    from anthropic.types.beta import BetaToolParam

    from interop import StandardToolV0
    from interop.bridge import Invoker, Outcome


ContextHook = Callable[[Any], Any]
"""Maps the object bound with `run_context(...)` (None when nothing is bound) to the neutral context."""

_BOUND = bridge.BoundContext("anthropic")

__all__ = [
    "AnthropicOptions",
    "ContextHook",
    "StandardAsyncFunctionTool",
    "StandardFunctionTool",
    "bound_context",
    "run_context",
    "to_anthropic",
    "to_anthropic_tools",
]


class AnthropicOptions(bridge.ToolOptions, total=False):
    """`to_anthropic` options: the shared ones (see `interop.bridge.Options`) plus:"""

    asynchronous: bool
    """A `BetaAsyncFunctionTool` (for `AsyncAnthropic`) or a `BetaFunctionTool` (for
    `Anthropic`); default: as the tool is."""
    strict: bool
    """Anthropic strict tool use: True compiles the schema (or raises), False never; default:
    `meta["strict"]`, else strict exactly when the schema already qualifies."""
    inline_refs: bool
    """Inline local `$ref`s (default True, what Anthropic needs)."""


def run_context(value: Any) -> AbstractContextManager[None]:
    """Give every converted tool the runner calls inside this block `value` as its neutral context:
    `with run_context(user): runner.until_done()` (by identity)."""
    return _BOUND.bind(value)


def bound_context() -> Any:
    """The object bound with `run_context(...)` here (None when nothing is bound)."""
    return _BOUND.get(None)


def _content(outcome: Outcome) -> Any:
    """A successful `Outcome` as tool-result content, or the SDK's `ToolError` for the model."""
    if outcome.status != "ok":
        raise AnthropicToolError(outcome.text)
    if not outcome.has_content:
        return outcome.text
    from interop.providers._anthropic import _content as block

    return [block(p) for p in outcome.parts]


class _Standard:
    """What the two converted tool classes share: the description, the invoker, the origin."""

    standard_tool: StandardToolV0[Any, Any, Any]
    _invoker: Invoker
    _definition: dict[str, Any]

    def _setup(
        self, tool: StandardToolV0[Any, Any, Any], invoker: Invoker, definition: dict[str, Any]
    ) -> None:
        self.standard_tool = tool
        self._invoker = invoker
        self._definition = definition
        self.name = definition["name"]
        self.description = definition["description"]
        self.input_schema = definition["input_schema"]
        bridge.set_origin(self, tool)

    def to_dict(self) -> BetaToolParam:
        """The `tools[]` entry the runner sends (a copy)."""
        return bridge.copy_json(self._definition)  # type: ignore[no-any-return]

    def __repr__(self) -> str:
        return f"{type(self).__name__}(name={self._invoker.name!r})"


class StandardFunctionTool(_Standard, BetaFunctionTool[Any]):
    """A `BetaFunctionTool` (for `Anthropic`'s tool runner) running a neutral tool through the
    invocation pipeline (`to_anthropic`). `standard_tool` is the neutral tool it came from; calling
    it (`tool(**arguments)`) runs one call as the runner does."""

    def __init__(
        self, tool: StandardToolV0[Any, Any, Any], *, invoker: Invoker, definition: dict[str, Any]
    ) -> None:
        self._setup(tool, invoker, definition)

        def run(**arguments: Any) -> Any:
            return self.call(arguments)

        run.__name__ = invoker.name
        run.__doc__ = tool.description
        self.func = run

    def call(self, input: object) -> Any:
        """Run one call (the runner calls this): text or content blocks, or the SDK's `ToolError`."""
        return _content(
            self._invoker.invoke(input, _BOUND.get(None), decoded=True)
        )  # the model's JSON, decoded


class StandardAsyncFunctionTool(_Standard, BetaAsyncFunctionTool[Any]):
    """A `BetaAsyncFunctionTool` (for `AsyncAnthropic`'s tool runner) running a neutral tool
    through the invocation pipeline (`to_anthropic`); see `StandardFunctionTool`."""

    def __init__(
        self, tool: StandardToolV0[Any, Any, Any], *, invoker: Invoker, definition: dict[str, Any]
    ) -> None:
        self._setup(tool, invoker, definition)

        async def run(**arguments: Any) -> Any:
            return await self.call(arguments)

        run.__name__ = invoker.name
        run.__doc__ = tool.description
        self.func = run

    async def call(self, input: object) -> Any:
        """Run one call (the runner awaits this): text or content blocks, or the SDK's `ToolError`."""
        return _content(await self._invoker.ainvoke(input, _BOUND.get(None), decoded=True))


_NATIVE = (BetaFunctionTool, BetaAsyncFunctionTool)


def to_anthropic(
    tool: StandardToolV0[Any, Any, Any], **options: Unpack[AnthropicOptions]
) -> BetaFunctionTool[Any] | BetaAsyncFunctionTool[Any]:
    """A tool for `client.beta.messages.tool_runner(tools=[...])` running `tool` (or the very
    `@beta_tool` / `@beta_async_tool` object `tool` came from).

    Options: the shared ones (`rename`, `context`, `approval`, `allow_unapproved`, `errors`,
    `threaded`), `asynchronous`, `strict` and `inline_refs`. Names follow Anthropic's rule (1-64
    characters from `a-z A-Z 0-9 _ -`). `context=` receives the object bound with
    `run_context(...)` (or None).
    """
    c = bridge.prepare(
        tool, options, AnthropicOptions, where="to_anthropic", rule="anthropic", native=_NATIVE
    )
    if c.home is not None:
        return c.home  # type: ignore[return-value]
    from interop.providers import to_anthropic_tool

    definition = to_anthropic_tool(
        tool, strict=c.own.get("strict"), rename=c.name, inline_refs=c.own.get("inline_refs", True)
    )
    invoker = c.invoker(target="the Anthropic tool runner")
    asynchronous = c.own.get("asynchronous")
    if invoker.is_async if asynchronous is None else asynchronous:
        return StandardAsyncFunctionTool(tool, invoker=invoker, definition=definition)
    return StandardFunctionTool(tool, invoker=invoker, definition=definition)


def to_anthropic_tools(
    tools: Iterable[StandardToolV0[Any, Any, Any]], **options: Unpack[AnthropicOptions]
) -> list[Any]:
    """`to_anthropic` over a list (`rename` as a mapping or function), for one runner: all
    `BetaAsyncFunctionTool`s when `asynchronous=True` or any tool is async (for `AsyncAnthropic`),
    else all `BetaFunctionTool`s. Two tools with the same final name raise `ToolNameError` (the
    runner keeps only the last)."""
    options = toolset_options(tools, options)
    items = list(tools)
    out: list[Any] = []
    want = options["asynchronous"] if "asynchronous" in options else any(map(bridge.is_async_tool, items))
    forced: AnthropicOptions = {**options, "asynchronous": want}
    for t in items:  # a tool already of the kind the list needs converts as given (and may go home)
        out.append(to_anthropic(t, **(options if bridge.is_async_tool(t) == want else forced)))
    bridge.check_unique_names((t.name for t in out), "the Anthropic tool runner")
    return out

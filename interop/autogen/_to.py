"""`to_autogen`: a neutral tool as an AutoGen `autogen_core.tools.BaseTool` (and `to_autogen_tools`).

Described: `name`, `description` and the neutral input JSON Schema as the tool's `schema`
(`ToolSchema.parameters`, sent verbatim: AutoGen's own `BaseTool.schema` rebuilds it from a
pydantic model, forcing `type: object`, inlining refs and dropping every top-level keyword but
`properties`, `required` and `additionalProperties`); `args_type()` is a pydantic class whose
`model_json_schema()` is that same schema. `strict` (the option, else meta `strict`) sends our
OpenAI strict compilation with `strict: true` (the nulls it injects for optional fields are
removed again before validation). AutoGen has no slot for a title, an output schema or other
meta: they stay on the neutral tool (`from_autogen` gives it back).

Each call goes through the core invocation pipeline: `run_json` hands the model's arguments to the
neutral validator (AutoGen validates nothing first), inside AutoGen's own tool span
(`trace_tool_span`) and with its `ToolCallEvent` logged, as `BaseTool.run_json` does. A result is
a `ToolResultText`: the JSON text the model reads (AutoGen would `str()` a dict into a Python repr),
with the structured `value` and the model `parts` attached; images, audio and files are named by
placeholders (AutoGen's `FunctionExecutionResult` is text). Bad arguments, `ToolError` and denials
raise `ToolError` with the text naming the tool and the fields: AutoGen's workbench turns it into
`FunctionExecutionResult(is_error=True)` with that text, and the agent's loop goes on. Other
exceptions follow `errors=` (default: raised, and AutoGen shows their message the same way).

Context: AutoGen hands a tool only a `CancellationToken`. The neutral context is the object bound
with `run_context(obj)` around the run (`with run_context(deps): await agent.run(task=...)`; the
agent's tool tasks and worker threads inherit it), or what the `context=` hook returns (it receives
the call's `CancellationToken`).

Approval: AutoGen 0.7 has no confirmation step for tools, so a `requires_approval` tool needs
`approval=` (asked before each call that needs it; a denial reaches the model as an error) or
`allow_unapproved=True`: otherwise the conversion raises `ApprovalRequiredError`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

from autogen_core import EVENT_LOGGER_NAME, CancellationToken, trace_tool_span
from autogen_core.logging import ToolCallEvent
from autogen_core.tools import BaseTool, ToolSchema
from pydantic import BaseModel
from typing_extensions import Unpack

from interop import ToolError, bridge, jsonschema
from interop._kit import ToolResultText, convert_tools

if TYPE_CHECKING:  # the pipeline loads at the first conversion, not at import
    from interop import StandardToolV0
    from interop.bridge import Invoker, Outcome


ContextHook = Callable[[CancellationToken], Any]
"""Maps the call's `CancellationToken` to the neutral context (or an awaitable of it)."""

_BOUND = bridge.BoundContext("autogen")
_events = logging.getLogger(EVENT_LOGGER_NAME)

__all__ = [
    "AutoGenOptions",
    "ContextHook",
    "StandardAutoGenTool",
    "default_context",
    "run_context",
    "to_autogen",
    "to_autogen_tools",
]


class AutoGenOptions(bridge.ToolOptions, total=False):
    """`to_autogen` options: the shared ones (see `interop.bridge.Options`) plus:"""

    strict: bool
    """OpenAI strict mode (`ToolSchema.strict`; default: meta `strict`, else off, AutoGen's default).
    `True` sends our strict compilation of the input schema (same meaning) or raises."""


def run_context(value: Any) -> AbstractContextManager[None]:
    """Give the converted tools `value` as their neutral context for the runs started inside this
    block: `with run_context(deps): await agent.run(task=...)` (by identity: a DB handle works)."""
    return _BOUND.bind(value)


def default_context(cancellation_token: CancellationToken | None) -> Any:
    """The object bound with `run_context(...)`, else None (the token carries no data)."""
    return _BOUND.get(None)


def _result(outcome: Outcome) -> ToolResultText:
    if outcome.status == "ok":
        return ToolResultText(outcome.text, outcome.value, outcome.parts)
    raise ToolError(outcome.text) from outcome.error  # AutoGen: FunctionExecutionResult(is_error=True)


class StandardAutoGenTool(BaseTool[BaseModel, Any]):
    """An AutoGen `BaseTool` running a neutral tool through the invocation pipeline (`to_autogen`).

    `standard_tool` is the neutral tool it was converted from.
    """

    def __init__(
        self,
        tool: StandardToolV0[Any, Any, Any],
        *,
        invoker: Invoker,
        parameters: dict[str, Any],
        strict: bool,
    ) -> None:
        args_type = bridge.schema_model(f"{invoker.name}_arguments", parameters, module=__name__)
        super().__init__(args_type, ToolResultText, invoker.name, tool.description, strict)  # type: ignore[arg-type]
        self.standard_tool = tool
        self._invoker = invoker
        self._parameters = parameters

    @property
    def schema(self) -> ToolSchema:
        """The tool as the model is told about it: the neutral input schema, verbatim."""
        return ToolSchema(
            name=self._name,
            description=self._description,
            parameters=bridge.copy_json(self._parameters),  # type: ignore[typeddict-item]
            strict=self._strict,
        )

    def return_value_as_string(self, value: Any) -> str:
        """The text the model reads (JSON text for a value that did not come from this tool)."""
        if isinstance(value, str):
            return str(value)
        return bridge.to_json_text(value)

    async def run(self, args: BaseModel, cancellation_token: CancellationToken) -> Any:
        """AutoGen's typed entry point (the arguments as given, then the pipeline)."""
        arguments = args.model_dump()
        return _result(await self._invoker.ainvoke(arguments, cancellation_token))

    async def run_json(
        self, args: Mapping[str, Any], cancellation_token: CancellationToken, call_id: str | None = None
    ) -> Any:
        """Run one call with the model's arguments (validated once, by the neutral tool)."""
        # AutoGen decoded the model's JSON already: a JSON string is a string, not arguments to decode again
        with trace_tool_span(tool_name=self._name, tool_description=self._description, tool_call_id=call_id):
            # an error raises inside the span (it fails): AutoGen's FunctionExecutionResult(is_error=True)
            result = _result(
                await self._invoker.ainvoke(args, cancellation_token, call_id=call_id, decoded=True)
            )
        if _events.isEnabledFor(logging.INFO):  # (an event nobody logs is not built)
            arguments = dict(args) if isinstance(args, Mapping) else {"arguments": args}
            _events.info(ToolCallEvent(tool_name=self._name, arguments=arguments, result=str(result)))
        return result

    def __repr__(self) -> str:
        return f"StandardAutoGenTool(name={self._name!r})"


def _schema(
    tool: StandardToolV0[Any, Any, Any], name: str, strict: bool | None
) -> tuple[dict[str, Any], bool, Callable[[Any], Any] | None]:
    """(the parameters sent, the strict flag, the restore of injected nulls); unset is off
    (AutoGen's default)."""
    schema = bridge.object_input_schema(tool, "AutoGen")
    compiled = jsonschema.resolve_strict(schema, strict, tool_name=name, meta=tool.meta, default="never")
    if compiled is None:
        return schema, False, None
    return compiled.schema, True, compiled.restorer


def to_autogen(tool: StandardToolV0[Any, Any, Any], **options: Unpack[AutoGenOptions]) -> BaseTool[Any, Any]:
    """An AutoGen `BaseTool` running `tool` (or the very AutoGen tool `tool` came from).

    Use it as `AssistantAgent(..., tools=[to_autogen(t)])` or in a `StaticWorkbench`. Options: the
    shared ones (`rename`, `context`, `approval`, `allow_unapproved`, `errors`, `threaded`) and
    `strict`. The context defaults to the object bound with `run_context(...)`; the `context=` hook
    gets the call's `CancellationToken`. Names follow OpenAI's rule (1-64 characters from
    `a-z A-Z 0-9 _ -`), which AutoGen's model clients check.
    """
    c = bridge.prepare(tool, options, AutoGenOptions, where="to_autogen", rule="openai", native=BaseTool)
    if c.home is not None:
        return c.home
    parameters, strict, restore = _schema(tool, c.name, c.own.get("strict"))
    invoker = c.invoker(target="AutoGen", context=default_context, restore=restore)
    converted = StandardAutoGenTool(tool, invoker=invoker, parameters=parameters, strict=strict)
    bridge.set_origin(converted, tool)
    return converted


def to_autogen_tools(
    tools: Iterable[StandardToolV0[Any, Any, Any]], **options: Unpack[AutoGenOptions]
) -> list[BaseTool[Any, Any]]:
    """Convert several tools for one agent (`AssistantAgent(tools=...)`, `StaticWorkbench(...)`);
    two tools with the same final name raise `ToolNameError` (AutoGen refuses duplicates)."""
    return convert_tools(tools, options, to_autogen, "AutoGen")

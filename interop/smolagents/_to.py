"""`to_smolagents`: a neutral tool as a `smolagents.Tool` that `ToolCallingAgent` and `CodeAgent` use.

- **Schema.** smolagents has its own `inputs` vocabulary; each neutral property becomes an input
  holding its JSON Schema (refs inlined, a `type` where it had none, `nullable: true` for an
  optional input: see `interop.smolagents._schema`). `output_schema` is the neutral output schema
  and `output_type` its JSON type (`"any"` when it has none).
- **Validation once.** smolagents checks top-level types itself; the neutral tool then validates
  the whole call (nested objects, constraints, enums). A `null` sent for an optional input that
  does not accept null means "not given" and is dropped first.
- **Results.** Called by a `ToolCallingAgent` (`sanitize_inputs_outputs=True`), the tool returns
  what the model reads: JSON text (smolagents would `str()` anything else), a lone image as an
  `AgentImage` (the agent stores it in its state), other content as placeholders. Called from a
  `CodeAgent`'s code (or directly), it returns the structured value, so code can index it.
- **Errors.** Bad arguments and `ToolError` raise `ToolError` with the text naming the tool and
  the fields; smolagents shows it to the model (`Error executing tool ...`) and the run goes on.
  Other exceptions follow `errors=` (default: raised, as from a native tool).
- **Context.** smolagents gives tools no per-call object. The neutral context is the object given
  to `run_context(obj)` around `agent.run(...)` (smolagents copies it into its parallel tool
  threads), or what the `context=` hook returns for it (it receives that object, or None). A
  `CodeAgent` runs each code step on a fresh thread for its execution timeout, which does not
  inherit context variables: create it with `executor_kwargs={"timeout_seconds": None}`, or give
  the context with `context=` (a closure over it).
- **Approval.** smolagents has no confirmation step: a `requires_approval` tool needs
  `approval=` (asked before each call that needs it) or `allow_unapproved=True`.
"""

from __future__ import annotations

from collections.abc import Iterable
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

from smolagents import Tool  # type: ignore[import-untyped]
from smolagents.agent_types import AgentImage  # type: ignore[import-untyped]
from typing_extensions import Unpack

from interop import StandardToolV0, ToolError, bridge
from interop._arguments import call_arguments
from interop._kit import convert_tools
from interop.bridge import content_kind, to_jsonable  # on the call path: bound once here

if TYPE_CHECKING:
    from interop.bridge import Invoker, Outcome
from interop.jsonschema import RefError, accepts_null

from ._schema import drop_unsent_nulls, to_inputs

_BOUND = bridge.BoundContext("smolagents")

_OUTPUT_TYPES = frozenset({"string", "boolean", "integer", "number", "array", "object", "null"})

__all__ = ["StandardSmolagentsTool", "run_context", "to_smolagents", "to_smolagents_tools"]


def run_context(value: Any) -> AbstractContextManager[None]:
    """Give every converted tool called inside this block `value` as its neutral context:
    `with run_context(deps): agent.run("...")` (passed by identity: a DB handle or client works)."""
    return _BOUND.bind(value)


def _output_type(schema: dict[str, Any] | None) -> str:
    t = (schema or {}).get("type")
    return t if isinstance(t, str) and t in _OUTPUT_TYPES else "any"


def _model_output(outcome: Outcome) -> Any:
    """What a `ToolCallingAgent` shows the model: text, or a lone image as an `AgentImage`."""
    parts = outcome.parts
    if len(parts) == 1 and not isinstance(parts[0], str) and content_kind(parts[0]) == "image":
        return AgentImage(parts[0].data)  # type: ignore[union-attr]
    return outcome.text


def _code_value(outcome: Outcome) -> Any:
    """What code calling the tool gets: the structured value (content as agent types/text)."""
    if outcome.has_content:
        return _model_output(outcome)
    return to_jsonable(outcome.value)


class StandardSmolagentsTool(Tool):  # type: ignore[misc]
    """A `smolagents.Tool` running a neutral tool through the invocation pipeline (`to_smolagents`).

    `standard_tool` is the neutral tool it was converted from.
    """

    skip_forward_signature_validation = True

    def __init__(self, tool: StandardToolV0[Any, Any, Any], *, invoker: Invoker) -> None:
        schema = bridge.object_input_schema(tool, "smolagents")
        out_schema = bridge.output_json_schema(tool)
        self.name = invoker.name
        self.description = tool.description
        try:
            self.inputs = to_inputs(schema)
        except RefError as e:  # smolagents sends no `$defs`: every ref must be inlined
            from interop.errors import SchemaConversionError

            raise SchemaConversionError(
                f"tool {tool.name!r}: smolagents sends no $defs, and its input schema's $refs cannot be inlined: {e}"
            ) from e
        self.output_type = _output_type(out_schema)
        self.output_schema = out_schema
        self.standard_tool = tool
        self._invoker = invoker
        super().__init__()
        self.is_initialized = True

    def _outcome(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Outcome:
        outcome = self._invoker.invoke(call_arguments(args, kwargs, self.inputs, self.name), _BOUND.get(None))
        if outcome.status != "ok":  # smolagents shows the message to the model; the run goes on
            raise ToolError(outcome.text)
        return outcome

    def forward(self, *args: Any, **kwargs: Any) -> Any:
        return _code_value(self._outcome(args, kwargs))

    def __call__(self, *args: Any, sanitize_inputs_outputs: bool = False, **kwargs: Any) -> Any:
        outcome = self._outcome(args, kwargs)
        return _model_output(outcome) if sanitize_inputs_outputs else _code_value(outcome)

    def __repr__(self) -> str:
        return f"StandardSmolagentsTool(name={self.name!r})"


def _restore(schema: dict[str, Any]) -> Any:
    props = schema.get("properties") or {}
    required = set(schema.get("required") or ())
    if all(k in required or accepts_null(p, schema, unknown=True) for k, p in props.items()):
        return None
    return lambda args: drop_unsent_nulls(args, schema)


def to_smolagents(tool: StandardToolV0[Any, Any, Any], **options: Unpack[bridge.ToolOptions]) -> Tool:
    """Convert a neutral tool into a `smolagents.Tool` (a `StandardSmolagentsTool`).

    Options: the shared ones (`rename`, `context`, `approval`, `allow_unapproved`, `errors`,
    `threaded`). The name must be a Python identifier (smolagents' rule; `ToolNameError`
    otherwise). `context=` receives the object bound with `run_context(...)` (or None). A tool
    that came from `from_smolagents` goes home as the very same object (with no options).
    """
    c = bridge.prepare(tool, options, where="to_smolagents", rule="smolagents", native=Tool)
    if c.home is not None:
        return c.home
    invoker = c.invoker(target="smolagents", restore=_restore(bridge.input_json_schema(tool)))
    converted = StandardSmolagentsTool(tool, invoker=invoker)
    bridge.set_origin(converted, tool)
    return converted


def to_smolagents_tools(
    tools: Iterable[StandardToolV0[Any, Any, Any]], **options: Unpack[bridge.ToolOptions]
) -> list[Tool]:
    """Convert several tools for one agent; two tools with the same final name raise
    `ToolNameError` (an agent keeps tools in a dict by name)."""
    return convert_tools(tools, options, to_smolagents, "smolagents")

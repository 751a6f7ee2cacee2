"""`to_google_adk`: a neutral tool as a Google ADK `BaseTool` that any ADK agent calls as usual.

What the converted tool (a `StandardADKTool`, a `BaseTool` subclass) does:

- **Declaration.** `_get_declaration()` gives `types.FunctionDeclaration(name, description,
  parameters_json_schema=<the neutral input JSON Schema, verbatim>, response_json_schema=<the
  output schema>)`, the form ADK's own MCP tools use and every ADK model adapter forwards
  unchanged. When ADK's `JSON_SCHEMA_FOR_FUNC_DECL` feature is turned off, the declaration uses
  Gemini's `parameters` dialect instead (the project's Gemini conversion, as ADK's MCP tools do).
  The title and the JSON-safe meta go to `custom_metadata` (ADK has no other slot).
- **Validation once.** ADK hands `run_async` the model's arguments unchecked; the neutral tool
  validates them.
- **Results.** JSON data as the `FunctionResponse` (a dict as it is, anything else as ADK's
  `{"result": ...}`; a value holding a `$ref` key as its JSON text, which Gemini would refuse);
  images, audio and files as ADK's function-response media parts.
- **Errors.** Bad arguments, bad results, `ToolError` and denials come back as ADK's
  model-facing `{"error": "..."}` (naming the tool and the fields) and the run goes on. Other
  exceptions propagate as from any ADK tool (ADK aborts the run unless an
  `on_tool_error_callback` or plugin answers), unless `errors="all"`/`"masked"`.
- **Context.** By default the neutral context is a snapshot of the session state
  (`tool_context.state.to_dict()`: what `create_session(state=...)` and
  `run_async(state_delta=...)` put there). `context=` maps ADK's `ToolContext` otherwise, for
  instance `lambda tc: tc.state` (the live state: writes become state deltas) or a live object
  looked up by the session's user id. The model never sees or sets it.
- **Approval.** `requires_approval` (static or a predicate) is ADK's tool confirmation:
  `check_require_confirmation` answers per call, ADK pauses the call with an
  `adk_request_confirmation` function call, and the run resumes with a function response
  `{"confirmed": true}` (or false: the model is told the call was rejected).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from google.adk.features import FeatureName, is_feature_enabled
from google.adk.tools.base_tool import BaseTool
from google.adk.tools.tool_context import ToolContext
from google.genai import types
from typing_extensions import Unpack

from interop import bridge, jsonschema
from interop._kit import CARRIED_KEY, carried_meta, convert_tools
from interop.errors import SchemaConversionError

if TYPE_CHECKING:  # the pipeline loads at the first conversion, not at import
    from google.adk.agents.llm_agent import ToolUnion

    from interop import StandardToolV0
    from interop.bridge import ApprovalRequest, Invoker, Outcome, ToolOptions


META_KEY = CARRIED_KEY
"""The `custom_metadata` key holding what ADK has no field for (`title`)."""

ContextHook = Callable[[ToolContext], Any]
"""Maps ADK's `ToolContext` (state, session, invocation, call id) to the neutral context."""

CONFIRMATION_PENDING = {"error": "This tool call requires confirmation, please approve or reject."}
"""ADK's own answer for a call waiting on a human (what `FunctionTool` returns)."""

__all__ = [
    "CONFIRMATION_PENDING",
    "META_KEY",
    "ContextHook",
    "StandardADKTool",
    "default_context",
    "to_google_adk",
    "to_google_adk_tools",
]


def default_context(tool_context: ToolContext) -> dict[str, Any]:
    """The neutral context: a snapshot of the session state (a plain dict; writes are not kept)."""
    return tool_context.state.to_dict()


def _whole_context(tool_context: ToolContext) -> ToolContext:
    return tool_context


def _media(part: Any) -> types.Part:
    return types.Part.from_bytes(data=part.data, mime_type=part.media_type)


def _to_adk(outcome: Outcome) -> Any:
    """An `Outcome` as what ADK's `run_async` returns (ADK builds the `FunctionResponse`)."""
    if outcome.status == "ok":
        if outcome.has_content:  # ADK moves `types.Part` media into the response's parts
            shown = [p if isinstance(p, str) else _media(p) for p in outcome.parts]
            return shown[0] if len(shown) == 1 else shown
        if outcome.shows_text:
            return outcome.text
        # JSON data (a dict, or {"result": ...}); a value with a `$ref` key as its JSON text: Gemini
        # reads `$ref` in a function response as a media-part reference and answers HTTP 400
        value = bridge.to_jsonable(outcome.value, tool_name=outcome.name)
        return bridge.to_json_text(value) if jsonschema.has_ref_key(value) else value
    if outcome.status == "pending":
        return dict(CONFIRMATION_PENDING)
    return {"error": outcome.text}  # bad arguments, ToolError, a denial: the model reads it


def _ask(tool_context: ToolContext) -> Callable[[ApprovalRequest], Any]:
    """ADK's tool confirmation for one call: the decision ADK resumed the call with, or a request
    for one (when the tool is run outside ADK's confirmation gate)."""

    def ask(request: ApprovalRequest) -> Any:
        confirmation = tool_context.tool_confirmation
        if confirmation is not None:
            return confirmation.confirmed is True
        if not tool_context.function_call_id:
            return False  # no call id: ADK cannot ask anyone about this call
        tool_context.request_confirmation(
            hint=(
                f"Please approve or reject the tool call {request.tool_name}() by responding with a "
                "FunctionResponse with an expected ToolConfirmation payload."
            )
        )
        tool_context.actions.skip_summarization = True
        return bridge.PENDING

    return ask


class StandardADKTool(BaseTool):
    """A Google ADK `BaseTool` running a neutral tool through the invocation pipeline.

    `standard_tool` is the neutral tool it was converted from.
    """

    def __init__(
        self, tool: StandardToolV0[Any, Any, Any], *, invoker: Invoker, ask_adk: bool = True
    ) -> None:
        super().__init__(
            name=invoker.name,
            description=tool.description,
            custom_metadata=carried_meta(tool, output_schema=False) or None,
        )
        self.standard_tool = tool
        self._invoker = invoker
        self._gated = ask_adk and invoker.may_need_approval
        self._parameters = bridge.object_input_schema(tool, "ADK")
        self._response = bridge.output_json_schema(tool)
        self._declarations: dict[bool, types.FunctionDeclaration] = {}

    def _get_declaration(self) -> types.FunctionDeclaration | None:
        json_schema = is_feature_enabled(FeatureName.JSON_SCHEMA_FOR_FUNC_DECL)
        declaration = self._declarations.get(json_schema)
        if declaration is None:
            declaration = self._declarations[json_schema] = self._declare(json_schema)
        return declaration.model_copy(deep=True)  # ADK may edit what it is given (as FunctionTool)

    def _declare(self, json_schema: bool) -> types.FunctionDeclaration:
        if json_schema:
            return types.FunctionDeclaration(
                name=self.name,
                description=self.description,
                parameters_json_schema=self._parameters,
                response_json_schema=self._response,
            )
        # ADK's feature flag asks for Gemini's OpenAPI-3.0 `Schema` dialect (lossy: what Gemini
        # cannot carry is described in the text; the neutral tool still validates it)
        try:
            schema = jsonschema.to_gemini_schema(self._parameters)
        except jsonschema.RefError as e:  # Gemini's `Schema` has no refs: they are inlined
            raise SchemaConversionError(
                f"tool {self.name!r}: cannot inline the $refs of its input schema for Gemini: {e}"
            ) from e
        return types.FunctionDeclaration(
            name=self.name,
            description=self.description,
            # a tool without arguments gets no schema at all (Gemini rejects an empty object)
            parameters=types.Schema.model_validate(schema) if schema.get("properties") else None,
        )

    async def check_require_confirmation(self, args: dict[str, Any], tool_context: ToolContext) -> bool:
        """Whether ADK must ask for confirmation before this call (static or per call)."""
        if not self._gated:
            return False
        return await self._invoker.aneeds_approval(args, tool_context)

    async def run_async(self, *, args: dict[str, Any], tool_context: ToolContext) -> Any:
        ask = _ask(tool_context) if self._gated else None
        outcome = await self._invoker.ainvoke(
            args, tool_context, call_id=tool_context.function_call_id, ask=ask
        )
        return _to_adk(outcome)

    def __repr__(self) -> str:
        return f"StandardADKTool(name={self.name!r})"


def to_google_adk(tool: StandardToolV0[Any, Any, Any], **options: Unpack[ToolOptions]) -> BaseTool:
    """Convert a neutral tool into a Google ADK tool (a `StandardADKTool`), for
    `LlmAgent(tools=[...])`.

    Options: the shared ones (`rename`, `context`, `approval`, `allow_unapproved`, `errors`,
    `threaded`; see the README's options table). Context defaults to `default_context` (a
    snapshot of the session state); the `context=` hook gets ADK's `ToolContext`. A tool with
    `meta["requires_approval"]` asks through ADK's tool confirmation unless `approval=` gives a
    callback. A tool that came from ADK (`from_google_adk`) goes home as the very same object.
    """
    c = bridge.prepare(tool, options, where="to_google_adk", rule="google-adk", native=BaseTool)
    if c.home is not None:
        return c.home
    invoker = c.invoker(
        target="Google ADK",
        context=default_context if c.origin is None else _whole_context,  # a native tool gets its own
        native_approval=True,
    )
    converted = StandardADKTool(tool, invoker=invoker, ask_adk=c.options.approval is None)
    bridge.set_origin(converted, tool)
    return converted


def to_google_adk_tools(
    tools: Iterable[StandardToolV0[Any, Any, Any]], **options: Unpack[ToolOptions]
) -> list[ToolUnion]:
    """Convert several tools for one `LlmAgent(tools=[...])`; duplicate names raise
    `ToolNameError` (ADK keeps only one tool per name while sending both declarations). Typed as
    `LlmAgent.tools` is (a list is invariant: `list[BaseTool]` would not type-check there)."""
    out = convert_tools(tools, options, to_google_adk, "Google ADK")
    return list(out)

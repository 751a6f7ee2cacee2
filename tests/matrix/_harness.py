"""Shared machinery of the matrix suite: build native tools in each framework's own idiom,
convert them, read what each framework's model would see, and call them through each
framework's native call path.

Frameworks (sources and targets): `neutral`, `langchain`, `pydantic-ai`, `llamaindex`,
`openai-agents`, `mcp`.

Context conventions (the neutral context of every corpus spec is a JSON object):
- neutral: `execute(input, context)`;
- LangChain: `config={"configurable": {CONTEXT_KEY: ctx}}` (a native tool takes `config: RunnableConfig`);
- pydantic-ai: `deps=ctx` (a native tool takes `ctx: RunContext` and reads `ctx.deps`);
- LlamaIndex: the workflow store key `CONTEXT_KEY` (a native tool takes `ctx: Context`);
- OpenAI Agents: the run context (a native tool takes `ctx: ToolContext` and reads `ctx.context`);
- MCP: the request `_meta` key `interop_ctx` (a native tool takes the SDK's `Context`; the
  consuming side maps its context there with `native_context=`, the serving side back with `context=`).
- Haystack, DSPy: see `fw_haystack.py` and `fw_dspy.py` (agent `State` key / DSPy settings key
  `interop_context`).
"""

from __future__ import annotations

import contextlib
import inspect
import json
import typing
import uuid
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

from _adapters import from_framework, to_framework
from installed import module_installed

import interop
import interop.bridge
from interop._kit import CONTEXT_KEY
from interop.bridge import get_origin, to_jsonable

FRAMEWORKS = ["neutral", "langchain", "pydantic-ai", "llamaindex", "openai-agents", "mcp"]
FRAMEWORKS += ["haystack", "dspy", "google-adk", "genkit"]  # each framework's own part of the harness: tests/matrix/fw_<name>.py
MCP_CTX_KEY = "interop_ctx"

# ------------------------------------------------------------------------------ schema normalization

NORMALIZATION = """\
Two input JSON Schemas are compared after this normalization (applied to both sides):
1. local `$ref`s (`#/$defs/...`, `#/definitions/...`) are inlined and `$defs`/`definitions` dropped;
2. every `title` keyword is dropped (property *names* called `title` are kept), and the top-level
   `description` (LangChain moves it into the function description);
3. `additionalProperties: false` is dropped everywhere (pydantic-ai, OpenAI Agents strict mode and
   `@tool`'s `extra="forbid"` add it; unknown keys are checked by the invalid-argument checks);
4. strict-mode required lists: `default: null` is dropped and a property that has a `default` or
   accepts `null` is not counted in `required` (OpenAI Agents strict mode lists every property
   as required; `from_openai_agents` recovers optionality from `default`/`null`); `required` is
   compared as a set;
5. key order is ignored (dict equality).
"""


def _resolve_ref(ref: str, root: dict[str, Any]) -> Any:
    target: Any = root
    for part in ref[2:].split("/"):
        target = target[part.replace("~1", "/").replace("~0", "~")]
    return target


def _nullable(schema: Any) -> bool:
    if not isinstance(schema, dict):
        return False
    t = schema.get("type")
    if t == "null" or (isinstance(t, list) and "null" in t):
        return True
    return any(_nullable(s) for s in schema.get("anyOf", []) + schema.get("oneOf", []))


def normalize(schema: Any, root: dict[str, Any] | None = None, depth: int = 0) -> Any:
    """The normalized form of a JSON Schema (see `NORMALIZATION`)."""
    if root is None:
        root = schema if isinstance(schema, dict) else {}
    if depth > 50:
        return schema
    if isinstance(schema, list):
        return [normalize(s, root, depth + 1) for s in schema]
    if not isinstance(schema, dict):
        return schema
    if isinstance(schema.get("$ref"), str) and schema["$ref"].startswith("#/"):
        merged = {**_resolve_ref(schema["$ref"], root), **{k: v for k, v in schema.items() if k != "$ref"}}
        return normalize(merged, root, depth + 1)
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key in ("$defs", "definitions", "title", "$schema"):
            continue
        if key == "description" and depth == 0:
            continue
        if key == "additionalProperties" and value is False:
            continue
        if key == "default" and value is None:
            continue
        if key == "properties" and isinstance(value, dict):
            out[key] = {name: normalize(s, root, depth + 1) for name, s in value.items()}
        elif key in ("items", "not", "additionalProperties", "contains", "propertyNames") and isinstance(
            value, dict
        ):
            out[key] = normalize(value, root, depth + 1)
        elif key in ("anyOf", "oneOf", "allOf", "prefixItems") and isinstance(value, list):
            out[key] = [normalize(s, root, depth + 1) for s in value]
        else:
            out[key] = value
    props = out.get("properties")
    if "required" in out or isinstance(props, dict):
        req = set(out.get("required", []))
        if isinstance(props, dict):
            raw_props = schema.get("properties", {})
            req = {
                r
                for r in req
                if not (r in raw_props and ("default" in raw_props[r] or _nullable(props.get(r))))
            }
        out["required"] = sorted(req)
        if not out["required"]:
            del out["required"]
    return out


# ------------------------------------------------------------------------------ native context wrappers


def _ctx_from_config(config: Any) -> Any:
    conf = (config or {}).get("configurable") or {}
    if CONTEXT_KEY in conf:
        return conf[CONTEXT_KEY]
    return {k: v for k, v in conf.items() if not (isinstance(k, str) and k.startswith("__"))} or None


def signature_without(fn: Callable[..., Any], ctx_param: str) -> inspect.Signature:
    """`fn`'s signature without its context parameter, every annotation resolved."""
    sig = inspect.signature(fn)
    hints = typing.get_type_hints(fn, include_extras=True)
    params = [
        p.replace(annotation=hints.get(p.name, p.annotation))
        for p in sig.parameters.values()
        if p.name != ctx_param
    ]
    return sig.replace(parameters=params, return_annotation=hints.get("return", sig.return_annotation))


def _signed(wrapper: Callable[..., Any], fn: Callable[..., Any], sig: inspect.Signature) -> Callable[..., Any]:
    """`wrapper`, which stands for `fn`, with `sig` for signature and `fn`'s name and doc."""
    wrapper.__signature__ = sig  # type: ignore[attr-defined]
    wrapper.__annotations__ = {p.name: p.annotation for p in sig.parameters.values()}
    if sig.return_annotation is not inspect.Signature.empty:
        wrapper.__annotations__["return"] = sig.return_annotation
    wrapper.__name__ = fn.__name__
    wrapper.__qualname__ = fn.__qualname__
    wrapper.__doc__ = fn.__doc__
    wrapper.__module__ = fn.__module__
    return wrapper


def without_context(fn: Callable[..., Any], ctx_param: str, supply: Callable[[], Any]) -> Callable[..., Any]:
    """`fn` without its context parameter, which gets `supply()` instead (for a framework that hands
    its tools no context: DSPy's tools read its settings, others get None)."""
    if inspect.iscoroutinefunction(fn):

        async def wrapper(**kwargs: Any) -> Any:
            return await fn(**kwargs, **{ctx_param: supply()})

    else:

        def wrapper(**kwargs: Any) -> Any:  # type: ignore[misc]
            return fn(**kwargs, **{ctx_param: supply()})

    return _signed(wrapper, fn, signature_without(fn, ctx_param))


def with_native_context(
    fn: Callable[..., Any],
    ctx_param: str,
    native_name: str,
    native_annotation: Any,
    extract: Callable[[Any], Any],
    *,
    force_async: bool = False,
) -> Callable[..., Any]:
    """`fn` with its neutral context parameter replaced by the framework's own (first) parameter."""
    sig = signature_without(fn, ctx_param)
    native = inspect.Parameter(
        native_name, inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=native_annotation
    )
    new_sig = sig.replace(parameters=[native, *sig.parameters.values()])
    is_async = inspect.iscoroutinefunction(fn) or force_async

    def split(args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        bound = new_sig.bind(*args, **kwargs)
        bound.apply_defaults()
        values = dict(bound.arguments)
        return values.pop(native_name), values

    if is_async:

        async def wrapper(*args: Any, **kwargs: Any) -> Any:
            native_ctx, values = split(args, kwargs)
            value = extract(native_ctx)
            if inspect.isawaitable(value):
                value = await value
            result = fn(**values, **{ctx_param: value})
            return await result if inspect.isawaitable(result) else result

    else:

        def wrapper(*args: Any, **kwargs: Any) -> Any:  # type: ignore[misc]
            native_ctx, values = split(args, kwargs)
            return fn(**values, **{ctx_param: extract(native_ctx)})

    return _signed(wrapper, fn, new_sig)


# ------------------------------------------------------------------------------ LlamaIndex workflow Context


_workflow: list[Any] = []


def workflow_context(value: Any) -> Any:
    """A fresh LlamaIndex workflow `Context` whose store holds `value` under `CONTEXT_KEY`."""
    from llama_index.core.workflow import Context, StartEvent, StopEvent, Workflow, step

    if not _workflow:

        class _Holder(Workflow):
            @step
            async def noop(self, ev: StartEvent) -> StopEvent:
                return StopEvent()

        _workflow.append(_Holder())
    return Context(_workflow[0])


async def workflow_context_with(value: Any) -> Any:
    from interop.llamaindex import CONTEXT_KEY

    ctx = workflow_context(value)
    if value is not None:
        await ctx.store.set(CONTEXT_KEY, value)
    return ctx


# ------------------------------------------------------------------------------ native sources


def _split_meta(meta: dict[str, Any]) -> tuple[dict[str, Any], list[str] | None]:
    rest = {k: v for k, v in meta.items() if k != "tags"}
    return rest, meta.get("tags")


def native_langchain(spec: Any) -> Any:
    from langchain_core.runnables import RunnableConfig
    from langchain_core.tools import StructuredTool
    from langchain_core.tools import tool as lc_tool

    fn = spec.fn
    if spec.context:
        fn = with_native_context(fn, spec.context, "config", RunnableConfig, _ctx_from_config)
    if not spec.meta and not spec.context and not spec.is_async:
        return lc_tool(fn)  # the decorator idiom
    metadata, tags = _split_meta(spec.meta)
    if spec.is_async or inspect.iscoroutinefunction(fn):
        return StructuredTool.from_function(coroutine=fn, metadata=metadata or None, tags=tags)
    return StructuredTool.from_function(func=fn, metadata=metadata or None, tags=tags)


def native_pydantic_ai(spec: Any) -> Any:
    from pydantic_ai import RunContext, Tool

    fn = spec.fn
    if spec.context:
        fn = with_native_context(fn, spec.context, "ctx", RunContext[Any], lambda c: c.deps)
    return Tool(fn, metadata=dict(spec.meta) or None)


def native_llamaindex(spec: Any) -> Any:
    from llama_index.core.tools import FunctionTool
    from llama_index.core.workflow import Context

    from interop.llamaindex import CONTEXT_KEY

    fn = spec.fn
    if spec.context:
        fn = with_native_context(
            fn,
            spec.context,
            "ctx",
            Context,
            lambda c: c.store.get(CONTEXT_KEY, default=None),
            force_async=True,
        )
    if inspect.iscoroutinefunction(fn):
        return FunctionTool.from_defaults(async_fn=fn)
    return FunctionTool.from_defaults(fn=fn)


NOTES: dict[str, str] = {}
"""Per-spec notes on idiom limits met while building native tools ("openai-agents:open_dict": ...)."""


def native_openai_agents(spec: Any) -> Any:
    from agents import function_tool
    from agents.exceptions import UserError
    from agents.tool_context import ToolContext

    fn = spec.fn
    if spec.context:
        fn = with_native_context(fn, spec.context, "ctx", ToolContext[Any], lambda c: c.context)
    try:
        return function_tool(fn)
    except UserError as e:  # strict mode refuses open objects: the SDK's documented opt-out
        NOTES[f"openai-agents:{spec.name}"] = (
            f"@function_tool strict mode refused ({str(e)[:60]}...); strict_mode=False"
        )
        return function_tool(fn, strict_mode=False)


_HINTS = {
    "read_only": "readOnlyHint",
    "destructive": "destructiveHint",
    "idempotent": "idempotentHint",
    "open_world": "openWorldHint",
}


def native_mcp_server(specs: list[Any]) -> Any:
    """One SDK `MCPServer` with every spec registered through its own `add_tool` idiom."""
    import mcp.types as mt
    from mcp.server.mcpserver import Context, MCPServer

    server = MCPServer("native-corpus")
    for spec in specs:
        fn = spec.fn
        if spec.context:
            fn = with_native_context(
                fn, spec.context, "ctx", Context, lambda c: (c.request_context.meta or {}).get(MCP_CTX_KEY)
            )
        hints = {_HINTS[k]: v for k, v in spec.meta.items() if k in _HINTS}
        rest = {k: v for k, v in spec.meta.items() if k not in _HINTS}
        server.add_tool(
            fn,
            title=spec.title,
            annotations=mt.ToolAnnotations(**hints) if hints else None,
            meta=rest or None,
        )
    return server


def mcp_request_meta(context: Any) -> dict[str, Any] | None:
    return {MCP_CTX_KEY: context} if context is not None else None


def mcp_server_context(rc: Any) -> Any:
    return (rc.meta or {}).get(MCP_CTX_KEY)


@contextlib.asynccontextmanager
async def source_tools(source: str, specs: list[Any]) -> AsyncIterator[dict[str, tuple[Any, Any]]]:
    """name -> (native source object, neutral tool) for every spec, in `source`'s own idiom."""
    if source == "mcp":
        from interop.mcp import mcp_tools

        server = native_mcp_server(specs)
        async with mcp_tools(server, native_context=mcp_request_meta) as tools:
            yield {t.name: (t, t) for t in tools}
        return
    out: dict[str, tuple[Any, Any]] = {}
    for spec in specs:
        if source == "neutral":
            n = interop.tool(spec.fn, title=spec.title, meta=spec.meta or None, context=spec.context)
            out[spec.name] = (n, n)
        else:
            native = native_tool(source, spec)
            out[spec.name] = (native, from_native(source, native))
    yield out


def native_tool(framework: str, spec: Any) -> Any:
    """The spec as `framework`'s own native tool (MCP: see `native_mcp_server`)."""
    here = {
        "langchain": native_langchain,
        "pydantic-ai": native_pydantic_ai,
        "llamaindex": native_llamaindex,
        "openai-agents": native_openai_agents,
    }
    build = here.get(framework) or fw_module(framework).native  # the others: tests/matrix/fw_<name>.py
    return build(spec)


# ------------------------------------------------------------------------------ views: what a model sees


@dataclass
class View:
    name: str
    description: str
    title: str | None
    schema: dict[str, Any]
    meta: dict[str, Any]


def _lc_meta(t: Any) -> dict[str, Any]:
    meta = {k: v for k, v in (t.metadata or {}).items() if k != "interop"}
    if t.tags:
        meta["tags"] = list(t.tags)
    if t.return_direct:
        meta["return_direct"] = True
    return meta


def view(framework: str, native: Any, listed: Any = None) -> View:
    """What `framework`'s model sees for `native` (for MCP: the listed descriptor `listed`)."""
    if framework == "neutral":
        return View(
            native.name,
            native.description,
            native.title,
            interop.input_json_schema(native),
            dict(native.meta),
        )
    if framework == "langchain":
        from langchain_core.utils.function_calling import convert_to_openai_tool

        title = ((native.metadata or {}).get("interop") or {}).get("title")
        params = convert_to_openai_tool(native)["function"]["parameters"]
        return View(native.name, native.description, title, params, _lc_meta(native))
    if framework == "pydantic-ai":
        td = native.tool_def
        md = dict(td.metadata or {})
        ours = md.pop("interop", None) or {}
        if td.strict is not None:
            md.setdefault("strict", td.strict)
        return View(td.name, td.description or "", ours.get("title"), td.parameters_json_schema, md)
    if framework == "llamaindex":
        md = native.metadata
        meta = dict(getattr(md, "meta", {}) or {})
        if md.return_direct:
            meta["return_direct"] = True
        params = md.to_openai_tool()["function"]["parameters"]
        return View(md.get_name(), md.description, getattr(md, "title", None), params, meta)
    if framework == "openai-agents":
        origin = get_origin(native)
        if isinstance(origin, interop.StandardToolV0):
            meta = dict(origin.meta)  # no metadata slot: carried on the stash
        else:
            meta = {
                "strict": bool(native.strict_json_schema),
                "requires_approval": native.needs_approval is not False,
            }
        return View(
            native.name,
            native.description or "",
            getattr(native, "_mcp_title", None),
            native.params_json_schema,
            meta,
        )
    if framework == "mcp":
        from interop.mcp._descriptor import meta_from_mcp

        return View(
            listed.name, listed.description or "", listed.title, listed.input_schema, meta_from_mcp(listed)
        )
    if framework in FW_MODULES:
        return fw_module(framework).view(native)  # type: ignore[no-any-return]
    raise ValueError(framework)


# ------------------------------------------------------------------------------ targets and native calls


@dataclass
class Outcome:
    """One call through a framework's native path."""

    error: bool
    text: str  # what the model sees
    value: Any = None  # the structured value, where the framework keeps one
    raised: BaseException | None = None
    tool_name: str | None = None  # the tool the channel binds the message to (pydantic-ai parts)
    extra: dict[str, Any] = field(default_factory=dict)


def convert(target: str, neutral: Any, **options: Any) -> Any:
    """`to_<target>(neutral)`, or the `fw_<name>` module's own `convert` where it has one (MCP is
    served separately: see `mcp_target`)."""
    if target == "neutral":
        return neutral
    own = getattr(fw_module(target), "convert", None) if target in FW_MODULES else None
    return own(neutral, **options) if own is not None else to_framework(target, neutral, **options)


def from_native(framework: str, native: Any) -> Any:
    """`from_<framework>(native)`, or the `fw_<name>` module's own `from_native` where it has one
    (MCP: see `mcp_hop`)."""
    if framework == "neutral":
        return native
    own = getattr(fw_module(framework), "from_native", None) if framework in FW_MODULES else None
    return own(native) if own is not None else from_framework(framework, native)


@contextlib.asynccontextmanager
async def hop(framework: str, neutrals: list[Any]) -> AsyncIterator[dict[str, Any]]:
    """neutral -> `framework` -> neutral for each tool (MCP: served, then consumed over a session)."""
    if framework != "mcp":
        yield {n.name: from_native(framework, convert(framework, n)) for n in neutrals}
        return
    from interop.mcp import build_server, mcp_tools

    server = build_server(neutrals, context=mcp_server_context)
    async with mcp_tools(server, native_context=mcp_request_meta) as tools:
        yield {t.name: t for t in tools}


class MCPTarget:
    """Neutral tools served by `interop.mcp.build_server`, used through an in-process client session."""

    def __init__(self, client: Any, listed: dict[str, Any]) -> None:
        self.client = client
        self.listed = listed

    async def call(self, name: str, args: Any, context: Any) -> Outcome:
        import mcp.types as mt

        result = await self.client.call_tool(name, args, meta=mcp_request_meta(context))
        text = "\n".join(b.text for b in result.content if isinstance(b, mt.TextContent))
        return Outcome(bool(result.is_error), text, result.structured_content)


@contextlib.asynccontextmanager
async def mcp_target(neutrals: list[Any], **options: Any) -> AsyncIterator[MCPTarget]:
    from mcp.client.client import Client

    from interop.mcp import build_server

    options.setdefault("context", mcp_server_context)
    server = build_server(neutrals, **options)
    async with Client(server) as client:
        listed = await client.list_tools()
        yield MCPTarget(client, {t.name: t for t in listed.tools})


def tool_call(name: str, args: Any, call_id: str | None = None) -> dict[str, Any]:
    return {"name": name, "args": args, "id": call_id or f"call_{uuid.uuid4().hex[:12]}", "type": "tool_call"}


async def call_langchain(tool: Any, args: Any, context: Any) -> Outcome:
    from langchain_core.messages import ToolMessage

    try:
        msg = await tool.ainvoke(tool_call(tool.name, args), config={"configurable": {CONTEXT_KEY: context}})
    except Exception as e:  # LangChain's ToolNode turns ValidationError/ToolException into error messages
        return Outcome(True, f"{type(e).__name__}: {interop.bridge.exception_text(e)}", raised=e)
    assert isinstance(msg, ToolMessage)
    return Outcome(
        msg.status == "error", msg.text if isinstance(msg.content, list) else str(msg.content), msg.artifact
    )


async def call_pydantic_ai(tool: Any, args: Any, context: Any) -> Outcome:
    """A real pydantic-ai Agent run: a FunctionModel calls the tool once, then answers."""
    from pydantic_ai import Agent
    from pydantic_ai.messages import ModelResponse, RetryPromptPart, TextPart, ToolCallPart, ToolReturnPart
    from pydantic_ai.models.function import FunctionModel

    seen: list[Any] = []

    def model_fn(messages: list[Any], info: Any) -> ModelResponse:
        parts = [p for p in messages[-1].parts if isinstance(p, (ToolReturnPart, RetryPromptPart))]
        if not parts:
            return ModelResponse(parts=[ToolCallPart(tool.name, args, tool_call_id="c1")])
        seen.append(parts[0])
        return ModelResponse(parts=[TextPart("done")])

    agent = Agent(FunctionModel(model_fn), tools=[tool], deps_type=object)
    result = await agent.run("go", deps=context)
    assert result.output == "done"
    part = seen[0]
    if isinstance(part, RetryPromptPart):
        return Outcome(True, part.model_response(), tool_name=part.tool_name)
    retried = getattr(part, "outcome", "success") != "success"
    return Outcome(retried, part.model_response_str(), part.content, tool_name=part.tool_name)


async def call_llamaindex(tool: Any, args: Any, context: Any) -> Outcome:
    kwargs = dict(args) if isinstance(args, dict) else {}
    pos = () if isinstance(args, dict) else (args,)
    if getattr(tool, "requires_context", False):  # what LlamaIndex agents do for FunctionTools
        kwargs[tool.ctx_param_name] = await workflow_context_with(context)
    try:
        out = await tool.acall(*pos, **kwargs)
    except Exception as e:  # LlamaIndex agents turn any exception into ToolOutput(is_error=True)
        return Outcome(True, interop.bridge.exception_text(e), raised=e)
    return Outcome(bool(out.is_error), out.content, out.raw_output)


async def call_openai_agents(tool: Any, args: Any, context: Any) -> Outcome:
    from agents.tool_context import ToolContext

    text = args if isinstance(args, str) else json.dumps(args)
    ctx = ToolContext(context, tool_name=tool.name, tool_call_id="c1", tool_arguments=text)
    out = await tool.on_invoke_tool(ctx, text)
    out = out if isinstance(out, str) else str(out)
    return Outcome(_oa_error_text(out, tool.name), out)


def _oa_error_text(out: str, name: str) -> bool:
    from agents import RunContextWrapper
    from agents.tool import default_tool_error_function

    default = default_tool_error_function(RunContextWrapper(context=None), Exception())
    return out == default or out.startswith(
        (
            f"Invalid arguments for tool {name!r}",
            f"Invalid JSON arguments for tool {name!r}",
            f"Error from tool {name!r}",
        )
    )


async def call_neutral(tool: Any, args: Any, context: Any) -> Outcome:
    try:
        value = await interop.acall(tool, args, context)
    except (interop.StandardToolValidationError, interop.ToolError) as e:
        return Outcome(True, interop.bridge.describe_error(e, tool.name), raised=e)
    return Outcome(False, interop.bridge.to_json_text(value), value)


async def call_target(
    target: str, native: Any, args: Any, context: Any, mcp: MCPTarget | None = None
) -> Outcome:
    if target == "neutral":
        return await call_neutral(native, args, context)
    if target == "langchain":
        return await call_langchain(native, args, context)
    if target == "pydantic-ai":
        return await call_pydantic_ai(native, args, context)
    if target == "llamaindex":
        return await call_llamaindex(native, args, context)
    if target == "openai-agents":
        return await call_openai_agents(native, args, context)
    if target == "mcp":
        assert mcp is not None
        return await mcp.call(native, args, context)
    if target in FW_MODULES:
        return await fw_module(target).call(native, args, context)  # type: ignore[no-any-return]
    raise ValueError(target)


FW_MODULES = {"haystack": "fw_haystack", "dspy": "fw_dspy", "google-adk": "fw_google_adk", "genkit": "fw_genkit"}
"""Frameworks whose harness part lives in `tests/matrix/fw_<name>.py`: `native(spec)`, `view(native)`,
`async call(native, args, context)`; `from_native(native)` and `convert(neutral, **options)` where
the adapter's `from_<name>`/`to_<name>` alone are not the whole step (`_adapters.py`)."""


def fw_module(framework: str) -> Any:
    import importlib

    return importlib.import_module(FW_MODULES[framework])


def canon(value: Any) -> Any:
    """A result as the JSON value a model reads from it (JSON text decoded)."""
    if isinstance(value, str):
        try:
            return json.loads(value)
        except ValueError:
            return value
    return to_jsonable(value)


# ------------------------------------------------------------------------------ frameworks in modules of their own
# Each `fw_<name>` module holds one framework's native builders, view, conversion and native call
# path (`NAME`, `available()`, `native`, `view`, `call`; `from_native`, `convert`: see FW_MODULES). Frameworks not
# installed in this environment are left out of the run (CrewAI and Strands live in their own).
FW_MODULES.update(smolagents="fw_smolagents", crewai="fw_crewai", strands="fw_strands", agno="fw_agno")
FW_MODULES["claude-agent-sdk"] = "fw_claude_agent_sdk"
FW_MODULES["agent-framework"] = "fw_agent_framework"
FW_MODULES["semantic-kernel"] = "fw_semantic_kernel"
FW_MODULES.update(autogen="fw_autogen", ag2="fw_ag2")
FW_MODULES["google-genai"] = "fw_google_genai"
FW_MODULES["anthropic"] = "fw_anthropic"
EXTRA: dict[str, Any] = {
    name: fw_module(name) for name in ("smolagents", "claude-agent-sdk", "crewai", "google-genai", "anthropic")
}
_PLUGIN_NAMES = ("strands", "agno", "agent-framework", "semantic-kernel", "autogen", "ag2")
PLUGINS: dict[str, Any] = {n: m for n in _PLUGIN_NAMES if (m := fw_module(n)).available()}
"""The installed frameworks of `_PLUGIN_NAMES` (their security suite: test_mx_plugins_security.py)."""


_MODULES = {
    "langchain": "langchain_core",
    "pydantic-ai": "pydantic_ai",
    "llamaindex": "llama_index.core",
    "openai-agents": "agents",
    "mcp": "mcp.server.mcpserver",
    "haystack": "haystack",
    "dspy": "dspy",
    "google-adk": "google.adk",
    "genkit": "genkit",
}


def framework_installed(name: str) -> bool:
    """Whether a framework of `FRAMEWORKS` can run here (interop.mcp needs mcp>=2.3)."""
    import importlib.metadata

    if name not in _MODULES:
        return True
    if not module_installed(_MODULES[name]):
        return False
    if name == "mcp":
        major, minor = (int(x) for x in importlib.metadata.version("mcp").split(".")[:2])
        return (major, minor) >= (2, 3)
    return True


BASE_FRAMEWORKS = list(FRAMEWORKS)
ALL_FRAMEWORKS = [*BASE_FRAMEWORKS, *_PLUGIN_NAMES]
RESTRICTED = not all(framework_installed(f) for f in BASE_FRAMEWORKS)
"""Some base frameworks are not installed here (CrewAI's or Strands' environment)."""
FRAMEWORKS[:] = [f for f in BASE_FRAMEWORKS if framework_installed(f)]
FRAMEWORKS += [name for name, module in EXTRA.items() if module.available()]
FRAMEWORKS += list(PLUGINS)
ENVIRONMENT = "main" if not RESTRICTED else "+".join(f for f in FRAMEWORKS if f != "neutral")
"""`main` where every base framework runs (the full matrix, `MATRIX.md`); else the frameworks here."""

"""`to_llamaindex` / `from_llamaindex` through LlamaIndex's own call paths (`call`, `acall`,
`__call__`), names, approval, schemas, meta and the origin stash.

No `from __future__ import annotations` here: LlamaIndex finds a native tool's `ctx: Context`
parameter by its runtime annotation, which a string annotation would hide.
"""

import asyncio
import json
from typing import Annotated, Any

import pytest
from llama_index.core.base.base_query_engine import BaseQueryEngine
from llama_index.core.query_engine import CustomQueryEngine
from llama_index.core.tools import BaseTool, FunctionTool, QueryEngineTool, ToolMetadata, ToolOutput
from llama_index.core.tools.tool_spec.base import BaseToolSpec
from llama_index.core.tools.types import AsyncBaseTool
from llama_index.core.workflow import Context, StartEvent, StopEvent, Workflow, step
from pydantic import BaseModel, Field

import interop
import interop.bridge
from interop import FromContext, StandardToolValidationError, ToolError
from interop.bridge import get_origin
from interop.errors import ApprovalRequiredError, ToolNameError
from interop.llamaindex import (
    CONTEXT_KEY,
    StandardFunctionTool,
    StandardToolMetadata,
    from_llamaindex,
    from_llamaindex_tools,
    to_llamaindex,
    to_llamaindex_tools,
)


class Point(BaseModel):
    x: int
    y: int = Field(default=0, description="vertical")


@interop.tool(title="Add points", meta={"tags": ["math"], "read_only": True, "custom": {"k": 1}})
def add(a: Point, b: Point) -> Point:
    """Add two points."""
    return Point(x=a.x + b.x, y=a.y + b.y)


@interop.tool
async def shout(text: str) -> str:
    """Upper-case some text (async)."""
    await asyncio.sleep(0)
    return text.upper()


@interop.tool
def explode(kind: str) -> str:
    """Raise something."""
    if kind == "tool":
        raise ToolError("kind 'tool' is not allowed")
    raise RuntimeError("boom")


# ------------------------------------------------------------------------------------- to_llamaindex


def test_sync_call_gives_json_text_and_raw_output() -> None:
    tool = to_llamaindex(add)
    assert isinstance(tool, StandardFunctionTool) and isinstance(tool, FunctionTool)
    out = tool.call(a={"x": 1, "y": 2}, b={"x": 3})
    assert not out.is_error
    assert json.loads(out.content) == {"x": 4, "y": 2}
    assert out.raw_output == Point(x=4, y=2)
    assert out.tool_name == "add"
    # a single mapping positionally is the same call
    assert tool({"a": {"x": 1}, "b": {"x": 1}}).raw_output == Point(x=2, y=0)


@pytest.mark.anyio
async def test_async_and_sync_paths_for_async_and_sync_tools() -> None:
    s, a = to_llamaindex(add), to_llamaindex(shout)
    assert (await s.acall(a={"x": 1}, b={"x": 1})).raw_output == Point(x=2, y=0)  # type: ignore[attr-defined]
    assert (await a.acall(text="hi")).content == "HI"  # type: ignore[attr-defined]
    # sync call of an async tool from inside a running event loop
    assert a.call(text="hi").content == "HI"  # type: ignore[attr-defined]
    assert a("hi").content == "HI"  # LlamaIndex's single-argument convention
    # not an object, for a tool with several arguments: a correctable error, not a crash
    not_obj = s.call("just text")  # type: ignore[attr-defined]
    assert not_obj.is_error and "'add'" in not_obj.content


def test_sync_call_of_async_tool_without_a_loop() -> None:
    assert to_llamaindex(shout).call(text="x").raw_output == "X"  # type: ignore[attr-defined]


@pytest.mark.anyio
async def test_errors_become_error_outputs_and_others_propagate() -> None:
    tool = to_llamaindex(add)
    bad = await tool.acall(a={"x": "nope"}, b={"x": 1})  # type: ignore[attr-defined]
    assert bad.is_error and "'add'" in bad.content and "a.x" in bad.content
    assert isinstance(bad.exception, StandardToolValidationError)
    missing = tool.call(a={"x": 1})  # type: ignore[attr-defined]
    assert missing.is_error and "b" in missing.content
    boom = to_llamaindex(explode)
    te = await boom.acall(kind="tool")  # type: ignore[attr-defined]
    assert te.is_error and "kind 'tool' is not allowed" in te.content and isinstance(te.exception, ToolError)
    with pytest.raises(RuntimeError, match="boom"):
        await boom.acall(kind="other")  # type: ignore[attr-defined]
    with pytest.raises(RuntimeError, match="boom"):
        boom.call(kind="other")  # type: ignore[attr-defined]


def test_a_non_context_value_under_the_hidden_parameter_is_just_an_argument() -> None:
    tool = to_llamaindex(add)
    out = tool.call(a={"x": 1}, b={"x": 1}, **{tool.ctx_param_name: "evil"})  # type: ignore[attr-defined]
    assert out.is_error and "Extra inputs are not permitted" in out.content


def test_metadata_carries_the_neutral_schema_title_meta_and_output_schema() -> None:
    tool = to_llamaindex(add)
    md = tool.metadata
    assert isinstance(md, StandardToolMetadata)
    schema = interop.input_json_schema(add)
    assert md.get_parameters_dict() == schema
    assert md.fn_schema is not None and md.fn_schema.model_json_schema() == schema
    assert json.loads(md.fn_schema_str) == schema
    assert md.title == "Add points" and md.meta == add.meta
    assert md.output_schema == interop.output_json_schema(add)
    assert md.description == add.description and md.return_direct is False
    # the context parameter is requested from agents but appears nowhere in the schema
    assert tool.requires_context and tool.ctx_param_name not in json.dumps(md.get_parameters_dict())  # type: ignore[attr-defined]


def test_schema_without_properties_gets_them() -> None:
    bare = interop.standard_tool(name="bare", description="d", execute=lambda: 1)
    assert to_llamaindex(bare).metadata.get_parameters_dict() == {"type": "object", "properties": {}}
    assert to_llamaindex(bare).call().raw_output == 1  # type: ignore[attr-defined]


def test_return_direct_maps_to_the_native_field() -> None:
    t = interop.standard_tool(name="fin", description="d", execute=lambda x: x, meta={"return_direct": True})
    assert to_llamaindex(t).metadata.return_direct is True


def test_names_llamaindex_would_rewrite_are_refused_or_renamed() -> None:
    t = interop.standard_tool(name="files.delete", description="d", execute=lambda x: x)
    with pytest.raises(ToolNameError, match=r"files\.delete"):
        to_llamaindex(t)
    assert to_llamaindex(t, name="files_delete").metadata.name == "files_delete"
    assert to_llamaindex(t, rename=lambda n: n.replace(".", "__")).metadata.name == "files__delete"
    renamed = to_llamaindex(t, rename={"files.delete": "rm"})
    assert renamed.metadata.to_openai_tool()["function"]["name"] == renamed.metadata.name == "rm"
    assert from_llamaindex(renamed) is t  # the stash still knows the original


@pytest.mark.anyio
async def test_requires_approval_needs_a_callback_or_an_opt_out() -> None:
    asked: list[Any] = []
    t = interop.standard_tool(
        name="wipe", description="d", execute=lambda x: "wiped", meta={"requires_approval": True}
    )
    with pytest.raises(ApprovalRequiredError, match="LlamaIndex"):
        to_llamaindex(t)

    def deny(req: interop.ApprovalRequest) -> bool:
        asked.append(req.input)
        return False

    denied = await to_llamaindex(t, approval=deny).acall(disk="c")  # type: ignore[attr-defined]
    assert denied.is_error and "not approved" in denied.content and asked == [{"disk": "c"}]
    allowed = to_llamaindex(t, approval=lambda req: True)
    assert allowed.call(disk="c").raw_output == "wiped"  # type: ignore[attr-defined]
    assert to_llamaindex(t, allow_unapproved=True).call().raw_output == "wiped"  # type: ignore[attr-defined]
    assert from_llamaindex(allowed) is t


def test_identity_round_trips_from_neutral() -> None:
    for t in (add, shout, explode):
        assert from_llamaindex(to_llamaindex(t)) is t
    assert from_llamaindex_tools(to_llamaindex_tools([add, shout])) == [add, shout]


def test_list_helper_refuses_duplicate_names() -> None:
    with pytest.raises(ToolNameError, match="add"):
        to_llamaindex_tools([add, add])
    with pytest.raises(ToolNameError, match="same"):
        to_llamaindex_tools([add, shout], rename="same")


# ------------------------------------------------------------------------------------- from_llamaindex

CALLED: list[Any] = []


def multiply(a: int, b: int = 2) -> int:
    """Multiply two integers."""
    CALLED.append((a, b))
    return a * b


async def amultiply(a: int, b: int) -> dict[str, int]:
    """Multiply, asynchronously."""
    await asyncio.sleep(0)
    return {"product": a * b}


async def whoami(ctx: Context, prefix: str) -> str:
    """Read the user from the workflow store."""
    return f"{prefix}:{await ctx.store.get(CONTEXT_KEY, default=None)}"


class _Holder(Workflow):
    """A workflow to make Contexts from."""

    @step
    async def noop(self, ev: StartEvent) -> StopEvent:
        return StopEvent()


def secret_call(query: str, api_key: str) -> str:
    """Call an API with a bound key."""
    return f"{query}/{api_key[:2]}"


def test_native_function_tool_to_neutral_and_back() -> None:
    native = FunctionTool.from_defaults(multiply, return_direct=True)
    neutral = from_llamaindex(native)
    assert neutral.name == "multiply"
    assert neutral.description == native.metadata.description
    assert interop.input_json_schema(neutral) == native.metadata.get_parameters_dict()
    assert neutral.meta == {"return_direct": True}
    CALLED.clear()
    assert interop.call(neutral, {"a": 6, "b": 7}) == 42
    assert interop.call(neutral, {"a": 6}) == 12
    # LlamaIndex validates nothing (multiply("6", 2) == "66"); the neutral tool does
    with pytest.raises(StandardToolValidationError, match="a"):
        interop.call(neutral, {"a": "6"})
    with pytest.raises(StandardToolValidationError, match="bogus"):
        interop.call(neutral, {"a": 1, "bogus": 2})
    assert CALLED == [(6, 7), (6, 2)]
    assert to_llamaindex(neutral) is native
    assert not interop.bridge.is_async_tool(neutral)


@pytest.mark.anyio
async def test_native_async_function_tool() -> None:
    native = FunctionTool.from_defaults(amultiply)
    neutral = from_llamaindex(native)
    assert interop.bridge.is_async_tool(neutral)
    assert await interop.acall(neutral, {"a": 2, "b": 3}) == {"product": 6}
    assert interop.call(neutral, {"a": 2, "b": 4}) == {"product": 8}  # from inside a running loop


@pytest.mark.anyio
async def test_native_context_taking_tool() -> None:
    native = FunctionTool.from_defaults(whoami)
    assert native.requires_context
    neutral = from_llamaindex(native)
    assert "ctx" not in interop.input_json_schema(neutral)["properties"]
    # default: a fresh workflow Context whose store holds the neutral context
    assert await interop.acall(neutral, {"prefix": "hi"}, "u-1") == "hi:u-1"
    # a neutral context that is a workflow Context is passed as it is
    ctx = Context(_Holder())
    await ctx.store.set(CONTEXT_KEY, "u-2")
    assert await interop.acall(neutral, {"prefix": "hi"}, ctx) == "hi:u-2"
    # a model cannot send the ctx parameter
    with pytest.raises(StandardToolValidationError, match="ctx"):
        await interop.acall(neutral, {"prefix": "hi", "ctx": "evil"})

    # or the caller builds the Context
    async def build(value: Any) -> Context:
        c = Context(_Holder())
        await c.store.set(CONTEXT_KEY, f"hooked-{value}")
        return c

    hooked = from_llamaindex(native, native_context=build)
    assert await interop.acall(hooked, {"prefix": "hi"}, "u-3") == "hi:hooked-u-3"
    with pytest.warns(DeprecationWarning, match="native_context="):  # the round-2 name, for a release
        old = from_llamaindex(native, context=build)
    assert await interop.acall(old, {"prefix": "hi"}, "u-5") == "hi:hooked-u-5"


def test_native_context_taking_tool_from_sync_code() -> None:
    neutral = from_llamaindex(FunctionTool.from_defaults(whoami))
    assert interop.call(neutral, {"prefix": "s"}, "u-4") == "s:u-4"


def test_partial_params_stay_hidden_and_bound() -> None:
    native = FunctionTool.from_defaults(secret_call, partial_params={"api_key": "sk-secret"})
    neutral = from_llamaindex(native)
    schema = interop.input_json_schema(neutral)
    assert "api_key" not in schema["properties"] and "sk-secret" not in json.dumps(schema)
    assert interop.call(neutral, {"query": "q"}) == "q/sk"
    with pytest.raises(StandardToolValidationError) as info:
        interop.call(neutral, {"query": "q", "api_key": "mine"})
    assert "api_key" in str(info.value) and "sk-secret" not in str(info.value)


def test_error_output_becomes_tool_error() -> None:
    class Failing(AsyncBaseTool):
        @property
        def metadata(self) -> ToolMetadata:
            return ToolMetadata(name="failing", description="fails", fn_schema=None)

        def call(self, input: Any) -> ToolOutput:
            return ToolOutput(tool_name="failing", content=f"bad input {input}", raw_input={}, is_error=True)

        async def acall(self, input: Any) -> ToolOutput:
            return self.call(input)

    neutral = from_llamaindex(Failing())
    assert interop.input_json_schema(neutral)["required"] == ["input"]
    with pytest.raises(ToolError, match="bad input x"):
        interop.call(neutral, {"input": "x"})


class EchoEngine(CustomQueryEngine):
    def custom_query(self, query_str: str) -> str:
        return f"answer to {query_str}"


@pytest.mark.anyio
async def test_query_engine_tool() -> None:
    engine: BaseQueryEngine = EchoEngine()
    native = QueryEngineTool.from_defaults(engine, name="docs", description="Search the docs.")
    neutral = from_llamaindex(native)
    assert neutral.name == "docs" and neutral.description == "Search the docs."
    assert interop.input_json_schema(neutral)["properties"]["input"]["type"] == "string"
    assert await interop.acall(neutral, {"input": "why"}) == "answer to why"
    with pytest.raises(StandardToolValidationError, match="input"):
        await interop.acall(neutral, {})
    assert to_llamaindex(neutral) is native


def test_plain_sync_base_tool() -> None:
    class Reverse(BaseTool):
        @property
        def metadata(self) -> ToolMetadata:
            return ToolMetadata(name="reverse", description="Reverse text.")

        def __call__(self, input: Any) -> ToolOutput:
            return ToolOutput(tool_name="reverse", content=str(input)[::-1], raw_input={"input": input})

    native = Reverse()
    neutral = from_llamaindex(native)
    assert not interop.bridge.is_async_tool(neutral)
    assert interop.call(neutral, {"input": "abc"}) == "cba"
    assert to_llamaindex(neutral) is native


def test_tool_spec_list_helper() -> None:
    class MathSpec(BaseToolSpec):
        spec_functions = ["double", "half"]  # noqa: RUF012 (LlamaIndex's own idiom)

        def double(self, n: int) -> int:
            """Double n."""
            return 2 * n

        def half(self, n: int) -> float:
            """Half of n."""
            return n / 2

    spec = MathSpec()
    tools = from_llamaindex_tools(spec)
    assert [t.name for t in tools] == ["double", "half"]
    assert interop.call(tools[0], {"n": 4}) == 8
    natives = [get_origin(t) for t in tools]
    assert all(isinstance(n, FunctionTool) for n in natives)
    assert all(b is n for b, n in zip(to_llamaindex_tools(tools), natives, strict=True))


def test_neutral_meta_survives_llamaindex_without_the_stash() -> None:
    """A `StandardToolMetadata` carries title, meta and output schema even when the stash is gone."""
    tool = to_llamaindex(add)
    copy = FunctionTool(fn=tool.fn, metadata=tool.metadata)  # type: ignore[attr-defined]
    neutral = from_llamaindex(copy)
    assert neutral is not add
    assert neutral.title == "Add points" and dict(neutral.meta) == dict(add.meta)
    assert interop.input_json_schema(neutral) == interop.input_json_schema(add)
    assert interop.output_json_schema(neutral) == interop.output_json_schema(add)


SEEN_CTX: list[Any] = []


def sync_whoami(ctx: Context, prefix: str) -> str:
    """Sync function given the workflow Context."""
    SEEN_CTX.append(ctx)
    return f"{prefix}:{type(ctx).__name__}"


@pytest.mark.anyio
async def test_sync_paths_with_a_workflow_context_inside_a_running_loop() -> None:
    # neutral -> LlamaIndex: a sync call carrying a workflow Context, made from async code
    @interop.tool
    def whoami_n(prefix: str, deps: Annotated[Any, FromContext] = None) -> str:
        """Who is calling."""
        return f"{prefix}:{deps}"

    tool = to_llamaindex(whoami_n)
    ctx = Context(_Holder())
    await ctx.store.set(CONTEXT_KEY, "u-5")
    assert tool.call(prefix="p", **{tool.ctx_param_name: ctx}).content == "p:u-5"  # type: ignore[attr-defined]
    assert (await tool.acall(prefix="p", **{tool.ctx_param_name: ctx})).content == "p:u-5"  # type: ignore[attr-defined]
    # LlamaIndex -> neutral: a sync ctx-taking function called from async code through interop.call
    neutral = from_llamaindex(FunctionTool.from_defaults(sync_whoami))
    assert not interop.bridge.is_async_tool(neutral)
    assert interop.call(neutral, {"prefix": "q"}, "u-6") == "q:Context"
    assert await SEEN_CTX[-1].store.get(CONTEXT_KEY) == "u-6"

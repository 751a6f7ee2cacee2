"""Hostile model output through every framework's real call path.

One neutral tool (`hostile_probe`, with a context parameter) is converted to every framework;
each hostile case is sent the way that framework's channel carries tool arguments (a Python
object for dict channels, raw JSON text for text channels: pydantic-ai, OpenAI Agents, raw
OpenAI dispatch). Each case must give a clear, correctable error through the framework's own
channel, naming the tool (and the field where there is one), short (no echo of a 10 MB input),
with the function never called; or, where the input is actually valid, the correct result with
correctly typed values. The process never crashes and the loop goes on (pydantic-ai runs a
real agent run per case; a valid call after all the hostile ones still works).

Decisions, documented here:
- numbers as strings (`"5"` for an int): accepted by design. The neutral validator is pydantic
  in lax mode, as in native pydantic-ai and LangChain tools; the function receives the int 5.
- NaN / Infinity for a `float` field: accepted by design where the channel can carry them
  (pydantic's `float` allows them unless the field says `allow_inf_nan=False`); for an `int`
  field they are errors. Standard JSON has no NaN, so text channels reject or accept them as
  Python's `json` module does.
- a double-encoded argument object (a JSON string holding the object) is an error: the tool
  takes an object, and silently decoding strings would blur what the model sent.
- lone surrogates in a string are a valid Python `str`; the call either succeeds or fails with a
  clear error where the channel cannot encode them, never crashing.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Annotated, Any, Literal

import pytest
from _harness import (
    EXTRA,
    PLUGINS,
    RESTRICTED,
    call_llamaindex,
    call_openai_agents,
    call_pydantic_ai,
    canon,
    convert,
    mcp_target,
)
from _harness import FRAMEWORKS as HARNESS_FRAMEWORKS
from pydantic import Field

import interop

LOG: list[dict[str, Any]] = []
CTX = {"user": "real-user"}


@interop.tool(context="caller")
def hostile_probe(
    count: Annotated[int, Field(ge=0, le=1000)],
    name: Annotated[str, Field(max_length=100)],
    mode: Literal["a", "b"] = "a",
    ratio: float = 1.0,
    items: list[int] = [],
    caller: Any = None,
) -> dict[str, Any]:
    """A probe for hostile arguments."""
    LOG.append({"count": count, "name": name, "mode": mode, "ratio": ratio, "items": items, "caller": caller})
    return {"count": count, "mode": mode, "n_items": len(items), "user": (caller or {}).get("user")}


class Raw(str):
    """Arguments given as raw JSON text (only text channels can carry them)."""


@dataclass(frozen=True)
class Case:
    kind: str
    payload: Any
    expect: Literal["error", "ok", "either"]
    field: str | None = None


VALID = {"count": 1, "name": "x"}


def _deep(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


BIG = "x" * (10 * 1024 * 1024)

CASES: list[Case] = [
    Case("not an object: array", [1, 2], "error"),
    Case("not an object: string", "hello", "error"),
    Case("not an object: number", 42, "error"),
    Case("not an object: null", None, "error"),
    Case("double-encoded object", json.dumps(VALID), "error"),
    Case("invalid JSON text", Raw('{"count": 1,'), "error"),
    Case("truncated JSON text", Raw('{"count": 1, "name": "x"'), "error"),
    Case("JSON text of an array", Raw("[1, 2]"), "error"),
    Case("duplicate keys in JSON text", Raw('{"count": 1, "count": 2, "name": "x"}'), "ok"),
    Case("missing required field", {"name": "x"}, "error", "count"),
    Case("empty object", {}, "error", "count"),
    Case("extra field", {**VALID, "bogus": 1}, "error", "bogus"),
    Case("wrong type", {"count": "abc", "name": "x"}, "error", "count"),
    Case("null for required field", {"count": None, "name": "x"}, "error", "count"),
    Case("number as string (lax, accepted)", {"count": "5", "name": "x"}, "ok"),
    Case("float for int", {"count": 1.5, "name": "x"}, "error", "count"),
    Case("bool for str", {"count": 1, "name": True}, "error", "name"),
    Case("wrong enum", {**VALID, "mode": "z"}, "error", "mode"),
    Case("list item of wrong type", {**VALID, "items": ["a"]}, "error", "items"),
    Case("10 MB string", {"count": 1, "name": BIG}, "error", "name"),
    Case("nesting depth 1000", {**VALID, "items": _deep(1000)}, "error", "items"),
    Case("NaN for float", {**VALID, "ratio": math.nan}, "either"),
    Case("Infinity for float", {**VALID, "ratio": math.inf}, "either"),
    Case("NaN for int", {"count": math.nan, "name": "x"}, "error", "count"),
    Case("Infinity for int", {"count": math.inf, "name": "x"}, "error", "count"),
    Case("lone surrogate", {"count": 1, "name": "\ud800"}, "either"),
    Case("huge integer over bound", {"count": 10**100, "name": "x"}, "error", "count"),
    Case("huge integer in list", {**VALID, "items": [10**30]}, "ok"),
    Case("negative for ge=0", {"count": -1, "name": "x"}, "error", "count"),
    Case("homoglyph key", {"c\u043eunt": 1, "name": "x"}, "error"),
    Case("10,000 extra keys", {**VALID, **{f"k{i}": i for i in range(10_000)}}, "error"),
    *(
        Case(f"context key {key!r}", {**VALID, key: {"user": "attacker"}}, "error", key)
        for key in (
            "context",
            "ctx",
            "config",
            "runtime",
            "callbacks",
            "run_manager",
            "deps",
            "caller",
            "__interop_runtime__",
            "__interop_workflow_ctx__",
            "tool_call_id",
        )
    ),
]

FRAMEWORKS = ["neutral", "langchain", "pydantic-ai", "llamaindex", "openai-agents", "mcp", "providers"]
FRAMEWORKS += ["haystack", "dspy"]
FRAMEWORKS += ["google-adk", "genkit"]
TEXT_CHANNELS = {"pydantic-ai", "openai-agents", "providers"}
FRAMEWORKS = [f for f in FRAMEWORKS if f == "providers" or f in HARNESS_FRAMEWORKS] + list(PLUGINS)
TEXT_CHANNELS |= {name for name, module in PLUGINS.items() if module.TEXT_CHANNEL}
DICT_ONLY = {"langchain", "llamaindex", "mcp"}
# Haystack `ToolCall.arguments` is a dict; DSPy ReAct parses the model's `next_tool_args` to a dict
DICT_ONLY |= {"haystack", "dspy"}
DICT_ONLY |= {"google-adk"}  # `types.FunctionCall.args` is an object; Genkit's `ToolRequest.input` is any JSON
"""Channels whose tool arguments are always a JSON object: the model's JSON is parsed before the
tool (LangChain `AIMessage.tool_calls` args, LlamaIndex `tool_kwargs`, MCP `arguments`), and a
non-object or non-JSON call never reaches it (LangChain files it under `invalid_tool_calls`)."""
# frameworks with a module of their own (`fw_<name>.py`), where installed; CrewAI's native call
# carries the arguments' JSON text, the Claude Agent SDK's MCP `arguments` are an object
FRAMEWORKS[:] = [f for f in FRAMEWORKS if not RESTRICTED or f == "neutral" or f in PLUGINS]
FRAMEWORKS += [f for f in EXTRA if EXTRA[f].available()]
TEXT_CHANNELS |= {"crewai"}
DICT_ONLY |= {"claude-agent-sdk"}

N_A = "n/a"


NOT_CARRIED: dict[tuple[str, str], str] = {
    ("langchain", "nesting depth 1000"): (
        "LangChain's `BaseTool.run` stringifies the arguments for its callbacks before the tool runs "
        "(`str()` of a 1000-deep list raises RecursionError, for every LangChain tool)"
    ),
    ("mcp", "nesting depth 1000"): (
        "the MCP SDK client refuses to serialize the request (`Maximum serialization depth exceeded`)"
    ),
    ("google-adk", "nesting depth 1000"): (
        "ADK deep-copies every function call's arguments before any tool runs "
        "(`copy.deepcopy` in `_prepare_single` hits Python's recursion limit, for every ADK tool)"
    ),
}
"""Cases a framework's channel cannot deliver to any tool, with the framework reason."""
FIELDLESS: dict[str, str] = {}
"""Channels whose own argument check answers first, in words that do not name the field (none
now: the Claude Agent SDK's `create_sdk_mcp_server` check is not on `to_claude_agent_sdk_server`'s
path)."""
_CREW_NOT_OBJECT = (
    "CrewAI's native tool-call path (`execute_single_native_tool_call`) fails before any tool when the "
    "arguments parse to a non-object: its `ToolUsageStartedEvent` requires a dict (pydantic ValidationError)"
)
NOT_CARRIED |= {
    ("smolagents", "nesting depth 1000"): (
        "smolagents puts `str(arguments)` in its tool-error and log messages, which raises RecursionError "
        "for a 1000-deep list, for every smolagents tool"
    ),
    ("smolagents", "10 MB string"): (
        "smolagents repeats `str(arguments)` in every tool error it shows the model (`Error executing "
        "tool ... with arguments ...`): a 10 MB argument makes a 10 MB error, for every smolagents tool "
        "(the call is refused before the function runs)"
    ),
    ("claude-agent-sdk", "nesting depth 1000"): (
        "the MCP SDK client the Claude Agent SDK's in-process server is reached through refuses to "
        "serialize the request (as for `mcp`)"
    ),
    ("crewai", "not an object: array"): _CREW_NOT_OBJECT,
    ("crewai", "not an object: number"): _CREW_NOT_OBJECT,
    ("crewai", "JSON text of an array"): _CREW_NOT_OBJECT,
    ("crewai", "nesting depth 1000"): (
        "CrewAI parses the arguments with `json.loads`, which raises RecursionError (not the "
        "JSONDecodeError it reports to the model) before any tool"
    ),
}
DICT_ONLY |= {"google-genai"}  # `types.FunctionCall.args` is an object
_GENAI_DECLARED_ONLY = (
    "google-genai's automatic function calling passes a function only its declared parameters: an "
    "undeclared key never reaches any function (nor can it set the context)"
)
NOT_CARRIED |= {
    ("google-genai", case.kind): _GENAI_DECLARED_ONLY
    for case in CASES
    if isinstance(case.payload, dict)
    and set(VALID) <= set(case.payload)
    and set(case.payload) - {"count", "name", "mode", "ratio", "items"}
}
NOT_CARRIED |= {
    ("google-genai", "10 MB string"): (
        "google-genai repeats the arguments twice in every error it sends the model (`Failed to invoke "
        "function ... with converted arguments ... from model returned function call argument ...`): a "
        "10 MB argument makes a 20 MB error, for every google-genai function (the call is refused "
        "before the function runs)"
    ),
    ("google-genai", "nesting depth 1000"): (
        "google-genai re-sends the model's call in the next request's history, and Python's json "
        "encoder stops at ~1000 levels (for every google-genai function)"
    ),
    ("anthropic", "nesting depth 1000"): (
        "the tool runner re-sends the model's `tool_use` in the next request's history, and Python's "
        "json encoder stops at ~1000 levels (for every runner tool)"
    ),
}
NOT_CARRIED.update({(n, k): why for n, m in PLUGINS.items() for k, why in getattr(m, "NOT_CARRIED", {}).items()})

EXPECT_OVERRIDES: dict[tuple[str, str], Literal["error", "ok", "either"]] = {
    # LlamaIndex agents set the injected Context parameter themselves, over any model-sent value
    # of that name: the model cannot forge it, and the call runs with the real context.
    ("llamaindex", "context key '__interop_workflow_ctx__'"): "ok",
}
# smolagents checks each input's JSON type itself before any tool runs (no string-to-number coercion)
EXPECT_OVERRIDES[("smolagents", "number as string (lax, accepted)")] = "error"


def carried(framework: str, case: Case) -> bool:
    if (framework, case.kind) in NOT_CARRIED:
        return False
    if isinstance(case.payload, Raw):
        return framework in TEXT_CHANNELS
    if framework in DICT_ONLY and not isinstance(case.payload, dict):
        return False
    if framework == "neutral" and isinstance(case.payload, Raw):
        return False
    return True


def as_text(payload: Any) -> str:
    """The JSON text a model would send (built by hand past `json.dumps`'s recursion limit)."""
    if isinstance(payload, Raw):
        return str(payload)
    try:
        return json.dumps(payload)
    except RecursionError:
        return (
            "{" + ", ".join(f"{json.dumps(k)}: {as_text(v)}" for k, v in payload.items()) + "}"
            if isinstance(payload, dict)
            else "[" * _depth(payload) + "1" + "]" * _depth(payload)
        )


def _depth(value: Any) -> int:
    n = 0
    while isinstance(value, list):
        value, n = value[0], n + 1
    return n


async def send(framework: str, native: Any, case: Case, mcp: Any) -> tuple[bool, str]:
    """(is_error, text the model sees) for one hostile call."""
    from _harness import call_langchain, call_neutral

    payload = case.payload
    if framework == "neutral":
        out = await call_neutral(native, payload, CTX)
    elif framework == "langchain":
        out = await call_langchain(native, payload, CTX)
    elif framework == "pydantic-ai":
        # as real providers deliver them: the arguments' JSON text (pydantic-ai's FunctionModel
        # cannot estimate usage for dict args holding lone surrogates or 1000-deep nesting)
        out = await call_pydantic_ai(native, as_text(payload), CTX)
    elif framework == "llamaindex":
        out = await call_llamaindex(native, payload, CTX)
    elif framework == "openai-agents":
        out = await call_openai_agents(native, as_text(payload), CTX)
    elif framework == "mcp":
        out = await mcp.call(native, payload, CTX)
    elif framework in EXTRA:
        out = await EXTRA[framework].call(
            native, as_text(payload) if framework in TEXT_CHANNELS else payload, CTX
        )
    elif framework in ("haystack", "dspy", "google-adk", "genkit"):
        from _harness import call_target

        out = await call_target(framework, native, payload, CTX)
    elif framework == "providers":
        from interop.providers import ToolCall

        outcome = await native.dispatcher.arun_one(
            ToolCall(id="c1", name="hostile_probe", arguments=as_text(payload)), CTX
        )
        return outcome.is_error, outcome.text
    elif framework in PLUGINS:
        out = await PLUGINS[framework].call(native, as_text(payload), CTX)
    else:
        raise ValueError(framework)
    if out.error and out.tool_name is not None:  # pydantic-ai binds the retry to the tool call
        return True, f"[{out.tool_name}] {out.text}"
    return out.error, out.text


TALLY: dict[str, dict[str, int]] = {}


@pytest.mark.anyio
@pytest.mark.parametrize("framework", FRAMEWORKS)
async def test_mx_hostile_inputs(framework: str) -> None:
    import contextlib

    assert len(CASES) >= 25
    manager = mcp_target([hostile_probe]) if framework == "mcp" else contextlib.nullcontext(None)
    async with manager as mcp:
        if framework == "mcp":
            native: Any = "hostile_probe"
        elif framework == "providers":
            from interop.providers import OpenAIToolset

            native = OpenAIToolset([hostile_probe])
        else:
            native = convert(framework, hostile_probe)
        problems: list[str] = []
        tried = 0
        for case in CASES:
            if not carried(framework, case):
                continue
            tried += 1
            LOG.clear()
            try:
                is_error, text = await send(framework, native, case, mcp)
            except Exception as e:
                problems.append(f"{case.kind}: raised {type(e).__name__}: {str(e)[:200]}")
                continue
            expect = EXPECT_OVERRIDES.get((framework, case.kind), case.expect)
            if expect == "error" or (expect == "either" and is_error):
                if not is_error:
                    problems.append(f"{case.kind}: accepted, result {text[:200]!r}")
                if LOG:
                    problems.append(f"{case.kind}: the function ran on invalid input: {str(LOG)[:200]}")
                if "hostile_probe" not in text:
                    problems.append(f"{case.kind}: error does not name the tool: {text[:200]!r}")
                unparsed = "JSON" in text and "recursion depth" in text  # Python's json stops at ~1000 levels
                unparsed = unparsed or framework in FIELDLESS
                unparsed = unparsed or getattr(PLUGINS.get(framework), "UNPARSED", "\0") in text
                if case.field is not None and case.field not in text and not unparsed:
                    problems.append(
                        f"{case.kind}: error does not name the field {case.field!r}: {text[:200]!r}"
                    )
                if len(text) > 4000:
                    problems.append(
                        f"{case.kind}: error text is {len(text)} characters long: {text[:200]!r}..."
                    )
            else:
                if is_error:
                    problems.append(f"{case.kind}: rejected: {text[:300]!r}")
                    continue
                if len(LOG) != 1:
                    problems.append(f"{case.kind}: function ran {len(LOG)} times")
                    continue
                got = LOG[0]
                if not (type(got["count"]) is int and isinstance(got["name"], str) and got["caller"] == CTX):
                    problems.append(f"{case.kind}: function got {str(got)[:200]}")
                if not all(type(i) is int for i in got["items"]) or type(got["ratio"]) is not float:
                    problems.append(f"{case.kind}: function got {str(got)[:200]}")
                if canon(text).get("user") != "real-user" if isinstance(canon(text), dict) else True:
                    problems.append(f"{case.kind}: result {text[:200]!r}")
        TALLY[framework] = {"tried": tried, "not carried": len(CASES) - tried}
        # the loop goes on: a valid call after every hostile one still works
        LOG.clear()
        is_error, text = await send(framework, native, Case("valid", VALID, "ok"), mcp)
        assert not is_error and canon(text) == {"count": 1, "mode": "a", "n_items": 0, "user": "real-user"}
        assert LOG and LOG[0]["caller"] == CTX
    assert not problems, "\n".join(problems)

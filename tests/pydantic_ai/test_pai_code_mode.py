"""`interop.code_mode` as a pydantic-ai tool in real agent runs driven by a FunctionModel: one
program instead of many calls, the run's deps reaching inner tools, a failing program retried
with the error the model fixes, approval inside the program, and an image passed on as content."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

import pytest

pytest.importorskip("pydantic_ai")
pytest.importorskip("pydantic_monty")

from pydantic_ai import Agent, BinaryContent
from pydantic_ai.messages import (
    ModelMessage,
    ModelResponse,
    RetryPromptPart,
    TextPart,
    ToolCallPart,
    ToolReturnPart,
)
from pydantic_ai.models.function import AgentInfo, FunctionModel

import interop
from interop import FromContext, Image, ToolError
from interop.pydantic_ai import to_pydantic_ai

pytestmark = pytest.mark.anyio

PNG = b"\x89PNG\r\n\x1a\n" + b"\x01" * 24


@dataclass
class Deps:
    user: str


SEEN: list[Any] = []


@interop.tool
def list_cities(deps: Annotated[Deps, FromContext]) -> list[str]:
    """The cities the user follows."""
    SEEN.append(("list_cities", deps.user))
    return ["Paris", "Oslo", "Lima", "Cairo"]


@interop.tool
async def temperature(city: str, deps: Annotated[Deps, FromContext]) -> float:
    """Today's temperature in a city, in Celsius."""
    SEEN.append(("temperature", city, deps.user))
    known = {"Paris": 18.0, "Oslo": 2.5, "Lima": 21.0, "Cairo": 31.0}
    if city not in known:
        raise ToolError(f"no weather station in {city}")
    return known[city]


@interop.tool(meta={"requires_approval": True})
def send_alert(city: str) -> str:
    """Send a heat alert for a city."""
    SEEN.append(("send_alert", city))
    return f"alert sent for {city}"


@interop.tool
def map_of(city: str) -> Image:
    """A map of a city."""
    return Image(PNG, "image/png")


@pytest.fixture(autouse=True)
def _reset() -> None:
    SEEN.clear()


def scripted(*programs: str) -> tuple[FunctionModel, list[list[Any]]]:
    """A model that sends each program to `run_code` in turn, then answers with the last result."""
    seen: list[list[Any]] = []
    it = iter(programs)

    def fn(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        last = messages[-1]
        parts = [p for p in last.parts if isinstance(p, (ToolReturnPart, RetryPromptPart))]
        if parts:
            seen.append(parts)
        program = next(it, None)
        if program is None:
            return ModelResponse(parts=[TextPart("done")])
        return ModelResponse(
            parts=[ToolCallPart("run_code", {"code": program}, tool_call_id=f"c{len(seen)}")]
        )

    return FunctionModel(fn), seen


PROGRAM = """\
import asyncio
cities = await list_cities()
temps = await asyncio.gather(*[temperature(c) for c in cities])
hottest = max(zip(temps, cities))
print(f"{len(cities)} cities checked")
{"city": hottest[1], "celsius": hottest[0]}
"""


async def test_one_program_answers_with_the_runs_deps() -> None:
    model, seen = scripted(PROGRAM)
    agent = Agent(
        model, deps_type=Deps, tools=[to_pydantic_ai(interop.code_mode([list_cities, temperature]))]
    )
    result = await agent.run("Which of my cities is hottest?", deps=Deps("ada"))
    assert result.output == "done"
    (ret,) = seen[-1]
    assert isinstance(ret, ToolReturnPart)
    assert ret.model_response_str() == '4 cities checked\nResult: {"city":"Cairo","celsius":31.0}'
    assert SEEN[0] == ("list_cities", "ada") and len(SEEN) == 5
    assert {s[2] for s in SEEN[1:]} == {"ada"}


async def test_the_definition_the_model_gets() -> None:
    captured: list[AgentInfo] = []

    def fn(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        captured.append(info)
        return ModelResponse(parts=[TextPart("ok")])

    agent = Agent(FunctionModel(fn), deps_type=Deps, tools=[to_pydantic_ai(interop.code_mode([temperature]))])
    await agent.run("hi", deps=Deps("x"))
    (td,) = captured[0].function_tools
    assert td.name == "run_code"
    assert (
        'async def temperature(city: str) -> float:\n    """Today\'s temperature in a city, in Celsius."""'
        in (td.description or "")
    )
    assert td.parameters_json_schema["required"] == ["code"]


async def test_a_failing_program_is_retried_and_the_fix_runs() -> None:
    model, seen = scripted("await temperature('Atlantis')", "await temperature('Lima')")
    agent = Agent(model, deps_type=Deps, tools=[to_pydantic_ai(interop.code_mode([temperature]))])
    result = await agent.run("Lima?", deps=Deps("bo"))
    assert result.output == "done"
    retried = [p for parts in seen for p in parts if getattr(p, "outcome", None) == "retried"]
    assert len(retried) == 1  # pydantic-ai 2.x: a ModelRetry is a tool return marked "retried"
    text = retried[0].content
    assert isinstance(text, str) and text.startswith(
        "Error from tool 'run_code': The program raised an exception"
    )
    assert "RuntimeError: Error from tool 'temperature': no weather station in Atlantis" in text
    ok = [p for parts in seen for p in parts if isinstance(p, ToolReturnPart)]
    assert ok[-1].model_response_str() == "21.0"


async def test_approval_inside_the_program() -> None:
    asked: list[str] = []

    def approve(request: interop.ApprovalRequest) -> bool:
        asked.append(request.input["city"])
        return request.input["city"] == "Cairo"

    program = (
        "for c in await list_cities():\n    if await temperature(c) > 20:\n        try:\n"
        "            print(await send_alert(c))\n        except PermissionError as e:\n            print('refused:', c)"
    )
    model, seen = scripted(program)
    tools = [to_pydantic_ai(interop.code_mode([list_cities, temperature, send_alert], approval=approve))]
    await Agent(model, deps_type=Deps, tools=tools).run("alert", deps=Deps("cy"))
    (ret,) = seen[-1]
    assert ret.model_response_str() == "refused: Lima\nalert sent for Cairo\n"
    assert asked == ["Lima", "Cairo"]
    assert [s for s in SEEN if s[0] == "send_alert"] == [("send_alert", "Cairo")]


async def test_the_deferred_tools_channel_fails_closed_inside_the_program() -> None:
    """pydantic-ai's native approval defers the call (the run ends with DeferredToolRequests) and
    runs it again on resume: the whole program twice. The inner call is denied instead, the run
    is not deferred, and the model reads why."""
    program = (
        "for c in await list_cities():\n    if await temperature(c) > 30:\n        try:\n"
        "            print(await send_alert(c))\n        except PermissionError as e:\n            print(e)"
    )
    model, seen = scripted(program)
    tools = [to_pydantic_ai(interop.code_mode([list_cities, temperature, send_alert]))]
    result = await Agent(model, deps_type=Deps, tools=tools).run("alert", deps=Deps("cy"))
    assert isinstance(result.output, str)  # finished, not deferred
    (ret,) = seen[-1]
    text = ret.model_response_str()
    assert text.startswith("The call to tool 'send_alert' was not approved: pydantic-ai asks for approval")
    assert "by pausing the run" in text
    assert [s for s in SEEN if s[0] == "send_alert"] == []


async def test_inner_calls_ask_the_conversions_approval_callback() -> None:
    asked: list[tuple[str, Any, str | None]] = []

    def approve(request: interop.ApprovalRequest) -> bool:
        asked.append((request.tool_name, request.input, request.within))
        return True

    program = "await send_alert('Cairo')"
    model, seen = scripted(program)
    tools = [to_pydantic_ai(interop.code_mode([send_alert]), approval=approve)]
    await Agent(model, deps_type=Deps, tools=tools).run("alert", deps=Deps("cy"))
    (ret,) = seen[-1]
    assert ret.model_response_str() == "alert sent for Cairo"
    assert asked == [("send_alert", {"city": "Cairo"}, "run_code")]
    assert [s for s in SEEN if s[0] == "send_alert"] == [("send_alert", "Cairo")]


async def test_an_image_from_the_program_reaches_the_model_as_binary_content() -> None:
    received: list[Any] = []

    def fn(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        if len(messages) == 1:
            return ModelResponse(
                parts=[ToolCallPart("run_code", {"code": "await map_of('Oslo')"}, tool_call_id="m1")]
            )
        received.extend(messages[-1].parts)
        return ModelResponse(parts=[TextPart("a map")])

    agent = Agent(FunctionModel(fn), tools=[to_pydantic_ai(interop.code_mode([map_of]))])
    await agent.run("map of Oslo")
    blobs = [
        item
        for part in received
        for item in (
            part.content
            if isinstance(getattr(part, "content", None), list)
            else [getattr(part, "content", None)]
        )
        if isinstance(item, BinaryContent)
    ]
    assert blobs and blobs[0].data == PNG and blobs[0].media_type == "image/png"

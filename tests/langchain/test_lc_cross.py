"""LangChain tools across the other adapters: a native LangChain tool travels through another
framework and comes home as the same object; a native tool of another framework runs inside a
LangChain agent loop."""

from __future__ import annotations

import importlib
import json
from typing import Any

import pytest

pytest.importorskip("langchain_core")

from langchain_core.messages import HumanMessage, ToolMessage
from langchain_core.tools import StructuredTool
from pydantic import BaseModel, Field

import interop
from interop.langchain import from_langchain, to_langchain


class WeatherArgs(BaseModel):
    city: str = Field(description="City name")
    days: int = Field(default=1, ge=1, le=7, description="How many days")


def _weather(city: str, days: int = 1) -> dict[str, Any]:
    return {"city": city, "days": days}


weather = StructuredTool.from_function(
    func=_weather,
    name="weather",
    description="Forecast the weather.",
    args_schema=WeatherArgs,
    tags=["read"],
    metadata={"owner": "wx"},
)

ADAPTERS = [
    ("pydantic_ai", "to_pydantic_ai", "from_pydantic_ai"),
    ("llamaindex", "to_llamaindex", "from_llamaindex"),
    ("openai_agents", "to_openai_agents", "from_openai_agents"),
]


@pytest.mark.parametrize(("module", "to_name", "from_name"), ADAPTERS)
def test_native_langchain_tool_through_another_framework_comes_home(
    module: str, to_name: str, from_name: str
) -> None:
    try:
        adapter = importlib.import_module(f"interop.{module}")
    except ImportError:
        pytest.skip(f"interop.{module} is not available")
    neutral = from_langchain(weather)
    foreign = getattr(adapter, to_name)(neutral)
    back = getattr(adapter, from_name)(foreign)
    assert back is neutral
    assert to_langchain(back) is weather
    # what the other framework carries: name, description, schema, meta
    assert back.name == "weather" and back.description == "Forecast the weather."
    assert back.meta == {"owner": "wx", "tags": ["read"]}
    props = interop.input_json_schema(back)["properties"]
    assert props["days"] == {
        "default": 1,
        "description": "How many days",
        "maximum": 7,
        "minimum": 1,
        "type": "integer",
    }
    assert interop.call(back, {"city": "Oslo"}) == {"city": "Oslo", "days": 1}


def test_pydantic_ai_native_tool_in_a_langchain_agent(lc: Any) -> None:
    pytest.importorskip("langgraph")
    pydantic_ai = pytest.importorskip("pydantic_ai")
    try:
        from interop.pydantic_ai import from_pydantic_ai
    except ImportError:
        pytest.skip("interop.pydantic_ai is not available")
    from langchain.agents import create_agent

    seen: list[Any] = []

    def forecast(city: str, days: int = 3) -> list[str]:
        """Forecast for a city."""
        seen.append((city, days))
        return [f"{city}-{i}" for i in range(days)]

    tool = to_langchain(from_pydantic_ai(pydantic_ai.Tool(forecast)))
    model = lc.script(
        [lc.tool_call("forecast", {"city": "Oslo", "days": "many"}, "p1")],
        [lc.tool_call("forecast", {"city": "Oslo", "days": 2}, "p2")],
        "two days",
    )
    out = create_agent(model, [tool]).invoke({"messages": [HumanMessage("forecast")]})
    bad, ok = [m for m in out["messages"] if isinstance(m, ToolMessage)]
    assert bad.status == "error" and "days" in bad.content and "'forecast'" in bad.content
    assert json.loads(ok.content) == ["Oslo-0", "Oslo-1"] and seen == [("Oslo", 2)]
    assert out["messages"][-1].content == "two days"

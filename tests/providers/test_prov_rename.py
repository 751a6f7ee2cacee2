"""One vocabulary (issue 37, item 5): the provider descriptors take `rename=` as every `to_X` does
(a string, a mapping old -> new, or a function of the old name); `name=` is its deprecated alias."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

import pytest

from interop import tool
from interop.errors import ToolNameError
from interop.providers import (
    to_anthropic_tool,
    to_gemini_function_declaration,
    to_openai_chat_tool,
    to_openai_responses_tool,
)


@tool
def get_weather(city: str) -> str:
    """The weather in a city."""
    return f"sunny in {city}"


DESCRIPTORS: dict[str, Callable[..., dict[str, Any]]] = {
    "openai_chat": lambda **kw: to_openai_chat_tool(get_weather, **kw)["function"]["name"],
    "openai_responses": lambda **kw: to_openai_responses_tool(get_weather, **kw)["name"],
    "anthropic": lambda **kw: to_anthropic_tool(get_weather, **kw)["name"],
    "gemini": lambda **kw: to_gemini_function_declaration(get_weather, **kw)["name"],
}


@pytest.mark.parametrize("which", DESCRIPTORS)
@pytest.mark.parametrize(
    "rename",
    ["forecast", {"get_weather": "forecast"}, lambda name: name.replace("get_weather", "forecast")],
    ids=["string", "mapping", "function"],
)
def test_rename_is_the_option_every_descriptor_takes(which: str, rename: Any) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert DESCRIPTORS[which](rename=rename) == "forecast"
        assert DESCRIPTORS[which]() == "get_weather"
        assert DESCRIPTORS[which](rename={"other": "x"}) == "get_weather"  # a mapping renames only its keys


@pytest.mark.parametrize("which", DESCRIPTORS)
def test_name_is_a_deprecated_alias(which: str) -> None:
    with pytest.warns(DeprecationWarning, match=r"\(name=\.\.\.\) is deprecated: pass rename="):
        assert DESCRIPTORS[which](name="forecast") == "forecast"
    with pytest.raises(TypeError, match="not both"):
        DESCRIPTORS[which](name="a", rename="b")


@pytest.mark.parametrize("which", DESCRIPTORS)
def test_a_renamed_tool_still_follows_the_providers_name_rule(which: str) -> None:
    with pytest.raises(ToolNameError):
        DESCRIPTORS[which](rename="not a valid name!")

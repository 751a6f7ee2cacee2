"""The meta keys of shaping (type-checked at construction) and filter_tools / prefix_tools / split_tools."""

from __future__ import annotations

from typing import Any

import pytest

import interop
from interop import StandardTool, call, filter_tools, prefix_tools, split_tools, standard_tool
from interop.bridge import DerivedTool


def make(name: str, **meta: Any) -> StandardTool[Any, Any, Any]:
    return standard_tool(
        name=name,
        description=f"The {name} tool.",
        input_schema={"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]},
        execute=lambda args: f"{name}:{args['q']}",
        meta=meta,
    )


@pytest.mark.parametrize(
    "meta",
    [
        {"group": "github"},
        {"defer_loading": True},
        {"callers": ["code_execution_20250825"]},
        {"provider_options": {"anthropic": {"cache_control": {"type": "ephemeral"}}, "openai": {}}},
        {"input_examples": [{"q": "a"}, {"q": "b"}]},
    ],
)
def test_shaping_meta_keys_are_accepted(meta: dict[str, Any]) -> None:
    assert make("t", **meta).meta == meta


@pytest.mark.parametrize(
    ("meta", "error", "words"),
    [
        ({"group": ["a"]}, TypeError, "meta['group'] must be str"),
        ({"defer_loading": "yes"}, TypeError, "meta['defer_loading'] must be bool"),
        ({"callers": "direct"}, TypeError, "meta['callers'] must be list"),
        ({"callers": ["direct", 1]}, TypeError, "meta['callers'] must be a list of str"),
        ({"provider_options": [("openai", {})]}, TypeError, "meta['provider_options'] must be dict"),
        ({"provider_options": {"openai": True}}, TypeError, "map a provider name to a dict"),
        ({"provider_options": {"openai": {"name": "x"}}}, ValueError, "cannot set 'name'"),
        ({"input_examples": {"q": "a"}}, TypeError, "meta['input_examples'] must be list"),
        ({"input_examples": ["q"]}, TypeError, "a list of dict"),
        ({"input_examples": [{"q": 1}]}, ValueError, "input_examples'][0] does not match the input schema"),
        (
            {"input_examples": [{"q": "a"}, {}]},
            ValueError,
            "[1] does not match the input schema: 'q' is a required property",
        ),
    ],
)
def test_shaping_meta_keys_are_type_checked(meta: dict[str, Any], error: type[Exception], words: str) -> None:
    with pytest.raises(error) as info:
        make("t", **meta)
    assert words in str(info.value)


def test_decorated_tools_check_examples_against_their_signature() -> None:
    @interop.tool(meta={"input_examples": [{"city": "Rome"}]})
    def weather(city: str, days: int = 1) -> str:
        """Weather."""
        return city

    assert weather.meta["input_examples"] == [{"city": "Rome"}]
    with pytest.raises(ValueError, match="days"):

        @interop.tool(meta={"input_examples": [{"city": "Rome", "days": "many"}]})
        def weather2(city: str, days: int = 1) -> str:
            """Weather."""
            return city


TOOLS = [
    make("create_issue", group="github", tags=["write", "issues"]),
    make("list_issues", group="github", tags=["read", "issues"]),
    make("send_message", group="slack", tags=["write"]),
    make("search", tags=["read"]),
    make("archive_repo", group="github", tags=["admin"], defer_loading=True),
    make("delete_channel", group="slack", defer_loading=True),
]


def names(tools: list[Any]) -> list[str]:
    return [t.name for t in tools]


def test_filter_tools() -> None:
    assert names(filter_tools(TOOLS, group="github")) == ["create_issue", "list_issues", "archive_repo"]
    assert names(filter_tools(TOOLS, group=["slack", "github"], tags="write")) == [
        "create_issue",
        "send_message",
    ]
    assert names(filter_tools(TOOLS, tags=["read", "admin"])) == ["list_issues", "search", "archive_repo"]
    assert names(filter_tools(TOOLS, names=["search", "send_message"])) == ["send_message", "search"]
    assert names(filter_tools(TOOLS, group="github", exclude_names={"archive_repo"})) == [
        "create_issue",
        "list_issues",
    ]
    assert names(filter_tools(TOOLS, exclude_names="search")) == names(TOOLS[:3] + TOOLS[4:])
    assert filter_tools(TOOLS) == TOOLS and filter_tools(TOOLS)[0] is TOOLS[0]  # the very same objects
    assert filter_tools(iter(TOOLS), tags="nope") == []
    with pytest.raises(ValueError, match="no tool named 'serch'"):
        filter_tools(TOOLS, names=["search", "serch"])  # a typo would silently drop a tool
    with pytest.raises(TypeError):
        filter_tools(TOOLS, tags=[1])  # type: ignore[list-item]


def test_prefix_tools() -> None:
    prefixed = prefix_tools(TOOLS[:2], "gh_")
    assert names(prefixed) == ["gh_create_issue", "gh_list_issues"]
    assert all(isinstance(t, DerivedTool) and t.base is b for t, b in zip(prefixed, TOOLS, strict=False))
    assert prefixed[0].execute is TOOLS[0].execute and prefixed[0].meta == TOOLS[0].meta
    assert call(prefixed[1], {"q": "x"}) == "list_issues:x"
    with pytest.raises(ValueError, match="non-empty"):
        prefix_tools(TOOLS, "")


def test_split_tools() -> None:
    loaded, deferred = split_tools(iter(TOOLS))
    assert names(loaded) == ["create_issue", "list_issues", "send_message", "search"]
    assert names(deferred) == ["archive_repo", "delete_channel"]
    assert split_tools([]) == ([], [])

"""transform_tool / ArgTransform in the core: schema, validation, error paths, mapping back, composition."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

import pytest
from pydantic import BaseModel, Field, field_validator

import interop
from interop import ArgTransform, StandardToolValidationError, call, input_json_schema, transform_tool
from interop.bridge import DerivedTool, find_layer, is_async_tool

SEEN: list[dict[str, Any]] = []


class Address(BaseModel):
    street: str
    city: str


@interop.tool(meta={"tags": ["crm"], "input_examples": [{"q": "acme", "user_id": "u1", "limit": 2}]})
def search_customers(
    q: Annotated[str, Field(description="Free text")],
    user_id: str,
    limit: Annotated[int, Field(ge=1, le=50)] = 10,
    address: Address | None = None,
) -> dict[str, Any]:
    """Search customers."""
    SEEN.append({"q": q, "user_id": user_id, "limit": limit, "address": address})
    return {"q": q, "user_id": user_id, "limit": limit}


class Slug(BaseModel):
    slug: str

    @field_validator("slug")
    @classmethod
    def lower(cls, value: str) -> str:
        if value != value.lower():
            raise ValueError("must be lower case")
        return value


@interop.tool
def make_page(slug: str, title: str = "") -> str:
    """Make a page."""
    Slug(slug=slug)  # a check the JSON Schema cannot express, raised as a validation error below
    return slug


def shaped() -> DerivedTool[Any, Any, Any]:
    return transform_tool(
        search_customers,
        name="find_customers",
        description="Find customers by text.",
        args={
            "q": ArgTransform(name="query", description="What to look for"),
            "user_id": ArgTransform(from_context=lambda ctx: ctx["user"]),
            "limit": ArgTransform(default=5),
        },
    )


def test_schema_follows_the_transform() -> None:
    t = shaped()
    assert isinstance(t, DerivedTool) and t.base is search_customers
    assert find_layer(t, "transform") is not None
    assert t.name == "find_customers" and t.description == "Find customers by text."
    schema = input_json_schema(t)
    assert list(schema["properties"]) == ["query", "limit", "address"]  # the base's order, renamed
    assert schema["properties"]["query"] == {"type": "string", "description": "What to look for"}
    assert schema["properties"]["limit"]["default"] == 5
    assert schema["properties"]["limit"]["maximum"] == 50  # the base's constraints are kept
    assert schema["required"] == ["query"]
    assert schema["additionalProperties"] is False
    assert "$defs" in schema and "Address" in schema["$defs"]  # refs still resolve
    assert "user_id" not in str(schema)  # the hidden argument is nowhere in what the model sees
    for target in ("draft-07", "openapi-3.0"):
        assert "query" in input_json_schema(t, target=target)["properties"]


def test_the_function_gets_its_original_names() -> None:
    SEEN.clear()
    out = call(shaped(), {"query": "acme", "address": {"street": "1 Main", "city": "Oslo"}}, {"user": "ann"})
    assert out == {"q": "acme", "user_id": "ann", "limit": 5}
    assert SEEN[0]["address"] == Address(street="1 Main", city="Oslo")  # the base validated (and built) it
    call(shaped(), {"query": "x", "limit": 7}, {"user": "bob"})
    assert SEEN[1] == {"q": "x", "user_id": "bob", "limit": 7, "address": None}


@pytest.mark.parametrize(
    ("args", "path", "words"),
    [
        ({"query": "x", "user_id": "eve"}, "user_id", "set by the application"),  # a hidden argument
        ({"q": "x"}, "q", "called 'query'"),  # the old name of a renamed argument
        ({"query": 3}, "query", "valid string"),  # the base's issues, under the new names
        ({}, "query", "Field required"),
        ({"query": "x", "limit": 99}, "limit", "less than or equal to 50"),
        ({"query": "x", "address": {"street": "s"}}, "address", "Field required"),
    ],
)
def test_validation_errors_name_the_new_arguments(args: dict[str, Any], path: str, words: str) -> None:
    SEEN.clear()
    with pytest.raises(StandardToolValidationError) as info:
        call(shaped(), args, {"user": "ann"})
    assert info.value.tool_name == "find_customers"
    assert any(i.path[:1] == (path,) and words in i.message for i in info.value.issues), info.value.issues
    assert f"{path}" in str(info.value)
    assert SEEN == []  # nothing ran


def test_every_issue_is_listed_when_a_hidden_argument_is_sent() -> None:
    with pytest.raises(StandardToolValidationError) as info:
        call(shaped(), {"q": "x", "limit": "many"}, {"user": "ann"})
    assert [i.path for i in info.value.issues] == [("q",), (), ("limit",)]
    assert "'query' is a required property" in str(info.value)


def test_errors_the_base_raises_are_renamed_too() -> None:
    t = transform_tool(make_page, args={"slug": ArgTransform(name="path")})
    assert call(t, {"path": "home"}) == "home"
    with pytest.raises(Exception, match="must be lower case"):
        call(t, {"path": "Home"})  # a ValueError of the function itself passes through unchanged

    @interop.tool
    def strict_page(page: Slug) -> str:
        """Make a page from a slug model."""
        return page.slug

    renamed = transform_tool(strict_page, args={"page": ArgTransform(name="target")})
    with pytest.raises(StandardToolValidationError) as info:
        call(renamed, {"target": {"slug": "Home"}})  # passes the JSON Schema, fails the base's validator
    assert info.value.issues[0].path == ("target", "slug") and info.value.tool_name == "strict_page"


def test_transforms_compose_and_keep_the_chain() -> None:
    once = shaped()
    twice = transform_tool(once, name="customers", args={"query": ArgTransform(name="text", default="*")})
    assert list(input_json_schema(twice)["properties"]) == ["text", "limit", "address"]
    assert "required" not in input_json_schema(twice)
    SEEN.clear()
    assert call(twice, {}, {"user": "cy"}) == {"q": "*", "user_id": "cy", "limit": 5}
    assert twice.base is once and once.base is search_customers
    with pytest.raises(StandardToolValidationError, match="query: unexpected argument"):
        call(twice, {"query": "x"}, {"user": "cy"})


def test_name_only_transform_shares_schema_and_execute() -> None:
    t = transform_tool(search_customers, name="crm_search", title="CRM search", meta={"group": "crm"})
    assert t.input_schema is search_customers.input_schema
    assert t.execute is search_customers.execute  # nothing is validated twice
    assert t.title == "CRM search"
    assert t.meta["group"] == "crm" and t.meta["tags"] == ["crm"]  # merged over the base's meta
    assert search_customers.meta.get("group") is None  # the base is untouched


def test_input_examples_follow_the_new_names() -> None:
    assert shaped().meta["input_examples"] == [{"query": "acme", "limit": 2}]
    own = transform_tool(
        search_customers,
        args={"q": ArgTransform(name="text")},
        meta={"input_examples": [{"text": "a", "user_id": "u"}]},
    )
    assert own.meta["input_examples"] == [{"text": "a", "user_id": "u"}]
    with pytest.raises(ValueError, match=r"input_examples'\]\[0\] does not match"):
        transform_tool(
            search_customers, args={"q": ArgTransform(name="text")}, meta={"input_examples": [{"q": "a"}]}
        )


def test_conditional_approval_is_asked_with_the_base_names() -> None:
    """The base's predicate gets the base's validated input (the `@tool`'s argument model), in the
    base's names, as it would when the base itself is called."""
    asked: list[Any] = []

    def big(input: Any, context: Any) -> bool:
        asked.append(input.model_dump())
        return input.limit > 20

    base = transform_tool(search_customers, meta={"requires_approval": big})
    t = transform_tool(base, args={"limit": ArgTransform(name="max"), "user_id": ArgTransform(default="sys")})
    rule = t.meta["requires_approval"]
    assert rule({"q": "x", "max": 30}, None) is True and rule({"q": "x", "max": 3}, None) is False
    assert asked == [{"q": "x", "user_id": "sys", "limit": n, "address": None} for n in (30, 3)]
    approvals: list[Any] = []
    gated = interop.with_approval(t, lambda request: approvals.append(request.input) or True)
    assert call(gated, {"q": "x", "max": 30})["limit"] == 30
    assert approvals == [{"q": "x", "max": 30}]  # the approver sees what the model sent


def test_hidden_optional_argument_without_default_keeps_the_base_default() -> None:
    t = transform_tool(
        search_customers, args={"limit": ArgTransform(hide=True), "user_id": ArgTransform(default="u")}
    )
    assert "limit" not in input_json_schema(t)["properties"]
    assert call(t, {"q": "z"}) == {"q": "z", "user_id": "u", "limit": 10}


def test_hidden_defaults_are_fresh_each_call() -> None:
    @interop.tool
    def append(items: list[str], item: str) -> list[str]:
        """Append an item."""
        items.append(item)
        return items

    t = transform_tool(append, args={"items": ArgTransform(default=[], hide=True)})
    assert call(t, {"item": "a"}) == ["a"]
    assert call(t, {"item": "b"}) == ["b"]


@pytest.mark.anyio
async def test_async_from_context_and_async_base() -> None:
    async def user_of(ctx: Any) -> str:
        await asyncio.sleep(0)
        return ctx["user"]

    t = transform_tool(search_customers, args={"user_id": ArgTransform(from_context=user_of)})
    assert is_async_tool(t)
    assert (await interop.acall(t, {"q": "a"}, {"user": "dee"}))["user_id"] == "dee"
    assert call(t, {"q": "a"}, {"user": "eli"})["user_id"] == "eli"  # sync callers still work

    @interop.tool
    async def echo(text: str) -> str:
        """Echo."""
        return text

    renamed = transform_tool(echo, args={"text": ArgTransform(name="message")})
    assert is_async_tool(renamed)
    assert await interop.acall(renamed, {"message": "hi"}) == "hi"
    assert not is_async_tool(shaped())  # a sync tool stays sync


@pytest.mark.parametrize(
    ("args", "error", "words"),
    [
        ({"nope": ArgTransform(name="x")}, ValueError, "has no argument 'nope'"),
        ({"user_id": ArgTransform(hide=True)}, ValueError, "hidden argument 'user_id' is required"),
        ({"q": ArgTransform(name="limit")}, ValueError, "two arguments would be called 'limit'"),
        ({"limit": ArgTransform(default=object())}, TypeError, "must be JSON"),
        ({"limit": ArgTransform(default=0)}, ValueError, "does not match its schema"),
        ({"q": "query"}, TypeError, "must be an ArgTransform"),
    ],
)
def test_bad_transforms_fail_at_construction(args: Any, error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words):
        transform_tool(search_customers, args=args)


def test_arg_transform_checks_itself() -> None:
    with pytest.raises(ValueError, match="not both"):
        ArgTransform(default=1, from_context=lambda c: c)
    with pytest.raises(ValueError, match="non-empty"):
        ArgTransform(name="")
    with pytest.raises(ValueError, match="takes no name or description"):
        ArgTransform(name="user", hide=True)
    with pytest.raises(TypeError):
        ArgTransform(from_context="user")  # type: ignore[arg-type]
    assert ArgTransform(from_context=lambda c: c).hidden and not ArgTransform(name="x").hidden
    assert repr(interop._transform.MISSING) == "<missing>"


def test_a_tool_without_an_object_schema_cannot_transform_arguments() -> None:
    t = interop.standard_tool(name="n", description="d", input_schema=int, execute=lambda v: v)
    with pytest.raises(ValueError, match="not an object"):
        transform_tool(t, args={"x": ArgTransform(name="y")})
    assert call(transform_tool(t, name="m"), 3) == 3

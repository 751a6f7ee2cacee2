"""Tools of one shape share one validator (issue 45): built on the first call of any of them, held
only while a tool holds it; tools whose validation differs never share; errors name the tool
that was called."""

from __future__ import annotations

import asyncio
import gc
import threading
from typing import Annotated, Any, Literal

import pytest
from pydantic import Field

import interop
from interop import StandardToolValidationError


def _pair(shape: str, **names: str) -> list[Any]:
    """Tools with the signature `shape`, one per name, each with its own description texts."""
    tools = []
    for name, words in names.items():
        namespace: dict[str, Any] = {"Annotated": Annotated, "Field": Field, "Literal": Literal}
        exec(
            f'def {name}({shape}):\n    """{words}.\n\n    Args:\n        query: {words}.\n    """\n    return query',
            namespace,
        )
        tools.append(interop.tool(namespace[name]))
    return tools


def test_tools_of_one_shape_share_the_validator_built_on_first_use() -> None:
    a, b = _pair("query: str, limit: int = 10, exact: bool = False", find_a="Find in A", find_b="Find in B")
    assert "validate_python" not in a.input_schema.__dict__  # nothing built at registration
    assert interop.call(a, {"query": "x"}) == "x" and interop.call(b, {"query": "y"}) == "y"
    assert a.input_schema.validate_python is b.input_schema.validate_python
    assert a.input_schema.type is b.input_schema.type and a.input_schema.type.__name__ == "arguments"
    # each still describes itself
    assert interop.input_json_schema(a)["properties"]["query"]["description"] == "Find in A."
    assert interop.input_json_schema(b)["properties"]["query"]["description"] == "Find in B."


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("query: str, limit: int = 10", "query: str, limit: float = 10"),  # a type
        ("query: str, limit: int = 10", "query: str, limit: int = 11"),  # a default
        ("query: str, score: float = 1.0", "query: str, score: float = 1"),  # 1.0 and 1
        ("query: str, score: float = 0.0", "query: str, score: float = -0.0"),
        ("query: str, n: int | str = 1", "query: str, n: str | int = 1"),  # union order
        ("query: str, n: int = 1", "query: str, m: int = 1"),  # a name
        ("query: str, n: int = 1", "query: str, n: int"),  # required
        (
            "query: str, n: Annotated[int, Field(ge=1)] = 1",
            "query: str, n: Annotated[int, Field(ge=2)] = 1",
        ),  # a constraint
        ('query: str, s: Literal["a", "b"] = "a"', 'query: str, s: Literal["b", "a"] = "a"'),
    ],
)
def test_tools_whose_validation_differs_do_not_share(first: str, second: str) -> None:
    (a,) = _pair(first, one="One")
    (b,) = _pair(second, two="Two")
    # (reading the validator builds it, as a first call does)
    assert a.input_schema.validate_python is not b.input_schema.validate_python
    assert a.input_schema.type is not b.input_schema.type


def test_a_shared_validator_applies_each_tools_own_default() -> None:
    (a,) = _pair("query: str, score: float = 1.0", one="One")
    (b,) = _pair("query: str, score: float = 1", two="Two")
    assert type(a.input_schema.validate_python({"query": "x"}).score) is float
    assert type(b.input_schema.validate_python({"query": "x"}).score) is int


def test_errors_name_the_tool_that_was_called() -> None:
    a, b = _pair("query: str, limit: int = 10", alpha="Alpha", beta="Beta")
    with pytest.raises(StandardToolValidationError) as first:
        interop.call(a, {"query": 1})
    with pytest.raises(StandardToolValidationError) as second:
        interop.call(b, {"query": 1})
    assert a.input_schema.validate_python is b.input_schema.validate_python
    assert first.value.tool_name == "alpha" and second.value.tool_name == "beta"
    assert "alpha" not in str(second.value) and "beta" not in str(first.value)


def test_two_tools_sharing_a_validator_called_in_parallel_threads_and_tasks() -> None:
    a, b = _pair("query: str, limit: int = 10", left="Left", right="Right")
    barrier = threading.Barrier(8)
    results: list[Any] = []
    failures: list[str] = []

    def work(i: int) -> None:
        tool = a if i % 2 else b
        barrier.wait()  # the first calls (the shared build) at once
        for j in range(50):
            results.append(interop.call(tool, {"query": f"{i}-{j}", "limit": str(j)}))
            try:
                interop.call(tool, {"query": j})
            except StandardToolValidationError as e:
                failures.append(str(e.tool_name))

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == sorted(f"{i}-{j}" for i in range(8) for j in range(50))
    assert sorted(failures) == sorted(["left"] * 200 + ["right"] * 200)
    assert a.input_schema.validate_python is b.input_schema.validate_python

    async def both() -> list[Any]:
        return await asyncio.gather(*(interop.acall(t, {"query": t.name}) for t in (a, b) * 20))

    assert asyncio.run(both()) == ["left", "right"] * 20


def test_a_shared_validator_goes_with_the_last_tool_holding_it() -> None:
    import weakref

    a, b = _pair("query: str, only_here_1234: int = 10", first="First", second="Second")
    interop.call(a, {"query": "x"})
    interop.call(b, {"query": "x"})
    model = weakref.ref(a.input_schema.type)
    del a
    gc.collect()
    assert model() is b.input_schema.type  # b still holds it
    del b
    gc.collect()
    assert model() is None


def test_raw_json_schemas_share_when_identical_and_only_then() -> None:
    schema: dict[str, Any] = {
        "type": "object",
        "properties": {"n": {"type": "integer", "description": "A number."}},
        "required": ["n"],
    }
    a = interop.as_schema(schema)
    b = interop.as_schema(
        {
            "required": ["n"],
            "type": "object",
            "properties": {"n": {"description": "A number.", "type": "integer"}},
        }
    )
    assert a is b  # key order does not matter
    schema["properties"]["n"]["minimum"] = 5  # the caller's dict: the shared one kept its own copy
    c = interop.as_schema(schema)
    assert c is not a and a.__standard_schema__.validate({"n": 1}).issues is None
    assert c.__standard_schema__.validate({"n": 1}).issues
    # descriptions, `$defs`, 1 and 1.0 and true: not the same schema
    for other in (
        {
            "type": "object",
            "properties": {"n": {"type": "integer", "description": "Another."}},
            "required": ["n"],
        },
        {"type": "object", "properties": {"n": {"const": 1}}},
        {"type": "object", "properties": {"n": {"const": 1.0}}},
        {"type": "object", "properties": {"n": {"const": True}}},
        {"$defs": {"N": {"type": "string"}}, "type": "object", "properties": {"n": {"$ref": "#/$defs/N"}}},
        {"$defs": {"N": {"type": "integer"}}, "type": "object", "properties": {"n": {"$ref": "#/$defs/N"}}},
    ):
        assert interop.as_schema(other) is not a
    ones = [interop.as_schema({"type": "object", "properties": {"n": {"const": v}}}) for v in (1, 1.0, True)]
    assert len({id(s) for s in ones}) == 3
    assert [s.__standard_schema__.validate({"n": True}).issues is None for s in ones] == [False, False, True]
    defs = [
        interop.as_schema(
            {"$defs": {"N": {"type": t}}, "type": "object", "properties": {"n": {"$ref": "#/$defs/N"}}}
        )
        for t in ("string", "integer")
    ]
    assert defs[0].__standard_schema__.validate({"n": 1}).issues
    assert defs[1].__standard_schema__.validate({"n": 1}).issues is None


GITHUB_LIKE: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {"title": "t", "version": "1"},
    "servers": [{"url": "https://example.test"}],
    "components": {
        "parameters": {
            "owner": {"name": "owner", "in": "path", "required": True, "schema": {"type": "string"}},
            "repo": {"name": "repo", "in": "path", "required": True, "schema": {"type": "string"}},
        }
    },
    "paths": {
        "/repos/{owner}/{repo}/issues": {
            "get": {
                "operationId": "list_issues",
                "parameters": [
                    {"$ref": "#/components/parameters/owner"},
                    {"$ref": "#/components/parameters/repo"},
                ],
                "responses": {"200": {"description": "ok"}},
            }
        },
        "/repos/{owner}/{repo}/pulls": {
            "get": {
                "operationId": "list_pulls",
                "parameters": [
                    {"$ref": "#/components/parameters/owner"},
                    {"$ref": "#/components/parameters/repo"},
                ],
                "responses": {"200": {"description": "ok"}},
            }
        },
        "/repos/{owner}/{repo}/tags/{n}": {
            "get": {
                "operationId": "get_tag",
                "parameters": [
                    {"$ref": "#/components/parameters/owner"},
                    {"$ref": "#/components/parameters/repo"},
                    {"name": "n", "in": "path", "required": True, "schema": {"type": "integer"}},
                ],
                "responses": {"200": {"description": "ok"}},
            }
        },
    },
}


def test_openapi_operations_of_one_shape_share_the_validator() -> None:
    from_openapi = pytest.importorskip(
        "interop.openapi", exc_type=ImportError
    ).from_openapi  # the openapi extra
    tools = {t.name: t for t in from_openapi(GITHUB_LIKE)}
    issues, pulls = tools["list_issues"], tools["list_pulls"]
    schemas: dict[str, Any] = {name: t.input_schema for name, t in tools.items()}
    shared = schemas["list_issues"].validator()
    assert schemas["list_pulls"].validator() is shared
    assert schemas["get_tag"].validator() is not shared
    # the error still names the tool called (checked before any request is sent)
    for tool in (issues, pulls):
        with pytest.raises(StandardToolValidationError) as info:
            interop.call(tool, {"owner": "o"})
        assert info.value.tool_name == tool.name

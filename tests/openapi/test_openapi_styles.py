"""Parameter serialization against the OpenAPI style table, using ReadMe's parameters-style
document (3.0 and 3.1) and a recording mock transport: the bytes on the wire."""

from __future__ import annotations

from typing import Any

import pytest
from openapi_fixtures import Recorder, readme_doc

import interop
from interop.openapi import from_openapi

pytestmark = pytest.mark.anyio

ARGS = {"primitive": "blue", "array": ["blue", "black", "brown"], "object": {"name": "R", "description": "100"}}


def _tools(version: str, recorder: Recorder) -> dict[str, Any]:
    doc = readme_doc(f"{version}/json/parameters-style.json")
    return {t.name: t for t in from_openapi(doc, client=recorder.client(), base_url="http://api.test")}


@pytest.mark.parametrize("version", ["3.0", "3.1"])
@pytest.mark.parametrize(
    ("operation", "path"),
    [
        ("paths_standard", "/anything/path/blue/blue,black,brown/name,R,description,100"),
        ("paths_simple_nonExploded", "/anything/path/simple/blue/blue,black,brown/name,R,description,100"),
        ("paths_simple_exploded", "/anything/path/simple/blue/blue,black,brown/name=R,description=100"),
        ("paths_label_nonExploded", "/anything/path/label/.blue/.blue,black,brown/.name,R,description,100"),
        ("paths_label_exploded", "/anything/path/label/.blue/.blue.black.brown/.name=R.description=100"),
        (
            "paths_matrix_nonExploded",
            "/anything/path/matrix/;primitive=blue/;array=blue,black,brown/;object=name,R,description,100",
        ),
        (
            "paths_matrix_exploded",
            "/anything/path/matrix/;primitive=blue/;array=blue;array=black;array=brown/;name=R;description=100",
        ),
    ],
)
async def test_path_styles(version: str, operation: str, path: str) -> None:
    rec = Recorder()
    await interop.acall(_tools(version, rec)[operation], ARGS)
    assert rec.last.url.raw_path.decode() == path


async def test_path_values_are_escaped_but_separators_are_not() -> None:
    rec = Recorder()
    args = {"primitive": "a,b/c", "array": ["x;y", "z"], "object": {"name": "n=1", "description": "d"}}
    await interop.acall(_tools("3.1", rec)["paths_matrix_exploded"], args)
    assert rec.last.url.raw_path.decode() == (
        "/anything/path/matrix/;primitive=a%2Cb%2Fc/;array=x%3By;array=z/;name=n%3D1;description=d"
    )


@pytest.mark.parametrize("version", ["3.0", "3.1"])
@pytest.mark.parametrize(
    ("operation", "args", "query"),
    [
        (
            "query_standard",
            ARGS,
            [("primitive", "blue"), ("array", "blue"), ("array", "black"), ("array", "brown"), ("name", "R"), ("description", "100")],
        ),
        (
            "query_form_nonExploded",
            ARGS,
            [("primitive", "blue"), ("array", "blue,black,brown"), ("object", "name,R,description,100")],
        ),
        (
            "query_spaceDelimited_nonExploded",
            {k: ARGS[k] for k in ("array", "object")},
            [("array", "blue black brown"), ("object", "name R description 100")],
        ),
        (
            "query_pipeDelimited_nonExploded",
            {k: ARGS[k] for k in ("array", "object")},
            [("array", "blue|black|brown"), ("object", "name|R|description|100")],
        ),
        (
            "query_deepObject_nonExploded",
            {"object": ARGS["object"]},
            [("object[name]", "R"), ("object[description]", "100")],
        ),
    ],
)
async def test_query_styles(version: str, operation: str, args: dict[str, Any], query: list[tuple[str, str]]) -> None:
    rec = Recorder()
    await interop.acall(_tools(version, rec)[operation], args)
    assert rec.last.url.params.multi_items() == query


@pytest.mark.parametrize("version", ["3.0", "3.1"])
async def test_header_and_cookie_styles(version: str) -> None:
    rec = Recorder()
    tools = _tools(version, rec)
    await interop.acall(tools["headers_simple_nonExploded"], ARGS)
    h = rec.last.headers
    assert (h["primitive"], h["array"], h["object"]) == ("blue", "blue,black,brown", "name,R,description,100")
    await interop.acall(tools["headers_simple_exploded"], ARGS)
    assert rec.last.headers["object"] == "name=R,description=100"
    await interop.acall(tools["cookies_form_nonExploded"], ARGS)
    assert rec.last.headers["cookie"] == "primitive=blue; array=blue,black,brown; object=name,R,description,100"
    await interop.acall(tools["cookies_form_exploded"], ARGS)
    assert rec.last.headers["cookie"] == (
        "primitive=blue; array=blue; array=black; array=brown; name=R; description=100"
    )


async def test_scalars_are_json_text_and_nulls_are_not_sent() -> None:
    doc = {
        "openapi": "3.1.0",
        "info": {"title": "t", "version": "1"},
        "paths": {
            "/search": {
                "get": {
                    "operationId": "search",
                    "parameters": [
                        {"name": "flag", "in": "query", "schema": {"type": "boolean"}},
                        {"name": "n", "in": "query", "schema": {"type": "number"}},
                        {"name": "maybe", "in": "query", "schema": {"type": ["string", "null"]}},
                        {"name": "filter", "in": "query", "content": {"application/json": {"schema": {"type": "object"}}}},
                    ],
                }
            }
        },
    }
    rec = Recorder()
    (search,) = from_openapi(doc, client=rec.client(), base_url="http://api.test")
    await interop.acall(search, {"flag": False, "n": 2.5, "maybe": None, "filter": {"a": [1, "x"]}})
    assert rec.last.url.params.multi_items() == [("flag", "false"), ("n", "2.5"), ("filter", '{"a":[1,"x"]}')]

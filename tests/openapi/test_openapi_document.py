"""Reading documents, translating 3.0 schemas to 2020-12, naming tools and arguments, servers,
bodies and output schemas: each rule of `interop.openapi`, on small documents written here."""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from jsonschema import Draft202012Validator
from openapi_fixtures import Recorder

import interop
from interop import StandardToolValidationError, input_json_schema, output_json_schema
from interop.bridge import NAME_RULES
from interop.errors import ToolNameError
from interop.openapi import OpenAPIError, from_openapi

pytestmark = pytest.mark.anyio


def doc(paths: dict[str, Any], version: str = "3.0.3", **extra: Any) -> dict[str, Any]:
    return {"openapi": version, "info": {"title": "t", "version": "1"}, "paths": paths, **extra}


def one(paths: dict[str, Any], version: str = "3.0.3", **kw: Any) -> Any:
    (t,) = from_openapi(doc(paths, version, **kw.pop("extra", {})), base_url="http://api.test", **kw)
    return t


def body_op(schema: dict[str, Any], required: bool = True, media: str = "application/json") -> dict[str, Any]:
    return {"/x": {"post": {"operationId": "op", "requestBody": {"required": required, "content": {media: {"schema": schema}}}}}}


# -- 3.0 -> 2020-12 ---------------------------------------------------------------------------------


def test_openapi_30_keywords_become_2020_12() -> None:
    schema = {
        "type": "object",
        "properties": {
            "name": {"type": "string", "nullable": True, "example": "Rex", "x-internal": 1},
            "size": {"type": "string", "enum": ["S", "M"], "nullable": True},
            "age": {"type": "integer", "minimum": 0, "exclusiveMinimum": True, "maximum": 30, "exclusiveMaximum": False},
            "owner": {"allOf": [{"$ref": "#/components/schemas/Owner"}], "nullable": True, "description": "who"},
            "kind": {"type": "string", "discriminator": {"propertyName": "kind"}, "xml": {"name": "k"}},
        },
        "required": ["name"],
    }
    t = one(body_op(schema), extra={"components": {"schemas": {"Owner": {"type": "object", "properties": {"id": {"type": "integer"}}}}}})
    s = input_json_schema(t)
    Draft202012Validator.check_schema(s)
    p = s["properties"]
    assert p["name"] == {"type": ["string", "null"], "examples": ["Rex"]}
    assert p["size"] == {"type": ["string", "null"], "enum": ["S", "M", None]}
    assert p["age"] == {"type": "integer", "exclusiveMinimum": 0, "maximum": 30}
    assert p["owner"] == {"anyOf": [{"allOf": [{"$ref": "#/$defs/Owner"}]}, {"type": "null"}], "description": "who"}
    assert p["kind"] == {"type": "string"}
    assert s["$defs"] == {"Owner": {"type": "object", "properties": {"id": {"type": "integer"}}}}
    ok = t.input_schema.__standard_schema__.validate({"name": None, "size": None, "age": 1, "owner": None})
    assert ok.issues is None
    bad = t.input_schema.__standard_schema__.validate({"name": "x", "age": 0})
    assert [i.path for i in bad.issues] == [("age",)]


def test_openapi_31_schemas_pass_through_and_nullable_is_not_a_31_keyword() -> None:
    schema = {
        "type": "object",
        "properties": {
            "tags": {"type": ["array", "null"], "items": {"type": "string"}, "examples": [["a"]]},
            "n": {"type": "integer", "exclusiveMinimum": 0, "nullable": True},
            "c": {"const": "x"},
        },
    }
    s = input_json_schema(one(body_op(schema), version="3.1.0"))
    assert s["properties"] == {
        "tags": {"type": ["array", "null"], "items": {"type": "string"}, "examples": [["a"]]},
        "n": {"type": "integer", "exclusiveMinimum": 0},
        "c": {"const": "x"},
    }


def test_read_only_properties_leave_inputs_and_write_only_leave_outputs() -> None:
    pet = {
        "type": "object",
        "required": ["id", "name", "password"],
        "properties": {
            "id": {"type": "integer", "readOnly": True},
            "name": {"type": "string"},
            "password": {"type": "string", "writeOnly": True},
        },
    }
    paths = {
        "/pets": {
            "post": {
                "operationId": "create",
                "requestBody": {"required": True, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}},
                "responses": {"201": {"description": "", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}}},
            }
        }
    }
    t = one(paths, extra={"components": {"schemas": {"Pet": pet}}})
    s = input_json_schema(t)
    assert set(s["properties"]) == {"name", "password"} and s["required"] == ["name", "password"]
    out = output_json_schema(t)
    assert out["$defs"]["Pet"]["required"] == ["id", "name"] and "password" not in out["$defs"]["Pet"]["properties"]


def test_recursive_schemas_stay_finite_and_validate() -> None:
    node = {
        "type": "object",
        "properties": {"label": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}}},
        "required": ["label"],
    }
    t = one(body_op({"$ref": "#/components/schemas/Node"}), extra={"components": {"schemas": {"Node": node}}})
    s = input_json_schema(t)
    assert s["properties"]["children"] == {"type": "array", "items": {"$ref": "#/$defs/Node"}}
    assert s["$defs"]["Node"]["properties"]["children"]["items"] == {"$ref": "#/$defs/Node"}
    deep = {"label": "a", "children": [{"label": "b", "children": [{"label": "c", "children": [{}]}]}]}
    bad = t.input_schema.__standard_schema__.validate(deep)
    assert [i.path for i in bad.issues] == [("children", 0, "children", 0, "children", 0)]


def test_a_document_whose_schemas_would_explode_when_inlined_still_validates() -> None:
    # each component uses the one before twice: 2**40 nodes if inlined; validation keeps the $defs form
    schemas: dict[str, Any] = {"D0": {"type": "integer"}}
    for i in range(1, 41):
        ref = {"$ref": f"#/components/schemas/D{i - 1}"}
        schemas[f"D{i}"] = {"type": "object", "properties": {"x": ref, "y": ref}}
    t = one(body_op({"$ref": "#/components/schemas/D40"}), extra={"components": {"schemas": schemas}})
    validate = t.input_schema.__standard_schema__.validate
    assert not getattr(validate({"x": {"x": {}}, "y": {}}), "issues", None)
    bad = validate({"x": {"x": "not an object"}})
    assert [i.path for i in bad.issues] == [("x", "x")]


def test_a_schema_that_is_not_json_schema_is_refused_at_first_use_naming_the_tool() -> None:
    # metaschema checks are deferred to a tool's first call (a large document converts fast)
    from interop.errors import SchemaConversionError

    t = one(body_op({"type": "object", "properties": {"n": {"type": "integer", "maximum": "ten"}}}))
    with pytest.raises(SchemaConversionError, match=r"OpenAPI tool 'op': its input schema is not valid JSON Schema at /properties/n/maximum"):
        interop.call(t, {"n": 1})


def test_definition_names_are_unique_per_document() -> None:
    components = {"schemas": {"Pet": {"type": "string"}}, "parameters": {"pet": {"name": "p", "in": "query", "schema": {"$ref": "#/components/x/Pet"}}}, "x": {"Pet": {"type": "integer"}}}
    paths = {"/a": {"get": {"operationId": "a", "parameters": [{"$ref": "#/components/parameters/pet"}, {"name": "q", "in": "query", "schema": {"$ref": "#/components/schemas/Pet"}}]}}}
    s = input_json_schema(one(paths, extra={"components": components}))
    assert s["properties"]["p"] == {"$ref": "#/$defs/Pet"} and s["properties"]["q"] == {"$ref": "#/$defs/Pet_2"}
    assert s["$defs"] == {"Pet": {"type": "integer"}, "Pet_2": {"type": "string"}}


# -- reading documents ------------------------------------------------------------------------------

YAML = """
openapi: 3.0.3
info: {title: t, version: '1'}
paths:
  /events:
    get:
      operationId: listEvents
      parameters:
        - name: since
          in: query
          schema: {type: string, format: date, example: 2024-01-31}
        - name: on
          in: query
          schema: {type: string, enum: [yes, no, on, off]}
      responses:
        200:
          description: ok
          content:
            application/json:
              schema: {type: array, items: {type: string}}
"""


def test_yaml_text_json_text_and_files(tmp_path: Path) -> None:
    (t,) = from_openapi(YAML, base_url="http://api.test")
    props = input_json_schema(t)["properties"]
    assert props["since"]["examples"] == ["2024-01-31"]  # a date stays a string
    assert props["on"]["enum"] == ["yes", "no", "on", "off"]  # YAML 1.1 booleans stay strings
    assert output_json_schema(t) == {"type": "array", "items": {"type": "string"}}  # the int 200 key works
    as_json = json.dumps(doc({"/a": {"get": {"operationId": "a"}}}))
    assert [x.name for x in from_openapi(as_json, base_url="http://h")] == ["a"]
    (tmp_path / "api.yaml").write_text(YAML)
    (tmp_path / "api.json").write_text(as_json)
    assert [x.name for x in from_openapi(tmp_path / "api.yaml", base_url="http://h")] == ["listEvents"]
    assert [x.name for x in from_openapi(str(tmp_path / "api.json"), base_url="http://h")] == ["a"]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ({"swagger": "2.0", "paths": {}}, "Swagger 2.0: convert it to OpenAPI 3 first"),
        ({"info": {}, "paths": {}}, "no 'openapi: 3.x' version field"),
        ("no-such-file.yaml", "is not a file, nor JSON or YAML text"),
        ("openapi: [3\n", "neither JSON nor YAML"),
        (
            doc({"/a": {"get": {"parameters": [{"$ref": "common.yaml#/components/parameters/page"}]}}}),
            "external $ref 'common.yaml#/components/parameters/page' is not supported",
        ),
        (doc({"/a": {"get": {"parameters": [{"$ref": "#/components/parameters/nope"}]}}}), "points to nothing"),
    ],
)
def test_documents_that_cannot_become_tools_say_why(spec: Any, message: str) -> None:
    with pytest.raises(OpenAPIError, match=re.escape(message)):
        from_openapi(spec, base_url="http://h")


# -- names ------------------------------------------------------------------------------------------


def test_the_naming_rule() -> None:
    long_id = "x" * 70
    paths = {
        "/pets/{petId}": {"get": {}, "delete": {"operationId": "pets/delete one"}},
        "/2fa": {"post": {"operationId": "2fa-enable"}},
        "/long": {"get": {"operationId": long_id}, "put": {"operationId": long_id}},
        "/dup": {"get": {"operationId": "pets/delete one"}},
        "/{weird}/ü": {"patch": {"operationId": "???"}},
    }
    names = [t.name for t in from_openapi(doc(paths), base_url="http://h")]
    assert names[:3] == ["get_pets_petId", "pets_delete_one", "op_2fa-enable"]
    assert re.fullmatch("x{55}_[0-9a-f]{8}", names[3]) and re.fullmatch("x{55}_[0-9a-f]{8}", names[4])
    assert names[3] != names[4]
    assert re.fullmatch("pets_delete_one_[0-9a-f]{8}", names[5])  # taken by an earlier operation
    assert names[6] == "patch_weird"
    for name in names:
        for target, rule in NAME_RULES.items():
            if target in ("smolagents", "crewai"):  # stricter than the rest: renamed for them (`rename=`)
                continue
            assert re.match(rule[0], name), (name, rule)


def test_rename_and_its_checks() -> None:
    paths = {"/a": {"get": {"operationId": "a"}}, "/b": {"get": {"operationId": "b"}}}
    assert [t.name for t in from_openapi(doc(paths), base_url="http://h", rename={"a": "alpha"})] == ["alpha", "b"]
    assert [t.name for t in from_openapi(doc(paths), base_url="http://h", rename=str.upper)] == ["A", "B"]
    with pytest.raises(ToolNameError, match="'a b' for GET /a is not valid for every target"):
        from_openapi(doc(paths), base_url="http://h", rename={"a": "a b"})
    with pytest.raises(ToolNameError, match="would both be named 'same'"):
        from_openapi(doc(paths), base_url="http://h", rename=lambda n: "same")
    with pytest.raises(OpenAPIError, match="no operation has the operationId 'c'"):
        from_openapi(doc(paths), base_url="http://h", operation_ids=["a", "c"])


# -- arguments --------------------------------------------------------------------------------------


def test_argument_names_collisions_and_ignored_headers() -> None:
    paths = {
        "/items/{id}/{undeclared}": {
            "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "integer"}}],
            "post": {
                "operationId": "op",
                "parameters": [
                    {"name": "id", "in": "query", "schema": {"type": "string"}},
                    {"name": "page[size]", "in": "query", "schema": {"type": "integer"}},
                    {"name": "Accept", "in": "header", "schema": {"type": "string"}},
                    {"name": "authorization", "in": "header", "schema": {"type": "string"}},
                    {"name": "X-Trace", "in": "header", "required": True, "schema": {"type": "string"}},
                ],
                "requestBody": {"required": True, "content": {"application/json": {"schema": {"type": "object", "properties": {"id": {"type": "string"}, "note": {"type": "string"}}}}}},
            },
        }
    }
    s = input_json_schema(one(paths))
    assert list(s["properties"]) == ["path_id", "query_id", "page_size", "X-Trace", "undeclared", "body_id", "note"]
    assert s["required"] == ["path_id", "X-Trace", "undeclared"]


async def test_each_argument_goes_where_it_belongs() -> None:
    paths = {
        "/items/{id}": {
            "post": {
                "operationId": "op",
                "parameters": [
                    {"name": "id", "in": "path", "required": True, "schema": {"type": "integer"}},
                    {"name": "id", "in": "query", "schema": {"type": "string"}},
                    {"name": "page[size]", "in": "query", "schema": {"type": "integer"}},
                    {"name": "X-Trace", "in": "header", "schema": {"type": "string"}},
                ],
                "requestBody": {"content": {"application/json": {"schema": {"type": "object", "properties": {"id": {"type": "string"}, "note": {"type": ["string", "null"]}}}}}},
            }
        }
    }
    rec = Recorder()
    (t,) = from_openapi(doc(paths, "3.1.0"), base_url="http://api.test/v1/", client=rec.client())
    await interop.acall(t, {"path_id": 7, "query_id": "q", "page_size": 5, "X-Trace": "t1", "body_id": "b", "note": None})
    r = rec.last
    assert str(r.url) == "http://api.test/v1/items/7?id=q&page%5Bsize%5D=5"
    assert r.headers["x-trace"] == "t1" and r.headers["content-type"] == "application/json"
    assert json.loads(r.content) == {"id": "b", "note": None}  # a JSON null is sent as null
    await interop.acall(t, {"path_id": 7})
    assert rec.last.content == b""  # an optional body with nothing in it is not sent


async def test_bodies_that_are_not_flattened() -> None:
    rec = Recorder()
    base = {"base_url": "http://api.test", "client": rec.client()}
    # an optional body with required properties: one `body` argument, so it can be left out whole
    obj = {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]}
    (t,) = from_openapi(doc(body_op(obj, required=False)), **base)
    assert input_json_schema(t)["properties"] == {"body": obj} and "required" not in input_json_schema(t)
    await interop.acall(t, {"body": {"a": 1}})
    assert json.loads(rec.last.content) == {"a": 1}
    # an array body
    (t,) = from_openapi(doc(body_op({"type": "array", "items": {"type": "string"}})), **base)
    await interop.acall(t, {"body": ["x", "y"]})
    assert json.loads(rec.last.content) == ["x", "y"]
    # a map body (additionalProperties) and a oneOf body
    (t,) = from_openapi(doc(body_op({"type": "object", "additionalProperties": {"type": "integer"}})), **base)
    assert input_json_schema(t)["required"] == ["body"]
    (t,) = from_openapi(doc(body_op({"oneOf": [{"type": "string"}, {"type": "integer"}]})), **base)
    await interop.acall(t, {"body": 3})
    assert rec.last.content == b"3"
    # text and binary bodies
    (t,) = from_openapi(doc(body_op({"type": "string"}, media="text/plain")), **base)
    await interop.acall(t, {"body": "héllo"})
    assert rec.last.content == "héllo".encode() and rec.last.headers["content-type"] == "text/plain"
    (t,) = from_openapi(doc(body_op({"type": "string", "format": "binary"}, media="application/octet-stream")), **base)
    assert input_json_schema(t)["properties"]["body"]["contentEncoding"] == "base64"
    await interop.acall(t, {"body": base64.b64encode(b"\x00\xff").decode()})
    assert rec.last.content == b"\x00\xff" and rec.last.headers["content-type"] == "application/octet-stream"


# -- servers ----------------------------------------------------------------------------------------


async def test_servers_variables_relative_urls_and_base_url() -> None:
    rec = Recorder()
    servers = [{"url": "https://{region}.example.com/{version}", "variables": {"region": {"default": "eu"}, "version": {"default": "v2"}}}]
    paths = {"/a": {"get": {"operationId": "a"}}, "/b": {"servers": [{"url": "https://b.example.com"}], "get": {"operationId": "b"}}}
    a, b = from_openapi(doc(paths, servers=servers), client=rec.client())
    await interop.acall(a, {})
    assert str(rec.last.url) == "https://eu.example.com/v2/a"
    await interop.acall(b, {})
    assert str(rec.last.url) == "https://b.example.com/b"
    (a, _) = from_openapi(doc(paths, servers=servers), client=rec.client(), base_url="http://override")
    await interop.acall(a, {})
    assert str(rec.last.url) == "http://override/a"
    relative = doc({"/a": {"get": {"operationId": "a"}}}, servers=[{"url": "/api/v3"}])
    with pytest.raises(OpenAPIError, match="server URL '/api/v3' is relative; pass base_url="):
        from_openapi(relative)
    with pytest.raises(OpenAPIError, match="document names no server"):
        from_openapi(doc({"/a": {"get": {"operationId": "a"}}}))
    (a,) = from_openapi(relative, client=rec.client(base_url="http://host:8080"))
    await interop.acall(a, {})
    assert str(rec.last.url) == "http://host:8080/api/v3/a"


# -- outputs ----------------------------------------------------------------------------------------


def responses(codes: dict[str, Any]) -> dict[str, Any]:
    return {"/r": {"get": {"operationId": "r", "responses": codes}}}


def json_response(schema: dict[str, Any]) -> dict[str, Any]:
    return {"description": "", "content": {"application/json": {"schema": schema}}}


def test_output_schemas_from_success_responses() -> None:
    s_int, s_str = {"type": "integer"}, {"type": "string"}
    assert output_json_schema(one(responses({"200": json_response(s_int), "404": json_response(s_str)}))) == s_int
    assert output_json_schema(one(responses({"200": json_response(s_int), "201": json_response(s_str)}))) == {"anyOf": [s_int, s_str]}
    assert output_json_schema(one(responses({"200": json_response(s_int), "204": {"description": ""}}))) == {"anyOf": [s_int, {"type": "null"}]}
    assert output_json_schema(one(responses({"default": json_response(s_str)}))) == s_str
    assert output_json_schema(one(responses({"200": json_response(s_int), "default": json_response(s_str)}))) == s_int
    both = {"200": {"description": "", "content": {"application/xml": {"schema": s_str}, "application/json": {"schema": s_int}}}}
    assert output_json_schema(one(responses(both))) == s_int  # JSON is asked for (Accept) and described
    csv = {"200": {"description": "", "content": {"text/csv": {"schema": s_str}}}}
    assert output_json_schema(one(responses(csv))) is None
    assert output_json_schema(one(responses({"200": json_response(s_int)}), output_schemas=False)) is None


async def test_a_response_that_strays_from_its_document_is_an_output_error() -> None:
    rec = Recorder(lambda request: httpx.Response(200, json={"id": "not-an-int"}))
    obj = {"type": "object", "properties": {"id": {"type": "integer"}}, "required": ["id"]}
    d = doc(responses({"200": json_response(obj)}))
    (t,) = from_openapi(d, base_url="http://h", client=rec.client())
    with pytest.raises(StandardToolValidationError) as e:
        await interop.acall(t, {})
    assert e.value.target == "output" and "id" in str(e.value)
    (lenient,) = from_openapi(d, base_url="http://h", client=rec.client(), output_schemas=False)
    assert await interop.acall(lenient, {}) == {"id": "not-an-int"}


# -- per-call credentials, the default client, HEAD --------------------------------------------------


class QueryKey(httpx.Auth):
    """An API key in the query string (what `headers=` cannot do)."""

    def __init__(self, key: str) -> None:
        self.key = key

    def auth_flow(self, request: httpx.Request) -> Any:
        request.url = request.url.copy_add_param("api_key", self.key)
        yield request


async def test_auth_hook_gets_the_context_and_secrets_stay_out_of_errors() -> None:
    rec = Recorder(lambda request: httpx.Response(403, json={"message": "forbidden"}))
    paths = {"/me": {"get": {"operationId": "me"}}}
    (me,) = from_openapi(doc(paths), base_url="http://api.test", client=rec.client(), auth=lambda ctx: QueryKey(ctx))
    with pytest.raises(interop.ToolError) as e:
        await interop.acall(me, {}, "s3cret-key")
    assert rec.last.url.params["api_key"] == "s3cret-key"
    assert "s3cret" not in str(e.value) and str(e.value) == 'tool \'me\': GET /me answered HTTP 403 Forbidden: {"message":"forbidden"}'
    (static,) = from_openapi(doc(paths), base_url="http://api.test", client=rec.client(), auth=QueryKey("k2"), headers={"X-App": "a"})
    with pytest.raises(interop.ToolError):
        await interop.acall(static, {})
    assert rec.last.url.params["api_key"] == "k2" and rec.last.headers["x-app"] == "a"


def test_default_client_per_event_loop_and_a_refused_connection() -> None:
    # no client given: one is made per event loop (each `call` below runs on its own loop)
    (t,) = from_openapi(doc({"/a": {"get": {"operationId": "a"}}}), base_url="http://127.0.0.1:9")
    for _ in range(2):
        with pytest.raises(interop.ToolError, match=r"^tool 'a': GET /a failed, 127\.0\.0\.1 could not be reached \(ConnectError"):
            interop.call(t, {})


async def test_head_returns_status_and_headers() -> None:
    rec = Recorder(lambda request: httpx.Response(200, headers={"ETag": '"v1"', "Content-Length": "42"}))
    (t,) = from_openapi(doc({"/f": {"head": {"operationId": "probe"}}}), base_url="http://h", client=rec.client())
    assert t.meta["read_only"] is True and output_json_schema(t) is None
    got = await interop.acall(t, {})
    assert got["status_code"] == 200 and got["headers"]["etag"] == '"v1"'

"""A FastAPI app's routes as tools, called in-process (`from_asgi`): what the model sees, what the
app receives, and what comes back, errors included."""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass
from typing import Any

import pytest

pytest.importorskip("fastapi")

import store_app
from jsonschema import Draft202012Validator

import interop
from interop import File, Image, StandardToolValidationError, input_json_schema, output_json_schema
from interop.openapi import ToolHTTPError, from_asgi

pytestmark = pytest.mark.anyio


@dataclass
class Session:
    token: str


def bearer(ctx: Session | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {ctx.token}"} if ctx is not None else {}


@pytest.fixture(autouse=True)
def _fresh() -> None:
    store_app.reset()


@pytest.fixture
def tools() -> dict[str, Any]:
    return {t.name: t for t in from_asgi(store_app.app, headers=bearer)}


def test_one_tool_per_route_named_after_the_function(tools: dict[str, Any]) -> None:
    assert sorted(tools) == sorted(
        [
            "list_items",
            "get_item",
            "create_item",
            "replace_item",
            "delete_item",
            "place_item",
            "item_label",
            "invoice",
            "login",
            "upload_photo",
            "prefs",
            "boom",
        ]
    )
    get = tools["get_item"]
    assert get.title == "Get an item"
    assert get.description == "Get an item\n\nFetch one item by id."
    assert tools["replace_item"].description == "Replace Item\n\nReplace an item."  # FastAPI's own summary


def test_input_schema_merges_path_query_header_and_body(tools: dict[str, Any]) -> None:
    for t in tools.values():
        Draft202012Validator.check_schema(input_json_schema(t))
    get = input_json_schema(tools["get_item"])
    assert get["required"] == ["item_id"] and get["additionalProperties"] is False
    assert get["properties"]["item_id"] == {
        "type": "integer",
        "minimum": 1,
        "description": "The item's id",
        "title": "Item Id",
    }
    assert get["properties"]["x-request-id"]["description"] == "Echoed for tracing"
    listing = input_json_schema(tools["list_items"])["properties"]
    assert listing["limit"] == {
        "type": "integer",
        "maximum": 100,
        "minimum": 1,
        "description": "Page size",
        "default": 10,
        "title": "Limit",
    }
    assert listing["order"]["enum"] == ["name", "price"] and listing["tag"]["type"] == "array"
    # a JSON object body is flattened into the arguments, its constraints and nested models kept
    create = input_json_schema(tools["create_item"])
    assert set(create["properties"]) == {"dry_run", "name", "price", "tags", "dimensions"}
    assert create["required"] == ["name", "price"]
    assert create["properties"]["price"] == {
        "type": "number",
        "maximum": 10000.0,
        "exclusiveMinimum": 0.0,
        "description": "Price in EUR",
        "title": "Price",
    }
    dims = create["$defs"]["Dimensions"]
    assert dims["properties"]["width_cm"]["exclusiveMinimum"] == 0.0 and dims["required"] == ["width_cm", "height_cm"]
    # the collision rule: path shelf_id and body shelf_id become path_shelf_id and body_shelf_id
    place = input_json_schema(tools["place_item"])
    assert set(place["properties"]) == {"path_shelf_id", "body_shelf_id", "item_id"}
    assert place["properties"]["body_shelf_id"]["pattern"] == "^[A-Z]\\d{2}$"
    # forms are flattened too; a multipart file is base64 text
    assert set(input_json_schema(tools["login"])["properties"]) == {"username", "password"}
    photo = input_json_schema(tools["upload_photo"])["properties"]["photo"]
    assert photo["type"] == "string" and photo["contentEncoding"] == "base64"


def test_output_schema_and_meta(tools: dict[str, Any]) -> None:
    out = output_json_schema(tools["get_item"])
    assert out["$ref"] == "#/$defs/Item" and "owner" in out["$defs"]["Item"]["properties"]
    assert output_json_schema(tools["item_label"]) is None  # an image, not JSON
    assert output_json_schema(tools["delete_item"]) is None  # 204: no body
    assert tools["get_item"].meta == {
        "read_only": True,
        "idempotent": True,
        "tags": ["items"],
        "openapi": {"method": "GET", "path": "/items/{item_id}", "operation_id": "get_item_items__item_id__get"},
    }
    assert tools["delete_item"].meta["destructive"] is True and tools["delete_item"].meta["idempotent"] is True
    assert tools["replace_item"].meta["idempotent"] is True and tools["replace_item"].meta["read_only"] is False
    assert tools["create_item"].meta["idempotent"] is False and "requires_approval" not in tools["create_item"].meta
    gated = {t.name: t.meta for t in from_asgi(store_app.app, requires_approval="unsafe")}
    assert gated["create_item"]["requires_approval"] is True and "requires_approval" not in gated["get_item"]


async def test_calls_reach_the_app_with_auth_from_the_context(tools: dict[str, Any]) -> None:
    ann = Session("tok-ann")
    item = await interop.acall(tools["get_item"], {"item_id": 1, "x-request-id": "r-1"}, ann)
    assert item == {"id": 1, "owner": "ann", "name": "lamp", "price": 20.0, "tags": ["home"], "dimensions": None}
    assert store_app.SEEN[-1]["headers"]["authorization"] == "Bearer tok-ann"
    assert store_app.SEEN[-1]["headers"]["x-request-id"] == "r-1"
    assert store_app.SEEN[-1]["headers"]["accept"] == "application/json"

    made = await interop.acall(
        tools["create_item"],
        {"name": "desk", "price": 120, "tags": ["office"], "dimensions": {"width_cm": 80, "height_cm": 75}},
        ann,
    )
    assert made["id"] == 2 and made["dimensions"] == {"width_cm": 80.0, "height_cm": 75.0}
    assert store_app.SEEN[-1]["query"] == []  # dry_run not given: not sent, the server default applies

    await interop.acall(tools["create_item"], {"name": "chair", "price": 40, "tags": ["office"], "dry_run": True}, ann)
    assert store_app.SEEN[-1]["query"] == [("dry_run", "true")]

    rows = await interop.acall(tools["list_items"], {"tag": ["office", "home"], "order": "price"}, ann)
    assert [r["name"] for r in rows] == ["lamp", "desk"]
    assert store_app.SEEN[-1]["query"] == [("tag", "office"), ("tag", "home"), ("order", "price")]

    replaced = await interop.acall(tools["replace_item"], {"item_id": 2, "name": "desk", "price": 99}, ann)
    assert replaced["price"] == 99.0 and replaced["tags"] == []
    assert await interop.acall(tools["delete_item"], {"item_id": 2}, ann) is None
    assert 2 not in store_app.ITEMS


async def test_bad_arguments_never_leave_the_tool(tools: dict[str, Any]) -> None:
    with pytest.raises(StandardToolValidationError) as bad:
        await interop.acall(tools["create_item"], {"name": "", "price": -1, "colour": "red"}, Session("tok-ann"))
    text = str(bad.value)
    assert bad.value.target == "input" and "price" in text and "name" in text and "colour" in text
    with pytest.raises(StandardToolValidationError, match="item_id"):
        await interop.acall(tools["get_item"], {"item_id": 0}, Session("tok-ann"))
    with pytest.raises(StandardToolValidationError, match="body_shelf_id"):
        await interop.acall(tools["place_item"], {"path_shelf_id": "x", "body_shelf_id": "b12", "item_id": 1})
    assert store_app.SEEN == []


async def test_http_errors_carry_status_and_body_for_the_model(tools: dict[str, Any]) -> None:
    with pytest.raises(ToolHTTPError) as unauthorized:
        await interop.acall(tools["get_item"], {"item_id": 1})  # no context: no token
    assert unauthorized.value.status_code == 401
    assert str(unauthorized.value) == (
        "tool 'get_item': GET /items/{item_id} answered HTTP 401 Unauthorized: "
        '{"detail":"missing or unknown bearer token"}'
    )
    with pytest.raises(ToolHTTPError) as missing:
        await interop.acall(tools["get_item"], {"item_id": 7}, Session("tok-ann"))
    assert missing.value.status_code == 404 and "item 7 not found" in missing.value.body
    with pytest.raises(ToolHTTPError) as conflict:
        await interop.acall(tools["create_item"], {"name": "lamp", "price": 1}, Session("tok-ann"))
    assert conflict.value.status_code == 409
    with pytest.raises(ToolHTTPError) as reserved:  # the server's own validation, passed on verbatim
        await interop.acall(tools["create_item"], {"name": "forbidden", "price": 1}, Session("tok-ann"))
    assert reserved.value.status_code == 422 and '"msg":"name is reserved"' in reserved.value.body
    with pytest.raises(ToolHTTPError) as crash:  # an exception in a route is a 500, as behind a server
        await interop.acall(tools["boom"], {})
    assert crash.value.status_code == 500
    assert isinstance(crash.value, interop.ToolError)


async def test_bodies_forms_files_images_and_cookies(tools: dict[str, Any]) -> None:
    placed = await interop.acall(tools["place_item"], {"path_shelf_id": "A 1", "body_shelf_id": "B12", "item_id": 3})
    assert placed == {"route_shelf": "A 1", "body_shelf": "B12", "item": "3"}
    assert store_app.SEEN[-1]["raw_path"] == "/shelves/A%201/place"
    with pytest.raises(ToolHTTPError):  # a slash in a path value is escaped (Starlette then decodes it)
        await interop.acall(tools["place_item"], {"path_shelf_id": "A/1", "body_shelf_id": "B12", "item_id": 3})
    assert store_app.SEEN[-1]["raw_path"] == "/shelves/A%2F1/place"

    assert await interop.acall(tools["login"], {"username": "ann", "password": "secret"}) == {"token": "tok-ann"}
    assert store_app.SEEN[-1]["headers"]["content-type"] == "application/x-www-form-urlencoded"

    photo = base64.b64encode(b"\x89PNG fake photo").decode()
    uploaded = await interop.acall(tools["upload_photo"], {"item_id": 1, "photo": photo, "caption": "front"})
    assert uploaded == {"item": 1, "bytes": 15, "filename": "photo", "caption": "front"}
    with pytest.raises(interop.ToolError, match="base64"):
        await interop.acall(tools["upload_photo"], {"item_id": 1, "photo": "not base64!"})

    label = await interop.acall(tools["item_label"], {"item_id": 1})
    assert label == Image(store_app.PNG, "image/png")
    pdf = await interop.acall(tools["invoice"], {"item_id": 4})
    assert pdf == File(b"%PDF-1.4 fake", "application/pdf", "invoice-4.pdf")

    assert await interop.acall(tools["prefs"], {"theme": "dark"}) == {"theme": "dark"}
    assert store_app.SEEN[-1]["headers"]["cookie"] == "theme=dark"


def test_sync_calls_work_too(tools: dict[str, Any]) -> None:
    # `call` runs the async tool on a fresh loop each time; the in-process client serves them all
    for _ in range(3):
        assert interop.call(tools["get_item"], {"item_id": 1}, Session("tok-ann"))["name"] == "lamp"


async def test_async_header_hook_and_filters() -> None:
    async def headers(ctx: Session) -> dict[str, str]:
        return {"Authorization": f"Bearer {ctx.token}", "X-Request-Id": "hook"}

    tools = from_asgi(store_app.app, headers=headers, tags=["items"], methods=["GET"])
    assert sorted(t.name for t in tools) == ["get_item", "item_label", "list_items"]
    got = await interop.acall(next(t for t in tools if t.name == "get_item"), {"item_id": 1}, Session("tok-ann"))
    assert got["id"] == 1
    # the hook wins over a model-supplied header of the same name (whatever its case)
    assert store_app.SEEN[-1]["headers"]["x-request-id"] == "hook"
    await interop.acall(next(t for t in tools if t.name == "get_item"), {"item_id": 1, "x-request-id": "model"}, Session("tok-ann"))
    assert store_app.SEEN[-1]["headers"]["x-request-id"] == "hook"
    assert sum(k.lower() == "x-request-id" for k in store_app.SEEN[-1]["raw_headers"]) == 1
    only = from_asgi(store_app.app, paths="/items/{item_id}*", include=lambda op: op.method != "DELETE")
    assert sorted(t.name for t in only) == ["get_item", "invoice", "item_label", "replace_item", "upload_photo"]
    plain = from_asgi(store_app.app, function_names=False, operation_ids=["get_item_items__item_id__get"])
    assert [t.name for t in plain] == ["get_item_items__item_id__get"]
    renamed = from_asgi(store_app.app, rename={"get_item": "fetch_item"}, operation_ids=["get_item_items__item_id__get"])
    assert [t.name for t in renamed] == ["fetch_item"]


def test_results_reach_the_model_as_json_not_repr(tools: dict[str, Any]) -> None:
    # what an adapter would serialize: the structured value is JSON-ready
    value = interop.call(tools["list_items"], {}, Session("tok-ann"))
    assert json.loads(json.dumps(value)) == value

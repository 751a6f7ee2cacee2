"""OpenAPI / ASGI: a FastAPI route called as a converted tool vs the same route called directly.

Both go through the same `httpx.AsyncClient` over `httpx.ASGITransport` (the app in-process, no
socket), so the ratio is what the tool adds: validating the arguments against the input JSON
Schema, building the request from the parameter locations, decoding the answer and validating it
against the output schema. The baseline is what a hand-written call does: `client.get(...)`,
`raise_for_status()`, `.json()`. Rows: a GET with path, query and header parameters; the same GET
against a direct call that also validates arguments and result with the tool's own schemas (so
the ratio is the plumbing alone); a POST with a JSON body (nested model); and, for information,
converting GitHub's 1,223 operations vs parsing that document. Median of interleaved samples.
"""

from __future__ import annotations

import asyncio
import gc
import json
import lzma
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Annotated, Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import httpx
from fastapi import FastAPI, Header, Query
from pydantic import BaseModel, Field

import interop
from benchmarks._compare import acompare, aper_call, compare, show
from interop.openapi import from_openapi

TARGET = 1.5
"""Tool vs bare direct call: the tool validates arguments and result (jsonschema), the call does not."""
PLUMBING_TARGET = 1.05
"""Tool vs a direct call that validates with the same schemas: request building and decoding only."""
GITHUB = (
    Path(__file__).resolve().parent.parent
    / "tests/openapi/fixtures/api.github.com-octokit-openapi-23.0.2.json.xz"
)


class Dimensions(BaseModel):
    width_cm: float = Field(gt=0)
    height_cm: float = Field(gt=0)


class ItemIn(BaseModel):
    name: str = Field(min_length=1, max_length=40)
    price: float = Field(gt=0)
    tags: list[str] = []
    dimensions: Dimensions | None = None


class Item(ItemIn):
    id: int


app = FastAPI()


@app.get("/items/{item_id}")
def get_item(
    item_id: int,
    q: Annotated[str | None, Query(max_length=50)] = None,
    x_request_id: Annotated[str | None, Header()] = None,
) -> Item:
    return Item(id=item_id, name=q or "lamp", price=20.0, tags=["home"])


@app.post("/items", status_code=201)
def create_item(item: ItemIn) -> Item:
    return Item(id=2, **item.model_dump())


BODY = {
    "name": "desk",
    "price": 120.0,
    "tags": ["office"],
    "dimensions": {"width_cm": 80.0, "height_cm": 75.0},
}


async def _sample(once: Callable[[], Awaitable[Any]], n: int) -> float:
    gc.collect()
    gc.disable()
    try:
        return await aper_call(once, n)
    finally:
        gc.enable()


async def _run() -> list[dict[str, object]]:
    client = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://app")
    tools = {t.name: t for t in from_openapi(app.openapi(), client=client, base_url="http://app")}
    get_tool, create_tool = tools["get_item_items__item_id__get"], tools["create_item_items_post"]

    async def get_direct() -> Any:
        response = await client.get("/items/7", params={"q": "lamp"}, headers={"x-request-id": "r1"})
        response.raise_for_status()
        return response.json()

    async def get_ours() -> Any:
        return await interop.acall(get_tool, {"item_id": 7, "q": "lamp", "x-request-id": "r1"})

    check_in = get_tool.input_schema.__standard_schema__.validate  # type: ignore[union-attr]
    check_out = get_tool.output_schema.__standard_schema__.validate  # type: ignore[union-attr]

    async def get_direct_validated() -> Any:
        args = {"item_id": 7, "q": "lamp", "x-request-id": "r1"}
        assert check_in(args).issues is None
        response = await client.get(
            f"/items/{args['item_id']}",
            params={"q": args["q"]},
            headers={"x-request-id": args["x-request-id"]},
        )
        response.raise_for_status()
        result = response.json()
        assert check_out(result).issues is None
        return result

    async def post_direct() -> Any:
        response = await client.post("/items", json=BODY)
        response.raise_for_status()
        return response.json()

    async def post_ours() -> Any:
        return await interop.acall(create_tool, BODY)

    rows: list[dict[str, object]] = []
    for name, base, ours, target in (
        ("GET route (path, query, header): tool vs direct call", get_direct, get_ours, TARGET),
        (
            "GET route: tool vs direct call validating with the same schemas",
            get_direct_validated,
            get_ours,
            PLUMBING_TARGET,
        ),
        ("POST route (nested JSON body): tool vs direct call", post_direct, post_ours, TARGET),
    ):
        assert await base() == await ours()
        result = await acompare(lambda b=base: _sample(b, 200), lambda o=ours: _sample(o, 200), 21, warmup=2)
        rows.append(result.row(name, target=target, unit="us", scale=1e6))
    await client.aclose()
    return rows


def _conversion_row() -> dict[str, object]:
    text = lzma.decompress(GITHUB.read_bytes()).decode("utf-8")

    def parse() -> float:
        start = time.perf_counter()
        json.loads(text)
        return time.perf_counter() - start

    def convert() -> float:
        doc = json.loads(text)
        start = time.perf_counter()
        tools = from_openapi(doc)
        elapsed = time.perf_counter() - start
        assert len(tools) == 1223
        return elapsed

    row = compare(parse, convert, 5).row(
        "convert GitHub's 1,223 operations vs json.loads of the document", target=None, unit="ms", scale=1e3
    )
    row["note"] = (
        "info: names, input/output schemas ($defs translated once per document), request plans; "
        "metaschema checks are deferred to a tool's first call"
    )
    return row


def run() -> list[dict[str, object]]:
    """The benchmark rows (median per-call times and their ratio)."""
    return [*asyncio.run(_run()), _conversion_row()]


if __name__ == "__main__":
    show(run())

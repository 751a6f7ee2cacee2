"""A small FastAPI service the tests turn into tools: path, query, header, cookie and body
parameters, nested models with constraints, a bearer-token dependency, error answers, an image,
a PDF, a form login, a file upload, a 204 and a crashing route.

`SEEN` records every request that reached the app (method, path, query, headers), so a test can
prove that a call with bad arguments never left the tool.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import Cookie, Depends, FastAPI, Form, Header, HTTPException, Path, Query, Request, UploadFile
from fastapi.responses import Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, Field

PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360f8cf00000301010018dd8db00000000049454e44ae426082"
)
TOKENS = {"tok-ann": "ann", "tok-bob": "bob"}
SEEN: list[dict[str, Any]] = []
ITEMS: dict[int, dict[str, Any]] = {}

app = FastAPI(title="Store", version="1.0.0")


@app.middleware("http")
async def record(request: Request, call_next: Any) -> Any:
    SEEN.append(
        {
            "method": request.method,
            "path": request.url.path,
            "raw_path": request.scope.get("raw_path", b"").decode("latin-1"),
            "query": list(request.query_params.multi_items()),
            "headers": dict(request.headers),
            "raw_headers": [k.decode("latin-1") for k, _ in request.scope["headers"]],
        }
    )
    return await call_next(request)


def reset() -> None:
    SEEN.clear()
    ITEMS.clear()
    ITEMS[1] = {"id": 1, "owner": "ann", "name": "lamp", "price": 20.0, "tags": ["home"], "dimensions": None}


reset()


class Dimensions(BaseModel):
    width_cm: float = Field(gt=0, description="Width in centimetres")
    height_cm: float = Field(gt=0, description="Height in centimetres")


class ItemIn(BaseModel):
    name: str = Field(min_length=1, max_length=40, description="Display name")
    price: float = Field(gt=0, le=10000, description="Price in EUR")
    tags: list[str] = Field(default_factory=list, max_length=5)
    dimensions: Dimensions | None = None


class Item(ItemIn):
    id: int
    owner: str


class Placement(BaseModel):
    shelf_id: str = Field(pattern=r"^[A-Z]\d{2}$", description="Shelf code, e.g. B12")
    item_id: int


bearer = HTTPBearer(auto_error=False)


def current_user(creds: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]) -> str:
    if creds is None or creds.credentials not in TOKENS:
        raise HTTPException(status_code=401, detail="missing or unknown bearer token")
    return TOKENS[creds.credentials]


User = Annotated[str, Depends(current_user)]


@app.get("/items", tags=["items"], summary="List items")
def list_items(
    user: User,
    tag: Annotated[list[str], Query(description="Only items with one of these tags")] = [],
    limit: Annotated[int, Query(ge=1, le=100, description="Page size")] = 10,
    order: Literal["name", "price"] = "name",
) -> list[Item]:
    """Items of the calling user, filtered by tag."""
    rows = [i for i in ITEMS.values() if i["owner"] == user and (not tag or set(tag) & set(i["tags"]))]
    return [Item(**i) for i in sorted(rows, key=lambda i: i[order])[:limit]]


@app.get("/items/{item_id}", tags=["items"], summary="Get an item")
def get_item(
    item_id: Annotated[int, Path(ge=1, description="The item's id")],
    user: User,
    x_request_id: Annotated[str | None, Header(description="Echoed for tracing")] = None,
) -> Item:
    """Fetch one item by id."""
    row = ITEMS.get(item_id)
    if row is None or row["owner"] != user:
        raise HTTPException(status_code=404, detail=f"item {item_id} not found")
    return Item(**row)


@app.post("/items", tags=["items"], status_code=201, summary="Create an item")
def create_item(item: ItemIn, user: User, dry_run: bool = False) -> Item:
    """Create an item owned by the caller."""
    if any(i["name"] == item.name and i["owner"] == user for i in ITEMS.values()):
        raise HTTPException(status_code=409, detail=f"an item named {item.name!r} exists")
    if item.name == "forbidden":  # a rule the OpenAPI document does not express: the server says 422
        raise HTTPException(status_code=422, detail=[{"loc": ["body", "name"], "msg": "name is reserved"}])
    new = {"id": max(ITEMS, default=0) + 1, "owner": user, **item.model_dump()}
    if not dry_run:
        ITEMS[new["id"]] = new
    return Item(**new)


@app.put("/items/{item_id}", tags=["items"])
def replace_item(item_id: int, item: ItemIn, user: User) -> Item:
    """Replace an item."""
    if item_id not in ITEMS:
        raise HTTPException(status_code=404, detail=f"item {item_id} not found")
    ITEMS[item_id] = {"id": item_id, "owner": user, **item.model_dump()}
    return Item(**ITEMS[item_id])


@app.delete("/items/{item_id}", tags=["items"], status_code=204)
def delete_item(item_id: int, user: User) -> Response:
    """Delete an item."""
    if ITEMS.pop(item_id, None) is None:
        raise HTTPException(status_code=404, detail=f"item {item_id} not found")
    return Response(status_code=204)


@app.post("/shelves/{shelf_id}/place", tags=["shelves"])
def place_item(shelf_id: Annotated[str, Path(description="The shelf the request is sent to")], placement: Placement) -> dict[str, str]:
    """Place an item on a shelf (the path and the body both have a shelf_id)."""
    return {"route_shelf": shelf_id, "body_shelf": placement.shelf_id, "item": str(placement.item_id)}


@app.get(
    "/items/{item_id}/label.png",
    tags=["items"],
    response_class=Response,
    responses={200: {"content": {"image/png": {}}, "description": "A PNG label"}},
)
def item_label(item_id: int) -> Response:
    """The item's printable label."""
    return Response(PNG, media_type="image/png")


@app.get(
    "/items/{item_id}/invoice",
    response_class=Response,
    responses={200: {"content": {"application/pdf": {}}, "description": "A PDF"}},
)
def invoice(item_id: int) -> Response:
    """The item's invoice."""
    return Response(
        b"%PDF-1.4 fake",
        media_type="application/pdf",
        headers={"Content-Disposition": f'attachment; filename="invoice-{item_id}.pdf"'},
    )


@app.post("/login")
def login(username: Annotated[str, Form()], password: Annotated[str, Form(min_length=4)]) -> dict[str, str]:
    """Exchange a username and password for a token."""
    if password != "secret":
        raise HTTPException(status_code=401, detail="bad credentials")
    return {"token": f"tok-{username}"}


@app.post("/items/{item_id}/photo")
async def upload_photo(item_id: int, photo: UploadFile, caption: Annotated[str, Form()] = "") -> dict[str, Any]:
    """Attach a photo."""
    data = await photo.read()
    return {"item": item_id, "bytes": len(data), "filename": photo.filename, "caption": caption}


@app.get("/prefs")
def prefs(theme: Annotated[str | None, Cookie()] = None) -> dict[str, str | None]:
    """Read the theme cookie."""
    return {"theme": theme}


@app.get("/boom")
def boom() -> dict[str, str]:
    """A route with a bug."""
    raise RuntimeError("database on fire")

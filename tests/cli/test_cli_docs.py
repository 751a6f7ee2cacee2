"""`interop docs`: Markdown (checked in for the example library), HTML and the JSON tool catalog;
constraints shown, every model documented once and linked from where it is used."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from typing import Annotated, Any

import jsonschema
import pytest
from interop_cli import ROOT, interop_cli
from pydantic import BaseModel, Field

from interop import input_json_schema, output_json_schema, standard_tool, tool
from interop._docs import tools_catalog, tools_html, tools_markdown


# A small library with the awkward cases: a recursive model, the same model used by two tools, a
# model only an output uses, two different models that share a name, an enum, a conditional approval.
class Address(BaseModel):
    """Where to ship."""

    street: str
    country: str = Field(default="FR", min_length=2, max_length=2, description="ISO code")


class Category(BaseModel):
    name: str
    children: list[Category] = []


class Receipt(BaseModel):
    """What an order gives back."""

    id: int
    ship_to: Address


@tool(name="order", meta={"group": "orders"})
def _order(
    ship_to: Address,
    qty: Annotated[int, Field(ge=1, le=100, multiple_of=2, description="How many | pairs")],
    codes: Annotated[list[Annotated[str, Field(pattern=r"^[A-Z]{3}$")]], Field(max_length=5)] = [],
    note: Annotated[str | None, Field(max_length=140)] = None,
) -> Receipt:
    """Place an order."""
    return Receipt(id=1, ship_to=ship_to)


@tool
def classify(category: Category, ratio: Annotated[float, Field(gt=0, lt=1)] = 0.5) -> Address:
    """Classify things."""
    return Address(street="x")


class _Conditional:
    """A tool of the StandardToolV0 shape (not a StandardTool) whose approval a callable decides."""

    def __init__(self, base: Any) -> None:
        self.name, self.title, self.description = base.name, base.title, base.description
        self.input_schema, self.output_schema, self.execute = (
            base.input_schema,
            base.output_schema,
            base.execute,
        )
        self.meta = {**base.meta, "requires_approval": lambda args, ctx: args.qty > 10}


order = _Conditional(_order)

other_address = standard_tool(
    name="geo",
    description="A different Address model.",
    input_schema={
        "type": "object",
        "properties": {"where": {"$ref": "#/$defs/Address"}},
        "required": ["where"],
        "$defs": {
            "Address": {"type": "object", "title": "Address", "properties": {"lat": {"type": "number"}}}
        },
    },
    execute=lambda args: args,
)

TOOLS = [order, classify, other_address]


def test_example_library_docs_are_checked_in_and_in_sync() -> None:
    r = interop_cli("docs", "acme_tools")
    assert r.returncode == 0, r.stderr
    checked_in = (ROOT / "examples" / "acme_tools" / "TOOLS.md").read_text()
    assert r.stdout == checked_in, "run `interop docs acme_tools > examples/acme_tools/TOOLS.md`"
    assert "| `items` | array of [LineItem](#model-lineitem) | yes |  | at least 1 item |" in r.stdout
    assert "| `amount` | number | yes |  | > 0 |" in r.stdout
    assert "pattern `^[A-Z]{3}$`" in r.stdout
    assert "requires approval" in r.stdout


def _anchors_and_links(md: str) -> tuple[list[str], list[str]]:
    return re.findall(r'<a id="([^"]+)"></a>', md), re.findall(r"\]\(#([^)]+)\)", md)


def test_markdown_models_once_and_every_link_resolves() -> None:
    md = tools_markdown(TOOLS)
    anchors, links = _anchors_and_links(md)
    assert len(anchors) == len(set(anchors))
    assert set(links) <= set(anchors)
    # each model has one section, even when two tools and an output use it
    assert md.count("### Address\n") == 1 and md.count("### Address (2)\n") == 1
    assert md.count("### Category\n") == 1 and md.count("### Receipt\n") == 1
    assert "| `children` | array of [Category](#model-category) |" in md  # recursion: a link, no loop
    assert "| `ship_to` | [Address](#model-address) | yes |" in md
    assert "**Returns**: [Receipt](#model-receipt)" in md
    assert "**Returns**: [Address](#model-address)" in md  # the output reuses the input's model
    assert "| `where` | [Address (2)](#model-address-2) |" in md
    assert "| `lat` | number |" in md


def test_every_local_ref_form_is_followed_by_the_core_resolver() -> None:
    # an `$anchor`, a percent-encoded and an escaped pointer: each reaches its model's section
    schema = {
        "type": "object",
        "properties": {
            "by_anchor": {"$ref": "#spot"},
            "encoded": {"$ref": "#/$defs/Two%20Words"},
            "escaped": {"$ref": "#/$defs/a~1b", "description": "Its own words."},
            "dangling": {"$ref": "#/$defs/Missing"},
        },
        "$defs": {
            "Spot": {"$anchor": "spot", "title": "Spot", "type": "object", "properties": {"x": {"type": "integer"}}},
            "Two Words": {"title": "TwoWords", "type": "object", "properties": {"y": {"type": "string"}}},
            "a/b": {"title": "Slash", "type": "object", "properties": {"z": {"type": "boolean"}}},
        },
    }
    t = standard_tool(name="refs", description="Refs.", execute=lambda args: args, input_schema=schema)
    md = tools_markdown([t])
    assert "| `by_anchor` | [Spot](#model-spot) |" in md and "### Spot\n" in md
    assert "| `encoded` | [TwoWords](#model-twowords) |" in md and "### Slash\n" in md
    assert "Its own words." in md  # a sibling of the $ref wins over the target's words
    assert "| `dangling` | Missing |" in md  # unresolvable: named, not a crash


def test_markdown_constraints_defaults_and_flags() -> None:
    md = tools_markdown(TOOLS)
    assert "| `qty` | integer | yes |  | 1 to 100; multiple of 2 | How many \\| pairs |" in md
    assert "| `codes` | array of string | no | `[]` | at most 5 items; each item pattern `^[A-Z]{3}$` |" in md
    assert "| `note` | string \\| null | no | `null` | at most 140 characters |" in md
    assert "| `ratio` | number | no | `0.5` | > 0, < 1 |" in md
    assert '| `country` | string | no | `"FR"` | exactly 2 characters | ISO code |' in md
    assert "`order`: requires approval (conditional); group `orders`" in md


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.hrefs: list[str] = []
        self.tags: set[str] = set()
        self.srcs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        a = dict(attrs)
        if a.get("id"):
            self.ids.append(str(a["id"]))
        if a.get("href"):
            self.hrefs.append(str(a["href"]))
        if a.get("src"):
            self.srcs.append(str(a["src"]))


def test_html_is_one_self_contained_page_with_working_links() -> None:
    page = tools_html(TOOLS, heading="Shop <tools>")
    parser = _Page()
    parser.feed(page)
    assert page.startswith("<!DOCTYPE html>")
    assert "script" not in parser.tags and "link" not in parser.tags and not parser.srcs
    assert all(h.startswith("#") for h in parser.hrefs)
    assert {h[1:] for h in parser.hrefs} <= set(parser.ids)
    assert len(parser.ids) == len(set(parser.ids))
    assert "<title>Shop &lt;tools&gt;</title>" in page  # escaped
    assert "1 to 100; multiple of 2" in page and "<code>^[A-Z]{3}$</code>" in page


def test_json_catalog_is_the_tools_schemas_and_meta() -> None:
    catalog = tools_catalog(TOOLS)
    assert [t["name"] for t in catalog["tools"]] == ["order", "classify", "geo"]
    first = catalog["tools"][0]
    assert set(first) == {"name", "title", "description", "input_schema", "output_schema", "meta"}
    assert first["input_schema"] == input_json_schema(order)
    assert first["output_schema"] == output_json_schema(order)
    assert first["meta"] == {"requires_approval": "conditional", "group": "orders"}
    assert catalog["tools"][2]["output_schema"] is None
    json.dumps(catalog)  # JSON all the way down
    for t in catalog["tools"]:
        jsonschema.Draft202012Validator.check_schema(t["input_schema"])


@pytest.mark.parametrize("fmt", ["markdown", "html", "json"])
def test_docs_command_formats(fmt: str) -> None:
    r = interop_cli("docs", "acme_tools", "--format", fmt)
    assert r.returncode == 0, r.stderr
    if fmt == "json":
        catalog: dict[str, Any] = json.loads(r.stdout)
        assert len(catalog["tools"]) == 7
        delete = next(t for t in catalog["tools"] if t["name"] == "delete_file")
        assert delete["meta"]["requires_approval"] is True
    elif fmt == "html":
        assert r.stdout.startswith("<!DOCTYPE html>") and 'id="model-lineitem"' in r.stdout
    else:
        assert r.stdout.startswith("# Tools in `acme_tools`")


def test_docs_json_target_dialect() -> None:
    r = interop_cli("docs", "acme_tools", "--format", "json", "--target", "openapi-3.0")
    assert r.returncode == 0, r.stderr
    assert "$defs" not in r.stdout and "$ref" not in r.stdout


def test_docs_bad_format_is_a_usage_error() -> None:
    r = interop_cli("docs", "acme_tools", "--format", "pdf")
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "invalid choice" in r.stderr

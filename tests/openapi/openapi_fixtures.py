"""The published OpenAPI documents the tests read, shipped as compressed fixtures (see
fixtures/README.md for where each comes from and its license), and a recording mock transport."""

from __future__ import annotations

import functools
import json
import lzma
import tarfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

FIXTURES = Path(__file__).parent / "fixtures"
README_EXAMPLES = FIXTURES / "readme-oas-examples-8.2.2.tar.xz"
GITHUB = FIXTURES / "api.github.com-octokit-openapi-23.0.2.json.xz"


@functools.cache
def _readme_texts() -> dict[str, str]:
    with tarfile.open(README_EXAMPLES) as tf:
        return {
            m.name: tf.extractfile(m).read().decode("utf-8")  # type: ignore[union-attr]
            for m in tf.getmembers()
            if m.isfile() and m.name.endswith(".json")
        }


def readme_names() -> list[str]:
    """Every document of @readme/oas-examples shipped here (`3.0/json/petstore.json`, ...)."""
    return sorted(_readme_texts())


def readme_doc(name: str) -> dict[str, Any]:
    """A fresh copy of one document of @readme/oas-examples."""
    return json.loads(_readme_texts()[name])


@functools.cache
def _github_text() -> str:
    return lzma.decompress(GITHUB.read_bytes()).decode("utf-8")


def github_doc() -> dict[str, Any]:
    """GitHub's REST API description (api.github.com, OpenAPI 3.0.3), as @octokit/openapi ships it."""
    return json.loads(_github_text())


class Recorder:
    """An `httpx.MockTransport` handler that records each request and answers with `reply`."""

    def __init__(self, reply: Callable[[httpx.Request], httpx.Response] | None = None) -> None:
        self.requests: list[httpx.Request] = []
        self.reply = reply or (lambda request: httpx.Response(200, json={"ok": True}))

    def __call__(self, request: httpx.Request) -> httpx.Response:
        request.read()
        self.requests.append(request)
        return self.reply(request)

    def client(self, base_url: str = "") -> httpx.AsyncClient:
        return httpx.AsyncClient(transport=httpx.MockTransport(self), base_url=base_url)

    @property
    def last(self) -> httpx.Request:
        return self.requests[-1]


_FORMATS = {
    "date-time": "2024-01-31T12:00:00Z",
    "date": "2024-01-31",
    "time": "12:00:00Z",
    "email": "ann@example.com",
    "uri": "https://example.com/x",
    "url": "https://example.com/x",
    "uuid": "00000000-0000-4000-8000-000000000000",
    "ipv4": "127.0.0.1",
    "hostname": "example.com",
}


def example_value(schema: Any, root: dict[str, Any] | None = None, depth: int = 0) -> Any:
    """A small value valid for `schema` (2020-12, local `$defs`): required properties only, the
    first enum value or alternative, the lower bound of numbers. Enough to drive a mock API."""
    import re

    root = root if root is not None else schema
    if not isinstance(schema, dict) or depth > 40:
        return None
    if "$ref" in schema:
        return example_value(root["$defs"][schema["$ref"].rsplit("/", 1)[-1]], root, depth + 1)
    if "const" in schema:
        return schema["const"]
    if schema.get("examples") and not isinstance(schema["examples"][0], (dict, list)):
        return schema["examples"][0]
    if schema.get("enum"):
        return schema["enum"][0]
    for key in ("anyOf", "oneOf"):
        if schema.get(key):
            return example_value(schema[key][0], root, depth + 1)
    if "allOf" in schema:
        merged: dict[str, Any] = {}
        for part in schema["allOf"]:
            value = example_value(part, root, depth + 1)
            if isinstance(value, dict):
                merged.update(value)
            elif value is not None:
                return value
        return merged
    t = schema.get("type")
    if isinstance(t, list):
        t = next((x for x in t if x != "null"), "null")
    if t == "object" or (t is None and "properties" in schema):
        props = schema.get("properties", {})
        return {k: example_value(props.get(k, {}), root, depth + 1) for k in schema.get("required", [])}
    if t == "array":
        n = schema.get("minItems", 0)
        return [example_value(schema.get("items", {}), root, depth + 1) for _ in range(n)]
    if t == "integer":
        low = schema.get("minimum", schema.get("exclusiveMinimum", 0) + 1 if "exclusiveMinimum" in schema else 1)
        return int(low)
    if t == "number":
        return float(schema.get("minimum", 1.5))
    if t == "boolean":
        return False
    if t == "null":
        return None
    if t == "string" or t is None:
        if schema.get("format") in _FORMATS:
            return _FORMATS[schema["format"]]
        pattern = schema.get("pattern")
        size = max(schema.get("minLength", 1), 1)
        for candidate in ("x" * size, "a1", "A", "1", "abcd", "abc-1", "2024-01-31", "x_y", "sha256:" + "a" * 64):
            if pattern is None or re.search(pattern, candidate):
                return candidate
        return "x" * size
    return None

"""Reading an OpenAPI document (a dict, JSON or YAML text, or a file) and resolving its `$ref`s.

`$ref` resolution is the `referencing` library's (the resolver `jsonschema` itself uses: JSON
Pointer escapes, percent-encoding, anchors). Only references inside the document are followed;
an external reference (`other.yaml#/Pet`, a URL) is refused with a clear error rather than
fetched: importing a document never touches the network or other files.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

import yaml
from referencing import Registry
from referencing.exceptions import Unresolvable
from referencing.jsonschema import DRAFT202012

from ._errors import OpenAPIError

__all__ = ["Document", "Spec", "load_document"]

Spec = Mapping[str, Any] | str | bytes | os.PathLike[str]
"""What `from_openapi` reads: a parsed document, JSON or YAML text, or a path to a file."""

_BASE = "urn:interop:openapi-document"


class _YamlLoader(yaml.SafeLoader):
    """Safe YAML with JSON's scalars: dates stay strings, only true/false are booleans."""


_YamlLoader.yaml_implicit_resolvers = {
    first: [
        (tag, rx)
        for tag, rx in resolvers
        if tag not in ("tag:yaml.org,2002:timestamp", "tag:yaml.org,2002:bool")
    ]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_YamlLoader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)


MAX_YAML_NODES = 5_000_000
"""The most values a YAML document may expand to, its aliases (`*name`) counted where they
point: a few hundred bytes of nested aliases expand to billions ("billion laughs")."""


def _check_expansion(root: yaml.Node, where: str) -> None:
    """Refuse a YAML document whose aliases expand beyond `MAX_YAML_NODES` values, before any of
    it is built (the node graph itself stays small: an alias is the same node again)."""
    sizes: dict[int, int] = {}
    open_nodes: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        if id(node) in sizes:
            continue
        if not children_done and id(node) in open_nodes:
            raise OpenAPIError(f"{where}: a YAML alias refers to a value that contains it (a cycle)")
        if isinstance(node, yaml.ScalarNode):
            sizes[id(node)] = 1
            continue
        if isinstance(node, yaml.MappingNode):
            children = [n for pair in node.value for n in pair]
        else:
            children = list(node.value)
        if not children_done:
            open_nodes.add(id(node))
            stack.append((node, True))
            stack.extend((child, False) for child in children if id(child) not in sizes)
            continue
        total = 1 + sum(sizes.get(id(child), 1) for child in children)
        if total > MAX_YAML_NODES:
            raise OpenAPIError(
                f"{where}: its YAML aliases expand to more than {MAX_YAML_NODES:,} values (an alias bomb?); "
                "refused before building it"
            )
        sizes[id(node)] = total
        open_nodes.discard(id(node))


def _parse_text(text: str, where: str) -> Any:
    stripped = text.lstrip()
    if stripped.startswith("{"):
        try:
            return json.loads(text)
        except ValueError:
            pass  # YAML flow style is a superset of JSON: let the YAML parser say what is wrong
    loader = _YamlLoader(text)  # a SafeLoader subclass
    try:
        node = loader.get_single_node()
        if node is not None:
            _check_expansion(node, where)
        data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as e:
        raise OpenAPIError(f"{where} is neither JSON nor YAML: {e}") from None
    finally:
        loader.dispose()
    # YAML allows keys JSON has not (response codes parse as ints): one JSON round trip makes
    # every key a string, as in a JSON document
    try:
        return json.loads(json.dumps(data))
    except (TypeError, ValueError) as e:
        raise OpenAPIError(f"{where} holds values JSON cannot represent: {e}") from None


def _read(spec: Spec) -> tuple[Any, str]:
    """The parsed document and a short description of where it came from."""
    if isinstance(spec, Mapping):
        return spec, "the document"
    if isinstance(spec, bytes):
        spec = spec.decode("utf-8")
    if isinstance(spec, str) and ("\n" in spec or spec.lstrip().startswith("{")):
        return _parse_text(spec, "the OpenAPI text"), "the OpenAPI text"
    if isinstance(spec, (str, os.PathLike)):
        path = Path(spec)
        if not path.is_file():
            raise OpenAPIError(f"{str(spec)!r} is not a file, nor JSON or YAML text")
        return _parse_text(path.read_text(encoding="utf-8"), str(path)), str(path)
    raise TypeError(f"spec must be a dict, JSON/YAML text or a path, got {type(spec).__name__}")


class Document:
    """A parsed OpenAPI 3.0/3.1 document with cached `$ref` resolution."""

    data: Mapping[str, Any]
    version: Literal["3.0", "3.1"]
    """`"3.0"` for 3.0.x (OpenAPI's own schema dialect); `"3.1"` for 3.1 and later (JSON Schema 2020-12)."""

    def __init__(self, data: Mapping[str, Any], where: str = "the document") -> None:
        if not isinstance(data, Mapping):
            raise OpenAPIError(f"{where} is not an OpenAPI document (a JSON object at its root)")
        if "swagger" in data:
            raise OpenAPIError(
                f"{where} is Swagger {data['swagger']}: convert it to OpenAPI 3 first "
                "(for example with swagger2openapi)"
            )
        raw = data.get("openapi")
        match = re.match(r"^3\.(\d+)\.", str(raw) + ".")
        if not isinstance(raw, str) or match is None:
            raise OpenAPIError(f"{where} has no 'openapi: 3.x' version field (found {raw!r})")
        self.version = "3.0" if match.group(1) == "0" else "3.1"
        if not isinstance(data.get("paths", {}), Mapping):
            raise OpenAPIError(f"{where}: 'paths' must be an object")
        self.data = data
        self._resolver = Registry().with_resource(_BASE, DRAFT202012.create_resource(data)).resolver(_BASE)
        self._cache: dict[str, Any] = {}

    def lookup(self, ref: Any) -> Any:
        """The value a local `$ref` (`#/components/schemas/Pet`) points to."""
        if not isinstance(ref, str):
            raise OpenAPIError(f"$ref must be a string, got {ref!r}")
        try:
            return self._cache[ref]
        except KeyError:
            pass
        if not ref.startswith("#"):
            raise OpenAPIError(
                f"external $ref {ref!r} is not supported: bundle the document into one file first "
                "(for example with `redocly bundle`)"
            )
        try:
            value = self._resolver.lookup(ref).contents
        except Unresolvable as e:
            raise OpenAPIError(f"$ref {ref!r} points to nothing in the document ({e})") from None
        self._cache[ref] = value
        return value

    def deref(self, node: Any) -> Any:
        """Follow Reference Objects (`{"$ref": ...}`) until a value that is not one."""
        seen: set[str] = set()
        while isinstance(node, Mapping) and "$ref" in node:
            ref = node["$ref"]
            if ref in seen:
                raise OpenAPIError(f"$ref {ref!r} refers to itself")
            seen.add(ref)
            node = self.lookup(ref)
        return node


def load_document(spec: Spec | Document) -> Document:
    """A `Document` from anything `from_openapi` accepts."""
    if isinstance(spec, Document):
        return spec
    data, where = _read(spec)
    return Document(data, where)

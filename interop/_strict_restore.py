"""Reading strict-mode answers back: remove the nulls a strict compilation injected.

`interop._strict` records, per object node of the compiled schema (a JSON pointer), the
properties whose null means "omitted"; `restore` walks a model's arguments along the compiled
schema (through `$ref`s, arrays and the matching `anyOf` branch) and drops exactly those nulls.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ._jsonschema import deref, escape, resolve_ref, types_of, walk

__all__ = ["live_nodes", "restore"]

_MATCH_DEPTH = 2
"""How deep into object properties the branch check looks."""


def _type_ok(value: Any, types: list[str]) -> bool:
    for t in types:
        if (
            (t == "null" and value is None)
            or (t == "boolean" and isinstance(value, bool))
            or (t == "string" and isinstance(value, str))
            or (t == "object" and isinstance(value, dict))
            or (t == "array" and isinstance(value, list))
            or (t == "integer" and isinstance(value, int) and not isinstance(value, bool))
            or (t == "integer" and isinstance(value, float) and value.is_integer())
            or (t == "number" and isinstance(value, (int, float)) and not isinstance(value, bool))
        ):
            return True
    return False


def _matches(root: dict[str, Any], node: Any, value: Any, depth: int = 0) -> bool:
    """A cheap structural check that picks the `anyOf` branch a value belongs to."""
    node, _ = deref(root, node)
    if not isinstance(node, dict):
        return False
    if isinstance(node.get("anyOf"), list):
        return any(_matches(root, b, value, depth) for b in node["anyOf"])
    if "enum" in node and not any(value == e and type(value) is type(e) for e in node["enum"]):
        return value is None and None in node["enum"]
    types = types_of(node)
    if types and not _type_ok(value, types):
        return False
    props = node.get("properties")
    if isinstance(value, dict) and isinstance(props, dict):
        if set(value) - set(props) or set(node.get("required", [])) - set(value):
            return False
        if depth < _MATCH_DEPTH:
            return all(_matches(root, props[k], v, depth + 1) for k, v in value.items() if v is not None)
    return True


def live_nodes(schema: dict[str, Any], injected: Mapping[str, frozenset[str]]) -> frozenset[str]:
    """Pointers of the nodes whose subtree (following `$ref`s) holds an injected object node."""
    edges: dict[str, list[str]] = {}
    for ptr, node in walk(schema):
        children = [p for p, _ in _children(node, ptr)]
        ref = node.get("$ref")
        if isinstance(ref, str):
            children.append(resolve_ref(schema, ref)[0])
        edges[ptr] = children
    live = set(injected)
    changed = True
    while changed:
        changed = False
        for ptr, children in edges.items():
            if ptr not in live and any(c in live for c in children):
                live.add(ptr)
                changed = True
    return frozenset(live)


def _children(node: dict[str, Any], ptr: str) -> list[tuple[str, Any]]:
    """The subschemas `restore` descends into (strict schemas use no other keyword)."""
    out = [(f"{ptr}/properties/{escape(k)}", v) for k, v in (node.get("properties") or {}).items()]
    if isinstance(node.get("items"), dict):
        out.append((f"{ptr}/items", node["items"]))
    out += [(f"{ptr}/anyOf/{i}", b) for i, b in enumerate(node.get("anyOf") or [])]
    return out


def restore(
    root: dict[str, Any],
    node: Any,
    value: Any,
    ptr: str,
    injected: Mapping[str, frozenset[str]],
    live: frozenset[str],
) -> Any:
    """`value` (an answer for `node` at `ptr`) without the nulls that mean "omitted"; a new value."""
    if ptr not in live or value is None:
        return value
    node, ptr = deref(root, node, ptr)
    if not isinstance(node, dict):
        return value
    branches = node.get("anyOf")
    if isinstance(branches, list):
        for i, branch in enumerate(branches):
            if _matches(root, branch, value):
                return restore(root, branch, value, f"{ptr}/anyOf/{i}", injected, live)
        return value
    if isinstance(value, dict):
        props = node.get("properties")
        if not isinstance(props, dict):
            return value
        drop = injected.get(ptr, frozenset())
        return {
            k: restore(root, props[k], v, f"{ptr}/properties/{escape(k)}", injected, live)
            if k in props
            else v
            for k, v in value.items()
            if not (v is None and k in drop)
        }
    if isinstance(value, list) and isinstance(node.get("items"), dict):
        return [restore(root, node["items"], v, f"{ptr}/items", injected, live) for v in value]
    return value

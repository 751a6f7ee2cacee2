"""Reading strict-mode answers back: remove the nulls a strict compilation injected.

`interop._strict` records, per object node of the compiled schema (a JSON pointer), the
properties whose null means "omitted"; `restore` walks a model's arguments along the compiled
schema (through `$ref`s, arrays and the matching `anyOf` branch) and drops exactly those nulls.
A union whose branches the branch check cannot tell apart, but whose nulls mean different
things, is found at compile time by `ambiguous_unions` (and reported in `StrictSchema.changes`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ._jsonschema import accepts_null, deref, escape, resolve_ref, types_of, unescape, walk

__all__ = ["ambiguous_unions", "live_keys", "live_nodes", "restore"]

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
    """A cheap structural check that picks the `anyOf` branch a value belongs to.

    Branches it cannot tell apart while their nulls mean different things are reported at
    compile time (`ambiguous_unions`).
    """
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


def live_keys(live: frozenset[str]) -> dict[str, frozenset[str]]:
    """Per object node: the properties whose subschema is live (`restore` descends only into
    those; every other property is kept as sent)."""
    keys: dict[str, set[str]] = {}
    for ptr in live:
        parent, sep, key = ptr.rpartition("/properties/")
        if sep and "/" not in key:
            keys.setdefault(parent, set()).add(unescape(key))
    return {ptr: frozenset(ks) for ptr, ks in keys.items()}


_NONE: frozenset[str] = frozenset()


def restore(
    root: dict[str, Any],
    node: Any,
    value: Any,
    ptr: str,
    injected: Mapping[str, frozenset[str]],
    live: frozenset[str],
    deep: Mapping[str, frozenset[str]],
) -> Any:
    """`value` (an answer for `node` at `ptr`) without the nulls that mean "omitted"; a new value.
    `live`: the nodes an injected node can be reached from; `deep`: `live_keys(live)`."""
    if ptr not in live or value is None:
        return value
    node, ptr = deref(root, node, ptr)
    if not isinstance(node, dict):
        return value
    branches = node.get("anyOf")
    if isinstance(branches, list):
        for i, branch in enumerate(branches):
            if _matches(root, branch, value):
                return restore(root, branch, value, f"{ptr}/anyOf/{i}", injected, live, deep)
        return value
    if isinstance(value, dict):
        props = node.get("properties")
        if not isinstance(props, dict):
            return value
        drop = injected.get(ptr, _NONE)
        out = {k: v for k, v in value.items() if not (v is None and k in drop)}
        for k in deep.get(ptr, _NONE) & out.keys():
            out[k] = restore(root, props[k], out[k], f"{ptr}/properties/{escape(k)}", injected, live, deep)
        return out
    if isinstance(value, list) and isinstance(node.get("items"), dict):
        return [restore(root, node["items"], v, f"{ptr}/items", injected, live, deep) for v in value]
    return value


# ---------------------------------------------------------------------------------------------- ambiguity


def _may_overlap(a: Any, b: Any) -> bool:
    """Whether some value may be valid for both subschemas (conservative: True when unsure)."""
    if not (isinstance(a, dict) and isinstance(b, dict)):
        return True
    if accepts_null(a) and accepts_null(b):
        return True
    ta, tb = set(types_of(a)), set(types_of(b))
    if not ta or not tb or "anyOf" in a or "anyOf" in b:
        return True
    numbers = {"integer", "number"}
    return bool(ta & tb) or bool(ta & numbers and tb & numbers)


def _null_conflicts(
    root: dict[str, Any],
    a: tuple[Any, str],
    b: tuple[Any, str],
    injected: Mapping[str, frozenset[str]],
    seen: set[tuple[str, str]],
    prefix: str = "",
) -> list[str]:
    """Fields that can hold a null valid in both object schemas `a` and `b` (each with its
    pointer), where the null means "omitted" in one and null in the other; `_matches` cannot
    tell such answers apart. `seen`: the pairs of nodes already compared (recursive schemas)."""
    (na, pa), (nb, pb) = deref(root, *a), deref(root, *b)
    if pa == pb or (pa, pb) in seen or prefix.count(".") >= _MAX_CONFLICT_DEPTH:
        return []
    seen.add((pa, pb))
    props_a = na.get("properties") if isinstance(na, dict) else None
    props_b = nb.get("properties") if isinstance(nb, dict) else None
    if not isinstance(props_a, dict) or not isinstance(props_b, dict) or set(props_a) != set(props_b):
        return []
    if not all(_may_overlap(*_pair(root, props_a[k], props_b[k])) for k in props_a):
        return []
    differ = set(injected.get(pa, ())) ^ set(injected.get(pb, ()))
    found = [
        f"{prefix}{k}" for k in sorted(differ) if all(map(accepts_null, _pair(root, props_a[k], props_b[k])))
    ]
    for k in props_a:
        sub = f"/properties/{escape(k)}"
        found += _null_conflicts(
            root, (props_a[k], pa + sub), (props_b[k], pb + sub), injected, seen, f"{prefix}{k}."
        )
    return found


_MAX_CONFLICT_DEPTH = 8


def _pair(root: dict[str, Any], a: Any, b: Any) -> tuple[Any, Any]:
    return deref(root, a)[0], deref(root, b)[0]


def ambiguous_unions(
    schema: dict[str, Any], injected: Mapping[str, frozenset[str]]
) -> list[tuple[str, int, int, list[str]]]:
    """The `anyOf`s of a compiled schema where one answer fits two branches but `restore` would
    read its nulls differently through each: `(pointer of the anyOf, first, other, fields)`.
    `restore` takes the first branch that fits; the caller reports the rest."""
    found: list[tuple[str, int, int, list[str]]] = []
    for ptr, node in walk(schema):
        branches = node.get("anyOf")
        if not isinstance(branches, list):
            continue
        at = [(b, f"{ptr}/anyOf/{i}") for i, b in enumerate(branches)]
        for j in range(1, len(at)):
            for i in range(j):
                fields = _null_conflicts(schema, at[i], at[j], injected, set())
                if fields:
                    found.append((f"{ptr}/anyOf", i, j, fields))
    return found

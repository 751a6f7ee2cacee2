"""The neutral input JSON Schema in smolagents' `inputs` vocabulary, and back.

smolagents sends a tool's `inputs` dict as the `properties` of the function schema
(`models.get_tool_json_schema`): each input must have a `type` from its fixed vocabulary
(`string, boolean, integer, number, image, audio, array, object, any, null`, or a list of them)
and a `description`; an optional input is spelled `"nullable": true` (the sent `required` list is
every non-nullable input); a top-level `anyOf` is flattened into a type list; `any` is sent as
`string`; the top-level `$defs` and `additionalProperties` are not sent. Everything else in an
input passes through unchanged (`items`, nested `properties`, `enum`, `minimum`, `pattern`...).

So each neutral property becomes an input with its JSON Schema kept: local `$ref`s inlined (no
`$defs` reaches the model), a `type` added where the property has none (the JSON types it
accepts; every type for a free-form property, never `any`), `nullable: true` when it is not
required, a `description` (empty when it had none), and a top-level `anyOf` moved under `allOf`
so smolagents does not flatten its branches (an `anyOf` of bare types becomes the type list). The neutral tool still validates every call
against its own schema, so nothing the model sees is looser than what runs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from interop.jsonschema import accepts_null, inline_refs, json_type

__all__ = ["ALL_TYPES", "drop_unsent_nulls", "from_inputs", "to_inputs"]

ALL_TYPES = ["string", "number", "integer", "boolean", "array", "object", "null"]
VOCABULARY = frozenset({*ALL_TYPES, "image", "audio", "any"})
_MAX_DEPTH = 64


def _types(schema: Any, depth: int = 0) -> list[str]:
    """The JSON types a (ref-free) schema accepts, as smolagents' vocabulary."""
    if not isinstance(schema, dict) or depth > _MAX_DEPTH:
        return list(ALL_TYPES)
    t = schema.get("type")
    if isinstance(t, str):
        return [t]
    if isinstance(t, list):
        return [x for x in t if isinstance(x, str)]
    for key in ("anyOf", "oneOf"):
        if isinstance(schema.get(key), list):
            out: list[str] = []
            for branch in schema[key]:
                out += [x for x in _types(branch, depth + 1) if x not in out]
            return out
    values = schema["enum"] if isinstance(schema.get("enum"), list) else None
    if "const" in schema:
        values = [schema["const"]]
    if values is not None:
        out = []
        for v in values:
            name = json_type(v)
            if name not in out:
                out.append(name)
        return out
    return list(ALL_TYPES)


def to_inputs(schema: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """smolagents `inputs` for a neutral object input schema (see the module doc)."""
    # smolagents sends no `$defs`: every local ref inlined, a recursive one cut at its first
    # repeat (an unconstrained schema that says so; the neutral tool validates the whole structure)
    inlined = inline_refs(schema, recursion=1)
    props = inlined.get("properties") or {}
    required = set(schema.get("required") or ())
    inputs: dict[str, dict[str, Any]] = {}
    for name, prop in props.items():
        node = dict(prop) if isinstance(prop, dict) else {}
        types = _types(node)
        branches = node.get("anyOf")
        if isinstance(branches, list) and "type" not in node:
            if all(
                isinstance(b, dict) and set(b) == {"type"} and isinstance(b["type"], str) for b in branches
            ):
                node.pop("anyOf")  # only types: the type list says the same
                node["type"] = types if len(types) != 1 else types[0]
            else:  # smolagents flattens a top-level anyOf to its branch types: keep it whole
                node["allOf"] = [*node.get("allOf", []), {"anyOf": node.pop("anyOf")}]
        if (
            not isinstance(node.get("type"), (str, list))
            or not types
            or any(t not in VOCABULARY for t in types)
        ):
            node["type"] = types if len(types) != 1 else types[0]
        if name not in required:
            node["nullable"] = True
        node.setdefault("description", "")
        inputs[name] = node
    return inputs


_BARE = frozenset({"type", "description", "default", "title"})


def from_inputs(inputs: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """The JSON Schema a native tool's `inputs` stand for: `any` is unconstrained, `image`/`audio`
    take whatever the agent passes (no JSON type), a `nullable` input is optional (smolagents' own
    check would also let a null through to the tool; the neutral tool asks for a value or none,
    as the sent schema reads once `nullable` means optional), a type list of an otherwise bare
    input is an `anyOf` of those types, and an `anyOf` kept under `allOf` is that `anyOf`."""
    props: dict[str, Any] = {}
    required: list[str] = []
    for name, raw in inputs.items():
        node = dict(raw)
        t = node.get("type")
        if t in ("any", "image", "audio"):
            node.pop("type")
        elif isinstance(t, list) and any(x in ("any", "image", "audio") for x in t):
            node.pop("type")
        if node.get("description") == "":
            node.pop("description")
        if not node.pop("nullable", False):
            required.append(name)
        kept = node.get("allOf")
        if (
            isinstance(kept, list)
            and len(kept) == 1
            and isinstance(kept[0], dict)
            and set(kept[0]) == {"anyOf"}
        ):
            del node["allOf"]  # an anyOf kept whole for smolagents (see `to_inputs`)
            node.pop("type", None)
            node.setdefault("anyOf", kept[0]["anyOf"])
        elif isinstance(node.get("type"), list) and set(node) <= _BARE:  # a type list: an anyOf of types
            node["anyOf"] = [{"type": t} for t in node.pop("type")]
        props[name] = node
    out: dict[str, Any] = {"type": "object", "properties": props}
    if required:
        out["required"] = required
    return out


def drop_unsent_nulls(args: Any, schema: Mapping[str, Any]) -> Any:
    """Remove the top-level `null`s a model sent for optional inputs that do not accept null (a
    smolagents input is "nullable" when it is optional, so a model may send null for "not given")."""
    if not isinstance(args, dict):
        return args
    props = schema.get("properties") or {}
    required = set(schema.get("required") or ())
    drop = [
        k
        for k, v in args.items()
        if v is None and k in props and k not in required and not accepts_null(props[k], schema, unknown=True)
    ]
    if not drop:
        return args
    return {k: v for k, v in args.items() if k not in drop}

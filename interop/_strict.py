"""Strict-mode schema compilers: OpenAI function calling and Anthropic strict tool use.

A strict schema is a subset of JSON Schema a provider enforces while sampling. Compiling keeps
the meaning where it can and says what it changed: every change is listed in
`StrictSchema.changes`; a schema that cannot be made strict raises `SchemaConversionError`
naming the tool and the JSON path. The input is never modified.

OpenAI has no "optional": every property must be required. An optional field is therefore made
required *and nullable*, and `StrictSchema.restore` removes the nulls the model sends for such
fields before our validation runs, so "not given" (and its default) keeps its meaning. A field
that was already nullable keeps its null. Constraints the provider rejects are moved into the
description (the tool's own validation still enforces them and tells the model what to fix).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from ._dialects import hoist_root_ref, normalize_to_2020_12
from ._errors import SchemaConversionError
from ._jsonschema import def_name
from ._jsonschema import escape as _esc
from ._jsonschema import types_of as _types
from ._strict_restore import live_nodes as _live_nodes
from ._strict_restore import restore as _restore

__all__ = [
    "ANTHROPIC_STRICT_LIMITS",
    "OPENAI_STRICT_LIMITS",
    "StrictSchema",
    "compile_anthropic_strict",
    "compile_openai_strict",
    "is_anthropic_strict",
    "is_openai_strict",
    "resolve_strict",
]

Dialect = Literal["openai", "anthropic"]

OPENAI_STRICT_LIMITS: Mapping[str, int] = {
    "properties": 5000,
    "object_depth": 10,
    "enum_values": 1000,
    "string_length": 120_000,
}
"""OpenAI structured-outputs size limits (documented numbers; older docs said 100 properties, depth 5)."""

ANTHROPIC_STRICT_LIMITS: Mapping[str, int] = {"tools": 20, "optional_params": 24, "union_params": 16}
"""Anthropic strict tool use, per request: strict tools, optional parameters, anyOf/type-array params."""

_OPENAI_KEEP = frozenset(
    {
        "type", "properties", "required", "additionalProperties", "items", "anyOf", "enum", "$ref",
        "description", "title", "pattern", "format", "minimum", "maximum", "exclusiveMinimum",
        "exclusiveMaximum", "multipleOf", "minItems", "maxItems",
    }
)  # fmt: skip
_ANTHROPIC_KEEP = frozenset(
    {
        "type", "properties", "required", "additionalProperties", "items", "anyOf", "enum", "const",
        "description", "title", "pattern", "format", "minItems",
    }
)  # fmt: skip
_FORMATS: Mapping[Dialect, frozenset[str]] = {
    "openai": frozenset(
        {"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"}
    ),
    "anthropic": frozenset(
        {"date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"}
    ),
}
_METADATA = frozenset(
    {
        "$schema", "$id", "$anchor", "$comment", "deprecated", "readOnly", "writeOnly", "discriminator",
        "contentEncoding", "contentMediaType", "x-fastmcp-wrap-result",
    }
)  # fmt: skip
_MAX_DOC_DEPTH = 100
_MAX_NODES = 100_000


@dataclass(frozen=True, eq=False, kw_only=True)
class StrictSchema:
    """The result of a strict compilation: the schema to send and how to read the answers."""

    schema: dict[str, Any]
    """The strict-compatible schema (a new dict)."""
    changes: tuple[str, ...]
    """What was changed or dropped, one `"<json path>: <what>"` line each."""
    dialect: Dialect
    tool_name: str
    strict_unchanged: bool
    """True when the input already qualified (the output equals the input)."""
    stats: Mapping[str, int] = field(default_factory=dict)
    """Counts used for request-wide budgets (`optional_params`, `union_params`)."""
    injected: Mapping[str, frozenset[str]] = field(default_factory=dict, repr=False)
    """Per object node (JSON pointer into `schema`): the properties whose null means "omitted"."""
    live: frozenset[str] = field(default=frozenset(), repr=False)
    """The nodes from which an `injected` node can be reached (restore walks only those)."""

    def restore(self, args: Any) -> Any:
        """Remove the nulls sent for originally-optional fields (recursively); a new value."""
        if not self.injected:
            return args
        return _restore(self.schema, self.schema, args, "", self.injected, self.live)


def compile_openai_strict(schema: Mapping[str, Any], *, tool_name: str) -> StrictSchema:
    """Compile a JSON Schema (2020-12) to OpenAI strict mode, or raise `SchemaConversionError`."""
    return _Compiler(schema, tool_name, "openai").run()


def compile_anthropic_strict(schema: Mapping[str, Any], *, tool_name: str) -> StrictSchema:
    """Compile a JSON Schema (2020-12) to Anthropic strict tool use (`$ref`s inlined)."""
    return _Compiler(schema, tool_name, "anthropic").run()


def is_openai_strict(schema: Mapping[str, Any]) -> bool:
    """Whether `schema` is already OpenAI-strict as it is (compiling changes nothing)."""
    return _qualifies(schema, "openai")


def is_anthropic_strict(schema: Mapping[str, Any]) -> bool:
    """Whether `schema` is already Anthropic-strict as it is."""
    return _qualifies(schema, "anthropic")


def _qualifies(schema: Mapping[str, Any], dialect: Dialect) -> bool:
    try:
        return _Compiler(schema, "<schema>", dialect).run().strict_unchanged
    except SchemaConversionError:
        return False


def resolve_strict(
    schema: Mapping[str, Any], strict: bool | None, *, tool_name: str, dialect: Dialect = "openai"
) -> StrictSchema | None:
    """The `strict=` option: True compiles (or raises), False gives None, None compiles only
    when the schema already qualifies (so `None` never changes what the model is told)."""
    if strict is False:
        return None
    if strict is True:
        return _Compiler(schema, tool_name, dialect).run()
    try:
        compiled = _Compiler(schema, tool_name, dialect).run()
    except SchemaConversionError:
        return None
    return compiled if compiled.strict_unchanged else None


# ---------------------------------------------------------------------------------------------- compiler


def _show(value: Any) -> str:
    return json.dumps(value, separators=(", ", ": "), ensure_ascii=False, default=str)


def _is_nullable(node: Mapping[str, Any]) -> bool:
    if "null" in _types(node):
        return True
    if "enum" in node and None in node["enum"] and (not _types(node) or "null" in _types(node)):
        return True
    branches = node.get("anyOf")
    return isinstance(branches, list) and any(isinstance(b, dict) and _is_nullable(b) for b in branches)


def _widen(node: dict[str, Any]) -> dict[str, Any]:
    """`node` that also accepts null: `null` added to `type`/`enum`, or an `anyOf` branch."""
    if "anyOf" in node:
        return {**node, "anyOf": [*node["anyOf"], {"type": "null"}]}
    if "type" not in node and "enum" not in node:
        return {"anyOf": [node, {"type": "null"}]}
    out = dict(node)
    types = _types(node)
    if types:
        out["type"] = [*types, "null"]
    if "enum" in out:
        out["enum"] = [*out["enum"], None]
    return out


class _Compiler:
    def __init__(self, schema: Mapping[str, Any], tool_name: str, dialect: Dialect) -> None:
        self.original = schema
        self.tool_name = tool_name
        self.dialect: Dialect = dialect
        self.openai = dialect == "openai"
        self.keep = _OPENAI_KEEP if self.openai else _ANTHROPIC_KEEP
        self.changes: list[str] = []
        self.injected: dict[str, frozenset[str]] = {}
        self.defs: dict[str, Any] = {}
        self.nodes = 0
        self.counts = {"properties": 0, "enum_values": 0, "string_length": 0, "optional_params": 0}
        self.counts["union_params"] = 0

    def fail(self, path: str, message: str) -> SchemaConversionError:
        return SchemaConversionError(
            f"tool {self.tool_name!r}: the input schema cannot be made {self.dialect} strict at "
            f"{path}: {message} (pass strict=False to send it non-strict)"
        )

    def note(self, path: str, message: str) -> None:
        self.changes.append(f"{path}: {message}")

    def run(self) -> StrictSchema:
        if not isinstance(self.original, Mapping):
            raise self.fail("#", "the schema is not a JSON object")
        schema = hoist_root_ref(normalize_to_2020_12(dict(self.original)))
        if "$ref" in schema:
            raise self.fail("#", "the root is a bare $ref; it must be an object schema")
        defs = schema.get("$defs")
        self.defs = dict(defs) if isinstance(defs, dict) else {}
        body = {k: v for k, v in schema.items() if k != "$defs"}
        if isinstance(body.get("anyOf") or body.get("oneOf") or body.get("allOf"), list):
            raise self.fail("#", "the root uses anyOf/oneOf/allOf; it must be a single object schema")
        out = self.node(body, "#", "", 1, 1, ())
        if out.get("type") != "object":
            raise self.fail(
                "#", f"the root must be a non-nullable object schema, not type {body.get('type')!r}"
            )
        if self.openai and self.defs:
            out["$defs"] = {
                name: self.node(sub, f"#/$defs/{_esc(name)}", f"/$defs/{_esc(name)}", 1, 2, ())
                for name, sub in self.defs.items()
            }
            self.counts["string_length"] += sum(len(n) for n in self.defs)
        elif self.defs:
            self.note("#/$defs", "inlined every $ref")
        self.check_budgets()
        unchanged = out == self.original
        return StrictSchema(
            schema=out,
            changes=tuple(self.changes),
            dialect=self.dialect,
            tool_name=self.tool_name,
            strict_unchanged=unchanged,
            stats=dict(self.counts),
            injected=dict(self.injected),
            live=_live_nodes(out, self.injected),
        )

    def check_budgets(self) -> None:
        if not self.openai:
            limits = ANTHROPIC_STRICT_LIMITS
            for key in ("optional_params", "union_params"):
                if self.counts[key] > limits[key]:
                    raise self.fail(
                        "#", f"{self.counts[key]} {key.replace('_', ' ')}; the limit is {limits[key]}"
                    )
            return
        for key in ("properties", "enum_values", "string_length"):
            if self.counts[key] > OPENAI_STRICT_LIMITS[key]:
                raise self.fail(
                    "#",
                    f"{self.counts[key]} {key.replace('_', ' ')}; the limit is {OPENAI_STRICT_LIMITS[key]}",
                )

    def node(
        self, s: Any, path: str, opath: str, depth: int, doc_depth: int, refs: tuple[str, ...]
    ) -> dict[str, Any]:
        """Compile one subschema. `path` names it in the input, `opath` in the output."""
        self.nodes += 1
        if self.nodes > _MAX_NODES or doc_depth > _MAX_DOC_DEPTH:
            raise self.fail(path, "the schema is too large or too deeply nested")
        if s is True or s == {}:
            raise self.fail(path, "it accepts any JSON value; strict mode needs a concrete type here")
        if not isinstance(s, dict):
            raise self.fail(path, f"expected a schema object, got {_show(s)}")
        s = dict(s)
        moved: dict[str, Any] = {}
        for key in sorted(_METADATA & s.keys()):
            del s[key]
            self.note(f"{path}/{key}", "dropped (metadata)")
        if "$defs" in s or "definitions" in s:
            raise self.fail(path, "nested $defs are not supported; keep definitions at the root")
        if s.pop("nullable", False) is True:
            s = _widen(s) if s else s
            self.note(path, "OpenAPI `nullable` turned into a null type")
        if "allOf" in s:
            all_of = s.pop("allOf")
            if not isinstance(all_of, list) or len(all_of) != 1 or "anyOf" in s:
                raise self.fail(
                    f"{path}/allOf", "allOf with several entries (an intersection) is not supported"
                )
            s["anyOf"] = all_of
            self.note(f"{path}/allOf", "single allOf written as anyOf")
        if "oneOf" in s:
            if "anyOf" in s:
                raise self.fail(path, "both oneOf and anyOf")
            s["anyOf"] = s.pop("oneOf")
            self.note(f"{path}/oneOf", "oneOf changed to anyOf")
        if self.openai and "const" in s:
            const = s.pop("const")
            if "enum" not in s:
                s["enum"] = [const]
                self.note(f"{path}/const", "const written as a one-value enum")
        ref = s.pop("$ref", None)
        if ref is not None:
            return self.ref_node(ref, s, path, opath, depth, doc_depth, refs)
        if "properties" in s and "type" not in s:
            s["type"] = "object"
            self.note(path, "type object added")
        types = _types(s)
        if not types and "anyOf" not in s and "enum" not in s and "const" not in s:
            raise self.fail(path, "no type, anyOf or enum: strict mode needs a concrete type here")
        for t in types:
            if t not in ("object", "array", "string", "number", "integer", "boolean", "null"):
                raise self.fail(f"{path}/type", f"unknown type {t!r}")
        out: dict[str, Any] = {}
        for key, value in s.items():
            if key in ("properties", "required", "additionalProperties", "patternProperties"):
                if "object" not in types:
                    moved[key] = value
            elif key in ("items", "prefixItems"):
                if "array" not in types:
                    moved[key] = value
            elif key == "anyOf":
                if not isinstance(value, list) or not value:
                    raise self.fail(f"{path}/anyOf", "anyOf must be a non-empty list")
                out["anyOf"] = [
                    self.node(b, f"{path}/anyOf/{i}", f"{opath}/anyOf/{i}", depth, doc_depth + 1, refs)
                    for i, b in enumerate(value)
                ]
            elif key == "enum":
                out["enum"] = self.enum(value, path)
            elif key == "format" and value not in _FORMATS[self.dialect]:
                moved[key] = value
            elif key == "minItems" and not self.openai and value not in (0, 1):
                moved[key] = value
            elif key in self.keep:
                out[key] = value
            else:
                moved[key] = value
        if "object" in types:
            self.object(s, out, path, opath, depth, doc_depth, refs)
        if "array" in types:
            self.array(s, out, path, opath, depth, doc_depth, refs)
        return self.describe(out, moved, path)

    def ref_node(
        self,
        ref: Any,
        rest: dict[str, Any],
        path: str,
        opath: str,
        depth: int,
        doc_depth: int,
        refs: tuple[str, ...],
    ) -> dict[str, Any]:
        if not isinstance(ref, str) or not (ref == "#" or ref.startswith("#/$defs/")):
            raise self.fail(
                f"{path}/$ref", f"only local refs to '#' or '#/$defs/...' are supported, got {ref!r}"
            )
        name = (def_name(ref) or "") if ref != "#" else ""
        if ref != "#" and name not in self.defs:
            raise self.fail(f"{path}/$ref", f"reference to an undefined schema {ref!r}")
        if self.openai:
            target: dict[str, Any] = {"$ref": ref}
        else:
            if ref in refs or ref == "#":
                raise self.fail(
                    f"{path}/$ref", "recursive schemas are not supported by Anthropic strict mode"
                )
            target = self.node(
                self.defs[name], f"#/$defs/{_esc(name)}", opath, depth, doc_depth + 1, (*refs, ref)
            )
        if not rest:
            return target
        siblings, moved = self.split(rest, path)
        if self.openai or set(siblings) & set(target) - {"description", "title"}:
            if self.openai:
                self.note(path, "$ref with sibling keywords wrapped in anyOf")
            return self.describe({**siblings, "anyOf": [target]}, moved, path)
        return self.describe({**target, **siblings}, moved, path)

    def split(self, rest: dict[str, Any], path: str) -> tuple[dict[str, Any], dict[str, Any]]:
        """Annotations kept next to a `$ref`, and everything else (moved into the description)."""
        kept = {k: v for k, v in rest.items() if k in ("description", "title")}
        return kept, {k: v for k, v in rest.items() if k not in kept}

    def enum(self, values: Any, path: str) -> list[Any]:
        if not isinstance(values, list) or not values:
            raise self.fail(f"{path}/enum", "enum must be a non-empty list")
        if any(isinstance(v, (dict, list)) for v in values):
            raise self.fail(f"{path}/enum", "enum values must be strings, numbers, booleans or null")
        self.counts["enum_values"] += len(values)
        self.counts["string_length"] += sum(len(v) for v in values if isinstance(v, str))
        return list(values)

    def object(
        self,
        s: dict[str, Any],
        out: dict[str, Any],
        path: str,
        opath: str,
        depth: int,
        doc_depth: int,
        refs: tuple[str, ...],
    ) -> None:
        props = s.get("properties", {})
        if not isinstance(props, dict):
            raise self.fail(f"{path}/properties", "properties must be an object")
        extra = s.get("additionalProperties", None)
        if "patternProperties" in s or (extra is not None and extra is not False):
            raise self.fail(
                path,
                "an open map (additionalProperties/patternProperties, e.g. dict[str, X]) cannot be strict; "
                "use a model with fixed fields or a list of key/value objects",
            )
        if extra is None:
            if not props and path != "#":
                raise self.fail(path, "an object without declared properties (any keys) cannot be strict")
            self.note(path, "additionalProperties set to false (unknown keys were allowed)")
        if self.openai and depth > OPENAI_STRICT_LIMITS["object_depth"]:
            raise self.fail(
                path, f"objects nested {depth} deep; the limit is {OPENAI_STRICT_LIMITS['object_depth']}"
            )
        required = s.get("required", [])
        if not isinstance(required, list):
            raise self.fail(f"{path}/required", "required must be a list")
        unknown = [r for r in required if r not in props]
        if unknown:
            raise self.fail(f"{path}/required", f"required names undeclared properties {unknown}")
        out_props: dict[str, Any] = {}
        injected: list[str] = []
        for name, sub in props.items():
            p, op = f"{path}/properties/{_esc(name)}", f"{opath}/properties/{_esc(name)}"
            compiled = self.node(sub, p, op, depth + 1, doc_depth + 1, refs)
            if "anyOf" in compiled or len(_types(compiled)) > 1:
                self.counts["union_params"] += 1
            if name not in required:
                self.counts["optional_params"] += 1
                if self.openai:
                    if _is_nullable(compiled):
                        self.note(p, "optional field made required (already nullable: null now means null)")
                    else:
                        compiled = _widen(compiled)
                        injected.append(name)
                        self.note(p, "optional field made required and nullable (null means omitted)")
            out_props[name] = compiled
        self.counts["properties"] += len(props)
        self.counts["string_length"] += sum(len(n) for n in props)
        if injected:
            self.injected[opath] = frozenset(injected)
        out["type"] = s["type"]
        out["properties"] = out_props
        if self.openai:
            out["required"] = list(props)
        elif "required" in s or not props:
            out["required"] = list(required)
        out["additionalProperties"] = False

    def array(
        self,
        s: dict[str, Any],
        out: dict[str, Any],
        path: str,
        opath: str,
        depth: int,
        doc_depth: int,
        refs: tuple[str, ...],
    ) -> None:
        prefix = s.get("prefixItems")
        items = s.get("items")
        if isinstance(prefix, list) and prefix:
            branches = [
                self.node(
                    p, f"{path}/prefixItems/{i}", f"{opath}/items/anyOf/{i}", depth, doc_depth + 1, refs
                )
                for i, p in enumerate(prefix)
            ]
            if isinstance(items, dict) and items:
                branches.append(
                    self.node(
                        items,
                        f"{path}/items",
                        f"{opath}/items/anyOf/{len(branches)}",
                        depth,
                        doc_depth + 1,
                        refs,
                    )
                )
            if len(branches) == 1:
                out["items"] = self.node(
                    prefix[0], f"{path}/prefixItems/0", f"{opath}/items", depth, doc_depth + 1, refs
                )
            else:
                out["items"] = {"anyOf": branches}
            self.note(
                f"{path}/prefixItems", "tuple positions loosened to items (positions are still validated)"
            )
            return
        if items is None or items is True or items == {}:
            raise self.fail(
                f"{path}/items", "arrays need typed items in strict mode (e.g. list[str], not list)"
            )
        out["items"] = self.node(items, f"{path}/items", f"{opath}/items", depth, doc_depth + 1, refs)

    def describe(self, out: dict[str, Any], moved: dict[str, Any], path: str) -> dict[str, Any]:
        """Append what the provider cannot carry to the description, and report it."""
        if not moved:
            return out
        for key, value in moved.items():
            what = "removed" if key == "default" else "moved into the description"
            self.note(f"{path}/{key}", f"{what} ({key}={_show(value)})")
        if list(moved) == ["default"] and moved["default"] is None:
            return out
        text = "; ".join(f"{k}: {_show(v)}" for k, v in moved.items() if not (k == "default" and v is None))
        desc = out.get("description")
        out["description"] = f"{desc} ({text})" if isinstance(desc, str) and desc else f"({text})"
        return out

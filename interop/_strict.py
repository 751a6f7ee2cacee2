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

One compiler serves both providers: what differs is a `StrictRules` value per dialect, and where
the compiler stands in the schema is a `_Loc` value.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal

from ._dialects import hoist_root_ref, normalize_to_2020_12
from ._errors import SchemaConversionError
from ._jsonschema import (
    RefError,
    accepts_null,
    def_name,
    escape,
    inline_refs,
    object_root_problem,
    types_of,
)
from ._strict_restore import ambiguous_unions, live_keys, live_nodes, restore

__all__ = [
    "ANTHROPIC_STRICT_LIMITS",
    "OPENAI_STRICT_LIMITS",
    "StrictSchema",
    "compile_anthropic_strict",
    "compile_openai_strict",
    "is_anthropic_strict",
    "is_openai_strict",
    "resolve_strict",
    "strict_preference",
]

Dialect = Literal["openai", "anthropic"]
StrictDefault = Literal["if-qualifies", "if-possible", "never"]
"""What `resolve_strict` does when neither the caller nor the tool asks (see there)."""

OPENAI_STRICT_LIMITS: Mapping[str, int] = {
    "properties": 5000,
    "object_depth": 10,
    "enum_values": 1000,
    "string_length": 120_000,
}
"""OpenAI structured-outputs size limits (documented numbers; older docs said 100 properties, depth 5)."""

ANTHROPIC_STRICT_LIMITS: Mapping[str, int] = {"tools": 20, "optional_params": 24, "union_params": 16}
"""Anthropic strict tool use, per request: strict tools, optional parameters, anyOf/type-array params."""


@dataclass(frozen=True, kw_only=True)
class StrictRules:
    """What one provider's strict mode accepts, as data the compiler reads."""

    dialect: Dialect
    keep: frozenset[str]
    """Keywords kept as they are (the rest is moved into the description)."""
    formats: frozenset[str]
    """String formats the provider knows (others are moved into the description)."""
    min_items: frozenset[int] | None
    """The `minItems` values allowed (None: any)."""
    const_as_enum: bool
    """`const` is written as a one-value `enum`."""
    optional_as_nullable: bool
    """Every property must be required: an optional one becomes required and nullable."""
    keep_refs: bool
    """`$ref`/`$defs` stay (recursion allowed); otherwise every ref is inlined and recursion refused."""
    wrap_ref_siblings: bool
    """Keywords next to a `$ref` always go around it in a one-branch `anyOf` (else only on conflict)."""
    max_object_depth: int | None
    budgets: Mapping[str, int]
    """Per-schema limits on the counts in `StrictSchema.stats`."""


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

OPENAI_RULES = StrictRules(
    dialect="openai",
    keep=_OPENAI_KEEP,
    formats=frozenset({"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"}),
    min_items=None,
    const_as_enum=True,
    optional_as_nullable=True,
    keep_refs=True,
    wrap_ref_siblings=True,
    max_object_depth=OPENAI_STRICT_LIMITS["object_depth"],
    budgets={k: OPENAI_STRICT_LIMITS[k] for k in ("properties", "enum_values", "string_length")},
)
ANTHROPIC_RULES = StrictRules(
    dialect="anthropic",
    keep=_ANTHROPIC_KEEP,
    formats=frozenset(
        {"date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"}
    ),
    min_items=frozenset({0, 1}),
    const_as_enum=False,
    optional_as_nullable=False,
    keep_refs=False,
    wrap_ref_siblings=False,
    max_object_depth=None,
    budgets={k: ANTHROPIC_STRICT_LIMITS[k] for k in ("optional_params", "union_params")},
)
_RULES: Mapping[Dialect, StrictRules] = {"openai": OPENAI_RULES, "anthropic": ANTHROPIC_RULES}

_METADATA = frozenset(
    {
        "$schema", "$id", "$anchor", "$comment", "deprecated", "readOnly", "writeOnly", "discriminator",
        "contentEncoding", "contentMediaType", "x-fastmcp-wrap-result",
    }
)  # fmt: skip
_TYPES = frozenset({"object", "array", "string", "number", "integer", "boolean", "null"})
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

    @property
    def restorer(self) -> Callable[[Any], Any] | None:
        """`restore` when the compilation injected nulls, else None (nothing to restore)."""
        return self.restore if self.injected else None

    def restore(self, args: Any) -> Any:
        """Remove the nulls sent for originally-optional fields (recursively); a new value."""
        if not self.injected:
            return args
        flat = self._flat
        if flat is not None and type(args) is dict:
            return {k: v for k, v in args.items() if v is not None or k not in flat}
        return restore(self.schema, self.schema, args, "", self.injected, self.live, self._deep)

    @cached_property
    def _flat(self) -> frozenset[str] | None:
        """The root's injected properties when nothing below the root has any (most tools: the
        answer is an object whose top-level nulls are dropped, without walking the schema)."""
        root = self.schema
        if (
            self.live != {""}
            or "$ref" in root
            or "anyOf" in root
            or not isinstance(root.get("properties"), dict)
        ):
            return None
        return self.injected.get("")

    @cached_property
    def _deep(self) -> dict[str, frozenset[str]]:
        return live_keys(self.live)


def compile_openai_strict(schema: Mapping[str, Any], *, tool_name: str) -> StrictSchema:
    """Compile a JSON Schema (2020-12) to OpenAI strict mode, or raise `SchemaConversionError`."""
    return _Compiler(schema, tool_name, OPENAI_RULES).run()


def compile_anthropic_strict(schema: Mapping[str, Any], *, tool_name: str) -> StrictSchema:
    """Compile a JSON Schema (2020-12) to Anthropic strict tool use (`$ref`s inlined)."""
    return _Compiler(schema, tool_name, ANTHROPIC_RULES).run()


def is_openai_strict(schema: Mapping[str, Any]) -> bool:
    """Whether `schema` is already OpenAI-strict as it is (compiling changes nothing)."""
    return _qualifies(schema, "openai")


def is_anthropic_strict(schema: Mapping[str, Any]) -> bool:
    """Whether `schema` is already Anthropic-strict as it is."""
    return _qualifies(schema, "anthropic")


def _qualifies(schema: Mapping[str, Any], dialect: Dialect) -> bool:
    try:
        return _Compiler(schema, "<schema>", _RULES[dialect]).run().strict_unchanged
    except SchemaConversionError:
        return False


def strict_preference(strict: bool | None, meta: Mapping[str, Any] | None = None) -> bool | None:
    """What is asked: the caller's `strict=`, else the tool's own `meta["strict"]`, else None."""
    if strict is not None or meta is None:
        return strict
    value = meta.get("strict")
    return value if isinstance(value, bool) else None


def resolve_strict(
    schema: Mapping[str, Any],
    strict: bool | None,
    *,
    tool_name: str,
    dialect: Dialect = "openai",
    meta: Mapping[str, Any] | None = None,
    default: StrictDefault = "if-qualifies",
    framework_keeps: Callable[[dict[str, Any]], bool] | None = None,
) -> StrictSchema | None:
    """The strict decision, the one every provider descriptor and adapter makes: the compiled
    schema to send strict, or None to send the schema as it is, non-strict.

    What is asked is `strict` (the caller's option), else the tool's `meta["strict"]` when `meta`
    is given (`strict_preference`). True compiles (or raises `SchemaConversionError`); False
    gives None. Nothing asked follows `default`:

    - `"if-qualifies"`: compiled only when the schema already qualifies unchanged, so leaving
      `strict` unset never changes what the model is told (the providers, OpenAI Agents,
      Anthropic). `framework_keeps`, when given, is the framework's own test the schema must
      pass too (OpenAI Agents: its SDK's strict rewrite leaves it unchanged);
    - `"if-possible"`: compiled whenever it can be, else None (CrewAI, which makes every schema
      strict itself: ours keeps what an optional field means);
    - `"never"`: None (AutoGen's default; pydantic-ai leaves it to the model's profile).
    """
    asked = strict_preference(strict, meta)
    if asked is False or (asked is None and default == "never"):
        return None
    if asked is True:
        return _Compiler(schema, tool_name, _RULES[dialect]).run()
    try:
        compiled = _Compiler(schema, tool_name, _RULES[dialect]).run()
    except SchemaConversionError:
        return None
    if default == "if-possible":
        return compiled
    if not compiled.strict_unchanged or (
        framework_keeps is not None and not framework_keeps(compiled.schema)
    ):
        return None
    return compiled


# ---------------------------------------------------------------------------------------------- compiler


def _show(value: Any) -> str:
    return json.dumps(value, separators=(", ", ": "), ensure_ascii=False, default=str)


def _widen(node: dict[str, Any]) -> dict[str, Any]:
    """`node` that also accepts null: `null` added to `type`/`enum`, or an `anyOf` branch."""
    if "anyOf" in node:
        return {**node, "anyOf": [*node["anyOf"], {"type": "null"}]}
    if "type" not in node and "enum" not in node:
        return {"anyOf": [node, {"type": "null"}]}
    out = dict(node)
    types = types_of(node)
    if types:
        out["type"] = [*types, "null"]
    if "enum" in out:
        out["enum"] = [*out["enum"], None]
    return out


@dataclass(frozen=True, slots=True)
class _Loc:
    """Where the compiler stands: a subschema's path in the input (what messages name), its
    pointer in the output (what `injected` is keyed by), the object and document depths, and
    the refs being inlined on the way there (to refuse recursion where it is not allowed)."""

    path: str = "#"
    out: str = ""
    depth: int = 1
    doc_depth: int = 1
    refs: tuple[str, ...] = ()

    def at(self, key: str) -> str:
        """The input path of keyword `key` of this subschema (for notes and errors)."""
        return f"{self.path}/{key}"

    def child(self, path: str, out: str | None = None, *, nested_object: bool = False) -> _Loc:
        """A subschema below this one: `path` in the input, `out` in the output (same by default)."""
        return _Loc(
            f"{self.path}/{path}",
            f"{self.out}/{path if out is None else out}",
            self.depth + nested_object,
            self.doc_depth + 1,
            self.refs,
        )

    def into_ref(self, ref: str, name: str) -> _Loc:
        """The inlined target of `ref`: named by its definition in the input, in place in the output."""
        return _Loc(f"#/$defs/{escape(name)}", self.out, self.depth, self.doc_depth + 1, (*self.refs, ref))


class _Compiler:
    def __init__(self, schema: Mapping[str, Any], tool_name: str, rules: StrictRules) -> None:
        self.original = schema
        self.tool_name = tool_name
        self.rules = rules
        self.changes: list[str] = []
        self.injected: dict[str, frozenset[str]] = {}
        self.unions: dict[str, str] = {}  # output pointer of each anyOf -> its input path
        self.defs: dict[str, Any] = {}
        self.nodes = 0
        self.counts = dict.fromkeys(
            ("properties", "enum_values", "string_length", "optional_params", "union_params"), 0
        )

    def fail(self, path: str, message: str) -> SchemaConversionError:
        return SchemaConversionError(
            f"tool {self.tool_name!r}: the input schema cannot be made {self.rules.dialect} strict at "
            f"{path}: {message} (pass strict=False to send it non-strict)"
        )

    def check_root(self, schema: Mapping[str, Any]) -> None:
        problem = object_root_problem(schema)
        if problem is not None:
            raise self.fail("#", f"the root {problem}")

    def note(self, path: str, message: str) -> None:
        self.changes.append(f"{path}: {message}")

    def run(self) -> StrictSchema:
        if not isinstance(self.original, Mapping):
            raise self.fail("#", "the schema is not a JSON object")
        schema = hoist_root_ref(normalize_to_2020_12(dict(self.original)))
        defs = schema.get("$defs")
        self.defs = dict(defs) if isinstance(defs, dict) else {}
        body = {k: v for k, v in schema.items() if k != "$defs"}
        self.check_root(body)
        out = self.node(body, _Loc())
        self.check_root(out)  # (an OpenAPI `nullable: true` root is a nullable object once compiled)
        if self.rules.keep_refs and self.defs:
            out["$defs"] = {
                name: self.node(sub, _Loc(f"#/$defs/{escape(name)}", f"/$defs/{escape(name)}", doc_depth=2))
                for name, sub in self.defs.items()
            }
            self.counts["string_length"] += sum(len(n) for n in self.defs)
        elif self.defs:
            self.note("#/$defs", "inlined every $ref")
        for key, limit in self.rules.budgets.items():
            if self.counts[key] > limit:
                raise self.fail("#", f"{self.counts[key]} {key.replace('_', ' ')}; the limit is {limit}")
        self.report_ambiguous_unions(out)
        return StrictSchema(
            schema=out,
            changes=tuple(self.changes),
            dialect=self.rules.dialect,
            tool_name=self.tool_name,
            strict_unchanged=out == self.original,
            stats=dict(self.counts),
            injected=dict(self.injected),
            live=live_nodes(out, self.injected),
        )

    def report_ambiguous_unions(self, out: dict[str, Any]) -> None:
        """Name the unions whose branches a strict model cannot tell apart but whose nulls
        `restore` reads differently (the first such branch wins)."""
        if not self.injected:
            return
        for pointer, first, other, fields in ambiguous_unions(out, self.injected):
            self.note(
                self.unions.get(pointer, "#" + pointer),
                f"branches {first} and {other} both take a null for {', '.join(map(repr, fields))} once strict, "
                f"but it means 'omitted' in one and null in the other; an answer that fits both is "
                f"read as branch {first}",
            )

    def node(self, s: Any, loc: _Loc) -> dict[str, Any]:
        """Compile one subschema."""
        self.nodes += 1
        if self.nodes > _MAX_NODES or loc.doc_depth > _MAX_DOC_DEPTH:
            raise self.fail(loc.path, "the schema is too large or too deeply nested")
        if s is True or s == {}:
            raise self.fail(loc.path, "it accepts any JSON value; strict mode needs a concrete type here")
        if not isinstance(s, dict):
            raise self.fail(loc.path, f"expected a schema object, got {_show(s)}")
        s, union_key = self.normalize(dict(s), loc)
        ref = s.pop("$ref", None)
        if ref is not None:
            return self.ref_node(ref, s, loc)
        if "properties" in s and "type" not in s:
            s["type"] = "object"
            self.note(loc.path, "type object added")
        types = types_of(s)
        if not types and "anyOf" not in s and "enum" not in s and "const" not in s:
            raise self.fail(loc.path, "no type, anyOf or enum: strict mode needs a concrete type here")
        for t in types:
            if t not in _TYPES:
                raise self.fail(loc.at("type"), f"unknown type {t!r}")
        out: dict[str, Any] = {}
        moved: dict[str, Any] = {}
        for key, value in s.items():
            if key in ("properties", "required", "additionalProperties", "patternProperties"):
                if "object" not in types:
                    moved[key] = value
            elif key in ("items", "prefixItems"):
                if "array" not in types:
                    moved[key] = value
            elif key == "anyOf":
                out["anyOf"] = self.union(value, union_key, loc)
            elif key == "enum":
                out["enum"] = self.enum(value, loc)
            elif key == "format" and value not in self.rules.formats:
                moved[key] = value
            elif key == "minItems" and self.rules.min_items is not None and value not in self.rules.min_items:
                moved[key] = value
            elif key in self.rules.keep:
                out[key] = value
            else:
                moved[key] = value
        if "object" in types:
            self.object(s, out, loc)
        if "array" in types:
            self.array(s, out, loc)
        return self.describe(out, moved, loc.path)

    def normalize(self, s: dict[str, Any], loc: _Loc) -> tuple[dict[str, Any], str]:
        """Drop metadata; `nullable`, one-entry `allOf`, `oneOf` and (per dialect) `const` to the
        forms strict mode knows. Returns the schema and the input keyword its `anyOf` came from."""
        for key in sorted(_METADATA & s.keys()):
            del s[key]
            self.note(loc.at(key), "dropped (metadata)")
        if "$defs" in s or "definitions" in s:
            raise self.fail(loc.path, "nested $defs are not supported; keep definitions at the root")
        if s.pop("nullable", False) is True:
            s = _widen(s) if s else s
            self.note(loc.path, "OpenAPI `nullable` turned into a null type")
        union_key = "anyOf"
        if "allOf" in s:
            all_of = s.pop("allOf")
            if not isinstance(all_of, list) or len(all_of) != 1 or "anyOf" in s:
                raise self.fail(
                    loc.at("allOf"), "allOf with several entries (an intersection) is not supported"
                )
            s["anyOf"], union_key = all_of, "allOf"
            self.note(loc.at("allOf"), "single allOf written as anyOf")
        if "oneOf" in s:
            if "anyOf" in s:
                raise self.fail(loc.path, "both oneOf and anyOf")
            s["anyOf"], union_key = s.pop("oneOf"), "oneOf"
            self.note(loc.at("oneOf"), "oneOf changed to anyOf")
        if self.rules.const_as_enum and "const" in s:
            const = s.pop("const")
            if "enum" not in s:
                s["enum"] = [const]
                self.note(loc.at("const"), "const written as a one-value enum")
        return s, union_key

    def union(self, branches: Any, key: str, loc: _Loc) -> list[dict[str, Any]]:
        if not isinstance(branches, list) or not branches:
            raise self.fail(loc.at(key), f"{key} must be a non-empty list")
        self.unions[f"{loc.out}/anyOf"] = loc.at(key)
        return [self.node(b, loc.child(f"{key}/{i}", f"anyOf/{i}")) for i, b in enumerate(branches)]

    def ref_node(self, ref: Any, rest: dict[str, Any], loc: _Loc) -> dict[str, Any]:
        name = def_name(ref) if isinstance(ref, str) else None
        if ref != "#" and (name is None or not ref.startswith("#/$defs/")):
            raise self.fail(
                loc.at("$ref"), f"only local refs to '#' or '#/$defs/...' are supported, got {ref!r}"
            )
        if name is not None and name not in self.defs:
            raise self.fail(loc.at("$ref"), f"reference to an undefined schema {ref!r}")
        if self.rules.keep_refs:
            target: dict[str, Any] = {"$ref": ref}
        elif name is None or ref in loc.refs:
            raise self.fail(loc.at("$ref"), "recursive schemas are not supported by Anthropic strict mode")
        else:
            target = self.node(self.defs[name], loc.into_ref(ref, name))
        if not rest:
            return target
        siblings, moved = self.split(rest)
        if self.rules.wrap_ref_siblings or set(siblings) & set(target) - {"description", "title"}:
            if self.rules.wrap_ref_siblings:
                self.note(loc.path, "$ref with sibling keywords wrapped in anyOf")
            return self.describe({**siblings, "anyOf": [target]}, moved, loc.path)
        return self.describe({**target, **siblings}, moved, loc.path)

    @staticmethod
    def split(rest: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        """Annotations kept next to a `$ref`, and everything else (moved into the description)."""
        kept = {k: v for k, v in rest.items() if k in ("description", "title")}
        return kept, {k: v for k, v in rest.items() if k not in kept}

    def enum(self, values: Any, loc: _Loc) -> list[Any]:
        if not isinstance(values, list) or not values:
            raise self.fail(loc.at("enum"), "enum must be a non-empty list")
        if any(isinstance(v, (dict, list)) for v in values):
            raise self.fail(loc.at("enum"), "enum values must be strings, numbers, booleans or null")
        self.counts["enum_values"] += len(values)
        self.counts["string_length"] += sum(len(v) for v in values if isinstance(v, str))
        return list(values)

    def object(self, s: dict[str, Any], out: dict[str, Any], loc: _Loc) -> None:
        props = s.get("properties", {})
        if not isinstance(props, dict):
            raise self.fail(loc.at("properties"), "properties must be an object")
        extra = s.get("additionalProperties", None)
        if "patternProperties" in s or (extra is not None and extra is not False):
            raise self.fail(
                loc.path,
                "an open map (additionalProperties/patternProperties, e.g. dict[str, X]) cannot be strict; "
                "use a model with fixed fields or a list of key/value objects",
            )
        if extra is None:
            if not props and loc.path != "#":
                raise self.fail(loc.path, "an object without declared properties (any keys) cannot be strict")
            self.note(loc.path, "additionalProperties set to false (unknown keys were allowed)")
        limit = self.rules.max_object_depth
        if limit is not None and loc.depth > limit:
            raise self.fail(loc.path, f"objects nested {loc.depth} deep; the limit is {limit}")
        required = s.get("required", [])
        if not isinstance(required, list):
            raise self.fail(loc.at("required"), "required must be a list")
        unknown = [r for r in required if r not in props]
        if unknown:
            raise self.fail(loc.at("required"), f"required names undeclared properties {unknown}")
        out_props: dict[str, Any] = {}
        injected: list[str] = []
        for name, sub in props.items():
            sub_loc = loc.child(f"properties/{escape(name)}", nested_object=True)
            compiled = self.node(sub, sub_loc)
            if "anyOf" in compiled or len(types_of(compiled)) > 1:
                self.counts["union_params"] += 1
            if name not in required:
                self.counts["optional_params"] += 1
                if self.rules.optional_as_nullable:
                    if accepts_null(compiled):
                        self.note(
                            sub_loc.path,
                            "optional field made required (already nullable: null now means null)",
                        )
                    else:
                        compiled = _widen(compiled)
                        injected.append(name)
                        self.note(
                            sub_loc.path, "optional field made required and nullable (null means omitted)"
                        )
            out_props[name] = compiled
        self.counts["properties"] += len(props)
        self.counts["string_length"] += sum(len(n) for n in props)
        if injected:
            self.injected[loc.out] = frozenset(injected)
        out["type"] = s["type"]
        out["properties"] = out_props
        if self.rules.optional_as_nullable:
            out["required"] = list(props)
        elif "required" in s or not props:
            out["required"] = list(required)
        out["additionalProperties"] = False

    def array(self, s: dict[str, Any], out: dict[str, Any], loc: _Loc) -> None:
        prefix = s.get("prefixItems")
        items = s.get("items")
        if isinstance(prefix, list) and prefix:
            # strict mode has no tuples: every position's schema becomes a branch of `items`
            # (a single position is `items` itself). Each is compiled once, where it ends up.
            sources = [(f"prefixItems/{i}", p) for i, p in enumerate(prefix)]
            if isinstance(items, dict) and items:
                sources.append(("items", items))
            if len(sources) == 1:
                out["items"] = self.node(prefix[0], loc.child("prefixItems/0", "items"))
            else:
                out["items"] = {
                    "anyOf": [
                        self.node(sub, loc.child(path, f"items/anyOf/{i}"))
                        for i, (path, sub) in enumerate(sources)
                    ]
                }
            self.note(
                loc.at("prefixItems"), "tuple positions loosened to items (positions are still validated)"
            )
            return
        if items is None or items is True or items == {}:
            raise self.fail(
                loc.at("items"), "arrays need typed items in strict mode (e.g. list[str], not list)"
            )
        out["items"] = self.node(items, loc.child("items"))

    def shown(self, value: Any) -> Any:
        """A moved subschema as the description shows it: its refs inlined (a recursive one once)."""
        if not (isinstance(value, dict) and self.defs and '"$ref"' in _show(value)):
            return value
        try:
            return inline_refs({**value, "$defs": self.defs}, recursion=1, max_nodes=200)
        except RefError:
            return value  # too large or not resolvable: shown as written

    def describe(self, out: dict[str, Any], moved: dict[str, Any], path: str) -> dict[str, Any]:
        """Append what the provider cannot carry to the description, and report it."""
        if not moved:
            return out
        for key, value in moved.items():
            what = "removed" if key == "default" else "moved into the description"
            self.note(f"{path}/{key}", f"{what} ({key}={_show(value)})")
        if list(moved) == ["default"] and moved["default"] is None:
            return out
        if not self.rules.keep_refs:  # the sent schema has no `$defs`: a moved ref would name nothing
            moved = {k: self.shown(v) for k, v in moved.items()}
        text = "; ".join(f"{k}: {_show(v)}" for k, v in moved.items() if not (k == "default" and v is None))
        desc = out.get("description")
        out["description"] = f"{desc} ({text})" if isinstance(desc, str) and desc else f"({text})"
        return out

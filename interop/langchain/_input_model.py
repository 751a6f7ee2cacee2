"""The pydantic model a converted tool's `get_input_schema()` returns: its input JSON Schema as a model.

LangChain describes a tool whose `args_schema` is a dict with its generic runnable input model
(a string, a dict or a `ToolCall`), so anything reading `get_input_schema()` (LangChain's standard
tool tests, `input_schema.model_json_schema()`, LangGraph's ToolNode looking for injected
arguments) learned nothing of the tool's real arguments. This model has the neutral input
schema's property names, types, required set, defaults, descriptions and the usual constraints,
with `$defs` as nested models (recursive ones included).

It only describes: the neutral tool still validates the raw arguments once, and LangChain never
validates with this model (the `args_schema` stays the dict). Two kinds of property names are
kept as aliases of another attribute name: names pydantic cannot use as attributes (`model_*`,
`_x`, `json`, not identifiers), and `runtime`, since LangGraph's ToolNode injects its
`ToolRuntime` into any input-model field of that name (the model's own `runtime` argument must
reach the tool untouched). `Model(**arguments)` and `model_json_schema()` use the real names.
"""

from __future__ import annotations

import keyword
import re
import typing
from collections.abc import Mapping
from typing import Annotated, Any, Literal

import pydantic

__all__ = ["input_model"]

_SCALARS: dict[str, Any] = {
    "string": str,
    "integer": int,
    "number": float,
    "boolean": bool,
    "null": type(None),
}
_INJECTED_BY_NAME = frozenset({"runtime"})  # LangGraph's ToolNode fills a field of that name
_LITERAL_TYPES = (str, int, bool, type(None))


def _drop_default(schema: dict[str, Any]) -> None:
    """An optional property without a default has none in the emitted schema (not `null`)."""
    schema.pop("default", None)


def _identifier(name: str) -> str:
    """A class name made of `name`'s word characters."""
    cleaned = re.sub(r"\W", "_", name).strip("_") or "Model"
    return cleaned if not cleaned[0].isdigit() else f"M{cleaned}"


def _usable_attribute(name: str) -> bool:
    return (
        name.isidentifier()
        and not keyword.iskeyword(name)
        and not name.startswith(("_", "model_"))
        and not hasattr(pydantic.BaseModel, name)
        and name not in _INJECTED_BY_NAME
    )


class _Builder:
    """Builds the models of one input schema (its `$defs` once each, shared by every use)."""

    def __init__(self, root: Mapping[str, Any]) -> None:
        defs = root.get("$defs", root.get("definitions"))
        self.defs: Mapping[str, Any] = defs if isinstance(defs, Mapping) else {}
        self.def_models: dict[str, type[pydantic.BaseModel]] = {}
        self.def_names: dict[str, str] = {}
        self.building: set[str] = set()
        self.class_names: set[str] = set()
        self.namespace: dict[str, Any] = {}
        self.forward_refs = False
        self.created: list[type[pydantic.BaseModel]] = []

    def _class_name(self, wanted: str) -> str:
        base = _identifier(wanted)
        name, n = base, 2
        while name in self.class_names:
            name, n = f"{base}{n}", n + 1
        self.class_names.add(name)
        return name

    def model(
        self, wanted: str, schema: Mapping[str, Any], class_name: str | None = None
    ) -> type[pydantic.BaseModel]:
        """An object schema as a model: one field per property, the required ones without default."""
        name = class_name or self._class_name(wanted)
        properties = schema.get("properties")
        properties = properties if isinstance(properties, Mapping) else {}
        required = set(schema.get("required") or ())
        fields: dict[str, Any] = {}
        taken = set(properties)
        for key, sub in properties.items():
            attribute = key if _usable_attribute(key) else self._attribute(key, taken)
            sub = sub if isinstance(sub, Mapping) else {}
            kwargs: dict[str, Any] = {}
            if attribute != key:
                kwargs["alias"] = key
            for json_key, field_key in (("description", "description"), ("title", "title")):
                if isinstance(sub.get(json_key), str):
                    kwargs[field_key] = sub[json_key]
            if "examples" in sub and isinstance(sub["examples"], list):
                kwargs["examples"] = sub["examples"]
            if key in required:
                default: Any = ...
            elif "default" in sub:
                default = sub["default"]
            else:
                default, kwargs["json_schema_extra"] = None, _drop_default
            annotation = self.annotation(sub, f"{name}_{key}")
            fields[attribute] = (annotation, pydantic.Field(default, **kwargs))
        extra = schema.get("additionalProperties")
        config = pydantic.ConfigDict(
            extra="forbid" if extra is False else "allow" if extra is not None else "ignore",
            protected_namespaces=(),
            regex_engine="python-re",  # JSON Schema patterns are closer to `re` than to Rust's regex
            defer_build=True,
        )
        doc = schema.get("description")
        model: type[pydantic.BaseModel] = pydantic.create_model(  # type: ignore[call-overload]
            name,
            __config__=config,
            __doc__=doc if isinstance(doc, str) else None,
            __module__=__name__,
            **fields,
        )
        self.namespace[name] = model
        self.created.append(model)
        return model

    def _attribute(self, key: str, taken: set[str]) -> str:
        """An attribute name for a property that cannot be one (the property is its alias)."""
        base = "field_" + (re.sub(r"\W", "_", key).strip("_") or "x")
        candidate, n = base, 2
        while not _usable_attribute(candidate) or candidate in taken:
            candidate, n = f"{base}_{n}", n + 1
        taken.add(candidate)
        return candidate

    def _ref(self, ref: str) -> Any:
        """A local `#/$defs/NAME` reference: the def's model (or type), built once."""
        for prefix in ("#/$defs/", "#/definitions/"):
            if ref.startswith(prefix):
                key = ref[len(prefix) :].replace("~1", "/").replace("~0", "~")
                break
        else:
            return Any  # a remote or nested pointer: described as anything
        target = self.defs.get(key)
        if not isinstance(target, Mapping):
            return Any
        if key in self.def_models:
            return self.def_models[key]
        if key in self.building:  # a recursive reference: a forward reference, resolved at the end
            if key in self.def_names:
                self.forward_refs = True
                return self.def_names[key]
            return Any
        self.building.add(key)
        try:
            if _is_object_model(target):
                self.def_names[key] = self._class_name(key)
                model = self.model(key, target, class_name=self.def_names[key])
                self.def_models[key] = model
                return model
            return self.annotation(target, key)
        finally:
            self.building.discard(key)

    def annotation(self, schema: Any, wanted: str) -> Any:
        """The Python type describing `schema` (constraints attached with `Annotated`)."""
        if not isinstance(schema, Mapping):
            return Any  # `true`, `false` or junk
        base = self._base(schema, wanted)
        constraints = _constraints(schema)
        return Annotated[base, pydantic.Field(**constraints)] if constraints else base

    def _base(self, schema: Mapping[str, Any], wanted: str) -> Any:
        if isinstance(schema.get("$ref"), str):
            return self._ref(schema["$ref"])
        if "const" in schema:
            return _literal([schema["const"]])
        if isinstance(schema.get("enum"), list) and schema["enum"]:
            return _literal(schema["enum"])
        for combinator in ("anyOf", "oneOf"):
            if isinstance(schema.get(combinator), list) and schema[combinator]:
                return _union([self.annotation(s, wanted) for s in schema[combinator]])
        all_of = schema.get("allOf")
        if isinstance(all_of, list) and len(all_of) == 1:
            return self.annotation(all_of[0], wanted)
        if isinstance(all_of, list):
            return Any
        kind = schema.get("type")
        if isinstance(kind, list):
            return _union([self._base({**schema, "type": k}, wanted) for k in kind])
        if kind is None and "properties" in schema:
            kind = "object"
        if kind in _SCALARS:
            return _SCALARS[kind]
        if kind == "array":
            return self._array(schema, wanted)
        if kind == "object":
            if _is_object_model(schema):
                return self.model(wanted, schema)
            values = schema.get("additionalProperties")
            return dict[str, self.annotation(values, wanted) if isinstance(values, Mapping) else Any]  # type: ignore[misc]
        return Any

    def _array(self, schema: Mapping[str, Any], wanted: str) -> Any:
        prefix = schema.get("prefixItems")
        if isinstance(prefix, list) and prefix and schema.get("items") is False:
            return tuple[tuple(self.annotation(s, f"{wanted}_{i}") for i, s in enumerate(prefix))]  # type: ignore[misc]
        items = schema.get("items")
        return list[self.annotation(items, f"{wanted}_item") if isinstance(items, Mapping) else Any]  # type: ignore[misc]

    def finish(self) -> None:
        """Resolve recursive references (they name models of this schema only)."""
        if self.forward_refs:
            for model in self.created:
                model.model_rebuild(force=True, _types_namespace=self.namespace)


def _is_object_model(schema: Mapping[str, Any]) -> bool:
    return isinstance(schema.get("properties"), Mapping) and schema.get("type") in ("object", None)


def _literal(values: list[Any]) -> Any:
    if all(isinstance(v, _LITERAL_TYPES) for v in values):
        return Literal[tuple({(type(v), v): v for v in values}.values())]  # type: ignore[valid-type]
    return Any


def _union(members: list[Any]) -> Any:
    if any(m is Any for m in members):
        return Any
    unique = list(dict.fromkeys(members))
    return unique[0] if len(unique) == 1 else typing.Union[tuple(unique)]  # noqa: UP007


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _constraints(schema: Mapping[str, Any]) -> dict[str, Any]:
    """The JSON Schema keywords pydantic has a field constraint for."""
    out: dict[str, Any] = {}
    numeric = {
        "minimum": "ge",
        "maximum": "le",
        "exclusiveMinimum": "gt",
        "exclusiveMaximum": "lt",
        "multipleOf": "multiple_of",
    }
    for json_key, field_key in numeric.items():
        if _number(schema.get(json_key)):
            out[field_key] = schema[json_key]
    kind = schema.get("type")
    lengths = {"string": ("minLength", "maxLength"), "array": ("minItems", "maxItems")}.get(
        kind if isinstance(kind, str) else ""
    )
    if lengths is not None:
        for json_key, field_key in zip(lengths, ("min_length", "max_length"), strict=True):
            if isinstance(schema.get(json_key), int) and not isinstance(schema[json_key], bool):
                out[field_key] = schema[json_key]
    pattern = schema.get("pattern")
    if kind == "string" and isinstance(pattern, str):
        try:
            re.compile(pattern)
        except re.error:
            pass  # an ECMAScript-only pattern: described without it
        else:
            out["pattern"] = pattern
    if isinstance(schema.get("format"), str):
        out["json_schema_extra"] = {"format": schema["format"]}
    return out


def input_model(name: str, schema: Mapping[str, Any]) -> type[pydantic.BaseModel]:
    """A pydantic model whose fields are the arguments `schema` (an object schema) describes."""
    builder = _Builder(schema)
    model = builder.model(name, schema)
    builder.finish()
    return model

"""An operation's parameters and request body as one JSON Schema object, and the plan that
sends each argument back where it belongs.

Arguments are named after the parameter (path, query, header, cookie) or, when the request body
is an object with plain `properties`, after each body property (the body is "flattened"). Any
other body (an array, a `oneOf`, a map, a body that is optional while some of its properties
are required, a text or binary body) is one argument named `body`.

Collision rule: names are first made provider-safe (`argument_name`); when two inputs would
share a name, each of them is renamed `<location>_<name>` (`path_id`, `body_id`); a name still
taken after that gets `_2`, `_3`, ... Header parameters named `Accept`, `Content-Type` and
`Authorization` are ignored, as the OpenAPI specification says.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from interop.jsonschema import object_root_problem

from ._errors import OpenAPIError
from ._names import argument_name
from ._operations import Operation
from ._schemas import SchemaTranslator

__all__ = ["Body", "InputPlan", "Param", "build_input", "is_json_media"]

Location = Literal["path", "query", "header", "cookie", "body"]
BodyKind = Literal["json", "form", "multipart", "text", "binary"]

_IGNORED_HEADERS = frozenset({"accept", "content-type", "authorization"})
_DEFAULT_STYLE = {"path": "simple", "query": "form", "header": "simple", "cookie": "form"}
_COMPOSITE = ("allOf", "anyOf", "oneOf", "not", "if", "patternProperties", "discriminator")


@dataclass(frozen=True, slots=True)
class Param:
    """Where one argument goes as a parameter, and how it is serialized."""

    arg: str
    name: str
    location: Literal["path", "query", "header", "cookie"]
    style: str
    explode: bool
    json_content: bool
    """Declared with `content` (not `schema`): the value is sent as JSON text."""
    multi_segment: bool = False
    """A path value whose `/` is kept (`x-multi-segment: true`, as GitHub marks file paths)."""


@dataclass(frozen=True, slots=True)
class Body:
    """How the request body is built from the arguments."""

    media_type: str
    kind: BodyKind
    fields: tuple[tuple[str, str], ...] | None
    """`(argument, property)` pairs of a flattened object body; None when `arg` carries it whole."""
    arg: str | None
    files: frozenset[str]
    """Multipart properties sent as file parts (their argument is base64 text)."""
    required: bool


@dataclass(frozen=True, slots=True)
class InputPlan:
    """The input JSON Schema and where each argument goes."""

    schema: dict[str, Any]
    params: tuple[Param, ...]
    body: Body | None


def is_json_media(media_type: str) -> bool:
    """`application/json`, `application/problem+json`, `text/json`, ..."""
    base = media_type.split(";", 1)[0].strip().lower()
    return base in ("application/json", "text/json", "*/*") or base.endswith("+json")


def _body_kind(media_type: str) -> BodyKind:
    base = media_type.split(";", 1)[0].strip().lower()
    if is_json_media(base):
        return "json"
    if base == "application/x-www-form-urlencoded":
        return "form"
    if base.startswith("multipart/"):
        return "multipart"
    if base.startswith("text/") or base.endswith("+xml") or base in ("application/xml", "application/yaml"):
        return "text"
    return "binary"


def _pick_media(content: Mapping[str, Any]) -> tuple[str, Mapping[str, Any]] | None:
    """The request media type to send: JSON, then forms, then text, then anything else."""
    ranked = sorted(
        content.items(),
        key=lambda kv: ["json", "form", "multipart", "text", "binary"].index(_body_kind(kv[0])),
    )
    if not ranked:
        return None
    media, obj = ranked[0]
    return str(media), obj if isinstance(obj, Mapping) else {}


def _is_binary_string(schema: Any) -> bool:
    if not isinstance(schema, Mapping):
        return False
    if schema.get("format") == "binary":
        return True
    return schema.get("type") == "string" and "contentMediaType" in schema and "contentEncoding" not in schema


@dataclass
class _Candidate:
    location: Location
    raw_name: str
    schema: Any
    required: bool
    param: Param | None = None  # filled in for parameters once the argument name is known


_BASE64 = {"type": "string", "contentEncoding": "base64"}


def _flattenable(root: Any, required_body: bool) -> bool:
    if not isinstance(root, Mapping) or not isinstance(root.get("properties"), Mapping):
        return False
    if object_root_problem(root) is not None or root.get("nullable") is True:
        return False
    if any(k in root for k in _COMPOSITE) or root.get("additionalProperties", False) is not False:
        return False
    return required_body or not root.get("required")


def _parameter_candidates(op: Operation, tr: SchemaTranslator, refs: set[str]) -> list[_Candidate]:
    where = f"{op.method} {op.path}"
    cands: list[_Candidate] = []
    for p in op.parameters:
        loc = p["in"]
        if loc not in _DEFAULT_STYLE:
            raise OpenAPIError(f"{where}: parameter {p['name']!r} has an unknown location {loc!r}")
        if loc == "header" and p["name"].lower() in _IGNORED_HEADERS:
            continue
        json_content = False
        schema: Any = {}
        if "schema" in p:
            schema = tr.translate(p["schema"], "input", refs)
        elif isinstance(p.get("content"), Mapping) and p["content"]:
            media, obj = next(iter(p["content"].items()))
            schema = tr.translate(obj.get("schema", {}), "input", refs) if isinstance(obj, Mapping) else {}
            json_content = is_json_media(str(media))
        style = str(p.get("style") or _DEFAULT_STYLE[loc])
        explode = p.get("explode", style == "form") is True
        param = Param("", p["name"], loc, style, explode, json_content, p.get("x-multi-segment") is True)
        required = loc == "path" or p.get("required") is True
        cands.append(_Candidate(loc, p["name"], _describe(schema, p), required, param))
    declared = {c.raw_name for c in cands if c.location == "path"}
    for var in dict.fromkeys(re.findall(r"{([^{}/]+)}", op.path)):
        if var not in declared:  # a template variable the document forgot to declare
            param = Param("", var, "path", "simple", False, False)
            cands.append(_Candidate("path", var, {"type": "string"}, True, param))
    return cands


def _field_schema(sub: Any, kind: BodyKind, tr: SchemaTranslator, refs: set[str]) -> tuple[Any, bool]:
    """A flattened body property's argument schema, and whether it is a multipart file part."""
    target = tr.resolve(sub)
    if kind == "multipart" and isinstance(target, Mapping):
        if _is_binary_string(target):
            return {**_BASE64, "description": _file_help(target)}, True
        items = tr.resolve(target.get("items"))
        if target.get("type") == "array" and _is_binary_string(items):
            return {"type": "array", "items": {**_BASE64, "description": _file_help(items)}}, True
    return tr.translate(sub, "input", refs), False


@dataclass
class _BodyParts:
    """A request body before argument names are known."""

    media: str
    kind: BodyKind
    required: bool
    fields: list[tuple[_Candidate, str]]
    """Flattened `(candidate, property)` pairs (empty when `whole` carries the body)."""
    whole: _Candidate | None
    files: set[str]

    def candidates(self) -> list[_Candidate]:
        return [c for c, _ in self.fields] if self.whole is None else [self.whole]

    def plan(self, names: dict[int, str]) -> Body:
        pairs = tuple((names[id(c)], prop) for c, prop in self.fields) if self.whole is None else None
        arg = names[id(self.whole)] if self.whole is not None else None
        return Body(self.media, self.kind, pairs, arg, frozenset(self.files), self.required)


def _body_parts(rb: Mapping[str, Any], tr: SchemaTranslator, refs: set[str]) -> _BodyParts | None:
    """The body's argument(s): each property of a flattenable object, else one `body`."""
    picked = _pick_media(rb.get("content") or {})
    if picked is None:
        return None
    media, obj = picked
    kind = _body_kind(media)
    required = rb.get("required") is True
    raw_schema = obj.get("schema", {})
    root = tr.resolve(raw_schema)
    fields: list[tuple[_Candidate, str]] = []
    files: set[str] = set()
    if kind in ("json", "form", "multipart") and _flattenable(root, required):
        for prop, sub in root["properties"].items():
            if tr.property_hidden(sub, "input"):
                continue
            schema, is_file = _field_schema(sub, kind, tr, refs)
            if is_file:
                files.add(prop)
            fields.append((_Candidate("body", prop, schema, prop in (root.get("required") or ())), prop))
        return _BodyParts(media, kind, required, fields, None, files)
    if kind in ("json", "form", "multipart"):
        schema = tr.translate(raw_schema, "input", refs)
    elif kind == "text":
        schema = {"type": "string"}
    else:
        schema = {**_BASE64, "description": f"The request body ({media}), base64-encoded."}
    if isinstance(rb.get("description"), str) and isinstance(schema, dict):
        schema = {**schema, "description": rb["description"]}
    return _BodyParts(media, kind, required, fields, _Candidate("body", "body", schema, required), files)


def build_input(op: Operation, tr: SchemaTranslator) -> InputPlan:
    """The input schema and argument plan of `op`."""
    refs: set[str] = set()
    cands = _parameter_candidates(op, tr, refs)
    parts = _body_parts(op.request_body, tr, refs) if op.request_body is not None else None
    if parts is not None:
        cands.extend(parts.candidates())
    names = _argument_names(cands)
    body = parts.plan(names) if parts is not None else None

    properties: dict[str, Any] = {}
    required_args: list[str] = []
    params: list[Param] = []
    for c in cands:
        arg = names[id(c)]
        properties[arg] = c.schema
        if c.required:
            required_args.append(arg)
        if c.param is not None:
            params.append(dataclasses.replace(c.param, arg=arg))
    top: dict[str, Any] = {"type": "object", "properties": properties}
    if required_args:
        top["required"] = required_args
    top["additionalProperties"] = False
    return InputPlan(tr.bundle(top, refs, "input"), tuple(params), body)


def _describe(schema: Any, p: Mapping[str, Any]) -> Any:
    """A parameter's own description, deprecation and example, on its argument's schema."""
    if not isinstance(schema, dict):
        schema = {} if schema is True else {"not": {}}
    extra: dict[str, Any] = {}
    if isinstance(p.get("description"), str) and p["description"].strip():
        extra["description"] = p["description"].strip()
    if p.get("deprecated") is True:
        extra["deprecated"] = True
    if "example" in p and "examples" not in schema:
        extra["examples"] = [p["example"]]
    return {**schema, **extra} if extra else schema


def _file_help(schema: Any) -> str:
    media = schema.get("contentMediaType") if isinstance(schema, Mapping) else None
    text = schema.get("description") if isinstance(schema, Mapping) else None
    kind = f"{media} file" if media else "file"
    if isinstance(text, str) and text.strip():
        return f"{text.strip()} (the {kind}, base64-encoded)"
    return f"The {kind}, base64-encoded."


def _argument_names(cands: list[_Candidate]) -> dict[int, str]:
    """Argument name per candidate (by id), by the collision rule in the module docstring."""
    base = {id(c): argument_name(c.raw_name) for c in cands}
    counts: dict[str, int] = {}
    for name in base.values():
        counts[name] = counts.get(name, 0) + 1
    out: dict[int, str] = {}
    taken: set[str] = set()
    for c in cands:
        name = base[id(c)]
        if counts[name] > 1:
            name = argument_name(f"{c.location}_{name}")
        final, n = name, 1
        while final in taken:
            n += 1
            final = f"{name[:60]}_{n}"
        taken.add(final)
        out[id(c)] = final
    return out

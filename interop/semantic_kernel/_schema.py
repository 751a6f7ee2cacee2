"""A neutral input schema as Semantic Kernel parameters, and Semantic Kernel parameters as a schema.

Semantic Kernel builds what a model is sent from a function's parameters, always in one shape
(`kernel_function_metadata_to_function_call_format` for OpenAI and Azure OpenAI, the same shape
for Anthropic, Bedrock, Mistral, Ollama and Gemini):

```
{"type": "object", "properties": {<name>: <parameter schema_data>}, "required": [<required names>]}
```

So each property of the neutral input schema becomes one `KernelParameterMetadata` whose
`schema_data` is that property's schema, as it is: the model sees exactly the neutral properties.
Around them:

- local `$ref`s are inlined into the properties (the root's `$defs` have no place in that shape);
  a recursive definition cannot be inlined, so it moves into the property that uses it
  (`#/$defs/Node` becomes `#/properties/<name>/$defs/Node`, the path where Semantic Kernel puts
  that property's schema: the same schema, at its new address);
- annotations of the root (`title`, `description`, `$schema`, `$comment`, `examples`, ...) are left
  out (the description is the function's own);
- `additionalProperties: false` is what Semantic Kernel does anyway: its auto-invocation refuses
  any argument a function does not declare ("Received unexpected argument(s)") before the function
  runs, and the neutral tool validates again;
- a root keyword that constrains the arguments and has no place in that shape (`allOf`, `anyOf`,
  `oneOf`, `not`, `if`, `dependentRequired`, `minProperties`, `patternProperties`, a schema for
  `additionalProperties`, ...) is refused with `SchemaConversionError` naming it: the model would
  be sent a weaker schema than the tool's.

The other way round (`native_schema`), a native function's schema is read from its parameters
(those included in function choices), with `additionalProperties: false` (what the
auto-invocation enforces): for a method, the schema of the Python types Semantic Kernel recorded
for them (its `schema_data` drops defaults and marks a pydantic model's defaulted fields required,
so a neutral tool validating against it would refuse calls the method takes), else their
`schema_data` (OpenAPI and MCP functions: their own schemas).
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from typing import Any
from urllib.parse import quote

from semantic_kernel.functions.kernel_function_metadata import KernelFunctionMetadata
from semantic_kernel.functions.kernel_parameter_metadata import KernelParameterMetadata

from interop import StandardToolV0
from interop._arguments_schema import arguments_schema
from interop.bridge import copy_json, object_input_schema
from interop.errors import SchemaConversionError
from interop.jsonschema import RefError, inline_refs, map_subschemas

__all__ = ["RESERVED_ARGUMENTS", "function_schema", "native_schema", "parameters"]

_ANNOTATIONS = frozenset(
    {
        "title",
        "description",
        "$schema",
        "$id",
        "$comment",
        "$anchor",
        "examples",
        "default",
        "deprecated",
        "readOnly",
        "writeOnly",
    }
)
"""Root keywords that constrain nothing (left out of what Semantic Kernel sends)."""

_CARRIED = frozenset({"type", "properties", "required", "$defs", "definitions", "additionalProperties"})

RESERVED_ARGUMENTS = frozenset({"settings"})
"""Argument names Semantic Kernel takes for itself: a model's `settings` argument becomes the
call's execution settings (`KernelArguments(settings=...)`), never the function's argument."""

_PY_TYPES = {
    "string": "str",
    "integer": "int",
    "number": "float",
    "boolean": "bool",
    "array": "list",
    "object": "dict",
    "null": "None",
}


def _pointer_segment(name: str) -> str:
    """`name` as a segment of a `$ref` fragment (JSON-pointer escaped, then percent-encoded)."""
    return quote(name.replace("~", "~0").replace("/", "~1"), safe="~!$&'()*+,;=:@-._")


def _relocated(node: Any, prefix: str) -> Any:
    """`node` with each `$ref` into the root's `$defs`/`definitions` moved under `prefix`."""
    if not isinstance(node, dict):
        return node
    out = map_subschemas(node, lambda sub: _relocated(sub, prefix))
    ref = out.get("$ref")
    if isinstance(ref, str) and ref.startswith(("#/$defs/", "#/definitions/")):
        out["$ref"] = prefix + ref[1:]
    return out


def _refuse(tool_name: str, what: str) -> SchemaConversionError:
    return SchemaConversionError(
        f"tool {tool_name!r}: Semantic Kernel sends a function's arguments as "
        "{type: object, properties, required} only, so the model would not see " + what + "; "
        "express it inside the properties (or with interop.transform_tool) to convert this tool"
    )


def function_schema(tool: StandardToolV0[Any, Any, Any]) -> tuple[dict[str, Any], list[str]]:
    """The property schemas Semantic Kernel will send for `tool` (exactly: see the module doc)
    and the required names; raises `SchemaConversionError` for what that shape cannot carry."""
    schema = object_input_schema(tool, "Semantic Kernel")
    others = sorted(k for k in schema if k not in _CARRIED and k not in _ANNOTATIONS)
    if others:
        raise _refuse(tool.name, "the root keyword(s) " + ", ".join(repr(k) for k in others))
    extra = schema.get("additionalProperties", True)
    if not isinstance(extra, bool) and extra != {}:
        raise _refuse(tool.name, "which arguments beyond the properties are allowed ('additionalProperties')")
    flat = schema
    if "$defs" in schema or "definitions" in schema:  # other local refs point into the properties,
        try:  # which Semantic Kernel sends at the same place
            flat = inline_refs(schema, recursion="keep")
        except RefError as e:
            raise SchemaConversionError(f"tool {tool.name!r}: its input schema cannot be sent: {e}") from e
    props = flat.get("properties") or {}
    if not isinstance(props, Mapping):
        raise SchemaConversionError(f"tool {tool.name!r}: 'properties' of its input schema is not an object")
    reserved = sorted(RESERVED_ARGUMENTS & set(props))
    if reserved:
        raise SchemaConversionError(
            f"tool {tool.name!r}: Semantic Kernel takes an argument named {reserved[0]!r} as the call's "
            "execution settings (KernelArguments(settings=...)), so the function would never receive it; "
            "rename the argument with interop.transform_tool(tool, args={"
            f"{reserved[0]!r}: interop.ArgTransform(name=...)}})"
        )
    defs = {k: flat[k] for k in ("$defs", "definitions") if isinstance(flat.get(k), Mapping)}
    out: dict[str, Any] = {}
    for name, prop in props.items():
        sub: Any = {} if prop is True else {"not": {}} if prop is False else prop
        if defs and _uses_defs(sub):  # a recursive definition: it moves into the property
            prefix = f"#/properties/{_pointer_segment(name)}"
            sub = _relocated(dict(sub), prefix)
            for key, found in defs.items():
                sub[key] = {n: _relocated(d, prefix) for n, d in found.items()}
        out[name] = sub
    required = [r for r in flat.get("required") or [] if isinstance(r, str)]
    for name in required:  # required without a property schema: any value (none when the
        if name not in out:  # schema allows no other names), sent as the same constraint
            out[name] = {"not": {}} if extra is False else {}
    return out, required


def _uses_defs(node: Any) -> bool:
    if not isinstance(node, dict):
        return False
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith(("#/$defs/", "#/definitions/")):
        return True
    found = False

    def look(sub: Any) -> Any:
        nonlocal found
        found = found or _uses_defs(sub)
        return sub

    map_subschemas(node, look)
    return found


def _type_name(prop: Any) -> str:
    kind = prop.get("type") if isinstance(prop, dict) else None
    if isinstance(kind, str):
        return _PY_TYPES.get(kind, "object")
    if isinstance(kind, list):
        return ", ".join(_PY_TYPES.get(k, "object") for k in kind if isinstance(k, str)) or "object"
    return "object"


def parameters(props: Mapping[str, Any], required: list[str]) -> list[KernelParameterMetadata]:
    """One `KernelParameterMetadata` per property (its schema as `schema_data`, untouched).

    Built without Semantic Kernel's name pattern (`[0-9A-Za-z_-]+`): a property such as `$filter`
    or `user.id` reaches the model under its own name (Semantic Kernel never checks it again).
    """
    needed = set(required)
    out = []
    for name, prop in props.items():
        description = prop.get("description") if isinstance(prop, dict) else None
        out.append(
            KernelParameterMetadata.model_construct(
                name=name,
                description=description if isinstance(description, str) else None,
                default_value=prop.get("default") if isinstance(prop, dict) else None,
                type_=_type_name(prop),
                is_required=name in needed,
                type_object=None,
                schema_data=prop,
                include_in_function_choices=True,
            )
        )
    return out


def _typed_schema(shown: list[KernelParameterMetadata]) -> dict[str, Any] | None:
    """The pydantic JSON Schema of a method's parameters, from the Python types Semantic Kernel
    recorded (`type_object`: what its own parameter parsing validates against), with Semantic
    Kernel's descriptions; None when a type is missing or pydantic cannot describe it."""
    for p in shown:
        kind = p.type_object
        if kind is None or kind is inspect.Parameter.empty:
            return None
    try:
        schema = arguments_schema(
            [(str(p.name), p.type_object, bool(p.is_required), p.default_value) for p in shown]
        )
    except Exception:
        return None
    schema.pop("title", None)
    props = schema.get("properties") or {}
    for p in shown:
        prop = props.get(str(p.name))
        if not isinstance(prop, dict):
            continue
        if prop.get("title") == str(p.name).replace("_", " ").title():
            del prop["title"]  # pydantic's generated field title: noise to a model
        if p.description and "description" not in prop:
            prop["description"] = p.description
    return dict(schema)


def native_schema(metadata: KernelFunctionMetadata, *, typed: bool = False) -> dict[str, Any]:
    """A native function's input schema (see the module doc): for a method (`typed`), the schema
    of the Python types its parameters take (Semantic Kernel's own `schema_data` for them loses
    defaults and marks a pydantic model's defaulted fields required); else what Semantic Kernel
    sends a model (its parameters' `schema_data`; a prompt template's untyped variable takes any
    value). Arguments beyond the parameters are refused (`additionalProperties: false`)."""
    shown = [p for p in metadata.parameters if p.include_in_function_choices and p.name]
    typed_schema = _typed_schema(shown) if typed else None
    if typed_schema is not None:
        typed_schema["additionalProperties"] = False
        return typed_schema
    props: dict[str, Any] = {}
    for p in shown:
        data = p.schema_data
        if metadata.is_prompt and not p.type_ and p.type_object is None:
            props[str(p.name)] = {"description": p.description} if p.description else {}
        else:
            props[str(p.name)] = copy_json(data) if isinstance(data, Mapping) else {}
    return {
        "type": "object",
        "properties": props,
        "required": [str(p.name) for p in shown if p.is_required],
        "additionalProperties": False,
    }

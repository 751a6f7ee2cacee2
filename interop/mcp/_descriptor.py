"""Neutral tool <-> MCP tool descriptor (`mcp.types.Tool`), both directions.

Mapping (serving; consuming reverses it):
- `name` (checked against the MCP name rule), `title`, `description`;
- `inputSchema`: the tool's 2020-12 input schema, object root;
- `outputSchema`: the output schema; a non-object one is wrapped as
  `{"type": "object", "properties": {"result": <schema>}, "required": ["result"]}` (marked with
  `WRAP_MARKER`) for the protocol versions that require an object root (2025-06-18, 2025-11-25),
  and sent as is on 2026-07-28, which allows any schema;
- `icons` from `meta["icons"]`, `execution` from `meta["mcp_execution"]` (else `taskSupport`
  from `meta["task"]`: `True` -> `"required"`, `"optional"`);
- `annotations`: `read_only` -> `readOnlyHint`, `destructive` -> `destructiveHint`, `idempotent` ->
  `idempotentHint`, `open_world` -> `openWorldHint` (only when set: MCP defaults apply otherwise),
  and the title;
- `_meta`: namespaced keys of `meta` (those containing a `/`, e.g. `com.example/x`) and MCP
  Apps' `ui` (`{"resourceUri": "ui://...", ...}`) go in as they are; every other JSON-safe key (`group`, `tags`, `input_examples`, `defer_loading`, ...)
  goes under `META_KEY`, so consuming restores it exactly (but `provider_options`: a remote
  server's `_meta` keeps only the hints of `bridge.remote_provider_options`). Consuming also reads a FastMCP
  server's tags (`_meta.fastmcp.tags`) as `tags`, and drops `input_examples` the input schema
  refuses.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import mcp.types as mt

from interop import StandardToolV0, as_schema
from interop._kit import (
    check_input_examples,
    hints_meta,
    remote_provider_options,
    split_hints,
    well_formed_meta,
)
from interop.bridge import (
    Rename,
    copy_json,
    input_json_schema,
    json_safe_meta,
    output_json_schema,
    resolve_name,
    set_origin,
)
from interop.errors import SchemaConversionError

from ._apps import UI_KEY, check_ui
from ._tasks import task_support

__all__ = [
    "EXECUTION_KEY",
    "ICONS_KEY",
    "META_KEY",
    "WRAP_MARKER",
    "meta_from_mcp",
    "to_mcp",
    "unwrap_output_schema",
]

META_KEY = "io.github.interop/meta"
"""The `_meta` key under which the neutral `meta` (minus the annotation hints) travels."""

ICONS_KEY = "icons"
"""Meta key served as the descriptor's `icons` (list of `{"src", "mimeType", "sizes", "theme"}`)."""

EXECUTION_KEY = "mcp_execution"
"""Meta key served as the descriptor's `execution` (`{"taskSupport": "forbidden" | "optional" |
"required"}`); a consumed tool's `execution` lands here, so it survives being served again."""

WRAP_MARKER = "x-interop-wrap-result"
"""Marks an output schema this package wrapped as `{"result": ...}` (consumers unwrap it)."""

_FASTMCP_WRAP_MARKER = "x-fastmcp-wrap-result"

_TOP_LEVEL = (UI_KEY,)
"""Meta keys that are `_meta` keys of their own in MCP (MCP Apps' `ui`), not under `META_KEY`."""

_DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema"


def _with_declared_dialect(tool: StandardToolV0[Any, Any, Any], schema: dict[str, Any]) -> dict[str, Any]:
    """`schema` with the `$schema` its raw JSON Schema declared (conformance `json-schema-2020-12`).

    A schema converted to 2020-12 on the way in (draft-07 `definitions`, ...) declares 2020-12.
    """
    raw = getattr(tool.input_schema, "schema", None)
    declared = raw.get("$schema") if isinstance(raw, Mapping) else None
    if not isinstance(declared, str) or "$schema" in schema:
        return schema
    assert isinstance(raw, Mapping)
    unchanged = {k: v for k, v in raw.items() if k != "$schema"} == schema
    return {"$schema": declared if unchanged else _DRAFT_2020_12, **schema}


def object_input_schema(tool: StandardToolV0[Any, Any, Any]) -> dict[str, Any]:
    """The tool's 2020-12 input schema with the object root MCP requires (and its `$schema`)."""
    schema = _with_declared_dialect(tool, input_json_schema(tool))
    kind = schema.get("type")
    if kind == "object":
        return schema
    if kind is None and not {"enum", "const", "items", "prefixItems"} & schema.keys():
        return {"type": "object", **schema}
    raise SchemaConversionError(
        f"tool {tool.name!r}: MCP needs an object input schema (root type 'object'), got type {kind!r}; "
        f"give the tool a model or TypedDict input"
    )


def is_object_schema(schema: Mapping[str, Any]) -> bool:
    """Whether `schema` has the object root the older protocol versions require."""
    return schema.get("type") == "object"


def admits_null(schema: Mapping[str, Any]) -> bool:
    """Whether `schema` may accept null (read off `type`, `const`, `enum` and the branches of
    `anyOf`/`oneOf`; a schema that constrains none of them accepts anything, null included)."""
    if any(k in schema for k in ("anyOf", "oneOf")):
        return any(
            isinstance(b, Mapping) and admits_null(b) for k in ("anyOf", "oneOf") for b in schema.get(k, ())
        )
    if "const" in schema:
        return schema["const"] is None
    if "enum" in schema:
        return None in schema["enum"]
    kind = schema.get("type")
    if kind is None:
        return "$ref" not in schema and "allOf" not in schema and "not" not in schema
    return kind == "null" or (isinstance(kind, list) and "null" in kind)


def wrap_output_schema(schema: Mapping[str, Any]) -> dict[str, Any]:
    """`{"result": <schema>}` as an object schema; `$defs` move to the root so refs still resolve."""
    inner = dict(schema)
    defs = inner.pop("$defs", None)
    inner.pop("$schema", None)
    wrapped: dict[str, Any] = {
        "type": "object",
        "properties": {"result": inner},
        "required": ["result"],
        WRAP_MARKER: True,
    }
    if defs is not None:
        wrapped["$defs"] = defs
    return wrapped


def unwrap_output_schema(schema: Mapping[str, Any], tool_name: str = "") -> tuple[dict[str, Any], bool]:
    """The inner schema of a wrapped output schema, and whether it was wrapped.

    Recognized: ours and FastMCP's (marked), and the SDK `MCPServer`'s (a `<tool>Output` object
    whose only property is `result`).
    """
    props = schema.get("properties")
    if not isinstance(props, Mapping) or "result" not in props:
        return dict(schema), False
    wrapped = bool(schema.get(WRAP_MARKER) or schema.get(_FASTMCP_WRAP_MARKER)) or (
        schema.get("title") == f"{tool_name}Output" and set(props) == {"result"}
    )
    if not wrapped:
        return dict(schema), False
    inner = dict(copy_json(props["result"]))
    if "$defs" in schema:
        inner["$defs"] = copy_json(schema["$defs"])
    return inner, True


def split_meta(meta: Mapping[str, Any]) -> tuple[dict[str, bool], dict[str, Any]]:
    """`meta` as (annotation hints that are set, `_meta` payload); descriptor fields left out."""
    hints, rest = split_hints(meta)
    safe = json_safe_meta({k: v for k, v in rest.items() if k not in (ICONS_KEY, EXECUTION_KEY)})
    payload: dict[str, Any] = {k: v for k, v in safe.items() if "/" in k or k in _TOP_LEVEL}
    rest = {k: v for k, v in safe.items() if "/" not in k and k not in _TOP_LEVEL}
    if rest:
        payload[META_KEY] = rest
    return hints, payload


def to_mcp(
    tool: StandardToolV0[Any, Any, Any],
    *,
    rename: Rename = None,
    wrap_output: bool = True,
) -> mt.Tool:
    """The MCP descriptor (`mcp.types.Tool`) of a neutral tool.

    `rename` gives another name (a string, a mapping old -> new, or a function); the name must
    follow the MCP rule (1-128 characters from `A-Za-z0-9_.-`). `wrap_output=True` (the default,
    valid for every protocol version) wraps a non-object output schema as `{"result": ...}`;
    `False` sends it as is (2026-07-28 only). The descriptor remembers `tool` (origin stash).
    """
    name = resolve_name(tool.name, "mcp", rename)
    check_ui(tool.meta, name)
    out = output_json_schema(tool)
    if out is not None and wrap_output and not is_object_schema(out):
        out = wrap_output_schema(out)
    hints, payload = split_meta(tool.meta)
    annotations = None
    if hints or tool.title:
        annotations = mt.ToolAnnotations(title=tool.title, **hints)
    descriptor = mt.Tool(
        name=name,
        title=tool.title,
        description=tool.description,
        icons=_icons(tool),
        input_schema=object_input_schema(tool),
        output_schema=out,
        annotations=annotations,
        execution=_execution(tool),
        _meta=payload or None,
    )
    set_origin(descriptor, tool)
    return descriptor


def _icons(tool: StandardToolV0[Any, Any, Any]) -> list[mt.Icon] | None:
    """`meta["icons"]` (a list of `{"src", "mimeType", "sizes", "theme"}`) as MCP icons."""
    icons = tool.meta.get(ICONS_KEY)
    if icons is None:
        return None
    if not isinstance(icons, list):
        raise TypeError(f"tool {tool.name!r}: meta icons must be a list of icon mappings")
    return [icon if isinstance(icon, mt.Icon) else mt.Icon.model_validate(icon) for icon in icons]


def _execution(tool: StandardToolV0[Any, Any, Any]) -> mt.ToolExecution | None:
    """`meta["mcp_execution"]` (e.g. `{"taskSupport": "optional"}`) as the descriptor's `execution`."""
    execution = tool.meta.get(EXECUTION_KEY)
    if execution is None:
        task = task_support(tool.meta, tool.name)  # meta["task"]: served as an MCP task
        return mt.ToolExecution(task_support=task) if task is not None else None
    return (
        execution if isinstance(execution, mt.ToolExecution) else mt.ToolExecution.model_validate(execution)
    )


def _wire(model: Any) -> Any:
    return model.model_dump(by_alias=True, exclude_none=True, mode="json")


def meta_from_mcp(descriptor: mt.Tool) -> dict[str, Any]:
    """Neutral `meta` from an MCP descriptor: `_meta` keys, annotation hints, icons, `execution`,
    then `META_KEY`."""
    raw: Mapping[str, Any] = descriptor.meta or {}
    meta: dict[str, Any] = {k: v for k, v in raw.items() if k != META_KEY}
    if descriptor.icons:
        meta[ICONS_KEY] = [_wire(icon) for icon in descriptor.icons]
    if descriptor.execution is not None and _wire(descriptor.execution):
        meta[EXECUTION_KEY] = _wire(descriptor.execution)
    if descriptor.annotations is not None:
        meta.update(hints_meta(descriptor.annotations.model_dump(by_alias=True, exclude_none=True)))
    ours = raw.get(META_KEY)
    if isinstance(ours, Mapping):
        meta.update(ours)
    if "tags" not in meta:  # a FastMCP server's tags (`fastmcp`; `_fastmcp` before FastMCP 3)
        vendor = raw.get("fastmcp", raw.get("_fastmcp"))
        if isinstance(vendor, Mapping) and isinstance(vendor.get("tags"), list):
            meta["tags"] = list(vendor["tags"])
    meta = well_formed_meta(meta)  # a foreign `_meta` entry that breaks the vocabulary is dropped
    if "provider_options" in meta:  # a remote server tunes our provider descriptors, never defines them
        options = remote_provider_options(meta.pop("provider_options"))
        if options:
            meta["provider_options"] = options
    if "input_examples" in meta:  # examples the input schema refuses would fail the tool's construction
        try:
            check_input_examples(meta, as_schema(descriptor.input_schema), tool_name=descriptor.name)
        except ValueError:
            del meta["input_examples"]
    return meta

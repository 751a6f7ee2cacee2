"""Markdown reference for a set of tools (what `interop docs MODULE` prints)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from ._protocols import StandardToolV0
from ._tool import input_json_schema, output_json_schema

__all__ = ["tools_markdown"]

_FLAG_LABELS = {
    "read_only": "read-only",
    "destructive": "destructive",
    "idempotent": "idempotent",
    "open_world": "open world",
    "requires_approval": "**requires approval**",
    "strict": "strict schema",
    "return_direct": "returns directly",
}


def _resolve(schema: Mapping[str, Any], root: Mapping[str, Any]) -> Mapping[str, Any]:
    ref = schema.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        return root.get("$defs", {}).get(ref.split("/")[-1], {})  # type: ignore[no-any-return]
    return schema


def type_label(schema: Mapping[str, Any], root: Mapping[str, Any]) -> str:
    """A short human type for a property schema: `string`, `array of LineItem`, `"C" \\| "F"`."""
    ref = schema.get("$ref")
    if isinstance(ref, str):
        return ref.split("/")[-1]
    if "enum" in schema:
        return " \\| ".join(json.dumps(v) for v in schema["enum"])
    if "const" in schema:
        return json.dumps(schema["const"])
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return " \\| ".join(type_label(s, root) for s in schema[key])
    t = schema.get("type")
    if t == "array":
        items = schema.get("items")
        return f"array of {type_label(items, root)}" if isinstance(items, Mapping) else "array"
    if t == "object" and isinstance(schema.get("additionalProperties"), Mapping):
        return f"object of {type_label(schema['additionalProperties'], root)}"
    if isinstance(t, list):
        return " \\| ".join(map(str, t))
    label = str(t) if t else "any"
    if schema.get("format"):
        label += f" ({schema['format']})"
    return label


def _cell(text: Any) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _arguments(schema: Mapping[str, Any], label: str = "Argument") -> list[str]:
    props: Mapping[str, Any] = schema.get("properties") or {}
    if not props:
        return ["No arguments."]
    required = set(schema.get("required") or [])
    rows = [f"| {label} | Type | Required | Default | Description |", "|---|---|---|---|---|"]
    for name, prop in props.items():
        default = f"`{json.dumps(prop['default'])}`" if "default" in prop else ""
        rows.append(
            f"| `{name}` | {type_label(prop, schema)} | {'yes' if name in required else 'no'} | {default} | "
            f"{_cell(prop.get('description', ''))} |"
        )
    defs: Mapping[str, Any] = schema.get("$defs") or {}
    for def_name, body in defs.items():
        sub_props: Mapping[str, Any] = body.get("properties") or {}
        if not sub_props:
            continue
        sub_required = set(body.get("required") or [])
        rows += [
            "",
            f"`{def_name}`:",
            "",
            "| Field | Type | Required | Default | Description |",
            "|---|---|---|---|---|",
        ]
        for name, prop in sub_props.items():
            default = f"`{json.dumps(prop['default'])}`" if "default" in prop else ""
            rows.append(
                f"| `{name}` | {type_label(prop, schema)} | {'yes' if name in sub_required else 'no'} | {default} | "
                f"{_cell(prop.get('description', ''))} |"
            )
    return rows


def _flags(meta: Mapping[str, Any]) -> str:
    flags = []
    for key, label in _FLAG_LABELS.items():
        if meta.get(key) is True:
            flags.append(label)
    tags = meta.get("tags") or []
    if tags:
        flags.append("tags: " + ", ".join(f"`{t}`" for t in tags))
    return "; ".join(flags)


def tools_markdown(tools: Iterable[StandardToolV0[Any, Any, Any]], *, heading: str = "Tools") -> str:
    """A Markdown reference: per tool its title, description, arguments table, output and flags."""
    out = [f"# {heading}", ""]
    for tool in tools:
        title = tool.title or tool.name
        out += [
            f"## {title}",
            "",
            f"`{tool.name}`" + (f": {_flags(tool.meta)}" if _flags(tool.meta) else ""),
            "",
        ]
        if tool.description:
            out += [tool.description, ""]
        out += ["**Arguments**", "", *_arguments(input_json_schema(tool)), ""]
        output = output_json_schema(tool)
        if output is not None:
            label = output.get("title") if output.get("type") == "object" and output.get("title") else None
            out += [f"**Returns**: {label or type_label(output, output)}", ""]
            if output.get("description"):
                out += [str(output["description"]), ""]
            if output.get("properties"):
                out += [*_arguments(output, "Field"), ""]
    return "\n".join(out).rstrip() + "\n"

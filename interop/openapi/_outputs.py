"""An operation's success responses as the tool's output JSON Schema.

The success responses are the 2xx ones (`200`..`299`, `2XX`), else a lone `default`. When each
has a JSON body schema or no body at all, the output schema is that schema (a union of them
when they differ; `null` joins for a bodiless one, since an empty body gives `None`). Any other
success body (an image, a file, text) means no output schema: the result is a content value.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ._inputs import is_json_media
from ._operations import Operation
from ._schemas import SchemaTranslator

__all__ = ["output_schema", "success_media_types"]


def _success(op: Operation) -> list[Mapping[str, Any]]:
    codes = [
        c for c in op.responses if c.upper() == "2XX" or (len(c) == 3 and c.startswith("2") and c.isdigit())
    ]
    if codes:
        return [op.responses[c] for c in sorted(codes)]
    if set(op.responses) == {"default"}:
        return [op.responses["default"]]
    return []


def success_media_types(op: Operation) -> list[str]:
    """The media types the success responses declare, in order, without repeats."""
    out: list[str] = []
    for r in _success(op):
        for media in r.get("content") or {}:
            if media not in out:
                out.append(str(media))
    return out


def output_schema(op: Operation, tr: SchemaTranslator) -> dict[str, Any] | None:
    """The output JSON Schema of `op`, or None (see the module docstring)."""
    if op.method == "HEAD":
        return None
    refs: set[str] = set()
    variants: list[Any] = []
    nullable = False
    for response in _success(op):
        content = response.get("content") or {}
        if not content:
            nullable = True
            continue
        json_media = [m for m in content if is_json_media(str(m))]
        if len(json_media) != len(content):
            return None
        for media in json_media:
            obj = content[media]
            if not isinstance(obj, Mapping) or "schema" not in obj:
                return None
            schema = tr.translate(obj["schema"], "output", refs)
            if schema not in variants:
                variants.append(schema)
    if not variants:
        return None
    if nullable:
        variants.append({"type": "null"})
    root: Any = variants[0] if len(variants) == 1 else {"anyOf": variants}
    if isinstance(root, bool):
        return None if root else {"not": {}}
    return tr.bundle(dict(root), refs, "output")

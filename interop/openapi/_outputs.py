"""An operation's success responses as the tool's output JSON Schema.

The success responses are the 2xx ones (`200`..`299`, `2XX`), else a lone `default`. When each
offers a JSON body (JSON is asked for first: `Accept` names only the JSON media types when there
are some) or no body at all, the output schema is that JSON schema (a union when they differ;
`null` joins for a bodiless one, since an empty body gives `None`). A success response with no
JSON media type (an image, a file, text) means no output schema: the result is a content value.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ._inputs import is_json_media
from ._operations import Operation
from ._schemas import SchemaTranslator

__all__ = ["accept_types", "output_schema"]


def _success(op: Operation) -> list[Mapping[str, Any]]:
    codes = [
        c for c in op.responses if c.upper() == "2XX" or (len(c) == 3 and c.startswith("2") and c.isdigit())
    ]
    if codes:
        return [op.responses[c] for c in sorted(codes)]
    if set(op.responses) == {"default"}:
        return [op.responses["default"]]
    return []


def accept_types(op: Operation) -> list[str]:
    """What to ask for: the JSON media types the success responses declare if there are some,
    else every media type they declare (in order, without repeats)."""
    out: list[str] = []
    for r in _success(op):
        for media in r.get("content") or {}:
            if str(media) not in out:
                out.append(str(media))
    json_only = [m for m in out if is_json_media(m)]
    return json_only or out


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
        if not json_media:
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

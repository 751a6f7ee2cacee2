"""The operations of a document, named and filtered."""

from __future__ import annotations

import fnmatch
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypedDict

from typing_extensions import Unpack

from ._document import Document
from ._errors import OpenAPIError
from ._names import tool_names

__all__ = ["METHODS", "Operation", "OperationFilters", "operations", "select"]

METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


@dataclass(frozen=True, kw_only=True)
class Operation:
    """One operation of an OpenAPI document: what an `include=` filter is given."""

    name: str
    """The tool name derived for it (before any `rename=`)."""
    method: str
    """Upper case: `"GET"`, `"POST"`, ..."""
    path: str
    """The path template, e.g. `"/pets/{petId}"`."""
    operation_id: str | None
    tags: tuple[str, ...]
    summary: str | None
    description: str | None
    deprecated: bool
    parameters: tuple[Mapping[str, Any], ...] = field(repr=False)
    """Path-item and operation parameters merged (the operation's win), references resolved."""
    request_body: Mapping[str, Any] | None = field(repr=False)
    responses: Mapping[str, Mapping[str, Any]] = field(repr=False)
    servers: tuple[Mapping[str, Any], ...] = field(repr=False)
    extensions: Mapping[str, Any] = field(repr=False)
    """The `x-` keys of the path item and the operation (the operation's win)."""


def _text(value: Any) -> str | None:
    return value.strip() or None if isinstance(value, str) else None


def _parameters(doc: Document, item: Mapping[str, Any], op: Mapping[str, Any], where: str) -> list[Any]:
    merged: dict[tuple[str, str], Mapping[str, Any]] = {}
    for raw in [*item.get("parameters", ()), *op.get("parameters", ())]:
        param = doc.deref(raw)
        if not isinstance(param, Mapping) or not isinstance(param.get("name"), str) or "in" not in param:
            raise OpenAPIError(f"{where}: a parameter without 'name' and 'in': {raw!r}")
        merged[(param["name"], param["in"])] = param
    return list(merged.values())


def operations(doc: Document) -> list[Operation]:
    """Every operation of the document, in document order, with its tool name."""
    found: list[tuple[str, str, Mapping[str, Any], Mapping[str, Any]]] = []
    for path, raw_item in (doc.data.get("paths") or {}).items():
        item = doc.deref(raw_item)
        if not isinstance(item, Mapping):
            continue
        for method in METHODS:
            op = item.get(method)
            if isinstance(op, Mapping):
                found.append((method, str(path), item, op))
    names = tool_names([(m, p, op.get("operationId")) for m, p, _, op in found])
    result: list[Operation] = []
    for (method, path, item, op), name in zip(found, names, strict=True):
        where = f"{method.upper()} {path}"
        responses = {str(code): doc.deref(r) for code, r in (op.get("responses") or {}).items()}
        body = doc.deref(op["requestBody"]) if "requestBody" in op else None
        extensions = {k: v for k, v in item.items() if k.startswith("x-")}
        extensions.update({k: v for k, v in op.items() if k.startswith("x-")})
        servers = op.get("servers") or item.get("servers") or doc.data.get("servers") or ()
        op_id = op.get("operationId")
        result.append(
            Operation(
                name=name,
                method=method.upper(),
                path=path,
                operation_id=op_id if isinstance(op_id, str) else None,
                tags=tuple(t for t in op.get("tags", ()) if isinstance(t, str)),
                summary=_text(op.get("summary")) or _text(item.get("summary")),
                description=_text(op.get("description")) or _text(item.get("description")),
                deprecated=op.get("deprecated") is True,
                parameters=tuple(_parameters(doc, item, op, where)),
                request_body=body if isinstance(body, Mapping) else None,
                responses={c: r for c, r in responses.items() if isinstance(r, Mapping)},
                servers=tuple(s for s in servers if isinstance(s, Mapping)),
                extensions=extensions,
            )
        )
    return result


class OperationFilters(TypedDict, total=False):
    """Which operations of a document become tools (`from_openapi`, `from_asgi`): the filters
    combine with AND, the values within one filter with OR; with none, every operation does."""

    operation_ids: Iterable[str] | None
    """These operationIds (one the document does not have is an error)."""
    tags: Iterable[str] | None
    """Operations with at least one of these tags."""
    methods: Iterable[str] | None
    """These HTTP methods, in any case (`["get", "head"]`)."""
    paths: str | Iterable[str] | None
    """Paths matching one of these glob patterns (`"/pets/*"`)."""
    include: Callable[[Operation], bool] | None
    """Operations this predicate keeps."""
    include_deprecated: bool
    """`False` leaves out the operations the document marks deprecated (default `True`)."""


def select(ops: list[Operation], **filters: Unpack[OperationFilters]) -> list[Operation]:
    """The operations every given filter keeps."""
    operation_ids, tags, methods = filters.get("operation_ids"), filters.get("tags"), filters.get("methods")
    paths, include = filters.get("paths"), filters.get("include")
    include_deprecated = filters.get("include_deprecated", True)
    ids = set(operation_ids) if operation_ids is not None else None
    tag_set = set(tags) if tags is not None else None
    method_set = {m.upper() for m in methods} if methods is not None else None
    patterns = [paths] if isinstance(paths, str) else list(paths) if paths is not None else None
    if ids is not None:
        known = {op.operation_id for op in ops}
        missing = sorted(ids - known)
        if missing:
            raise OpenAPIError(f"no operation has the operationId {', '.join(map(repr, missing))}")
    kept: list[Operation] = []
    for op in ops:
        if ids is not None and op.operation_id not in ids:
            continue
        if tag_set is not None and not tag_set.intersection(op.tags):
            continue
        if method_set is not None and op.method not in method_set:
            continue
        if patterns is not None and not any(fnmatch.fnmatchcase(op.path, p) for p in patterns):
            continue
        if not include_deprecated and op.deprecated:
            continue
        if include is not None and not include(op):
            continue
        kept.append(op)
    return kept

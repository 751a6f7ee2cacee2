"""`meta` for an operation's tool: behaviour hints from the HTTP method, tags, the operation
itself and its `x-` extensions.

- `read_only`: True for `GET`, `HEAD` and `OPTIONS` (safe methods), False otherwise;
- `destructive`: True for `DELETE` (otherwise left to the MCP default);
- `idempotent`: True for `GET`, `HEAD`, `OPTIONS`, `PUT` and `DELETE`, False for `POST`/`PATCH`;
- `requires_approval`: True where `from_openapi(requires_approval=...)` asks for it;
- `tags`: the operation's tags;
- `openapi`: `{"method", "path", "operation_id", "deprecated"?, "x-...": ...}` (one namespaced
  key, JSON-safe, carried to every target's metadata slot).
"""

from __future__ import annotations

from typing import Any, Literal

from ._operations import Operation

__all__ = ["ApprovalPolicy", "SAFE_METHODS", "operation_meta"]

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})
_IDEMPOTENT = frozenset({"GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE"})

ApprovalPolicy = bool | Literal["unsafe"]
"""`True`: every tool requires approval; `"unsafe"`: tools of methods other than GET, HEAD,
OPTIONS and TRACE; `False`: none."""


def operation_meta(op: Operation, requires_approval: ApprovalPolicy) -> dict[str, Any]:
    """The `meta` mapping of the tool for `op`."""
    meta: dict[str, Any] = {
        "read_only": op.method in SAFE_METHODS,
        "idempotent": op.method in _IDEMPOTENT,
    }
    if op.method == "DELETE":
        meta["destructive"] = True
    if requires_approval is True or (requires_approval == "unsafe" and op.method not in SAFE_METHODS):
        meta["requires_approval"] = True
    if op.tags:
        meta["tags"] = list(op.tags)
    info: dict[str, Any] = {"method": op.method, "path": op.path, "operation_id": op.operation_id}
    if op.deprecated:
        info["deprecated"] = True
    info.update(op.extensions)
    meta["openapi"] = info
    return meta

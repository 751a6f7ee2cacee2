"""Validated arguments -> the parts of an HTTP request, by each parameter's location and style.

Serialization follows the OpenAPI "style" rules: path `simple` (default), `label` and `matrix`;
query `form` (default; arrays repeat the key unless `explode: false`, then `a,b`),
`spaceDelimited`, `pipeDelimited` and `deepObject` (`filter[status]=open`); headers `simple`;
cookies `form`. Path values are percent-encoded (a `/` in an id cannot change the route; a
parameter marked `x-multi-segment: true` keeps its `/`, as GitHub's file paths need), and a value
that would make a `.` or `..` path segment is refused (HTTP clients and servers remove dot
segments: `DELETE /projects/{p}/files/{file}` with `file=".."` would delete the project).
Cookie names and values are percent-encoded outside RFC 6265's cookie octets, so a value such as
`en; session=...` cannot add a cookie of its own.
Booleans are `true`/`false`, numbers their JSON text, and a `null` argument is not sent.
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Mapping
from typing import Any
from urllib.parse import quote, unquote, urlencode

from interop import ToolError

from ._inputs import Body, InputPlan, Param

__all__ = ["RequestParts", "build_request"]


def _text(value: Any) -> str:
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _pairs(value: Mapping[str, Any]) -> list[tuple[str, str]]:
    return [(str(k), _text(v)) for k, v in value.items() if v is not None]


def _path_value(p: Param, value: Any) -> str:
    safe = "/" if p.multi_segment else ""

    def q(s: str) -> str:
        return quote(s, safe=safe)

    if p.json_content:
        return q(json.dumps(value, separators=(",", ":"), ensure_ascii=False))
    if isinstance(value, list):
        items = [q(_text(v)) for v in value]
        if p.style == "label":
            return "." + ("." if p.explode else ",").join(items)
        if p.style == "matrix":
            if p.explode:
                return "".join(f";{p.name}={v}" for v in items)
            return f";{p.name}=" + ",".join(items)
        return ",".join(items)
    if isinstance(value, Mapping):
        pairs = [(q(k), q(v)) for k, v in _pairs(value)]
        if p.explode:
            sep = {"label": ".", "matrix": ";"}.get(p.style, ",")
            joined = sep.join(f"{k}={v}" for k, v in pairs)
            return {"label": ".", "matrix": ";"}.get(p.style, "") + joined
        flat = ",".join(f"{k},{v}" for k, v in pairs)
        return {"label": "." + flat, "matrix": f";{p.name}={flat}"}.get(p.style, flat)
    text = q(_text(value))
    return {"label": "." + text, "matrix": f";{p.name}={text}"}.get(p.style, text)


def _deep(name: str, value: Any, out: list[tuple[str, str]]) -> None:
    if isinstance(value, Mapping):
        for k, v in value.items():
            _deep(f"{name}[{k}]", v, out)
    elif isinstance(value, list):
        for v in value:
            _deep(name, v, out)
    elif value is not None:
        out.append((name, _text(value)))


def _query_pairs(p: Param, value: Any) -> list[tuple[str, str]]:
    if p.json_content:
        return [(p.name, json.dumps(value, separators=(",", ":"), ensure_ascii=False))]
    if p.style == "deepObject":
        out: list[tuple[str, str]] = []
        _deep(p.name, value, out)
        return out
    joiner = {"spaceDelimited": " ", "pipeDelimited": "|"}.get(p.style, ",")
    if isinstance(value, list):
        items = [_text(v) for v in value if v is not None]
        return [(p.name, v) for v in items] if p.explode else [(p.name, joiner.join(items))]
    if isinstance(value, Mapping):
        pairs = _pairs(value)
        if p.explode:
            return pairs
        return [(p.name, joiner.join(f"{k}{joiner}{v}" for k, v in pairs))]
    return [(p.name, _text(value))]


def _header_value(p: Param, value: Any) -> str:
    if p.json_content:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    if isinstance(value, list):
        return ",".join(_text(v) for v in value)
    if isinstance(value, Mapping):
        pairs = _pairs(value)
        return ",".join(f"{k}={v}" if p.explode else f"{k},{v}" for k, v in pairs)
    return _text(value)


_COOKIE_SAFE = "!#$&'()*+-./:<=>?@[]^_`{|}~"
"""The RFC 6265 cookie-octets besides letters and digits (which `quote` always keeps)."""


def _cookie(text: str, *, name: bool = False) -> str:
    """A cookie name or value with everything outside the cookie octets percent-encoded (`;`,
    spaces, quotes, backslashes, `%`, controls, non-ASCII; `=` and `,` too in a name): one cookie
    stays one cookie. A value keeps `,`, the separator of OpenAPI's `form` style (`a,b,c`)."""
    return quote(text, safe=_COOKIE_SAFE.replace("=", "") if name else _COOKIE_SAFE + ",")


def _dot_segments(path: str) -> bool:
    return any(unquote(segment) in (".", "..") for segment in path.split("/"))


def _decode_base64(arg: str, value: Any) -> bytes:
    try:
        return base64.b64decode(str(value), validate=True)
    except (binascii.Error, ValueError):
        raise ToolError(f"argument {arg!r} must be base64-encoded bytes") from None


class RequestParts:
    """Everything `httpx.AsyncClient.build_request` needs besides the method and the base URL."""

    __slots__ = ("content", "files", "headers", "json", "params", "path")

    def __init__(self) -> None:
        self.path = ""
        self.params: list[tuple[str, str]] = []
        self.headers: dict[str, str] = {}
        self.json: Any = None
        self.content: bytes | None = None
        self.files: list[tuple[str, tuple[str | None, bytes | str, str | None]]] | None = None


def _body(body: Body, args: Mapping[str, Any], parts: RequestParts) -> None:
    if body.fields is not None:
        value: Any = {prop: args[arg] for arg, prop in body.fields if arg in args}
        if not value and not body.required:
            return
    elif body.arg is not None and body.arg in args and args[body.arg] is not None:
        value = args[body.arg]
    else:
        return
    media = body.media_type if "*" not in body.media_type else "application/octet-stream"
    if body.kind == "json":
        parts.json = value
        parts.headers["Content-Type"] = media if "*" not in body.media_type else "application/json"
    elif body.kind == "form":
        pairs: list[tuple[str, str]] = []
        for k, v in value.items() if isinstance(value, Mapping) else ():
            for item in v if isinstance(v, list) else [v]:
                if item is not None:
                    pairs.append((k, _text(item) if not isinstance(item, (dict, list)) else json.dumps(item)))
        parts.content = urlencode(pairs).encode("ascii")
        parts.headers["Content-Type"] = "application/x-www-form-urlencoded"
    elif body.kind == "multipart":
        files: list[tuple[str, tuple[str | None, bytes | str, str | None]]] = []
        for k, v in value.items() if isinstance(value, Mapping) else ():
            for item in v if isinstance(v, list) else [v]:
                if item is None:
                    continue
                if k in body.files:
                    files.append((k, (k, _decode_base64(k, item), "application/octet-stream")))
                else:
                    text = _text(item) if not isinstance(item, (dict, list)) else json.dumps(item)
                    files.append((k, (None, text, None)))
        parts.files = files
    elif body.kind == "text":
        parts.content = _text(value).encode("utf-8")
        parts.headers["Content-Type"] = media
    else:
        parts.content = _decode_base64(body.arg or "body", value)
        parts.headers["Content-Type"] = media


def build_request(plan: InputPlan, path_template: str, args: Mapping[str, Any]) -> RequestParts:
    """The request parts for validated `args` (argument name -> value)."""
    parts = RequestParts()
    path = path_template
    cookies: list[str] = []
    for p in plan.params:
        if p.arg not in args or args[p.arg] is None:
            continue
        value = args[p.arg]
        if p.location == "path":
            text = _path_value(p, value)
            if _dot_segments(text):
                raise ToolError(
                    f"argument {p.arg!r} cannot be {_text(value)!r}: a '.' or '..' path segment would "
                    f"change which resource the request reaches"
                )
            path = path.replace("{" + p.name + "}", text)
        elif p.location == "query":
            parts.params.extend(_query_pairs(p, value))
        elif p.location == "header":
            parts.headers[p.name] = _header_value(p, value)
        elif p.explode and isinstance(value, Mapping):
            cookies.extend(f"{_cookie(k, name=True)}={_cookie(v)}" for k, v in _pairs(value))
        elif p.explode and isinstance(value, list):
            cookies.extend(
                f"{_cookie(p.name, name=True)}={_cookie(_text(v))}" for v in value if v is not None
            )
        else:
            cookies.append(f"{_cookie(p.name, name=True)}={_cookie(_header_value(p, value))}")
    if cookies:
        parts.headers["Cookie"] = "; ".join(cookies)
    if _dot_segments(path):  # a dot segment made of several values (`{a}{b}` = "." + ".")
        raise ToolError(
            "the path arguments would make a '.' or '..' path segment, which changes the resource"
        )
    parts.path = path
    if plan.body is not None:
        _body(plan.body, args, parts)
    return parts

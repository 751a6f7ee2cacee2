"""Reference documentation for a set of tools (what `interop docs MODULE` prints).

Three formats from one reading of the tools:

- `tools_markdown`: per tool its title, flags, description, an arguments table (type, required,
  default, constraints, description) and what it returns; every model the tools reference
  (pydantic models, enums, TypedDicts: the schema's `$defs`) is documented once, under "Models",
  and linked from each place it is used.
- `tools_html`: the same as one self-contained HTML page (inline CSS, no scripts, no fetches).
- `tools_catalog`: the tool catalog as JSON-ready data: name, title, description, input and
  output JSON Schemas, meta.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ._jsonschema import RefError, resolve_ref
from ._meta import json_safe_meta
from ._protocols import StandardToolV0
from ._tool import input_json_schema, output_json_schema

__all__ = ["deref", "tools_catalog", "tools_html", "tools_markdown"]

_FLAG_LABELS = {
    "read_only": "read-only",
    "destructive": "destructive",
    "idempotent": "idempotent",
    "open_world": "open world",
    "requires_approval": "requires approval",
    "strict": "strict schema",
    "return_direct": "returns directly",
}

Tool = StandardToolV0[Any, Any, Any]


# ----------------------------------------------------------------------------- local references


def deref(node: Mapping[str, Any], root: Mapping[str, Any]) -> Mapping[str, Any]:
    """`node` with a local `$ref` (`#/$defs/X`, any `#/...` pointer, an `$anchor`) followed, by the
    core's resolver; sibling keywords of the `$ref` (a field's own description or default) win over
    the target's, as a reader expects. Unresolvable refs and ref cycles give `node` unchanged."""
    seen: set[str] = set()
    out: Mapping[str, Any] = node
    while isinstance(out.get("$ref"), str) and out["$ref"] not in seen:
        ref = out["$ref"]
        seen.add(ref)
        try:
            target = resolve_ref(root, ref)[1]
        except RefError:
            return out
        if not isinstance(target, Mapping):
            return out
        siblings = {k: v for k, v in out.items() if k != "$ref"}
        out = {**target, **siblings}
    return out


def _ref_name(ref: str) -> str:
    return ref.rstrip("/").split("/")[-1].replace("~1", "/").replace("~0", "~")


# ----------------------------------------------------------------------------- the document model


@dataclass(frozen=True)
class _Link:
    text: str
    anchor: str


_Label = tuple["str | _Link", ...]
"""A type label: text and links to models, e.g. ("array of ", Link("LineItem", "model-lineitem"))."""


@dataclass
class _Row:
    name: str
    type: _Label
    required: bool
    default: str
    constraints: list[str]
    description: str


@dataclass
class _Model:
    name: str
    anchor: str
    description: str
    rows: list[_Row] | None  # None: not an object (an enum, a constrained scalar, ...)
    type: _Label
    constraints: list[str]


@dataclass
class _Returns:
    type: _Label
    description: str
    rows: list[_Row] | None  # an object without a name of its own: its fields, inline


@dataclass
class _ToolDoc:
    name: str
    title: str
    anchor: str
    flags: list[str]
    description: str
    arguments: list[_Row]
    returns: _Returns | None


@dataclass
class _Doc:
    heading: str
    tools: list[_ToolDoc] = field(default_factory=list)
    models: list[_Model] = field(default_factory=list)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "x"


def _num(value: Any) -> str:
    """A bound as written in the code: `0`, not the `0.0` some pydantic versions emit for a float field."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return json.dumps(value)


def _constraints(node: Mapping[str, Any]) -> list[str]:
    """Human text for the validation keywords of one schema node."""
    out: list[str] = []
    lo, hi = node.get("minimum"), node.get("maximum")
    xlo, xhi = node.get("exclusiveMinimum"), node.get("exclusiveMaximum")
    if lo is not None and hi is not None:
        out.append(f"{_num(lo)} to {_num(hi)}")
    else:
        lower = f"≥ {_num(lo)}" if lo is not None else f"> {_num(xlo)}" if xlo is not None else None
        upper = f"≤ {_num(hi)}" if hi is not None else f"< {_num(xhi)}" if xhi is not None else None
        out += [", ".join(b for b in (lower, upper) if b)] if lower or upper else []
    if node.get("multipleOf") is not None:
        out.append(f"multiple of {_num(node['multipleOf'])}")
    for lo_key, hi_key, unit in (
        ("minLength", "maxLength", "character"),
        ("minItems", "maxItems", "item"),
        ("minProperties", "maxProperties", "property"),
    ):
        a, b = node.get(lo_key), node.get(hi_key)
        units = unit if (b if b is not None else a) == 1 else unit.replace("y", "ie") + "s"
        if a is not None and a == b:
            out.append(f"exactly {a} {units}")
        elif a is not None and b is not None:
            out.append(f"{a} to {b} {units}")
        elif a is not None:
            out.append(f"at least {a} {units}")
        elif b is not None:
            out.append(f"at most {b} {units}")
    if node.get("uniqueItems") is True:
        out.append("unique items")
    if isinstance(node.get("pattern"), str):
        out.append(f"pattern `{node['pattern']}`")
    if node.get("deprecated") is True:
        out.append("deprecated")
    return out


class _Reader:
    """Reads the tools' schemas into a `_Doc`, registering every referenced model once."""

    def __init__(self) -> None:
        self.models: list[_Model] = []
        self._by_key: dict[str, _Model] = {}  # name + canonical body -> model
        self._names: dict[str, int] = {}
        self._tool_anchors: set[str] = set()

    # models ---------------------------------------------------------------------------------
    def _model(self, name: str, body: Mapping[str, Any], root: Mapping[str, Any]) -> _Link:
        body = {k: v for k, v in body.items() if k not in ("$defs", "definitions")}
        key = name + "\0" + json.dumps(body, sort_keys=True, default=str)
        known = self._by_key.get(key)
        if known is not None:
            return _Link(known.name, known.anchor)
        count = self._names.get(name, 0) + 1
        self._names[name] = count
        shown = name if count == 1 else f"{name} ({count})"
        model = _Model(shown, f"model-{_slug(shown)}", str(body.get("description") or ""), None, (), [])
        self._by_key[key] = model
        self.models.append(model)  # registered before its fields are read: recursion ends here
        if body.get("properties") is not None or body.get("type") == "object":
            model.rows = self._rows(body, root)
        else:
            model.type = self.label({k: v for k, v in body.items() if k != "title"}, root)
            model.constraints = self._all_constraints(body)
        return _Link(model.name, model.anchor)

    # labels ---------------------------------------------------------------------------------
    def label(self, node: Any, root: Mapping[str, Any]) -> _Label:
        """A short human type: `string`, `array of LineItem` (linked), `"C" | "F"`."""
        if not isinstance(node, Mapping):
            return ("any",)
        ref = node.get("$ref")
        if isinstance(ref, str):
            target = deref({"$ref": ref}, root)
            if target.get("$ref") == ref:  # unresolvable
                return (_ref_name(ref),)
            return (self._model(str(target.get("title") or _ref_name(ref)), target, root),)
        if "enum" in node:
            return (" | ".join(json.dumps(v) for v in node["enum"]),)
        if "const" in node:
            return (json.dumps(node["const"]),)
        for key in ("anyOf", "oneOf"):
            if key in node:
                out: list[str | _Link] = []
                for i, branch in enumerate(node[key]):
                    if i:
                        out.append(" | ")
                    out += self.label(branch, root)
                return tuple(out)
        if "allOf" in node and len(node["allOf"]) == 1:
            return self.label(node["allOf"][0], root)
        t = node.get("type")
        if t == "array":
            items = node.get("items")
            if isinstance(items, Mapping) and items:
                inner = self.label(items, root)
                return ("array of ", *inner) if len(inner) == 1 else ("array of (", *inner, ")")
            return ("array",)
        if t == "object" or (t is None and "properties" in node):
            extra = node.get("additionalProperties")
            if node.get("title") and node.get("properties"):
                return (self._model(str(node["title"]), node, root),)
            if isinstance(extra, Mapping) and extra and not node.get("properties"):
                return ("object of ", *self.label(extra, root))
            return ("object",)
        if isinstance(t, list):
            return (" | ".join(map(str, t)),)
        text = str(t) if t else "any"
        if node.get("format"):
            text += f" ({node['format']})"
        return (text,)

    @staticmethod
    def _all_constraints(node: Mapping[str, Any]) -> list[str]:
        """Constraints of a node, of its one non-null branch (`X | None`), and of its items; a
        referenced model's own constraints are in its section, not repeated where it is used."""
        out = _constraints(node)
        branches = [b for b in node.get("anyOf") or node.get("oneOf") or [] if isinstance(b, Mapping)]
        real = [b for b in branches if b.get("type") != "null"]
        if len(real) == 1 and "$ref" not in real[0]:
            out += _constraints(real[0])
            node = real[0]
        items = node.get("items")
        if isinstance(items, Mapping) and "$ref" not in items:
            out += [f"each item {c}" for c in _constraints(items)]
        return out

    def _rows(self, schema: Mapping[str, Any], root: Mapping[str, Any]) -> list[_Row]:
        props: Mapping[str, Any] = schema.get("properties") or {}
        required = set(schema.get("required") or [])
        rows = []
        for name, prop in props.items():
            prop = prop if isinstance(prop, Mapping) else {}
            rows.append(
                _Row(
                    name=name,
                    type=self.label(prop, root),
                    required=name in required,
                    default=json.dumps(prop["default"], default=str) if "default" in prop else "",
                    constraints=self._all_constraints(prop),
                    description=str(prop.get("description") or ""),
                )
            )
        return rows

    # tools ----------------------------------------------------------------------------------
    def tool(self, tool: Tool) -> _ToolDoc:
        anchor = f"tool-{_slug(tool.name)}"
        while anchor in self._tool_anchors:
            anchor += "-"
        self._tool_anchors.add(anchor)
        schema = input_json_schema(tool)
        doc = _ToolDoc(
            name=tool.name,
            title=tool.title or tool.name,
            anchor=anchor,
            flags=_flags(tool.meta),
            description=tool.description or "",
            arguments=self._rows(deref(schema, schema), schema),
            returns=None,
        )
        output = output_json_schema(tool)
        if output is not None:
            described = str(output.get("description") or "")
            if output.get("title") and (output.get("properties") or output.get("type") != "object"):
                label: _Label = (self._model(str(output["title"]), output, output),)
                doc.returns = _Returns(label, "", None)
            elif output.get("type") == "object" and output.get("properties"):
                doc.returns = _Returns(("object",), described, self._rows(output, output))
            else:
                doc.returns = _Returns(self.label(output, output), described, None)
        return doc


def _flags(meta: Mapping[str, Any]) -> list[str]:
    flags = []
    for key, label in _FLAG_LABELS.items():
        value = meta.get(key)
        if value is True:
            flags.append(label)
        elif key == "requires_approval" and callable(value):
            flags.append("requires approval (conditional)")
    if isinstance(meta.get("group"), str):
        flags.append(f"group `{meta['group']}`")
    tags = meta.get("tags") or []
    if tags:
        flags.append("tags: " + ", ".join(f"`{t}`" for t in tags))
    return flags


def _read(tools: Iterable[Tool], heading: str) -> _Doc:
    reader = _Reader()
    doc = _Doc(heading, [reader.tool(t) for t in tools])
    doc.models = reader.models
    return doc


# ----------------------------------------------------------------------------- Markdown


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _md_label(label: _Label) -> str:
    return "".join(
        f"[{p.text}](#{p.anchor})" if isinstance(p, _Link) else _md_cell(p).replace("*", "\\*") for p in label
    )


def _md_rows(rows: Sequence[_Row], first: str) -> list[str]:
    if not rows:
        return ["No arguments." if first == "Argument" else "No fields."]
    out = [
        f"| {first} | Type | Required | Default | Constraints | Description |",
        "|---|---|---|---|---|---|",
    ]
    for r in rows:
        default = f"`{_md_cell(r.default)}`" if r.default else ""
        out.append(
            f"| `{r.name}` | {_md_label(r.type)} | {'yes' if r.required else 'no'} | {default} | "
            f"{_md_cell('; '.join(r.constraints))} | {_md_cell(r.description)} |"
        )
    return out


def tools_markdown(tools: Iterable[Tool], *, heading: str = "Tools") -> str:
    """A Markdown reference: an index, each tool, then each referenced model once (linked)."""
    doc = _read(tools, heading)
    out = [f"# {doc.heading}", ""]
    out += [f"- [{t.title}](#{t.anchor}) (`{t.name}`)" for t in doc.tools] + [""]
    for t in doc.tools:
        out += [f'<a id="{t.anchor}"></a>', "", f"## {t.title}", ""]
        out += [f"`{t.name}`" + (": " + "; ".join(t.flags) if t.flags else ""), ""]
        if t.description:
            out += [t.description, ""]
        out += ["**Arguments**", "", *_md_rows(t.arguments, "Argument"), ""]
        if t.returns is not None:
            out += [f"**Returns**: {_md_label(t.returns.type)}", ""]
            if t.returns.description:
                out += [t.returns.description, ""]
            if t.returns.rows:
                out += [*_md_rows(t.returns.rows, "Field"), ""]
    if doc.models:
        out += ["## Models", ""]
        for m in doc.models:
            out += [f'<a id="{m.anchor}"></a>', "", f"### {m.name}", ""]
            if m.description:
                out += [m.description, ""]
            if m.rows is not None:
                out += [*_md_rows(m.rows, "Field"), ""]
            else:
                out += [
                    f"Type: {_md_label(m.type)}"
                    + (f" ({'; '.join(m.constraints)})" if m.constraints else ""),
                    "",
                ]
    return "\n".join(out).rstrip() + "\n"


# ----------------------------------------------------------------------------- HTML

_CSS = """
body{font:15px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;max-width:72rem;margin:2rem auto;padding:0 1rem;color:#1f2328}
h1{border-bottom:1px solid #d0d7de;padding-bottom:.3rem}h2{margin-top:2.5rem;border-bottom:1px solid #d0d7de}
code{font:13px ui-monospace,SFMono-Regular,Menlo,monospace;background:#f6f8fa;padding:.1rem .3rem;border-radius:4px}
table{border-collapse:collapse;margin:.5rem 0 1rem;width:100%}th,td{border:1px solid #d0d7de;padding:.3rem .6rem;text-align:left;vertical-align:top}
th{background:#f6f8fa}.flags{color:#57606a}.flag-approval{color:#b35900;font-weight:600}a{color:#0969da}
"""


def _h(text: str) -> str:
    return html.escape(text, quote=True)


def _html_inline(text: str) -> str:
    """Escaped text with `code` spans (the only inline markup the document uses)."""
    parts = text.split("`")
    return "".join(f"<code>{_h(p)}</code>" if i % 2 else _h(p) for i, p in enumerate(parts))


def _html_label(label: _Label) -> str:
    return "".join(
        f'<a href="#{_h(p.anchor)}">{_h(p.text)}</a>' if isinstance(p, _Link) else _h(p) for p in label
    )


def _html_rows(rows: Sequence[_Row], first: str) -> list[str]:
    if not rows:
        return [f"<p>{'No arguments.' if first == 'Argument' else 'No fields.'}</p>"]
    out = [
        "<table>",
        f"<tr><th>{first}</th><th>Type</th><th>Required</th><th>Default</th><th>Constraints</th><th>Description</th></tr>",
    ]
    for r in rows:
        out.append(
            f"<tr><td><code>{_h(r.name)}</code></td><td>{_html_label(r.type)}</td>"
            f"<td>{'yes' if r.required else 'no'}</td>"
            f"<td>{f'<code>{_h(r.default)}</code>' if r.default else ''}</td>"
            f"<td>{_html_inline('; '.join(r.constraints))}</td><td>{_h(r.description)}</td></tr>"
        )
    return [*out, "</table>"]


def _html_text(text: str) -> str:
    return "".join(f"<p>{_h(p.strip())}</p>" for p in text.split("\n\n") if p.strip())


def tools_html(tools: Iterable[Tool], *, heading: str = "Tools") -> str:
    """The Markdown reference's content as one self-contained HTML page."""
    doc = _read(tools, heading)
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_html_inline(doc.heading).replace('<code>', '').replace('</code>', '')}</title>",
        f"<style>{_CSS.strip()}</style></head><body>",
        f"<h1>{_html_inline(doc.heading)}</h1>",
        "<ul>",
        *[
            f'<li><a href="#{_h(t.anchor)}">{_h(t.title)}</a> (<code>{_h(t.name)}</code>)</li>'
            for t in doc.tools
        ],
        "</ul>",
    ]
    for t in doc.tools:
        flags = "; ".join(
            f'<span class="flag-approval">{_html_inline(f)}</span>' if "approval" in f else _html_inline(f)
            for f in t.flags
        )
        out += [
            f'<section id="{_h(t.anchor)}"><h2>{_h(t.title)}</h2>',
            f'<p><code>{_h(t.name)}</code> <span class="flags">{flags}</span></p>',
            _html_text(t.description),
            "<h3>Arguments</h3>",
            *_html_rows(t.arguments, "Argument"),
        ]
        if t.returns is not None:
            out.append(f"<h3>Returns: {_html_label(t.returns.type)}</h3>")
            out.append(_html_text(t.returns.description))
            if t.returns.rows:
                out += _html_rows(t.returns.rows, "Field")
        out.append("</section>")
    if doc.models:
        out.append("<h2>Models</h2>")
        for m in doc.models:
            out += [f'<section id="{_h(m.anchor)}"><h3>{_h(m.name)}</h3>', _html_text(m.description)]
            if m.rows is not None:
                out += _html_rows(m.rows, "Field")
            else:
                extra = f" ({_html_inline('; '.join(m.constraints))})" if m.constraints else ""
                out.append(f"<p>Type: {_html_label(m.type)}{extra}</p>")
            out.append("</section>")
    out.append("</body></html>")
    return "\n".join(line for line in out if line) + "\n"


# ----------------------------------------------------------------------------- JSON catalog


def _catalog_meta(meta: Mapping[str, Any]) -> dict[str, Any]:
    out = json_safe_meta(meta)
    if callable(meta.get("requires_approval")):  # never silently dropped: a callable decides per call
        out["requires_approval"] = "conditional"
    return out


def tools_catalog(tools: Iterable[Tool], *, target: str = "draft-2020-12") -> dict[str, Any]:
    """The tool catalog: `{"tools": [{name, title, description, input_schema, output_schema, meta}]}`.

    Schemas are the emitted JSON Schemas in `target`'s dialect (`output_schema` is null for a tool
    without one); `meta` holds the JSON entries of the tool's meta (a callable `requires_approval`
    is shown as `"conditional"`).
    """
    return {
        "tools": [
            {
                "name": t.name,
                "title": t.title,
                "description": t.description,
                "input_schema": input_json_schema(t, target=target),
                "output_schema": output_json_schema(t, target=target),
                "meta": _catalog_meta(t.meta),
            }
            for t in tools
        ]
    }

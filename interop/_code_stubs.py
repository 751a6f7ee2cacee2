"""Typed Python stubs for tools: what a model reads before it writes a program that calls them.

Each tool becomes an `async def` whose parameters are its input schema's properties (required ones
first, in schema order; an optional one shows its default, or `...`), whose return type is read from
its output schema, and whose docstring is its description. Objects with properties become
`TypedDict` classes (a `$defs` entry keeps its name; an inline object is named after where it is),
enums and consts become `Literal[...]`, unions `A | B`. A tool whose arguments cannot all be Python
parameters (a property named `from` or `user-id`) takes them as one dict: `async def send(args:
SendArgs, /)`. Nothing here imports the sandbox: the stubs are text.
"""

from __future__ import annotations

import builtins
import keyword
import re
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ._jsonschema import RefError, merge_ref, named_ref
from ._protocols import StandardToolV0
from ._tool import input_json_schema, output_json_schema

__all__ = ["Signature", "StubWriter", "python_name"]

AnyTool = StandardToolV0[Any, Any, Any]

MAX_CLASSES = 200
"""Past this many TypedDict classes in one description, further objects are shown as
`dict[str, Any]` (a schema with thousands of models must not make a description of megabytes)."""
MAX_DEPTH = 12
"""How deep an inline type expression goes before it is `Any`."""

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_RESERVED = frozenset(dir(builtins)) | frozenset(sys.stdlib_module_names) | {"tool_search"}
"""Names a tool function must not take: builtins (`print`, `open`), the modules a program may
import (`json`, `asyncio`), and the search function."""


def _is_parameter(name: str) -> bool:
    return bool(_IDENTIFIER.match(name)) and not keyword.iskeyword(name) and not name.startswith("__")


def python_name(tool_name: str, taken: set[str]) -> str:
    """The function name a tool gets in the program: its name when that is a free identifier, else
    made one (`get-weather` -> `get_weather`, `print` -> `print_`), unique among `taken` (added)."""
    name = re.sub(r"[^A-Za-z0-9_]", "_", tool_name) or "tool"
    if name[0].isdigit():
        name = "_" + name
    if keyword.iskeyword(name) or keyword.issoftkeyword(name) or name in _RESERVED:
        name += "_"
    candidate, n = name, 2
    while candidate in taken:
        candidate, n = f"{name}_{n}", n + 1
    taken.add(candidate)
    return candidate


def _camel(text: str) -> str:
    words = re.findall(r"[A-Za-z0-9]+", text)
    name = "".join(w[:1].upper() + w[1:] for w in words) or "Model"
    return "_" + name if name[0].isdigit() else name


def _one_line(text: Any, limit: int = 160) -> str:
    line = " ".join(str(text).split())
    return line if len(line) <= limit else line[: limit - 3] + "..."


_JSON_SCALARS = (str, int, float, bool, type(None))


def _literal(value: Any) -> str | None:
    """A JSON value as Python source (`True`, `None`, `'a'`), or None when it is not a small scalar."""
    if isinstance(value, _JSON_SCALARS) and not (isinstance(value, str) and len(value) > 200):
        return repr(value)
    return None


@dataclass(frozen=True)
class Signature:
    """How a program calls one tool: its function name and parameters."""

    function: str
    """The function's name in the program."""
    parameters: tuple[str, ...]
    """The argument names in positional order (empty when the tool takes one dict)."""
    takes_dict: bool
    """Whether the arguments are passed as one dict (`send({"from": ...})`)."""
    stub: str
    """The stub text: `async def ...` with its docstring."""


class StubWriter:
    """Writes the stubs of a set of tools; the TypedDict classes they use are collected once."""

    def __init__(self) -> None:
        self._classes: dict[str, str] = {}
        """class name -> its definition (in the order first needed)."""
        self._by_node: dict[int, str] = {}
        """id of an object schema (within the current root) -> its class name."""
        self._root: Mapping[str, Any] = {}
        self._keep: list[Any] = []
        """The roots seen (so the ids in `_by_node` stay theirs)."""

    # ------------------------------------------------------------------------------- classes

    @property
    def classes(self) -> str:
        """Every TypedDict class the stubs written so far use."""
        return "\n\n".join(self._classes.values())

    def _class_name(self, wanted: str) -> str:
        name, n = _camel(wanted), 2
        base = name
        while name in self._classes or name in _RESERVED:
            name, n = f"{base}{n}", n + 1
        return name

    def _object_class(self, node: Mapping[str, Any], wanted: str, depth: int) -> str:
        known = self._by_node.get(id(node))
        if known is not None:
            return known
        if len(self._classes) >= MAX_CLASSES:
            return "dict[str, Any]"
        name = self._class_name(wanted)
        self._keep.append(node)  # its id stays its own while the writer lives
        self._by_node[id(node)] = name
        self._classes[name] = ""  # reserved: a recursive schema refers to it by name
        props: Mapping[str, Any] = node["properties"]
        required: list[Any] = node["required"] if isinstance(node.get("required"), list) else []
        fields: list[tuple[str, str, str]] = []  # (name, annotation, comment)
        for prop, sub in props.items():
            annotation = self.type_of(sub, f"{name}_{prop}", depth + 1)
            if prop not in required:
                annotation = f"NotRequired[{annotation}]"
            sub_node = self._deref(sub)
            comment = _one_line(sub_node.get("description", "")) if isinstance(sub_node, Mapping) else ""
            fields.append((str(prop), annotation, comment))
        doc = node.get("description")
        lines: list[str]
        if all(_is_parameter(f) for f, _, _ in fields):
            lines = [f"class {name}(TypedDict):"]
            if isinstance(doc, str) and doc.strip():
                lines.append(f'    """{_docstring_text(_one_line(doc, 300))}"""')
            for field_name, annotation, comment in fields:
                lines.append(f"    {field_name}: {annotation}" + (f"  # {comment}" if comment else ""))
            if len(lines) == 1:
                lines.append("    pass")
        else:  # keys that are not identifiers: the functional form
            lines = [f"{name} = TypedDict({name!r}, {{"]
            for field_name, annotation, comment in fields:
                lines.append(f"    {field_name!r}: {annotation}," + (f"  # {comment}" if comment else ""))
            lines.append("})")
        self._classes[name] = "\n".join(lines)
        return name

    # ------------------------------------------------------------------------------- types

    def _deref(self, node: Any) -> Any:
        seen = 0
        while isinstance(node, Mapping) and isinstance(node.get("$ref"), str) and seen < 32:
            try:
                _, target = named_ref(self._root, node["$ref"])
            except RefError:
                return {}
            siblings = {k: v for k, v in node.items() if k != "$ref"}
            node = merge_ref(target, siblings) if siblings else target
            seen += 1
        return node

    def type_of(self, node: Any, wanted: str, depth: int = 0) -> str:
        """`node` (a subschema of the current root) as a Python type expression."""
        if depth > MAX_DEPTH or node is True or not isinstance(node, Mapping):
            return "Any"
        ref = node.get("$ref")
        if isinstance(ref, str):
            try:
                ref_name, target = named_ref(self._root, ref)
            except RefError:
                return "Any"
            siblings = {k: v for k, v in node.items() if k not in ("$ref", "description", "title", "default")}
            if siblings:
                return self.type_of(merge_ref(target, siblings), wanted, depth + 1)
            return self.type_of(target, ref_name if ref_name != "#" else wanted, depth + 1)
        if "const" in node:
            literal = _literal(node["const"])
            return f"Literal[{literal}]" if literal is not None and node["const"] is not None else "None"
        enum = node.get("enum")
        if isinstance(enum, list) and enum:
            values = [_literal(v) for v in enum if v is not None]
            if all(v is not None for v in values) and values:
                shown = f"Literal[{', '.join(v for v in values if v is not None)}]"
                return f"{shown} | None" if None in enum else shown
            return "Any"
        for key in ("anyOf", "oneOf"):
            options = node.get(key)
            if isinstance(options, list) and options:
                return _union(self.type_of(o, f"{wanted}_{i}", depth + 1) for i, o in enumerate(options))
        all_of = node.get("allOf")
        if isinstance(all_of, list) and len(all_of) == 1:
            return self.type_of(all_of[0], wanted, depth + 1)
        kinds = node.get("type")
        if isinstance(kinds, list):
            return _union(self.type_of({**node, "type": k}, wanted, depth + 1) for k in kinds)
        if kinds == "string":
            return "str"
        if kinds == "integer":
            return "int"
        if kinds == "number":
            return "float"
        if kinds == "boolean":
            return "bool"
        if kinds == "null":
            return "None"
        if kinds == "array" or (kinds is None and ("items" in node or "prefixItems" in node)):
            items = node.get("items")
            if isinstance(items, Mapping):
                return f"list[{self.type_of(items, wanted + '_item', depth + 1)}]"
            return "list[Any]"
        if kinds == "object" or (kinds is None and "properties" in node):
            if isinstance(node.get("properties"), Mapping) and node["properties"]:
                return self._object_class(node, wanted, depth)
            extra = node.get("additionalProperties")
            if isinstance(extra, Mapping) and extra:
                return f"dict[str, {self.type_of(extra, wanted + '_value', depth + 1)}]"
            return "dict[str, Any]"
        return "Any"

    # ------------------------------------------------------------------------------- tools

    def signature(self, tool: AnyTool, function: str, *, notes: Iterable[str] = ()) -> Signature:
        """The stub of `tool` as `function` (its classes are added to `classes`)."""
        root = input_json_schema(tool)
        self._root = root
        self._keep.append(root)
        schema = self._deref(root)  # a root `$ref` (to the arguments' model) followed
        schema = schema if isinstance(schema, Mapping) else {}
        props = schema.get("properties") if isinstance(schema.get("properties"), Mapping) else None
        required: list[Any] = schema["required"] if isinstance(schema.get("required"), list) else []
        camel = _camel(function)
        params: list[str] = []
        rendered: list[str] = []
        arg_docs: list[str] = []
        takes_dict = schema.get("type") not in ("object", None) or (
            props is not None and not all(_is_parameter(p) for p in props)
        )
        if takes_dict:
            rendered.append(f"args: {self.type_of(root, camel + 'Args')}, /")
        elif props:
            order = [p for p in props if p in required] + [p for p in props if p not in required]
            for prop in order:
                sub = props[prop]
                annotation = self.type_of(sub, f"{camel}_{prop}")
                shown = f"{prop}: {annotation}"
                if prop not in required:
                    node = self._deref(sub)
                    default = (
                        _literal(node.get("default"))
                        if isinstance(node, Mapping) and "default" in node
                        else None
                    )
                    shown += f" = {default}" if default is not None else " = ..."
                params.append(prop)
                rendered.append(shown)
                node = self._deref(sub)
                description = node.get("description") if isinstance(node, Mapping) else None
                if isinstance(description, str) and description.strip():
                    arg_docs.append(f"{prop}: {_one_line(description, 300)}")
        extra = schema.get("additionalProperties")
        if not takes_dict and (extra is True or (isinstance(extra, Mapping) and extra)):
            rendered.append(f"**kwargs: {self.type_of(extra, camel + 'Extra')}")  # any other name too
        output = output_json_schema(tool)
        if output is not None:
            self._root = output
            self._keep.append(output)
            returns = self.type_of(output, camel + "Result")
        else:
            returns = "Any"
        doc_lines = [line.rstrip() for line in tool.description.strip().splitlines()] or [tool.name]
        if arg_docs:
            doc_lines += ["", "Args:", *(f"    {line}" for line in arg_docs)]
        noted = list(notes)
        if noted:
            doc_lines += ["", *noted]
        head = f"async def {function}({', '.join(rendered)}) -> {returns}:"
        if len(doc_lines) == 1:
            stub = f'{head}\n    """{_docstring_text(doc_lines[0])}"""'
        else:
            body = "\n".join(f"    {line}" if line else "" for line in doc_lines)
            stub = f'{head}\n    """{_docstring_text(body.lstrip())}\n    """'
        return Signature(function=function, parameters=tuple(params), takes_dict=takes_dict, stub=stub)


def _docstring_text(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"""', '\\"\\"\\"')


def _union(types: Iterable[str]) -> str:
    out: list[str] = []
    for t in types:
        for part in t.split(" | ") if "[" not in t else [t]:
            if part not in out:
                out.append(part)
    if "Any" in out:
        return "Any"
    return " | ".join(out)

"""OpenAPI Schema Objects (3.0 and 3.1) as self-contained JSON Schema 2020-12.

3.1 schemas already are 2020-12; 3.0 has its own dialect, translated here: `nullable: true`
becomes a `"null"` type (or an `anyOf` with `{"type": "null"}` where there is no `type`, and
`null` joins an `enum`), boolean `exclusiveMinimum`/`exclusiveMaximum` become numbers (also in
3.1 schemas that declare an older `$schema`), `example` becomes `examples`; draft-07
`dependencies` and `definitions` become `dependentRequired`/`dependentSchemas` and `$defs`. In both versions OpenAPI-only keywords (`discriminator`, `xml`,
`externalDocs`, `x-*`) are dropped, `readOnly` properties leave request schemas and `writeOnly`
properties leave response schemas.

Every `$ref` becomes `#/$defs/<Name>`, `<Name>` the last segment of the pointer (made unique per
document), so recursive schemas stay finite and each tool carries only the definitions it uses.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Literal
from urllib.parse import unquote

from interop.jsonschema import SUBSCHEMA_LISTS, SUBSCHEMA_MAPS, SUBSCHEMA_SINGLE

from ._document import Document

__all__ = ["Direction", "SchemaTranslator"]

Direction = Literal["input", "output"]

_DROP = frozenset({"discriminator", "xml", "externalDocs", "nullable", "example", "$schema", "$id"})
_MAPS = frozenset(SUBSCHEMA_MAPS) - {"properties"}  # (`properties` drops read/write-only ones)
_ANNOTATIONS = ("title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly")


def _def_name(ref: str) -> str:
    last = ref.rsplit("/", 1)[-1] if "/" in ref else ref.lstrip("#")
    last = unquote(last).replace("~1", "/").replace("~0", "~")
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", last).strip("_") or "schema"


class SchemaTranslator:
    """Translates the schemas of one document; definitions are translated once per direction."""

    def __init__(self, document: Document) -> None:
        self.document = document
        self._v30 = document.version == "3.0"
        self._names: dict[str, str] = {}  # $ref -> definition name (unique per document)
        self._taken: set[str] = set()
        self._defs: dict[Direction, dict[str, Any]] = {"input": {}, "output": {}}
        self._deps: dict[Direction, dict[str, set[str]]] = {"input": {}, "output": {}}

    # -- public -----------------------------------------------------------------------------------

    def translate(self, node: Any, direction: Direction, refs: set[str]) -> Any:
        """`node` as 2020-12; the names of the definitions it refers to are added to `refs`."""
        if isinstance(node, bool) or not isinstance(node, Mapping):
            return node
        out: dict[str, Any] = {}
        hidden: set[str] = set()
        for key, value in node.items():
            if key in _DROP or key.startswith("x-"):
                continue
            if key == "$ref":
                out["$ref"] = f"#/$defs/{self._define(value, direction)}"
                refs.add(out["$ref"][8:])
            elif key == "properties" and isinstance(value, Mapping):
                out[key] = self._properties(value, direction, refs, hidden)
            elif key in SUBSCHEMA_SINGLE:
                if key == "items" and isinstance(value, list):  # draft-04 tuple form
                    out["prefixItems"] = [self.translate(v, direction, refs) for v in value]
                else:
                    out[key] = self.translate(value, direction, refs)
            elif key in SUBSCHEMA_LISTS and isinstance(value, list):
                out[key] = [self.translate(v, direction, refs) for v in value]
            elif key in _MAPS and isinstance(value, Mapping):
                out["$defs" if key == "definitions" else key] = {
                    k: self.translate(v, direction, refs) for k, v in value.items()
                }
            else:
                out[key] = value
        if hidden and isinstance(out.get("required"), list):
            out["required"] = [r for r in out["required"] if r not in hidden]
            if not out["required"]:
                del out["required"]
        if "example" in node and "examples" not in node:
            out["examples"] = [node["example"]]
        # boolean exclusive bounds (OpenAPI 3.0, draft-04) are never 2020-12: always translated
        self._bool_bounds(node, out)
        deps = out.pop("dependencies", None)
        if isinstance(deps, Mapping):  # draft-07: split into the 2020-12 keywords
            for k, v in deps.items():
                target = "dependentRequired" if isinstance(v, list) else "dependentSchemas"
                out.setdefault(target, {})[k] = (
                    v if isinstance(v, list) else self.translate(v, direction, refs)
                )
        if self._v30 and node.get("nullable") is True:
            out = self._nullable(out)
        return out

    def bundle(self, schema: dict[str, Any], refs: set[str], direction: Direction) -> dict[str, Any]:
        """`schema` with a `$defs` holding every definition it reaches."""
        if not refs:
            return schema
        seen: list[str] = []
        todo = sorted(refs)
        while todo:
            name = todo.pop()
            if name in seen:
                continue
            seen.append(name)
            todo.extend(sorted(self._deps[direction][name] - set(seen)))
        defs = self._defs[direction]
        own = schema.get("$defs") or {}  # a 3.1 schema's own $defs, kept beside ours
        return {**schema, "$defs": {**own, **{name: defs[name] for name in sorted(seen)}}}

    def resolve(self, node: Any) -> Any:
        """The schema a chain of `$ref`-only schemas ends at (for looking at a body's shape)."""
        seen = 0
        while isinstance(node, Mapping) and "$ref" in node and seen < 50:
            node = self.document.lookup(node["$ref"])
            seen += 1
        return node

    def property_hidden(self, node: Any, direction: Direction) -> bool:
        """Whether a property schema is left out of `direction` (`readOnly` in, `writeOnly` out)."""
        target = self.resolve(node) if isinstance(node, Mapping) and set(node) == {"$ref"} else node
        if not isinstance(target, Mapping):
            return False
        return target.get("readOnly" if direction == "input" else "writeOnly") is True

    # -- private ----------------------------------------------------------------------------------

    def _define(self, ref: Any, direction: Direction) -> str:
        target = self.document.lookup(ref)
        name = self._names.get(ref)
        if name is None:
            base = _def_name(ref)
            name, n = base, 1
            while name in self._taken:
                n += 1
                name = f"{base}_{n}"
            self._taken.add(name)
            self._names[ref] = name
        defs = self._defs[direction]
        if name not in defs:
            defs[name] = True  # placeholder: a recursive reference finds the name taken
            deps: set[str] = set()
            defs[name] = self.translate(target, direction, deps)
            self._deps[direction][name] = deps
        return name

    def _properties(
        self, props: Mapping[str, Any], direction: Direction, refs: set[str], hidden: set[str]
    ) -> dict[str, Any]:
        kept: dict[str, Any] = {}
        for name, sub in props.items():
            if self.property_hidden(sub, direction):
                hidden.add(name)
            else:
                kept[name] = self.translate(sub, direction, refs)
        return kept

    @staticmethod
    def _bool_bounds(node: Mapping[str, Any], out: dict[str, Any]) -> None:
        for bound, exclusive in (("minimum", "exclusiveMinimum"), ("maximum", "exclusiveMaximum")):
            flag = node.get(exclusive)
            if isinstance(flag, bool):
                out.pop(exclusive, None)
                if flag and bound in node:
                    out[exclusive] = out.pop(bound)

    @staticmethod
    def _nullable(out: dict[str, Any]) -> dict[str, Any]:
        t = out.get("type")
        if isinstance(t, str) or isinstance(t, list):
            types = [t] if isinstance(t, str) else list(t)
            if "null" not in types:
                out["type"] = [*types, "null"]
            if isinstance(out.get("enum"), list) and None not in out["enum"]:
                out["enum"] = [*out["enum"], None]
            return out
        outer = {k: out.pop(k) for k in _ANNOTATIONS if k in out}
        return {"anyOf": [out, {"type": "null"}], **outer}

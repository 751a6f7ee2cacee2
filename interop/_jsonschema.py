"""Walking and resolving JSON Schema: the one place that knows where subschemas live and what a
local `$ref` points to.

- keyword tables and walking: `map_subschemas`, `iter_subschemas`, `walk`
- local references: `resolve_ref` (JSON pointers, `$anchor`s, escaped and percent-encoded
  segments), `def_name`, `named_ref` (what a docs generator shows), `deref` (a chain of refs,
  with a cycle guard)
- inlining: `inline_refs` with an explicit policy for recursive refs (keep them with just the
  `$defs` they need, unroll N levels, or raise)
- reading values against a schema: `json_type` (a value's JSON type name), `accepts_null`
- the object-root rule: `object_root_problem` / `check_object_root` (what every target that
  takes a tool's arguments as a JSON object of named fields requires at the root)

Every dialect converter, strict compiler and provider formatter of the project uses these;
none resolves a `$ref` by itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any, Literal

from ._errors import SchemaConversionError

__all__ = [
    "SUBSCHEMA_LISTS",
    "SUBSCHEMA_MAPS",
    "SUBSCHEMA_SINGLE",
    "Slot",
    "RecursiveRefError",
    "InlineSizeError",
    "MAX_INLINED_NODES",
    "RefError",
    "Recursion",
    "accepts_null",
    "check_object_root",
    "def_name",
    "deref",
    "escape",
    "has_ref_key",
    "inline_refs",
    "iter_subschemas",
    "json_type",
    "map_subschemas",
    "map_subschemas_at",
    "merge_ref",
    "named_ref",
    "object_root_problem",
    "resolve_pointer",
    "resolve_ref",
    "types_of",
    "unescape",
    "walk",
    "walk_nodes",
]

SUBSCHEMA_MAPS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
"""Keywords whose value maps names to subschemas."""
SUBSCHEMA_LISTS = ("allOf", "anyOf", "oneOf", "prefixItems")
"""Keywords whose value is a list of subschemas (draft-07 tuple `items` is handled too)."""
SUBSCHEMA_SINGLE = (
    "items",
    "additionalItems",
    "additionalProperties",
    "not",
    "if",
    "then",
    "else",
    "contains",
    "propertyNames",
    "unevaluatedProperties",
    "unevaluatedItems",
    "contentSchema",
)
"""Keywords whose value is one subschema (`contentSchema`, the schema of a string's decoded
content: pydantic's `Json[Model]`, is one too: a `$ref` in it is resolved and inlined like any)."""

_DEFS = ("$defs", "definitions")
_ANNOTATIONS = frozenset(
    {"title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly", "$comment"}
)
# keywords that read each other inside one schema object: merging a `$ref` target with siblings
# that split such a group would change what the schema accepts
_COUPLED = (
    frozenset({"properties", "patternProperties", "additionalProperties", "unevaluatedProperties"}),
    frozenset({"prefixItems", "items", "additionalItems", "unevaluatedItems"}),
    frozenset({"contains", "minContains", "maxContains"}),
    frozenset({"if", "then", "else"}),
)
_MAX_CHAIN = 64


class RefError(ValueError):
    """A `$ref` that is not local, does not resolve, or loops onto itself."""


class InlineSizeError(RefError):
    """Inlining a schema's `$ref`s would make it larger than allowed (`inline_refs(max_nodes=)`)."""


class RecursiveRefError(RefError):
    """A recursive `$ref` met by `inline_refs(..., recursion="raise")`."""

    def __init__(self, ref: str, pointer: str) -> None:
        super().__init__(f"recursive $ref {ref!r} at {pointer or '/'} cannot be inlined")
        self.ref = ref
        self.pointer = pointer
        """Where the recursive `$ref` sits in the input schema (a JSON pointer)."""


# ---------------------------------------------------------------------------------------------- walking


Slot = str | int | None
"""Where a subschema sits under its keyword: a name (maps), an index (lists) or None (single)."""


def _map(schema: Mapping[str, Any], fn: Callable[[Any, str, Slot], Any]) -> dict[str, Any]:
    """A shallow copy of `schema` with `fn(subschema, keyword, slot)` applied to every direct subschema."""
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key in SUBSCHEMA_MAPS and isinstance(value, dict):
            out[key] = {k: fn(v, key, k) for k, v in value.items()}
        elif (key in SUBSCHEMA_LISTS or key == "items") and isinstance(value, list):  # + draft-07 tuples
            out[key] = [fn(v, key, i) for i, v in enumerate(value)]
        elif key in SUBSCHEMA_SINGLE and isinstance(value, (dict, bool)):
            out[key] = fn(value, key, None)
        else:
            out[key] = value
    return out


def _child(pointer: str, key: str, slot: Slot) -> str:
    return f"{pointer}/{key}" if slot is None else f"{pointer}/{escape(key)}/{escape(str(slot))}"


def map_subschemas(schema: Mapping[str, Any], fn: Callable[[Any], Any]) -> dict[str, Any]:
    """A shallow copy of `schema` with `fn` applied to every direct subschema."""
    return _map(schema, lambda sub, _key, _slot: fn(sub))


def map_subschemas_at(
    schema: Mapping[str, Any], pointer: str, fn: Callable[[Any, str], Any]
) -> dict[str, Any]:
    """`map_subschemas` where `fn` also gets each subschema's JSON pointer (`pointer` is `schema`'s)."""
    return _map(schema, lambda sub, key, slot: fn(sub, _child(pointer, key, slot)))


def _subschemas(schema: Mapping[str, Any], pointer: str) -> list[tuple[str, Any]]:
    """The direct subschemas of `schema` with their pointers, in `_map`'s order (what `_map` with
    `_child` gives, without building the copy: walking is on every strict compilation's path)."""
    found: list[tuple[str, Any]] = []
    for key, value in schema.items():
        if key in SUBSCHEMA_MAPS and isinstance(value, dict):
            prefix = f"{pointer}/{escape(key)}/"
            found.extend((prefix + escape(str(k)), v) for k, v in value.items())
        elif (key in SUBSCHEMA_LISTS or key == "items") and isinstance(value, list):  # + draft-07 tuples
            prefix = f"{pointer}/{escape(key)}/"
            found.extend((f"{prefix}{i}", v) for i, v in enumerate(value))
        elif key in SUBSCHEMA_SINGLE and isinstance(value, (dict, bool)):
            found.append((f"{pointer}/{key}", value))
    return found


def iter_subschemas(schema: Mapping[str, Any], pointer: str = "") -> Iterator[tuple[str, Any]]:
    """The direct subschemas of `schema`, each with its JSON pointer (`pointer` is `schema`'s)."""
    return iter(_subschemas(schema, pointer))


def walk(schema: Any, pointer: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every schema object in `schema` (itself first), with its pointer; `$ref`s are not followed."""
    stack = [(pointer, schema)]
    while stack:
        ptr, node = stack.pop()
        if isinstance(node, dict):
            yield ptr, node
            children = _subschemas(node, ptr)
            children.reverse()
            stack.extend(children)


def walk_nodes(schema: Any) -> Iterator[dict[str, Any]]:
    """`walk` without the pointers (none is built): every schema object in `schema`, itself first."""
    stack = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            yield node
            children: list[Any] = []
            for key, value in node.items():
                if key in SUBSCHEMA_MAPS and isinstance(value, dict):
                    children.extend(value.values())
                elif (key in SUBSCHEMA_LISTS or key == "items") and isinstance(value, list):
                    children.extend(value)
                elif key in SUBSCHEMA_SINGLE and isinstance(value, (dict, bool)):
                    children.append(value)
            children.reverse()
            stack.extend(children)


def has_ref_key(value: Any) -> bool:
    """Whether a JSON value has a `$ref` key anywhere (in any object, at any depth; a value, not
    only a schema: a tool's result holding a JSON Schema or an OpenAPI document)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if "$ref" in item:
                return True
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return False


def types_of(node: Mapping[str, Any]) -> list[str]:
    """The `type` keyword as a list (empty when absent)."""
    t = node.get("type")
    if isinstance(t, str):
        return [t]
    return [x for x in t if isinstance(x, str)] if isinstance(t, list) else []


def object_root_problem(schema: Mapping[str, Any]) -> str | None:
    """Why the root of `schema` is not a single object schema, or None when it is.

    The one object-root rule, for every target that takes a tool's arguments as a JSON object of
    named fields (the providers, the frameworks, the strict compilers, argument transforms, OpenAPI
    request bodies): the root is not a `$ref`, not a union (`anyOf`/`oneOf`/`allOf`), and its
    `type` is `"object"` (a root without `type` is an object when it declares `properties`). The
    answer completes the sentence "the input schema ..." and says how to fix it.
    """
    if "$ref" in schema:
        return "is a $ref at the top level; it must be an object schema itself"
    for key in ("anyOf", "oneOf", "allOf"):
        if key in schema:
            return f"uses {key} at the top level; put it inside a field of a model"
    kind = schema.get("type", "object" if "properties" in schema else None)
    if kind == "object":
        return None
    if kind is None:
        return "has no type and no properties (any JSON value); wrap the value in a field of a model"
    return f"has type {kind!r}; wrap the value in a field of a model"


def check_object_root(schema: dict[str, Any], *, tool_name: str, target: str) -> dict[str, Any]:
    """`schema` itself when its root is a single object schema (`object_root_problem`), else
    `SchemaConversionError` naming the tool and `target` (the provider or framework)."""
    problem = object_root_problem(schema)
    if problem is None:
        return schema
    raise SchemaConversionError(
        f"tool {tool_name!r}: {target} needs an object schema at the root of the input (the "
        f"arguments are a JSON object of named fields), but the input schema {problem}"
    )


def json_type(value: Any) -> str:
    """The JSON Schema type name of a JSON value (`True` is "boolean", `1` "integer", `1.5` "number")."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, (list, tuple)) else "object"


def accepts_null(node: Any, root: Any = None, *, unknown: bool = False, _depth: int = 0) -> bool:
    """Whether a schema takes `null`, read from its `type`, else its `const` or `enum`, else its
    `anyOf`/`oneOf` branches (a boolean schema is its own answer; local `$ref`s are followed when
    `root` is given). A schema that says none of these, or a ref that does not resolve, answers
    `unknown`: `True` where a wrong "no" would lose a value, `False` where a wrong "yes" would
    invent one."""
    if isinstance(node, bool):
        return node
    if not isinstance(node, Mapping) or _depth > _MAX_CHAIN:
        return unknown
    if root is not None and isinstance(node.get("$ref"), str):
        try:
            node = deref(root, node)[0]
        except RefError:
            return unknown
        if isinstance(node, bool):
            return node
        if not isinstance(node, Mapping):
            return unknown
    types = types_of(node)
    if types:
        return "null" in types
    if "const" in node:
        return node["const"] is None
    if isinstance(node.get("enum"), list):
        return None in node["enum"]
    for key in ("anyOf", "oneOf"):
        branches = node.get(key)
        if isinstance(branches, list):
            return any(accepts_null(b, root, unknown=unknown, _depth=_depth + 1) for b in branches)
    return unknown


# ---------------------------------------------------------------------------------------------- references


def escape(segment: str) -> str:
    """A name as a JSON-pointer segment (`~` -> `~0`, `/` -> `~1`)."""
    return segment.replace("~", "~0").replace("/", "~1")


def unescape(segment: str) -> str:
    """A JSON-pointer segment back to the name it encodes."""
    return segment.replace("~1", "/").replace("~0", "~")


def _fragment(ref: str) -> str:
    """The fragment of a local ref (`#/$defs/X` -> `/$defs/X`), percent-decoded."""
    if not isinstance(ref, str) or not ref.startswith("#"):
        raise RefError(f"only local $ref values (starting with '#') are supported, got {ref!r}")
    fragment = ref[1:]
    if "%" in fragment:
        from urllib.parse import unquote  # lazy: rare, and not needed to import the package

        fragment = unquote(fragment)
    return fragment


def resolve_pointer(root: Any, pointer: str) -> Any:
    """The value at a JSON pointer (`""` is `root`, `/$defs/A~1B` the definition `A/B`)."""
    if pointer == "":
        return root
    if not pointer.startswith("/"):
        raise RefError(f"{pointer!r} is not a JSON pointer")
    node = root
    for raw in pointer[1:].split("/"):
        part = unescape(raw)
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            raise RefError(f"reference to an undefined schema: nothing at {pointer!r}")
    return node


def resolve_ref(root: Any, ref: str) -> tuple[str, Any]:
    """The JSON pointer a local `ref` names in `root`, and the schema found there.

    Handles `#`, `#/$defs/X`, `#/definitions/X`, any other JSON pointer (escaped and
    percent-encoded segments) and plain-name fragments (`#node`, a `$anchor`).
    """
    fragment = _fragment(ref)
    if fragment == "" or fragment.startswith("/"):
        return fragment, resolve_pointer(root, fragment)
    for pointer, node in walk(root):
        if node.get("$anchor") == fragment:
            return pointer, node
    raise RefError(f"reference to an undefined anchor {ref!r}")


def def_name(ref: str) -> str | None:
    """The definition name of `#/$defs/X` or `#/definitions/X` (unescaped), else None."""
    try:
        fragment = _fragment(ref)
    except RefError:
        return None
    for container in _DEFS:
        prefix = f"/{container}/"
        if fragment.startswith(prefix) and "/" not in fragment[len(prefix) :]:
            return unescape(fragment[len(prefix) :])
    return None


def named_ref(root: Any, ref: str) -> tuple[str, Any]:
    """A human name for what `ref` points to and its schema (for docs: `LineItem`, its body).

    The name is the definition name, else the target's `title`, else the last pointer segment
    (`"#"` for the root).
    """
    pointer, node = resolve_ref(root, ref)
    name = def_name(ref)
    if name is None:
        title = node.get("title") if isinstance(node, dict) else None
        name = title if isinstance(title, str) else unescape(pointer.rsplit("/", 1)[-1]) or "#"
    return name, node


def deref(root: Any, node: Any, pointer: str = "") -> tuple[Any, str]:
    """Follow a chain of `$ref`s from `node` (at `pointer`) to the first schema that is not one.

    Keywords next to a `$ref` are ignored (use `inline_refs` to keep them). A chain that comes
    back to a ref it already followed raises `RefError` instead of looping.
    """
    seen: list[str] = []
    while isinstance(node, dict) and isinstance(node.get("$ref"), str):
        ref = node["$ref"]
        if ref in seen or len(seen) >= _MAX_CHAIN:
            raise RefError(f"circular $ref chain: {' -> '.join([*seen, ref])}")
        seen.append(ref)
        pointer, node = resolve_ref(root, ref)
    return node, pointer


# ---------------------------------------------------------------------------------------------- inlining

Recursion = Literal["keep", "raise"] | int
"""What `inline_refs` does with a recursive `$ref`: keep it (and the definitions it needs), raise
`RecursiveRefError`, or unroll it: an int N expands each target at most N times along a path
(the root counts as one), then a placeholder schema that only describes the cut ends the chain."""


def merge_ref(target: Any, siblings: Mapping[str, Any]) -> Any:
    """A `$ref`'s target together with the keywords next to the `$ref` (both apply).

    The two are merged into one object when that keeps the meaning (no shared keyword other
    than annotations, where the sibling wins, and no coupled keywords such as `properties` and
    `additionalProperties` split between them); otherwise the target goes into `allOf`.
    """
    if not siblings:
        return target
    if target is True:
        return dict(siblings)
    if target is False:
        return False
    if not isinstance(target, dict):
        raise RefError(f"a $ref must point to a schema, not {target!r}")
    shared = (target.keys() & siblings.keys()) - _ANNOTATIONS
    split = any(group & target.keys() and group & siblings.keys() for group in _COUPLED)
    if not shared and not split:
        return {**target, **siblings}
    rest = {k: v for k, v in siblings.items() if k != "allOf"}
    return {**rest, "allOf": [target, *siblings.get("allOf", [])]}


def _placeholder(limit: int) -> dict[str, Any]:
    return {"description": f"(recursive structure; nesting limit {limit} reached)"}


class _Inliner:
    """`inline_refs`' state: the input root, the policy, and the definitions kept so far."""

    def __init__(self, root: Mapping[str, Any], recursion: Recursion, max_nodes: int) -> None:
        self.root = root
        self.recursion = recursion
        self.kept: set[tuple[str, str]] = set()  # (container, name) of kept definitions
        self.max_nodes = max_nodes
        self.left = max_nodes

    def node(self, node: Any, pointer: str, stack: tuple[str, ...]) -> Any:
        """`node` (at `pointer` in the input) with its refs inlined; `stack`: targets being expanded."""
        if not isinstance(node, dict):
            return node
        self.left -= 1
        if self.left < 0:
            raise InlineSizeError(
                f"inlining the $refs would make the schema more than {self.max_nodes} subschemas "
                f"(a definition used in several places, nested: each level multiplies it); keep the $refs"
            )
        ref = node.get("$ref")
        rest = {k: v for k, v in node.items() if k != "$ref" and k not in _DEFS}
        siblings = map_subschemas_at(rest, pointer, lambda sub, ptr: self.node(sub, ptr, stack))
        if not isinstance(ref, str):
            return siblings
        target_ptr, target = resolve_ref(self.root, ref)
        depth = stack.count(target_ptr)
        if depth:
            if self.recursion == "raise":
                raise RecursiveRefError(ref, pointer)
            if self.recursion == "keep":
                self.keep(target_ptr)
                return {"$ref": ref, **siblings}
            if depth >= self.recursion:
                return merge_ref(_placeholder(self.recursion), siblings)
        body = self.node(target, target_ptr, (*stack, target_ptr))
        return merge_ref(body, siblings)

    def keep(self, target_ptr: str) -> None:
        if target_ptr == "":
            return  # the root stays the root
        head = target_ptr.split("/")
        if len(head) < 3 or unescape(head[1]) not in _DEFS:
            raise RefError(
                f"a recursive $ref to {'#' + target_ptr!r} can only be kept when it points into $defs"
            )
        self.kept.add((unescape(head[1]), unescape(head[2])))

    def run(self) -> dict[str, Any]:
        out = self.node(self.root, "", ("",))
        if not isinstance(out, dict):  # pragma: no cover - a root $ref to `false`
            return {"not": {}}
        done: dict[tuple[str, str], Any] = {}
        while self.kept - done.keys():  # a kept definition may keep others (mutual recursion)
            container, name = sorted(self.kept - done.keys())[0]
            ptr = f"/{escape(container)}/{escape(name)}"
            done[(container, name)] = self.node(self.root[container][name], ptr, ("", ptr))
        for container, name in sorted(done):
            out.setdefault(container, {})[name] = done[(container, name)]
        return out


MAX_INLINED_NODES = 20_000
"""How many subschemas `inline_refs` builds at most by default. Inlining copies a definition at
every place that refers to it, so definitions that each use the previous one twice double the
size per level: a schema of 30 small definitions would inline to a billion nodes. (The largest
real API documents measured, GitHub's, stay far below.)"""


def inline_refs(
    schema: Mapping[str, Any], *, recursion: Recursion = "keep", max_nodes: int = MAX_INLINED_NODES
) -> dict[str, Any]:
    """`schema` with every local `$ref` replaced by what it points to (a new dict).

    Keywords next to a `$ref` are kept (`merge_ref`). `$defs`/`definitions` disappear, except,
    with `recursion="keep"`, the definitions that the recursive refs left in place still need.
    A non-local or dangling ref raises `RefError`; a result of more than `max_nodes` subschemas
    raises `InlineSizeError` (a `RefError`) as soon as it is reached, so a hostile schema costs
    at most that much work.
    """
    if isinstance(recursion, int) and (isinstance(recursion, bool) or recursion < 1):
        raise ValueError(f"recursion must be 'keep', 'raise' or a positive int, got {recursion!r}")
    return _Inliner(schema, recursion, max_nodes).run()

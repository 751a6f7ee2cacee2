"""`as_schema`: adapt what a Python user already has into a `StandardSchemaV1`.

Adapters: pydantic (models and anything `TypeAdapter` takes), raw JSON Schema dicts (validated by
the `jsonschema` library), msgspec types (when msgspec is installed), and objects that already
implement the protocol (returned as they are). Emission is computed once per (direction, target)
and cached; callers get a copy, so mutating one never changes the next.
"""

from __future__ import annotations

import re
import sys
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar, cast, overload

from ._jsoncopy import copy_json
from ._protocols import Failure, Issue, StandardSchemaV1, Success
from ._shapes import SharedCache, Unshareable, json_shape

if TYPE_CHECKING:
    import pydantic
    from jsonschema.protocols import Validator
    from pydantic.json_schema import GenerateJsonSchema

__all__ = [
    "DeferredType",
    "JsonSchemaSchema",
    "MsgspecSchema",
    "PydanticSchema",
    "as_schema",
    "foreign_schema",
    "pydantic_issues",
]

T = TypeVar("T")
Direction = Literal["input", "output"]


class _EmissionCache:
    """Per-schema cache of emitted JSON Schema, keyed by (direction, target)."""

    __slots__ = ("_cache", "_emit", "_lock")

    def __init__(self, emit: Callable[[Direction], dict[str, Any]]) -> None:
        self._emit = emit
        self._cache: dict[tuple[Direction, str], dict[str, Any]] = {}
        self._lock = threading.Lock()

    def get(self, direction: Direction, target: str) -> dict[str, Any]:
        key = (direction, target)
        cached = self._cache.get(key)
        if cached is None:
            from ._dialects import check_target, convert  # lazy: only emission needs it

            check_target(target)
            with self._lock:
                base = self._cache.get((direction, "draft-2020-12"))
                if base is None:
                    base = self._emit(direction)
                    self._cache[(direction, "draft-2020-12")] = base
                cached = base if target == "draft-2020-12" else convert(base, target)
                self._cache[key] = cached
        return cast(dict[str, Any], copy_json(cached))

    def input(self, *, target: str = "draft-2020-12") -> dict[str, Any]:
        return self.get("input", target)

    def output(self, *, target: str = "draft-2020-12") -> dict[str, Any]:
        return self.get("output", target)


def _hoist_root_ref(schema: dict[str, Any]) -> dict[str, Any]:
    from ._dialects import hoist_root_ref  # lazy: dialects and the JSON Schema toolkit serve emission only

    return hoist_root_ref(schema)


class _Props(Generic[T]):
    """The `__standard_schema__` object shared by this module's adapters."""

    __slots__ = ("json_schema", "validate", "vendor", "version")

    def __init__(
        self,
        vendor: str,
        validate: Callable[[object], Success[T] | Failure],
        json_schema: _EmissionCache | DeferredType,
    ) -> None:
        self.version: Literal[1] = 1
        self.vendor = vendor
        self.validate = validate
        self.json_schema = json_schema


# ---------------------------------------------------------------------------------------------- pydantic


_generator: type[GenerateJsonSchema] | None = None


def tool_json_schema() -> type[GenerateJsonSchema]:
    """pydantic's 2020-12 generator without the auto-generated property titles (built on first
    emission: what only emission needs is not paid for at import).

    Titles pydantic derives from field names are noise for a model (and cost tokens); titles a
    user set explicitly with `Field(title=...)` are kept.
    """
    global _generator
    if _generator is not None:
        return _generator
    from pydantic.json_schema import GenerateJsonSchema

    method_names: dict[type[GenerateJsonSchema], list[tuple[Any, str]]] = {}

    class ToolJsonSchema(GenerateJsonSchema):
        def field_title_should_be_set(self, schema: Any) -> bool:
            return False

        def build_schema_type_to_method(self) -> dict[Any, Any]:
            """pydantic's method table, with the method names looked up once per class.

            pydantic rebuilds it (walking a large `Literal`) for every emission: about a tenth of
            the first emission of a small tool's schema, paid at every conversion.
            """
            names = method_names.get(type(self))
            if names is None:
                table = super().build_schema_type_to_method()
                names = method_names[type(self)] = [(key, method.__name__) for key, method in table.items()]
            return {key: getattr(self, name) for key, name in names}

    _generator = ToolJsonSchema
    return _generator


def validation_error() -> type[pydantic.ValidationError]:
    """pydantic's `ValidationError`, for an `except` clause (evaluated only when something was
    raised): pydantic is imported by the first pydantic schema, not by `import interop`, so a
    framework without pydantic (smolagents) does not pay for it at `import interop.<adapter>`."""
    import pydantic

    return pydantic.ValidationError


def pydantic_issues(error: pydantic.ValidationError) -> tuple[Issue, ...]:
    """pydantic errors as issues (`loc` becomes the path)."""
    return tuple(Issue(e["msg"], tuple(e["loc"])) for e in error.errors(include_url=False))


def emit_pydantic(
    tp: Any, direction: Direction, adapter: pydantic.TypeAdapter[Any] | None = None
) -> dict[str, Any]:
    """`tp`'s JSON Schema as this package emits it (input: validation mode, output: serialization
    mode; pydantic's auto titles left out, a root `$ref` hoisted); a model's own generator is used
    when no adapter is given (no adapter is built or kept)."""
    import pydantic

    mode: Literal["validation", "serialization"] = "validation" if direction == "input" else "serialization"
    if adapter is None and isinstance(tp, type) and issubclass(tp, pydantic.BaseModel):
        schema = tp.model_json_schema(mode=mode, schema_generator=tool_json_schema())
    else:
        schema = (adapter or pydantic.TypeAdapter(tp)).json_schema(
            mode=mode, schema_generator=tool_json_schema()
        )
    return _hoist_root_ref(schema)


_build_lock = threading.RLock()
"""Serialises the first use of lazily built pydantic schemas (one build per schema, any thread)."""


_UNCHANGED = (str, int, float, bool)
"""Types whose exact instances pydantic's lax validation returns as they are (`unchanged_type`)."""


class PydanticSchema(Generic[T]):
    """A `StandardSchemaV1` over any type pydantic's `TypeAdapter` accepts.

    `validate` uses lax (JSON-like) validation and returns the validated Python value; input
    emission uses `mode="validation"`, output emission `mode="serialization"`.

    `PydanticSchema.deferred(...)` makes one whose type, adapter and validator are built on first
    use (what `@tool` does for signatures whose JSON Schema it writes itself, which cannot fail
    to build): describing the tool to a model then costs no pydantic work at all. Deferred
    schemas of one shape (`DeferredType.shape_key`) share what is built (`_Built`).
    """

    type: Any
    adapter: pydantic.TypeAdapter[T]
    validate_python: Callable[[Any], T]
    """The fast path for tools: the validator itself, raising pydantic.ValidationError."""
    _source: DeferredType
    _empty_input: bool

    def __init__(self, tp: Any, *, adapter: pydantic.TypeAdapter[T] | None = None) -> None:
        import pydantic

        self.type = tp
        self.adapter = adapter if adapter is not None else pydantic.TypeAdapter(tp)
        self.validate_python = self.adapter.validator.validate_python  # type: ignore[assignment]
        self.__standard_schema__ = _Props[T]("pydantic", self._validate, _EmissionCache(self._emit))

    @classmethod
    def deferred(cls, source: DeferredType, *, empty_input: bool = False) -> PydanticSchema[Any]:
        """A schema whose type is `source.build_type()`, built (with its adapter) on first use;
        `source.emit` writes its JSON Schema (as pydantic would emit it) without building
        anything, afresh for each emission (nothing is kept). `empty_input`: `None` validates
        as `{}`."""
        self: PydanticSchema[Any] = cls.__new__(cls)
        self._source = source
        self._empty_input = empty_input
        return self

    def __getattr__(self, name: str) -> Any:
        # only reached for what a deferred schema has not made yet: `__standard_schema__` (made on
        # first request: describing a tool reads `_source` directly), `type`, `adapter`,
        # `validate_python` (kept in the instance: the per-call lookup), and `_built` itself
        source = self.__dict__.get("_source")
        if source is None:
            raise AttributeError(name)
        if name == "__standard_schema__":
            props = self.__dict__.setdefault(name, _Props("pydantic", self._validate, source))
            return props
        if name not in ("type", "adapter", "validate_python"):
            raise AttributeError(name)
        built: _Built | None = self.__dict__.get("_built")
        if built is None:
            with _build_lock:
                built = self.__dict__.get("_built")
                if built is None:
                    built = _built_for(source, self._empty_input)
                    self.validate_python = built.validate_python
                    self._built = built
        return getattr(built, name)

    def unchanged_type(self) -> type | None:
        """`str`, `int`, `float` or `bool` when this schema is exactly that type (a value of that
        very type then validates to itself), else None; never builds a deferred schema."""
        source = self.__dict__.get("_source")
        tp = source.plain_type() if source is not None else self.__dict__.get("type")
        return tp if tp in _UNCHANGED else None

    def __reduce__(self) -> Any:
        return (as_schema, (self.type,))

    def fields_validators(self) -> FieldsValidators:
        """For a model type: its validators of the field values (`fields_validators`), built
        once (shared by a deferred schema's shape)."""
        built = self.__dict__.get("_built")
        if built is None and "_source" in self.__dict__:
            self.validate_python  # noqa: B018  (builds `_built`)
            built = self.__dict__["_built"]
        made: FieldsValidators | None = built.fields if built is not None else self.__dict__.get("fields")
        if made is None:
            made = fields_validators(self.type, self.validate_python)
            if built is not None:
                built.fields = made
            else:
                self.__dict__["fields"] = made
        return made

    def _validate(self, value: object) -> Success[T] | Failure:
        try:
            return Success(self.validate_python(value))
        except validation_error() as e:
            return Failure(pydantic_issues(e))

    def _emit(self, direction: Direction) -> dict[str, Any]:
        return emit_pydantic(self.type, direction, self.adapter)

    def __repr__(self) -> str:
        tp = self.__dict__.get("type")
        if tp is None and "_source" in self.__dict__:
            return "PydanticSchema(<deferred>)"
        return f"PydanticSchema({getattr(tp, '__name__', tp)!r})"


class _Built:
    """What validating a deferred schema needs, built once per shape and shared by the schemas
    of that shape (held weakly by `_shared_types`: it goes with the last of them). Nothing in it
    names a tool."""

    __slots__ = ("__weakref__", "adapter", "fields", "type", "validate_python")

    def __init__(self, tp: Any, empty_input: bool) -> None:
        import pydantic

        self.type = tp
        self.adapter = pydantic.TypeAdapter(tp)
        self.fields: FieldsValidators | None = None
        validate = self.adapter.validator.validate_python
        if empty_input:

            def validate_or_empty(value: Any) -> Any:
                return validate({} if value is None else value)

            self.validate_python: Callable[[Any], Any] = validate_or_empty
        else:
            self.validate_python = validate


_shared_types: SharedCache[_Built] = SharedCache()


FieldsValidators = tuple[
    Callable[[dict[str, Any]], tuple[dict[str, Any], ...]],
    Callable[[str], tuple[dict[str, Any], ...]] | None,
]
"""A model's validators of its field values (`fields_validators`): of a dict, and of JSON text
(None when it cannot be told apart from parsing the text and validating the dict)."""

_PLAIN_MODEL_KEYS = frozenset(
    {"type", "cls", "schema", "config", "custom_init", "root_model", "post_init", "ref", "metadata"}
    | {"serialization", "generic_origin", "frozen", "revalidate_instances"}
)
"""The keys of a model's core schema that change nothing its fields validator does with a dict
(`frozen`: assignment; `revalidate_instances`: instances; the rest: building the instance)."""

_JSON_NATIVE = frozenset({"int", "float", "str", "bool", "none", "list", "dict", "nullable", "union"})
_JSON_NATIVE_ALL = _JSON_NATIVE | {"literal", "any", "default", "model-fields", "model-field"}
"""Core schema types whose validation of a value parsed from JSON and of the JSON text itself
agree: JSON's own types, their unions, literals and `Any` (no function validators, nothing
strict: a strict `str` field refuses in Python mode what it takes from JSON, as strict dates,
tuples and enums do). tests/core/test_core_fields_validators.py holds the two to the same answers
over a corpus of values."""


def _json_native(node: Any) -> bool:
    """Whether every part of a core schema is `_JSON_NATIVE_ALL` and nothing is strict."""
    if isinstance(node, tuple):  # a union choice with its label
        return _json_native(node[0])
    if not isinstance(node, dict) or node.get("type") not in _JSON_NATIVE_ALL or node.get("strict"):
        return False
    kind = node["type"]
    if kind == "model-fields":
        if node.get("extras_schema") is not None and not _json_native(node["extras_schema"]):
            return False
        return all(_json_native(f) for f in node["fields"].values())
    if kind == "union":
        return all(_json_native(c) for c in node["choices"])
    if kind == "list":
        return "items_schema" not in node or _json_native(node["items_schema"])
    if kind == "dict":
        return all(_json_native(node[k]) for k in ("keys_schema", "values_schema") if k in node)
    if kind in ("nullable", "default", "model-field"):
        return _json_native(node["schema"])
    if kind == "literal":  # JSON values only (not enum members)
        return all(type(v) in (str, int, bool, type(None)) for v in node["expected"])
    return True


def fields_validators(tp: Any, validate_python: Callable[[Any], Any]) -> FieldsValidators:
    """For `tp`, a pydantic model (`validate_python` its validator): a validator of a dict into
    a tuple whose first item is the field values, `(validate_python(d).__dict__,)`, and one of
    JSON text into the same (or None).

    When the model is its fields alone (no model validators, no custom `__init__` or
    `model_post_init`, not a root model, not referenced by its own fields), pydantic-core's
    `model-fields` validator with the model's config does it without the instance: that is what
    the model's validator runs on a dict before it builds the instance (the same coercions, the
    same errors at the same paths, extra keys refused as the config says). Its JSON validator is
    given when the fields are `_JSON_NATIVE`: the text validated in one pass accepts and gives
    what parsing it (`pydantic_core.from_json`) and validating the dict would (its errors may say
    it otherwise: a caller reports errors the dict's way). Anything else: the model's validator
    and its instance's `__dict__`, and no JSON validator."""

    def via_model(value: dict[str, Any]) -> tuple[dict[str, Any]]:
        return (validate_python(value).__dict__,)

    schema = getattr(tp, "__pydantic_core_schema__", None) if isinstance(tp, type) else None
    if not isinstance(schema, dict):
        return via_model, None
    definitions = None
    if schema.get("type") == "definitions":
        definitions = schema.get("definitions")
        schema = schema.get("schema")
    if not (
        isinstance(schema, dict)
        and schema.get("type") == "model"
        and schema.get("cls") is tp
        and schema.keys() <= _PLAIN_MODEL_KEYS
        and not schema.get("custom_init")
        and not schema.get("root_model")
        and not schema.get("post_init")
        and isinstance(schema.get("schema"), dict)
        and schema["schema"].get("type") == "model-fields"
    ):
        return via_model, None
    ref = schema.get("ref")
    if ref is not None and repr(ref) in repr((schema["schema"], definitions)):
        return via_model, None  # (the model refers to itself: its fields need it as a definition)
    from pydantic_core import SchemaValidator, core_schema

    inner: Any = schema["schema"]
    config = schema.get("config")
    native = definitions is None and not (config or {}).get("strict") and _json_native(inner)
    if definitions is not None:
        inner = core_schema.definitions_schema(inner, list(definitions))
    validator = SchemaValidator(inner, config)  # validates into (field values, extra values, fields set)
    return validator.validate_python, validator.validate_json if native else None


def _built_for(source: DeferredType, empty_input: bool) -> _Built:
    """The `_Built` of `source`: the one shared by its shape when it has one, else its own."""
    try:
        key = source.shape_key()
    except Unshareable:
        key = None
    if key is None:
        return _Built(source.build_type(), empty_input)
    return _shared_types.get((key, empty_input), lambda: _Built(source.build_type(), empty_input))


class DeferredType:
    """What a deferred `PydanticSchema` is made from: the type, built on first use, and its JSON
    Schema written without building it. Also the schema's emission (`json_schema`): written
    afresh on every request, which costs less than a cached copy and keeps nothing."""

    __slots__ = ()

    def build_type(self) -> Any:
        """The type to validate with (names no tool: it may be shared by every source whose
        `shape_key` is the same)."""
        raise NotImplementedError

    def plain_type(self) -> Any:
        """The type `build_type` would give when knowing it builds nothing (`PydanticSchema.unchanged_type`
        asks), else None."""
        return None

    def shape_key(self) -> Any:
        """A hashable key equal for two sources exactly when their types validate alike (then
        one built type serves both), or None (raising `interop._shapes.Unshareable` is the same):
        this source's type is its own."""
        return None

    def emit(self, direction: Direction) -> dict[str, Any]:
        raise NotImplementedError

    def parameter_descriptions(self) -> dict[str, str]:
        """Each top-level property's name and description ("" without one)."""
        props = self.emit("input").get("properties")
        if not isinstance(props, Mapping):
            return {}
        return {
            str(k): v["description"]
            if isinstance(v, Mapping) and isinstance(v.get("description"), str)
            else ""
            for k, v in props.items()
        }

    def get(self, direction: Direction, target: str) -> dict[str, Any]:
        schema = self.emit(direction)
        if target == "draft-2020-12":
            return schema
        from ._dialects import check_target, convert

        check_target(target)
        return convert(schema, target)

    def input(self, *, target: str = "draft-2020-12") -> dict[str, Any]:
        return self.get("input", target)

    def output(self, *, target: str = "draft-2020-12") -> dict[str, Any]:
        return self.get("output", target)


# ---------------------------------------------------------------------------------------------- JSON Schema


class JsonSchemaSchema:
    """A `StandardSchemaV1` over a raw JSON Schema dict, validated with the `jsonschema` library.

    The value is returned unchanged on success (JSON Schema does not coerce). Draft-07 style
    input (`definitions`) is accepted and emitted as 2020-12. `format` is an annotation, as
    2020-12 and draft-07 define it by default: it is not asserted, so a value the tool behind the
    schema accepts (a date-time without offset, an unhyphenated UUID) is not refused here, and the
    result never depends on which optional format packages are installed.

    The schema is checked against its metaschema when built (once per distinct schema: consumed
    tool lists repeat schemas); the validator is built on the first `validate`.
    """

    def __init__(self, schema: Mapping[str, Any]) -> None:
        self.schema: dict[str, Any] = dict(schema)
        self._validator_class = _checked_validator_class(self.schema)
        self._validator: Validator | None = None
        self.__standard_schema__ = _Props[Any]("jsonschema", self._validate, _EmissionCache(self._emit))

    def __reduce__(self) -> Any:
        return (JsonSchemaSchema, (self.schema,))

    def _validate(self, value: object) -> Success[Any] | Failure:
        validator = self._validator
        if validator is None:
            validator = self._validator = self._validator_class(self.schema)
        errors = sorted(
            validator.iter_errors(cast(Any, value)),
            key=lambda e: (list(map(str, e.absolute_path)), e.message),
        )
        if not errors:
            return Success(value)
        return Failure(tuple(Issue(_short(e.message), tuple(e.absolute_path)) for e in errors))

    def _emit(self, direction: Direction) -> dict[str, Any]:
        from ._dialects import normalize_to_2020_12

        schema = normalize_to_2020_12(copy_json(self.schema))
        schema.pop("$schema", None)
        return _hoist_root_ref(schema)

    def __repr__(self) -> str:
        return f"JsonSchemaSchema({self.schema!r})"


_CHECKED_MAX = 4096
_checked: OrderedDict[bytes, type[Validator]] = OrderedDict()
_checked_lock = threading.Lock()
_TEXT_ANNOTATIONS = ("title", "description", "$comment")
"""Keywords every metaschema only requires to be strings: their text cannot make a schema invalid."""


def _checked_validator_class(schema: dict[str, Any]) -> type[Validator]:
    """The `jsonschema` validator class for `schema`, after checking `schema` against its
    metaschema (raises `jsonschema.SchemaError`).

    The check costs about a millisecond and a consumed tool list repeats schemas that differ
    only in names and descriptions, so it runs once per distinct `_fingerprint` (the last
    `_CHECKED_MAX` are remembered).
    """
    import jsonschema  # lazy: as costly to import as pydantic itself
    import jsonschema.validators

    key = _fingerprint(schema)
    if key is not None:
        with _checked_lock:
            cls = _checked.get(key)
            if cls is not None:
                _checked.move_to_end(key)
                return cls
    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    cls.check_schema(schema)
    if key is not None:
        with _checked_lock:
            _checked[key] = cls
            if len(_checked) > _CHECKED_MAX:
                _checked.popitem(last=False)
    return cls


def _fingerprint(schema: dict[str, Any]) -> bytes | None:
    """A digest of the canonical JSON of `schema` with the text of its string annotations blanked
    (in schema positions only, never in property names or values): two schemas with one
    fingerprint are valid or invalid together. None when `schema` is not plain JSON (it is then
    always checked)."""
    import hashlib
    import json  # lazy, like jsonschema: only consumed raw schemas need it

    from ._jsonschema import map_subschemas

    def blank(node: Any) -> Any:
        if not isinstance(node, dict):
            return node
        out = map_subschemas(node, blank)
        for key in _TEXT_ANNOTATIONS:
            if isinstance(out.get(key), str):
                out[key] = ""
        return out

    try:
        text = json.dumps(blank(schema), sort_keys=True, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError):  # a set, NaN, keys of mixed types
        return None
    return hashlib.sha256(text.encode()).digest()


def _short(message: str, limit: int = 300) -> str:
    """jsonschema quotes the whole offending value; keep messages readable for huge inputs."""
    return message if len(message) <= limit else message[: limit - 3] + "..."


# ---------------------------------------------------------------------------------------------- msgspec

_MSGSPEC_PATH = r" - at (`key` in )?`\$(.*)`$"
_MSGSPEC_SEGMENT = r"\.[^.\[]+|\[\d+\]|\[\.\.\.\]"
"""Patterns of msgspec's error text, compiled (and cached by `re`) on the first msgspec error."""


class MsgspecSchema(Generic[T]):
    """A `StandardSchemaV1` over a msgspec type (a `Struct` or any type `msgspec.convert` takes).

    Validation is `msgspec.convert(..., strict=False)`, so every value the emitted JSON Schema
    accepts is accepted (msgspec's strict mode refuses `1.0` for an `int`).
    """

    def __init__(self, tp: Any) -> None:
        import msgspec

        self.type = tp
        self._msgspec = msgspec
        self.__standard_schema__ = _Props[T]("msgspec", self._validate, _EmissionCache(self._emit))

    def __reduce__(self) -> Any:
        return (MsgspecSchema, (self.type,))

    def _validate(self, value: object) -> Success[T] | Failure:
        try:
            # lax, like the pydantic adapter: JSON's 1.0 is an integer, object keys arrive as strings
            return Success(self._msgspec.convert(value, self.type, strict=False))
        except self._msgspec.ValidationError as e:
            text = str(e)
            match = re.search(_MSGSPEC_PATH, text)
            path: tuple[str | int, ...] = ()
            if match:
                text = text[: match.start()] + (" (in a key)" if match.group(1) else "")
                path = self._path(value, re.findall(_MSGSPEC_SEGMENT, match.group(2)), str(e))
            return Failure((Issue(text, path),))

    def _path(self, value: object, segments: list[str], error: str) -> tuple[str | int, ...]:
        """msgspec writes a dict key as `[...]`: find the key whose entry alone gives the same error."""
        path: list[str | int] = []
        node: Any = value
        for seg in segments:
            if seg == "[...]":
                key = self._failing_key(value, path, node, error) if isinstance(node, dict) else None
                if key is None:
                    break
                path.append(key)
                node = node[key]
                continue
            step: str | int = int(seg[1:-1]) if seg.startswith("[") else seg[1:]
            path.append(step)
            try:
                node = node[step]
            except (KeyError, IndexError, TypeError):
                node = None
        return tuple(path)

    def _failing_key(self, root: object, prefix: list[str | int], mapping: dict[Any, Any], error: str) -> Any:
        for key in mapping:
            trial = _replace_at(root, prefix, {key: mapping[key]})
            try:
                self._msgspec.convert(trial, self.type, strict=False)
            except self._msgspec.ValidationError as e:
                if str(e) == error:
                    return key
        return None

    def _emit(self, direction: Direction) -> dict[str, Any]:
        schema: dict[str, Any] = self._msgspec.json.schema(self.type)
        return _hoist_root_ref(schema)

    def __repr__(self) -> str:
        return f"MsgspecSchema({getattr(self.type, '__name__', self.type)!r})"


def _replace_at(root: Any, path: list[str | int], new: Any) -> Any:
    """A copy of `root` with the value at `path` replaced (only the containers on the path are copied)."""
    if not path:
        return new
    head, rest = path[0], path[1:]
    copy: Any = dict(root) if isinstance(root, dict) else list(root)
    copy[head] = _replace_at(root[head], rest, new)
    return copy


def _is_msgspec_type(x: Any) -> bool:
    msgspec = sys.modules.get("msgspec")
    return msgspec is not None and isinstance(x, type) and issubclass(x, msgspec.Struct)


# ---------------------------------------------------------------------------------------------- as_schema


class _SchemaCache:
    """`as_schema`'s memory: the last `size` schemas held, any older one only while something
    else (a tool, say) still holds it. Neither tier keeps a type alive by itself once its schema
    is unused, so a type built per request (`create_model`) is collected with its tools instead
    of living as long as the process."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._recent: OrderedDict[Any, StandardSchemaV1[Any]] = OrderedDict()
        # weak both ways: the key (a type) and the schema; the schema holds the type, not the reverse
        self._alive: weakref.WeakKeyDictionary[Any, weakref.ref[StandardSchemaV1[Any]]] = (
            weakref.WeakKeyDictionary()
        )
        self._lock = threading.Lock()

    def get(self, key: Any) -> StandardSchemaV1[Any] | None:
        """The schema cached for `key` (raises `TypeError` when `key` is unhashable)."""
        with self._lock:
            found = self._recent.get(key)
            if found is None:
                found = self._find_alive(key)
                if found is None:
                    return None
            self._remember(key, found)
            return found

    def put(self, key: Any, schema: StandardSchemaV1[Any]) -> StandardSchemaV1[Any]:
        """Cache `schema` for `key`, unless another thread cached one first (that one is returned)."""
        with self._lock:
            found = self._recent.get(key)
            if found is None:
                found = self._find_alive(key)
            if found is not None:
                return found
            try:
                self._alive[key] = weakref.ref(schema)
            except TypeError:  # a key that cannot be weakly referenced: the recent tier only
                pass
            self._remember(key, schema)
            return schema

    def _find_alive(self, key: Any) -> StandardSchemaV1[Any] | None:
        try:
            ref = self._alive.get(key)
        except TypeError:
            return None
        return ref() if ref is not None else None

    def _remember(self, key: Any, schema: StandardSchemaV1[Any]) -> None:
        self._recent[key] = schema
        self._recent.move_to_end(key)
        while len(self._recent) > self.size:
            self._recent.popitem(last=False)


_cache = _SchemaCache(size=256)


@overload
def as_schema(x: StandardSchemaV1[T]) -> StandardSchemaV1[T]: ...
@overload
def as_schema(x: type[T]) -> StandardSchemaV1[T]: ...
@overload
def as_schema(x: Any) -> StandardSchemaV1[Any]: ...
def as_schema(x: Any) -> StandardSchemaV1[Any]:
    """Adapt `x` into a `StandardSchemaV1`, once per type (the result is cached for hashable `x`).

    Typed: a schema of type `T`, or the type `T` itself, gives a `StandardSchemaV1[T]`.

    Accepts: an object already implementing the protocol (returned as is), a raw JSON Schema
    dict, a msgspec `Struct` (when msgspec is installed), and anything pydantic's `TypeAdapter`
    takes: `BaseModel` subclasses, TypedDicts, dataclasses, `Annotated[...]`, containers.
    """
    if hasattr(x, "__standard_schema__"):
        return cast(StandardSchemaV1[Any], x)
    if isinstance(x, Mapping):
        return shared_json_schema(x)
    try:
        cached = _cache.get(x)
    except TypeError:  # unhashable: build every time
        cached = None
        hashable = False
    else:
        hashable = True
    if cached is not None:
        return cached
    schema: StandardSchemaV1[Any]
    if _is_msgspec_type(x):
        schema = MsgspecSchema(x)
    else:
        import pydantic
        import pydantic_core

        try:
            schema = PydanticSchema(x)
        except pydantic.PydanticSchemaGenerationError as e:
            raise TypeError(f"cannot build a schema from {x!r}: {e}") from e
        except pydantic_core.SchemaError as e:  # pragma: no cover - defensive
            raise TypeError(f"cannot build a schema from {x!r}: {e}") from e
    return _cache.put(x, schema) if hashable else schema


_json_schemas: SharedCache[JsonSchemaSchema] = SharedCache()
"""The `JsonSchemaSchema` of each raw JSON Schema in use, by its exact canonical JSON."""


def shared_json_schema(schema: Mapping[str, Any]) -> JsonSchemaSchema:
    """The `JsonSchemaSchema` over `schema`: the one already made for an identical schema while
    anything still holds it (tools of one shape then share its validator and emission), else a
    new one over a copy of `schema`. A schema that is not plain JSON gets one of its own."""
    shape = json_shape(schema)
    if shape is None:
        return JsonSchemaSchema(schema)
    key, copy = shape
    return _json_schemas.get(key, lambda: JsonSchemaSchema(copy))


def foreign_schema(schema: Mapping[str, Any], *, where: str) -> StandardSchemaV1[Any]:
    """`as_schema` for a raw JSON Schema that came from elsewhere (an MCP server, an OpenAPI
    document, a native framework tool): one that is not valid JSON Schema is refused with a
    `SchemaConversionError` saying `where` ("MCP tool 'x': its input schema"), the place and what
    is wrong, instead of `jsonschema`'s metaschema dump."""
    import jsonschema  # lazy: as costly to import as pydantic itself

    try:
        return as_schema(dict(schema))
    except jsonschema.SchemaError as e:
        from ._errors import SchemaConversionError

        at = "".join(f"/{part}" for part in e.absolute_path) or "its root"
        raise SchemaConversionError(f"{where} is not valid JSON Schema at {at}: {e.message}") from None

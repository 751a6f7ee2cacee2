"""The JSON Schema toolkit: what every dialect converter, strict compiler and provider formatter
of the project is built from, public for anyone who sends tool schemas somewhere.

Every function takes a JSON Schema as a plain `dict` (draft 2020-12 unless it says otherwise;
`interop.input_json_schema(tool)` gives one) and returns a new value: the input is never modified.

- **References.** `inline_refs` (every local `$ref` replaced by what it points to, with an explicit
  policy for recursive refs and a size limit, `MAX_INLINED_NODES`), `deref` (follow a chain of
  refs), `resolve_ref` (a local ref: JSON pointer or `$anchor`), `has_ref_key` (a `$ref` key
  anywhere in a value: Gemini refuses such a function response). `RefError` for a non-local,
  dangling or cyclic ref; `InlineSizeError` and `RecursiveRefError` are `RefError`s.
- **Walking.** `map_subschemas` (a schema with `fn` applied to each direct subschema), and where
  subschemas live: `SUBSCHEMA_MAPS`, `SUBSCHEMA_LISTS`, `SUBSCHEMA_SINGLE`. `types_of` (a node's
  declared types), `json_type` (a value's JSON type name), `accepts_null`.
- **Object roots.** `object_root_problem` (why a root is not the single object schema every
  provider and framework taking named arguments requires, or None) and `check_object_root` (the
  same as a `SchemaConversionError` naming the tool and the target): the one rule the providers,
  the adapters, the strict compilers, argument transforms and OpenAPI bodies apply.
- **Dialects.** `convert(schema, target)` for a target of `TARGETS` (`"draft-2020-12"`,
  `"draft-07"`, `"openapi-3.0"`), `normalize_to_2020_12` (draft-07 `definitions` and array
  `items` brought to 2020-12), `strongest_bounds`, and Gemini's two: `to_gemini_schema` (its
  OpenAPI 3.0 `Schema` subset, refs inlined) and `to_gemini_json_schema` (its
  `parametersJsonSchema` subset). What a dialect cannot carry is described in the text.
- **Strict modes.** `compile_openai_strict` / `compile_anthropic_strict` give a `StrictSchema`
  (the compiled schema, the list of what changed, and `restore` for the model's arguments) or
  raise `SchemaConversionError` naming the tool and the place; `is_openai_strict` /
  `is_anthropic_strict` say whether a schema qualifies unchanged; `resolve_strict` is the strict
  decision every provider and adapter makes (the `strict=` option, else the tool's
  `meta["strict"]`: True compiles, False never, unset follows the target's default: strict only
  when nothing changes for the providers);
  `OPENAI_STRICT_LIMITS` / `ANTHROPIC_STRICT_LIMITS` are the providers' documented limits.

The page `docs/concepts/jsonschema.md` shows each with a running example.
"""

from __future__ import annotations

from typing import TYPE_CHECKING as _TYPE_CHECKING

from ._lazy import install_lazy_names as _install_lazy_names

if _TYPE_CHECKING:
    from ._dialects import convert, normalize_to_2020_12, strongest_bounds
    from ._gemini_schema import to_gemini_json_schema, to_gemini_schema
    from ._jsonschema import (
        MAX_INLINED_NODES,
        SUBSCHEMA_LISTS,
        SUBSCHEMA_MAPS,
        SUBSCHEMA_SINGLE,
        InlineSizeError,
        RecursiveRefError,
        RefError,
        accepts_null,
        check_object_root,
        deref,
        has_ref_key,
        inline_refs,
        json_type,
        map_subschemas,
        object_root_problem,
        resolve_ref,
        types_of,
    )
    from ._protocols import TARGETS
    from ._strict import (
        ANTHROPIC_STRICT_LIMITS,
        OPENAI_STRICT_LIMITS,
        StrictSchema,
        compile_anthropic_strict,
        compile_openai_strict,
        is_anthropic_strict,
        is_openai_strict,
        resolve_strict,
    )

_LAZY: dict[str, str] = {
    "convert": "._dialects",
    "normalize_to_2020_12": "._dialects",
    "strongest_bounds": "._dialects",
    "to_gemini_json_schema": "._gemini_schema",
    "to_gemini_schema": "._gemini_schema",
    "InlineSizeError": "._jsonschema",
    "MAX_INLINED_NODES": "._jsonschema",
    "RecursiveRefError": "._jsonschema",
    "RefError": "._jsonschema",
    "SUBSCHEMA_LISTS": "._jsonschema",
    "SUBSCHEMA_MAPS": "._jsonschema",
    "SUBSCHEMA_SINGLE": "._jsonschema",
    "accepts_null": "._jsonschema",
    "check_object_root": "._jsonschema",
    "deref": "._jsonschema",
    "has_ref_key": "._jsonschema",
    "inline_refs": "._jsonschema",
    "json_type": "._jsonschema",
    "map_subschemas": "._jsonschema",
    "object_root_problem": "._jsonschema",
    "resolve_ref": "._jsonschema",
    "types_of": "._jsonschema",
    "TARGETS": "._protocols",
    "ANTHROPIC_STRICT_LIMITS": "._strict",
    "OPENAI_STRICT_LIMITS": "._strict",
    "StrictSchema": "._strict",
    "compile_anthropic_strict": "._strict",
    "compile_openai_strict": "._strict",
    "is_anthropic_strict": "._strict",
    "is_openai_strict": "._strict",
    "resolve_strict": "._strict",
}

__all__ = [
    "ANTHROPIC_STRICT_LIMITS",
    "MAX_INLINED_NODES",
    "OPENAI_STRICT_LIMITS",
    "SUBSCHEMA_LISTS",
    "SUBSCHEMA_MAPS",
    "SUBSCHEMA_SINGLE",
    "TARGETS",
    "InlineSizeError",
    "RecursiveRefError",
    "RefError",
    "StrictSchema",
    "accepts_null",
    "check_object_root",
    "compile_anthropic_strict",
    "compile_openai_strict",
    "convert",
    "deref",
    "has_ref_key",
    "inline_refs",
    "is_anthropic_strict",
    "is_openai_strict",
    "json_type",
    "map_subschemas",
    "normalize_to_2020_12",
    "object_root_problem",
    "resolve_ref",
    "resolve_strict",
    "strongest_bounds",
    "to_gemini_json_schema",
    "to_gemini_schema",
    "types_of",
]


_install_lazy_names(globals(), _LAZY)

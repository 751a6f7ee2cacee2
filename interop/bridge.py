"""The adapter-author API: what every adapter shares, in one place (adapters stay thin).

An adapter imports only `interop` (with its public `interop.errors` and `interop.protocols`) and
`interop.bridge`, and does two things: describe a tool to its framework, and map an `Outcome` to
the framework's own channel. Everything between the model's arguments and the `Outcome` is the
`Invoker` (see `interop._invoke`).

- the call path: `Invoker`, `Outcome`, `Asker`, `PENDING`
- options: `Options`, `ToolOptions`, `split_options`, `Errors`; what every `to_X` decides first:
  `prepare` (options, the way home, the checked name, the `Invoker`) -> `Conversion`, and
  `object_input_schema`
- approval: `ApprovalRequest`, `ApprovalCallback`, `approval_rule`, `requires_approval`,
  `has_approval_layer`, `args_digest` (binds a paused approval to the call shown); a framework
  that approves per tool inside its own loop: `native_approval_mode`, `loop_approval`
- derived tools and the origin stash: `DerivedTool`, `Layer`, `layers`, `find_layer`, `derive`,
  `get_origin`, `set_origin`
- tool progress and logs: `reporting` (install a `Reporter` for a call), `LEVELS`, `LogLevel`
- finding tools in a module (the CLI's `MODULE[:ATTR]`): `find_tool`, `find_tools`
- framework control flow: `register_control_flow`, `is_control_flow`
- running: `run_sync`, `call`, `acall`, `is_async_tool`, `is_async_callable`; the context an
  application binds around a run (`BoundContext`, behind each such adapter's `run_context`); the
  `--context-factory` loader `load_context_factory` / `open_context`
- results and errors: `Part`, `parts_text`, `to_json_text`, `to_jsonable`, `describe_error`,
  `exception_text` (an exception's text, never raising: use it wherever one is formatted),
  `escaped_json` / `escaped_text` (what a human approving a call reads: complete, and escaped),
  `is_model_facing_error`, `parse_arguments`, `call_arguments` (arguments a framework may pass
  positionally), `keyword_parameters` / `check_argument_names` (a native function's argument
  names, and refusing the others before it runs), `content_kind`, `placeholder`
- names: `check_name`, `check_unique_names`, `resolve_name`, `Rename`, `NAME_RULES`
- meta: `json_safe_meta`, `meta_flag`, `meta_tags`, `validate_meta`, `MCP_HINTS`,
  `MCP_HINT_DEFAULTS`, `WELL_KNOWN_META`, `split_hints` / `hints_meta` (the behaviour hints as
  MCP-style annotations and back), `remote_provider_options` (what a remote source's meta may set
  of our provider descriptors), `carried_meta` / `read_carried_meta` / `CARRIED_KEY` (meta,
  title and output schema in a framework's free-form metadata slot and back), `well_formed_meta`
  (a native tool's metadata as meta, entries that break the vocabulary left out)
- schemas: `input_json_schema`, `output_json_schema`, `validator` (the one place a schema's result
  becomes a `StandardToolValidationError`), `pydantic_issues` (a pydantic error's issues),
  `foreign_schema` (a raw JSON Schema from elsewhere; an invalid one refused saying where),
  `copy_json`, `schema_model`
  (a pydantic class that only reports a JSON Schema, for `args_schema`-style slots), the JSON Schema
  toolkit (`deref`, `inline_refs`, `map_subschemas`, `types_of`, `json_type`, `accepts_null`,
  `has_ref_key` (a `$ref` key anywhere in a value),
  `RefError`, `InlineSizeError` / `MAX_INLINED_NODES` (inlining stops at a size limit), and
  where subschemas live: `SUBSCHEMA_MAPS` / `SUBSCHEMA_LISTS` / `SUBSCHEMA_SINGLE`), strict
  compilers
"""

from __future__ import annotations

from typing import TYPE_CHECKING as _TYPE_CHECKING

if _TYPE_CHECKING:
    from ._approval import (
        PENDING,
        ApprovalCallback,
        ApprovalPredicate,
        ApprovalRequest,
        approval_rule,
        approved_call,
        has_approval_layer,
        requires_approval,
    )
    from ._bound import BoundContext
    from ._content import content_kind, placeholder
    from ._context_factory import load_context_factory, open_context
    from ._controlflow import is_control_flow, register_control_flow
    from ._convert import Conversion, object_input_schema, prepare
    from ._decode import (
        ResourceLink,
        decode_block,
        decode_content,
        decode_data_url,
        decode_result,
        decode_text,
    )
    from ._derive import DerivedTool, Layer, derive, find_layer, layers, replace_fields
    from ._dialects import strongest_bounds
    from ._digest import args_digest
    from ._direct import acall, call
    from ._discover import find_tool, find_tools
    from ._errors import ArgumentsNotJSON, exception_text
    from ._inbound import from_native, native_context_option, neutral_home
    from ._invoke import Asker, ErrorKind, Invoker, Outcome, Status
    from ._jsoncopy import copy_json
    from ._jsonschema import (
        MAX_INLINED_NODES,
        SUBSCHEMA_LISTS,
        SUBSCHEMA_MAPS,
        SUBSCHEMA_SINGLE,
        InlineSizeError,
        RefError,
        accepts_null,
        deref,
        has_ref_key,
        inline_refs,
        json_type,
        map_subschemas,
        types_of,
    )
    from ._meta import (
        CARRIED_KEY,
        MCP_HINT_DEFAULTS,
        MCP_HINTS,
        WELL_KNOWN_META,
        carried_meta,
        check_input_examples,
        hints_meta,
        json_safe_meta,
        meta_flag,
        meta_tags,
        provider_options,
        read_carried_meta,
        remote_provider_options,
        split_hints,
        validate_meta,
        well_formed_meta,
    )
    from ._names import NAME_RULES, Rename, check_name, check_unique_names, resolve_name
    from ._native_approval import loop_approval, native_approval_mode
    from ._options import Options, split_options
    from ._origin import ORIGIN_ATTR, get_origin, set_origin
    from ._progress import LEVELS, LogLevel, Reporter, reporting
    from ._protocols import MAX_ISSUES_SHOWN
    from ._results import (
        OMITTED_TEXT,
        Part,
        ResultNotJSON,
        call_arguments,
        check_argument_names,
        describe_error,
        is_model_facing_error,
        keyword_parameters,
        parse_arguments,
        parts_text,
        to_json_text,
        to_jsonable,
    )
    from ._run import is_async_callable, is_async_tool, run_sync
    from ._schema import foreign_schema, pydantic_issues
    from ._schema_model import SchemaModel, schema_model
    from ._shown import escaped_json, escaped_text
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
    from ._tool import input_json_schema, output_json_schema, validator
    from ._tooloptions import Errors, ToolOptions

_LAZY: dict[str, str] = {
    "native_approval_mode": "._native_approval",
    "loop_approval": "._native_approval",
    "decode_block": "._decode",
    "ResourceLink": "._decode",
    "decode_content": "._decode",
    "decode_data_url": "._decode",
    "decode_result": "._decode",
    "decode_text": "._decode",
    "from_native": "._inbound",
    "native_context_option": "._inbound",
    "neutral_home": "._inbound",
    "ApprovalCallback": "._approval",
    "ApprovalPredicate": "._approval",
    "ApprovalRequest": "._approval",
    "PENDING": "._approval",
    "approval_rule": "._approval",
    "approved_call": "._approval",
    "has_approval_layer": "._approval",
    "requires_approval": "._approval",
    "args_digest": "._digest",
    "BoundContext": "._bound",
    "content_kind": "._content",
    "placeholder": "._content",
    "load_context_factory": "._context_factory",
    "open_context": "._context_factory",
    "is_control_flow": "._controlflow",
    "register_control_flow": "._controlflow",
    "Conversion": "._convert",
    "object_input_schema": "._convert",
    "prepare": "._convert",
    "DerivedTool": "._derive",
    "Layer": "._derive",
    "derive": "._derive",
    "find_layer": "._derive",
    "layers": "._derive",
    "replace_fields": "._derive",
    "strongest_bounds": "._dialects",
    "find_tool": "._discover",
    "find_tools": "._discover",
    "ArgumentsNotJSON": "._errors",
    "Asker": "._invoke",
    "ErrorKind": "._invoke",
    "Invoker": "._invoke",
    "Outcome": "._invoke",
    "Status": "._invoke",
    "copy_json": "._jsoncopy",
    "pydantic_issues": "._schema",
    "foreign_schema": "._schema",
    "SchemaModel": "._schema_model",
    "schema_model": "._schema_model",
    "RefError": "._jsonschema",
    "InlineSizeError": "._jsonschema",
    "MAX_INLINED_NODES": "._jsonschema",
    "SUBSCHEMA_LISTS": "._jsonschema",
    "SUBSCHEMA_MAPS": "._jsonschema",
    "SUBSCHEMA_SINGLE": "._jsonschema",
    "accepts_null": "._jsonschema",
    "has_ref_key": "._jsonschema",
    "deref": "._jsonschema",
    "inline_refs": "._jsonschema",
    "json_type": "._jsonschema",
    "map_subschemas": "._jsonschema",
    "types_of": "._jsonschema",
    "CARRIED_KEY": "._meta",
    "carried_meta": "._meta",
    "read_carried_meta": "._meta",
    "well_formed_meta": "._meta",
    "MCP_HINTS": "._meta",
    "MCP_HINT_DEFAULTS": "._meta",
    "WELL_KNOWN_META": "._meta",
    "check_input_examples": "._meta",
    "hints_meta": "._meta",
    "split_hints": "._meta",
    "json_safe_meta": "._meta",
    "meta_flag": "._meta",
    "meta_tags": "._meta",
    "provider_options": "._meta",
    "remote_provider_options": "._meta",
    "validate_meta": "._meta",
    "NAME_RULES": "._names",
    "Rename": "._names",
    "check_name": "._names",
    "check_unique_names": "._names",
    "resolve_name": "._names",
    "Errors": "._tooloptions",
    "Options": "._options",
    "ToolOptions": "._tooloptions",
    "split_options": "._options",
    "ORIGIN_ATTR": "._origin",
    "get_origin": "._origin",
    "set_origin": "._origin",
    "LEVELS": "._progress",
    "LogLevel": "._progress",
    "Reporter": "._progress",
    "reporting": "._progress",
    "MAX_ISSUES_SHOWN": "._protocols",
    "OMITTED_TEXT": "._results",
    "Part": "._results",
    "ResultNotJSON": "._results",
    "call_arguments": "._results",
    "check_argument_names": "._results",
    "keyword_parameters": "._results",
    "describe_error": "._results",
    "exception_text": "._errors",
    "escaped_json": "._shown",
    "escaped_text": "._shown",
    "is_model_facing_error": "._results",
    "parse_arguments": "._results",
    "parts_text": "._results",
    "to_json_text": "._results",
    "to_jsonable": "._results",
    "acall": "._direct",
    "call": "._direct",
    "is_async_callable": "._run",
    "is_async_tool": "._run",
    "run_sync": "._run",
    "ANTHROPIC_STRICT_LIMITS": "._strict",
    "OPENAI_STRICT_LIMITS": "._strict",
    "StrictSchema": "._strict",
    "compile_anthropic_strict": "._strict",
    "compile_openai_strict": "._strict",
    "is_anthropic_strict": "._strict",
    "is_openai_strict": "._strict",
    "resolve_strict": "._strict",
    "input_json_schema": "._tool",
    "output_json_schema": "._tool",
    "validator": "._tool",
}
"""Where each public name lives: loaded on first use (PEP 562), so importing this module costs
only what is used (see `__getattr__`)."""

__all__ = [
    "ANTHROPIC_STRICT_LIMITS",
    "CARRIED_KEY",
    "LEVELS",
    "MAX_INLINED_NODES",
    "MAX_ISSUES_SHOWN",
    "MCP_HINTS",
    "MCP_HINT_DEFAULTS",
    "NAME_RULES",
    "OMITTED_TEXT",
    "OPENAI_STRICT_LIMITS",
    "ORIGIN_ATTR",
    "PENDING",
    "SUBSCHEMA_LISTS",
    "SUBSCHEMA_MAPS",
    "SUBSCHEMA_SINGLE",
    "WELL_KNOWN_META",
    "ApprovalCallback",
    "ApprovalPredicate",
    "ApprovalRequest",
    "ArgumentsNotJSON",
    "Asker",
    "BoundContext",
    "Conversion",
    "DerivedTool",
    "ErrorKind",
    "Errors",
    "InlineSizeError",
    "Invoker",
    "Layer",
    "LogLevel",
    "Options",
    "Outcome",
    "Part",
    "RefError",
    "Rename",
    "Reporter",
    "ResourceLink",
    "ResultNotJSON",
    "SchemaModel",
    "Status",
    "StrictSchema",
    "ToolOptions",
    "acall",
    "accepts_null",
    "approval_rule",
    "approved_call",
    "args_digest",
    "call",
    "call_arguments",
    "carried_meta",
    "check_argument_names",
    "check_input_examples",
    "check_name",
    "check_unique_names",
    "compile_anthropic_strict",
    "compile_openai_strict",
    "content_kind",
    "copy_json",
    "decode_block",
    "decode_content",
    "decode_data_url",
    "decode_result",
    "decode_text",
    "deref",
    "derive",
    "describe_error",
    "escaped_json",
    "escaped_text",
    "exception_text",
    "find_layer",
    "find_tool",
    "find_tools",
    "foreign_schema",
    "from_native",
    "get_origin",
    "has_approval_layer",
    "has_ref_key",
    "hints_meta",
    "inline_refs",
    "input_json_schema",
    "is_anthropic_strict",
    "is_async_callable",
    "is_async_tool",
    "is_control_flow",
    "is_model_facing_error",
    "is_openai_strict",
    "json_safe_meta",
    "json_type",
    "keyword_parameters",
    "layers",
    "load_context_factory",
    "loop_approval",
    "map_subschemas",
    "meta_flag",
    "meta_tags",
    "native_approval_mode",
    "native_context_option",
    "neutral_home",
    "object_input_schema",
    "open_context",
    "output_json_schema",
    "parse_arguments",
    "parts_text",
    "placeholder",
    "prepare",
    "provider_options",
    "pydantic_issues",
    "read_carried_meta",
    "register_control_flow",
    "remote_provider_options",
    "replace_fields",
    "reporting",
    "requires_approval",
    "resolve_name",
    "resolve_strict",
    "run_sync",
    "schema_model",
    "set_origin",
    "split_hints",
    "split_options",
    "strongest_bounds",
    "to_json_text",
    "to_jsonable",
    "types_of",
    "validate_meta",
    "validator",
    "well_formed_meta",
]


if not _TYPE_CHECKING:  # type checkers see the imports above (and no catch-all for a misspelt name)
    from ._lazy import lazy_names as _lazy_names

    __getattr__, __dir__ = _lazy_names(globals(), _LAZY, __all__)

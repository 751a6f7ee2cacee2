"""The adapter-author API: what every adapter shares, in one place (adapters stay thin).

An adapter imports only `interop` (with its public `interop.errors`, `interop.protocols` and
`interop.jsonschema`) and `interop.bridge`, and does two things: describe a tool to its framework,
and map an `Outcome` to the framework's own channel. Everything between the model's arguments and
the `Outcome` is the `Invoker` (see `interop._invoke`). 45 names:

- converting a tool (`to_X`): `prepare` (options, the way home, the checked name, the `Invoker`)
  -> `Conversion`; `object_input_schema`; `Options`, `ToolOptions`, `split_options` (an adapter's
  own options apart from the common ones); `check_name`, `resolve_name`, `Rename`,
  `check_unique_names`
- the call path: `Invoker`, `Outcome`; `run_sync`, `call`, `acall`, `is_async_tool`; the context
  an application binds around a run (`BoundContext`, behind each such adapter's `run_context`)
- approval: `ApprovalRequest`, `PENDING`, `approval_rule`, `requires_approval`, `approved_call`
- tools coming in (`from_X`): `from_native` (the one inbound path), `neutral_home`,
  `native_context_option`; the origin stash `get_origin` / `set_origin`; `decode_content` (the
  one decoder of foreign content) and the `ResourceLink` it gives for a link
- results and errors: `to_json_text`, `to_jsonable`, `content_kind`, `placeholder`,
  `describe_error`, `is_model_facing_error`, `exception_text` (an exception's text, never
  raising: use it wherever one is formatted); framework control flow: `register_control_flow`,
  `is_control_flow`
- meta: `json_safe_meta`, `meta_flag`, `meta_tags`
- schemas: `input_json_schema`, `output_json_schema`, `copy_json`, `schema_model` (a pydantic
  class that only reports a JSON Schema, for `args_schema`-style slots); the JSON Schema toolkit
  (ref inlining, dialects, strict compilers) is the public module `interop.jsonschema`

The names this module exported before round 3 and no longer lists (the toolkit's, now in
`interop.jsonschema`, and helpers only the project's own adapters use) still resolve, with a
`DeprecationWarning` naming where they live.
"""

from __future__ import annotations

from typing import TYPE_CHECKING as _TYPE_CHECKING

from ._lazy import install_lazy_names as _install_lazy_names

if _TYPE_CHECKING:  # the deprecated names too (`X as X`): old code still type-checks
    from ._approval import (
        PENDING,
        ApprovalRequest,
        approval_rule,
        approved_call,
        requires_approval,
    )
    from ._approval import (
        ApprovalCallback as ApprovalCallback,
    )
    from ._approval import (
        ApprovalPredicate as ApprovalPredicate,
    )
    from ._approval import (
        has_approval_layer as has_approval_layer,
    )
    from ._arguments import (
        call_arguments as call_arguments,
    )
    from ._arguments import (
        check_argument_names as check_argument_names,
    )
    from ._arguments import (
        keyword_parameters as keyword_parameters,
    )
    from ._arguments import (
        parse_arguments as parse_arguments,
    )
    from ._bound import (
        BoundContext,
    )
    from ._content import (
        content_kind,
        placeholder,
    )
    from ._context_factory import (
        load_context_factory as load_context_factory,
    )
    from ._context_factory import (
        open_context as open_context,
    )
    from ._controlflow import (
        is_control_flow,
        register_control_flow,
    )
    from ._convert import (
        Conversion,
        object_input_schema,
        prepare,
    )
    from ._decode import (
        ResourceLink,
        decode_content,
    )
    from ._decode import (
        decode_block as decode_block,
    )
    from ._decode import (
        decode_data_url as decode_data_url,
    )
    from ._decode import (
        decode_result as decode_result,
    )
    from ._decode import (
        decode_text as decode_text,
    )
    from ._derive import (
        DerivedTool as DerivedTool,
    )
    from ._derive import (
        Layer as Layer,
    )
    from ._derive import (
        derive as derive,
    )
    from ._derive import (
        find_layer as find_layer,
    )
    from ._derive import (
        layers as layers,
    )
    from ._derive import (
        replace_fields as replace_fields,
    )
    from ._digest import (
        args_digest as args_digest,
    )
    from ._direct import (
        acall,
        call,
    )
    from ._discover import (
        find_tool as find_tool,
    )
    from ._discover import (
        find_tools as find_tools,
    )
    from ._errors import (
        exception_text,
    )
    from ._inbound import (
        from_native,
        native_context_option,
        neutral_home,
    )
    from ._invoke import (
        Asker as Asker,
    )
    from ._invoke import (
        ErrorKind as ErrorKind,
    )
    from ._invoke import (
        Invoker,
        Outcome,
    )
    from ._invoke import (
        Status as Status,
    )
    from ._jsoncopy import (
        copy_json,
    )
    from ._meta import (
        CARRIED_KEY as CARRIED_KEY,
    )
    from ._meta import (
        MCP_HINT_DEFAULTS as MCP_HINT_DEFAULTS,
    )
    from ._meta import (
        MCP_HINTS as MCP_HINTS,
    )
    from ._meta import (
        WELL_KNOWN_META as WELL_KNOWN_META,
    )
    from ._meta import (
        carried_meta as carried_meta,
    )
    from ._meta import (
        check_input_examples as check_input_examples,
    )
    from ._meta import (
        hints_meta as hints_meta,
    )
    from ._meta import (
        json_safe_meta,
        meta_flag,
        meta_tags,
    )
    from ._meta import (
        provider_options as provider_options,
    )
    from ._meta import (
        read_carried_meta as read_carried_meta,
    )
    from ._meta import (
        remote_provider_options as remote_provider_options,
    )
    from ._meta import (
        split_hints as split_hints,
    )
    from ._meta import (
        validate_meta as validate_meta,
    )
    from ._meta import (
        well_formed_meta as well_formed_meta,
    )
    from ._names import (
        NAME_RULES as NAME_RULES,
    )
    from ._names import (
        Rename,
        check_name,
        check_unique_names,
        resolve_name,
    )
    from ._native_approval import (
        loop_approval as loop_approval,
    )
    from ._native_approval import (
        native_approval_mode as native_approval_mode,
    )
    from ._options import (
        Options,
        split_options,
    )
    from ._origin import (
        ORIGIN_ATTR as ORIGIN_ATTR,
    )
    from ._origin import (
        get_origin,
        set_origin,
    )
    from ._progress import (
        LEVELS as LEVELS,
    )
    from ._progress import (
        LogLevel as LogLevel,
    )
    from ._progress import (
        Reporter as Reporter,
    )
    from ._progress import (
        reporting as reporting,
    )
    from ._protocols import (
        MAX_ISSUES_SHOWN as MAX_ISSUES_SHOWN,
    )
    from ._results import (
        OMITTED_TEXT as OMITTED_TEXT,
    )
    from ._results import (
        Part as Part,
    )
    from ._results import (
        ResultNotJSON as ResultNotJSON,
    )
    from ._results import (
        describe_error,
        is_model_facing_error,
        to_json_text,
        to_jsonable,
    )
    from ._results import (
        parts_text as parts_text,
    )
    from ._run import (
        is_async_callable as is_async_callable,
    )
    from ._run import (
        is_async_tool,
        run_sync,
    )
    from ._schema import (
        foreign_schema as foreign_schema,
    )
    from ._schema import (
        pydantic_issues as pydantic_issues,
    )
    from ._schema_model import (
        SchemaModel as SchemaModel,
    )
    from ._schema_model import (
        schema_model,
    )
    from ._shown import (
        escaped_json as escaped_json,
    )
    from ._shown import (
        escaped_text as escaped_text,
    )
    from ._tool import (
        input_json_schema,
        output_json_schema,
    )
    from ._tool import (
        validator as validator,
    )
    from ._tooloptions import (
        Errors as Errors,
    )
    from ._tooloptions import (
        ToolOptions,
    )
    from .errors import (
        ArgumentsNotJSON as ArgumentsNotJSON,
    )
    from .jsonschema import (
        ANTHROPIC_STRICT_LIMITS as ANTHROPIC_STRICT_LIMITS,
    )
    from .jsonschema import (
        MAX_INLINED_NODES as MAX_INLINED_NODES,
    )
    from .jsonschema import (
        OPENAI_STRICT_LIMITS as OPENAI_STRICT_LIMITS,
    )
    from .jsonschema import (
        SUBSCHEMA_LISTS as SUBSCHEMA_LISTS,
    )
    from .jsonschema import (
        SUBSCHEMA_MAPS as SUBSCHEMA_MAPS,
    )
    from .jsonschema import (
        SUBSCHEMA_SINGLE as SUBSCHEMA_SINGLE,
    )
    from .jsonschema import (
        InlineSizeError as InlineSizeError,
    )
    from .jsonschema import (
        RefError as RefError,
    )
    from .jsonschema import (
        StrictSchema as StrictSchema,
    )
    from .jsonschema import (
        accepts_null as accepts_null,
    )
    from .jsonschema import (
        compile_anthropic_strict as compile_anthropic_strict,
    )
    from .jsonschema import (
        compile_openai_strict as compile_openai_strict,
    )
    from .jsonschema import (
        deref as deref,
    )
    from .jsonschema import (
        has_ref_key as has_ref_key,
    )
    from .jsonschema import (
        inline_refs as inline_refs,
    )
    from .jsonschema import (
        is_anthropic_strict as is_anthropic_strict,
    )
    from .jsonschema import (
        is_openai_strict as is_openai_strict,
    )
    from .jsonschema import (
        json_type as json_type,
    )
    from .jsonschema import (
        map_subschemas as map_subschemas,
    )
    from .jsonschema import (
        resolve_strict as resolve_strict,
    )
    from .jsonschema import (
        strongest_bounds as strongest_bounds,
    )
    from .jsonschema import (
        types_of as types_of,
    )

_LAZY: dict[str, str] = {
    "PENDING": "._approval",
    "ApprovalRequest": "._approval",
    "BoundContext": "._bound",
    "Conversion": "._convert",
    "Invoker": "._invoke",
    "Options": "._options",
    "Outcome": "._invoke",
    "Rename": "._names",
    "ToolOptions": "._tooloptions",
    "acall": "._direct",
    "approval_rule": "._approval",
    "approved_call": "._approval",
    "call": "._direct",
    "check_name": "._names",
    "check_unique_names": "._names",
    "content_kind": "._content",
    "copy_json": "._jsoncopy",
    "ResourceLink": "._decode",
    "decode_content": "._decode",
    "describe_error": "._results",
    "exception_text": "._errors",
    "from_native": "._inbound",
    "get_origin": "._origin",
    "input_json_schema": "._tool",
    "is_async_tool": "._run",
    "is_control_flow": "._controlflow",
    "is_model_facing_error": "._results",
    "json_safe_meta": "._meta",
    "meta_flag": "._meta",
    "meta_tags": "._meta",
    "native_context_option": "._inbound",
    "neutral_home": "._inbound",
    "object_input_schema": "._convert",
    "output_json_schema": "._tool",
    "placeholder": "._content",
    "prepare": "._convert",
    "register_control_flow": "._controlflow",
    "requires_approval": "._approval",
    "resolve_name": "._names",
    "run_sync": "._run",
    "schema_model": "._schema_model",
    "set_origin": "._origin",
    "split_options": "._options",
    "to_json_text": "._results",
    "to_jsonable": "._results",
}

_MOVED: dict[str, str] = {
    "ANTHROPIC_STRICT_LIMITS": "interop.jsonschema",
    "ApprovalCallback": "interop._approval",
    "ApprovalPredicate": "interop._approval",
    "ArgumentsNotJSON": "interop.errors",
    "Asker": "interop._invoke",
    "CARRIED_KEY": "interop._meta",
    "DerivedTool": "interop._derive",
    "ErrorKind": "interop._invoke",
    "Errors": "interop._tooloptions",
    "InlineSizeError": "interop.jsonschema",
    "LEVELS": "interop._progress",
    "Layer": "interop._derive",
    "LogLevel": "interop._progress",
    "MAX_INLINED_NODES": "interop.jsonschema",
    "MAX_ISSUES_SHOWN": "interop._protocols",
    "MCP_HINTS": "interop._meta",
    "MCP_HINT_DEFAULTS": "interop._meta",
    "NAME_RULES": "interop._names",
    "OMITTED_TEXT": "interop._results",
    "OPENAI_STRICT_LIMITS": "interop.jsonschema",
    "ORIGIN_ATTR": "interop._origin",
    "Part": "interop._results",
    "RefError": "interop.jsonschema",
    "Reporter": "interop._progress",
    "ResultNotJSON": "interop._results",
    "SUBSCHEMA_LISTS": "interop.jsonschema",
    "SUBSCHEMA_MAPS": "interop.jsonschema",
    "SUBSCHEMA_SINGLE": "interop.jsonschema",
    "SchemaModel": "interop._schema_model",
    "Status": "interop._invoke",
    "StrictSchema": "interop.jsonschema",
    "WELL_KNOWN_META": "interop._meta",
    "accepts_null": "interop.jsonschema",
    "args_digest": "interop._digest",
    "call_arguments": "interop._arguments",
    "carried_meta": "interop._meta",
    "check_argument_names": "interop._arguments",
    "check_input_examples": "interop._meta",
    "compile_anthropic_strict": "interop.jsonschema",
    "compile_openai_strict": "interop.jsonschema",
    "decode_block": "interop._decode",
    "decode_data_url": "interop._decode",
    "decode_result": "interop._decode",
    "decode_text": "interop._decode",
    "deref": "interop.jsonschema",
    "derive": "interop._derive",
    "escaped_json": "interop._shown",
    "escaped_text": "interop._shown",
    "find_layer": "interop._derive",
    "find_tool": "interop._discover",
    "find_tools": "interop._discover",
    "foreign_schema": "interop._schema",
    "has_approval_layer": "interop._approval",
    "hints_meta": "interop._meta",
    "has_ref_key": "interop.jsonschema",
    "inline_refs": "interop.jsonschema",
    "is_anthropic_strict": "interop.jsonschema",
    "is_async_callable": "interop._run",
    "is_openai_strict": "interop.jsonschema",
    "json_type": "interop.jsonschema",
    "keyword_parameters": "interop._arguments",
    "layers": "interop._derive",
    "load_context_factory": "interop._context_factory",
    "loop_approval": "interop._native_approval",
    "map_subschemas": "interop.jsonschema",
    "native_approval_mode": "interop._native_approval",
    "open_context": "interop._context_factory",
    "parse_arguments": "interop._arguments",
    "parts_text": "interop._results",
    "provider_options": "interop._meta",
    "pydantic_issues": "interop._schema",
    "read_carried_meta": "interop._meta",
    "remote_provider_options": "interop._meta",
    "replace_fields": "interop._derive",
    "reporting": "interop._progress",
    "resolve_strict": "interop.jsonschema",
    "split_hints": "interop._meta",
    "strongest_bounds": "interop.jsonschema",
    "types_of": "interop.jsonschema",
    "validate_meta": "interop._meta",
    "validator": "interop._tool",
    "well_formed_meta": "interop._meta",
}
"""Names no longer listed here (issue 37: the adapter API keeps at most 45): each still resolves,
from the module it lives in, with a `DeprecationWarning` on every use."""

__all__ = [
    "PENDING",
    "ApprovalRequest",
    "BoundContext",
    "Conversion",
    "Invoker",
    "Options",
    "Outcome",
    "Rename",
    "ResourceLink",
    "ToolOptions",
    "acall",
    "approval_rule",
    "approved_call",
    "call",
    "check_name",
    "check_unique_names",
    "content_kind",
    "copy_json",
    "decode_content",
    "describe_error",
    "exception_text",
    "from_native",
    "get_origin",
    "input_json_schema",
    "is_async_tool",
    "is_control_flow",
    "is_model_facing_error",
    "json_safe_meta",
    "meta_flag",
    "meta_tags",
    "native_context_option",
    "neutral_home",
    "object_input_schema",
    "output_json_schema",
    "placeholder",
    "prepare",
    "register_control_flow",
    "requires_approval",
    "resolve_name",
    "run_sync",
    "schema_model",
    "set_origin",
    "split_options",
    "to_json_text",
    "to_jsonable",
]


_install_lazy_names(globals(), _LAZY, moved=_MOVED)

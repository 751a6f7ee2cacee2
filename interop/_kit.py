"""The helpers the project's own adapters share beyond the public adapter API (`interop.bridge`).

Not public: what is here may change or go without notice. `interop.bridge` lists what an adapter
author outside the project needs (at most 45 names, issue 37); the project's adapters, servers and
providers also use these (native approval in a framework's own loop, the carried-meta slot, MCP
hints, the one `CONTEXT_KEY`, the foreign-content decoders, the argument helpers, progress
reporting, the context-factory loader...). Loaded on first use, as the bridge is, so importing an adapter costs only what it uses.
The names that `interop.bridge` used to export and that live here still resolve there, with a
`DeprecationWarning`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING as _TYPE_CHECKING

from ._lazy import install_lazy_names as _install_lazy_names

if _TYPE_CHECKING:
    from ._approval import ApprovalCallback, ApprovalPredicate, answer_reason, approves, has_approval_layer
    from ._arguments import call_arguments, check_argument_names, keyword_parameters, parse_arguments
    from ._channel import asks_inline
    from ._context_factory import load_context_factory, open_context
    from ._decode import decode_block, decode_data_url, decode_result, decode_text, field_of
    from ._derive import DerivedTool, Layer, derive, find_layer, layers, replace_fields
    from ._digest import args_digest
    from ._discover import find_tool, find_tools
    from ._extras import require_extra
    from ._inbound import inbound, unique_tools
    from ._invoke import Asker, ErrorKind, Status
    from ._meta import (
        CARRIED_KEY,
        MCP_HINT_DEFAULTS,
        MCP_HINTS,
        WELL_KNOWN_META,
        carried_meta,
        check_input_examples,
        hints_meta,
        provider_options,
        read_carried_meta,
        remote_provider_options,
        split_hints,
        validate_meta,
        well_formed_meta,
    )
    from ._names import NAME_RULES
    from ._native_approval import loop_approval, native_approval_mode
    from ._options import CONTEXT_KEY, context_entry
    from ._origin import ORIGIN_ATTR
    from ._progress import LEVELS, LogLevel, Reporter, reporting
    from ._protocols import MAX_ISSUES_SHOWN
    from ._results import OMITTED_TEXT, Part, ResultNotJSON, ToolResultText, parts_text
    from ._run import blocking_twin, is_async_callable
    from ._schema import foreign_schema, pydantic_issues
    from ._schema_model import SchemaModel
    from ._shown import escaped_json, escaped_text
    from ._strict import strict_preference
    from ._tool import validator
    from ._tooloptions import Errors, OldConfigName, OldContextName, OldStateName
    from ._toolset import convert_tools, toolset_options

_LAZY: dict[str, str] = {
    "convert_tools": "._toolset",
    "toolset_options": "._toolset",
    "ApprovalCallback": "._approval",
    "ApprovalPredicate": "._approval",
    "has_approval_layer": "._approval",
    "answer_reason": "._approval",
    "approves": "._approval",
    "hints_meta": "._meta",
    "asks_inline": "._channel",
    "call_arguments": "._arguments",
    "check_argument_names": "._arguments",
    "keyword_parameters": "._arguments",
    "parse_arguments": "._arguments",
    "load_context_factory": "._context_factory",
    "open_context": "._context_factory",
    "decode_block": "._decode",
    "decode_data_url": "._decode",
    "decode_result": "._decode",
    "decode_text": "._decode",
    "field_of": "._decode",
    "DerivedTool": "._derive",
    "Layer": "._derive",
    "derive": "._derive",
    "find_layer": "._derive",
    "layers": "._derive",
    "replace_fields": "._derive",
    "args_digest": "._digest",
    "find_tool": "._discover",
    "find_tools": "._discover",
    "require_extra": "._extras",
    "Asker": "._invoke",
    "ErrorKind": "._invoke",
    "Status": "._invoke",
    "CARRIED_KEY": "._meta",
    "MCP_HINTS": "._meta",
    "MCP_HINT_DEFAULTS": "._meta",
    "WELL_KNOWN_META": "._meta",
    "carried_meta": "._meta",
    "check_input_examples": "._meta",
    "provider_options": "._meta",
    "read_carried_meta": "._meta",
    "remote_provider_options": "._meta",
    "split_hints": "._meta",
    "validate_meta": "._meta",
    "well_formed_meta": "._meta",
    "inbound": "._inbound",
    "unique_tools": "._inbound",
    "NAME_RULES": "._names",
    "CONTEXT_KEY": "._options",
    "context_entry": "._options",
    "loop_approval": "._native_approval",
    "native_approval_mode": "._native_approval",
    "ORIGIN_ATTR": "._origin",
    "LEVELS": "._progress",
    "LogLevel": "._progress",
    "Reporter": "._progress",
    "reporting": "._progress",
    "MAX_ISSUES_SHOWN": "._protocols",
    "OMITTED_TEXT": "._results",
    "Part": "._results",
    "ResultNotJSON": "._results",
    "ToolResultText": "._results",
    "parts_text": "._results",
    "blocking_twin": "._run",
    "is_async_callable": "._run",
    "foreign_schema": "._schema",
    "pydantic_issues": "._schema",
    "SchemaModel": "._schema_model",
    "escaped_json": "._shown",
    "escaped_text": "._shown",
    "strict_preference": "._strict",
    "validator": "._tool",
    "Errors": "._tooloptions",
    "OldConfigName": "._tooloptions",
    "OldContextName": "._tooloptions",
    "OldStateName": "._tooloptions",
}

__all__ = [
    "convert_tools",
    "toolset_options",
    "CARRIED_KEY",
    "CONTEXT_KEY",
    "LEVELS",
    "MAX_ISSUES_SHOWN",
    "MCP_HINTS",
    "MCP_HINT_DEFAULTS",
    "NAME_RULES",
    "OMITTED_TEXT",
    "ORIGIN_ATTR",
    "WELL_KNOWN_META",
    "ApprovalCallback",
    "ApprovalPredicate",
    "Asker",
    "answer_reason",
    "approves",
    "DerivedTool",
    "ErrorKind",
    "Errors",
    "Layer",
    "LogLevel",
    "OldConfigName",
    "OldContextName",
    "OldStateName",
    "Part",
    "Reporter",
    "ResultNotJSON",
    "ToolResultText",
    "SchemaModel",
    "Status",
    "args_digest",
    "asks_inline",
    "blocking_twin",
    "call_arguments",
    "carried_meta",
    "check_argument_names",
    "check_input_examples",
    "context_entry",
    "decode_block",
    "decode_data_url",
    "decode_result",
    "decode_text",
    "derive",
    "escaped_json",
    "escaped_text",
    "field_of",
    "find_layer",
    "find_tool",
    "find_tools",
    "foreign_schema",
    "has_approval_layer",
    "hints_meta",
    "inbound",
    "is_async_callable",
    "keyword_parameters",
    "layers",
    "load_context_factory",
    "loop_approval",
    "native_approval_mode",
    "open_context",
    "parse_arguments",
    "parts_text",
    "provider_options",
    "pydantic_issues",
    "read_carried_meta",
    "remote_provider_options",
    "replace_fields",
    "require_extra",
    "reporting",
    "split_hints",
    "strict_preference",
    "unique_tools",
    "validate_meta",
    "validator",
    "well_formed_meta",
]

_install_lazy_names(globals(), _LAZY)

"""The machinery every adapter shares, in one place (adapters stay thin).

- origin stash: `get_origin` / `set_origin`
- sync/async: `run_sync`, `call`, `acall`, `is_async_tool`
- results and errors for a model: `to_json_text`, `to_jsonable`, `describe_error`, `is_model_facing_error`,
  `parse_arguments` (JSON argument text, with a correctable `ArgumentsNotJSON`)
- names: `check_name`, `check_unique_names`, `resolve_name`, `Rename`, `NAME_RULES`
- approval: `ensure_approval`, `requires_approval`, `with_approval`
- meta: `json_safe_meta`, `meta_flag`, `meta_tags`, `MCP_HINTS` (hint key -> MCP annotation name)
- strict schemas: `compile_openai_strict`, `compile_anthropic_strict`, `resolve_strict`, `StrictSchema`
"""

from __future__ import annotations

from ._approval import ApprovalCallback, ApprovalRequest, ensure_approval, requires_approval, with_approval
from ._bridge import run_sync
from ._jsoncopy import copy_json
from ._meta import MCP_HINT_DEFAULTS, MCP_HINTS, json_safe_meta, meta_flag, meta_tags
from ._names import NAME_RULES, Rename, check_name, check_unique_names, resolve_name
from ._origin import ORIGIN_ATTR, get_origin, set_origin
from ._protocols import MAX_ISSUES_SHOWN
from ._results import (
    ArgumentsNotJSON,
    describe_error,
    is_model_facing_error,
    parse_arguments,
    to_json_text,
    to_jsonable,
)
from ._strict import (
    StrictSchema,
    compile_anthropic_strict,
    compile_openai_strict,
    is_openai_strict,
    resolve_strict,
)
from ._tool import acall, call, input_json_schema, is_async_tool, output_json_schema

__all__ = [
    "MAX_ISSUES_SHOWN",
    "MCP_HINTS",
    "MCP_HINT_DEFAULTS",
    "NAME_RULES",
    "ORIGIN_ATTR",
    "ApprovalCallback",
    "ApprovalRequest",
    "ArgumentsNotJSON",
    "Rename",
    "StrictSchema",
    "acall",
    "call",
    "check_name",
    "check_unique_names",
    "compile_anthropic_strict",
    "compile_openai_strict",
    "copy_json",
    "describe_error",
    "ensure_approval",
    "get_origin",
    "input_json_schema",
    "is_async_tool",
    "is_model_facing_error",
    "is_openai_strict",
    "json_safe_meta",
    "meta_flag",
    "meta_tags",
    "output_json_schema",
    "parse_arguments",
    "requires_approval",
    "resolve_name",
    "resolve_strict",
    "run_sync",
    "set_origin",
    "to_json_text",
    "to_jsonable",
    "with_approval",
]

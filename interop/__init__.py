"""Standard Schema and Standard Tool for Python.

A neutral, self-describing tool object (`StandardTool`) and the two protocols it rests on
(`StandardSchemaV1`, `StandardToolV0`). Framework adapters live in subpackages
(`interop.langchain`, `interop.pydantic_ai`, `interop.llamaindex`, `interop.openai_agents`,
`interop.mcp`, `interop.providers`), each behind its own optional extra; importing this package
imports no framework.
"""

from __future__ import annotations

from ._approval import ApprovalCallback, ApprovalRequest, ensure_approval, requires_approval, with_approval
from ._decorator import FromContext, tool
from ._errors import (
    ApprovalRequiredError,
    InteropError,
    SchemaConversionError,
    StandardToolValidationError,
    ToolError,
    ToolNameError,
)
from ._meta import (
    MCP_HINT_DEFAULTS,
    WELL_KNOWN_META,
    ToolMeta,
    json_safe_meta,
    meta_flag,
    meta_tags,
    validate_meta,
)
from ._protocols import (
    Failure,
    Issue,
    JsonSchemaConverter,
    JsonSchemaTarget,
    StandardSchemaProps,
    StandardSchemaV1,
    StandardToolV0,
    Success,
)
from ._schema import as_schema
from ._tool import (
    StandardTool,
    acall,
    call,
    input_json_schema,
    is_async_tool,
    output_json_schema,
    standard_tool,
    with_formatted_output,
)

__all__ = [
    "MCP_HINT_DEFAULTS",
    "WELL_KNOWN_META",
    "ApprovalCallback",
    "ApprovalRequest",
    "ApprovalRequiredError",
    "Failure",
    "FromContext",
    "InteropError",
    "Issue",
    "JsonSchemaConverter",
    "JsonSchemaTarget",
    "SchemaConversionError",
    "StandardSchemaProps",
    "StandardSchemaV1",
    "StandardTool",
    "StandardToolV0",
    "StandardToolValidationError",
    "Success",
    "ToolError",
    "ToolMeta",
    "ToolNameError",
    "acall",
    "as_schema",
    "call",
    "ensure_approval",
    "input_json_schema",
    "is_async_tool",
    "json_safe_meta",
    "meta_flag",
    "meta_tags",
    "output_json_schema",
    "requires_approval",
    "standard_tool",
    "tool",
    "validate_meta",
    "with_approval",
    "with_formatted_output",
]

__version__ = "0.1.0"

"""Standard Schema and Standard Tool for Python.

A neutral, self-describing tool object (`StandardTool`) and the two protocols it rests on
(`StandardSchemaV1`, `StandardToolV0`), with what a tool author and a framework user need.
Framework adapters live in subpackages (`interop.langchain`, `interop.pydantic_ai`,
`interop.llamaindex`, `interop.openai_agents`, `interop.mcp`, `interop.providers`, ...), each
behind its own optional extra; importing this package imports no framework. The machinery those
adapters share is `interop.bridge`; the protocols' detail types (`Issue`, ...) are in
`interop.protocols`; the whole error tree is in `interop.errors`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING as _TYPE_CHECKING

from ._lazy import install_lazy_names as _install_lazy_names

if _TYPE_CHECKING:  # the names of `_MOVED` too (`X as X`): old code still type-checks until they go
    from ._approval import ApprovalCallback as ApprovalCallback
    from ._approval import ApprovalRequest, with_approval
    from ._code_mode import code_mode
    from ._content import OMIT, Audio, File, Image
    from ._decorator import AsyncFunctionTool, FromContext, FunctionTool, tool
    from ._direct import acall, call
    from ._errors import (
        ApprovalDeniedError,
        InteropError,
        StandardToolValidationError,
        ToolError,
    )
    from ._errors import ApprovalRequiredError as ApprovalRequiredError
    from ._errors import SchemaConversionError as SchemaConversionError
    from ._errors import ToolNameError as ToolNameError
    from ._meta import ToolMeta
    from ._middleware import ToolInvocation, with_middleware
    from ._output import with_formatted_output, with_model_output
    from ._progress import log, progress
    from ._protocols import Issue as Issue
    from ._protocols import StandardSchemaV1, StandardToolV0
    from ._schema import as_schema
    from ._search import tool_search
    from ._shaping import filter_tools, prefix_tools, split_tools
    from ._tool import StandardTool, input_json_schema, output_json_schema, standard_tool
    from ._toolset import ToolSet
    from ._transform import ArgTransform, transform_tool

_LAZY: dict[str, str] = {
    "with_middleware": "._middleware",
    "ToolInvocation": "._middleware",
    "ToolSet": "._toolset",
    "ApprovalRequest": "._approval",
    "with_approval": "._approval",
    "code_mode": "._code_mode",
    "Audio": "._content",
    "File": "._content",
    "Image": "._content",
    "OMIT": "._content",
    "AsyncFunctionTool": "._decorator",
    "FromContext": "._decorator",
    "FunctionTool": "._decorator",
    "tool": "._decorator",
    "ApprovalDeniedError": "._errors",
    "InteropError": "._errors",
    "StandardToolValidationError": "._errors",
    "ToolError": "._errors",
    "ToolMeta": "._meta",
    "with_formatted_output": "._output",
    "with_model_output": "._output",
    "log": "._progress",
    "progress": "._progress",
    "StandardSchemaV1": "._protocols",
    "StandardToolV0": "._protocols",
    "acall": "._direct",
    "call": "._direct",
    "as_schema": "._schema",
    "tool_search": "._search",
    "filter_tools": "._shaping",
    "prefix_tools": "._shaping",
    "split_tools": "._shaping",
    "StandardTool": "._tool",
    "input_json_schema": "._tool",
    "output_json_schema": "._tool",
    "standard_tool": "._tool",
    "ArgTransform": "._transform",
    "transform_tool": "._transform",
}

_MOVED: dict[str, str] = {
    "ApprovalCallback": "interop.bridge",
    "ApprovalRequiredError": "interop.errors",
    "Issue": "interop.protocols",
    "SchemaConversionError": "interop.errors",
    "ToolNameError": "interop.errors",
}
"""Names `interop` exported in 0.1 that now live only in a submodule: still found here, with a
`DeprecationWarning`, until 0.3."""

__all__ = [
    "OMIT",
    "ApprovalDeniedError",
    "ApprovalRequest",
    "ArgTransform",
    "AsyncFunctionTool",
    "Audio",
    "File",
    "FromContext",
    "FunctionTool",
    "Image",
    "InteropError",
    "StandardSchemaV1",
    "StandardTool",
    "StandardToolV0",
    "StandardToolValidationError",
    "ToolError",
    "ToolInvocation",
    "ToolMeta",
    "ToolSet",
    "acall",
    "as_schema",
    "call",
    "code_mode",
    "filter_tools",
    "input_json_schema",
    "log",
    "output_json_schema",
    "prefix_tools",
    "progress",
    "split_tools",
    "standard_tool",
    "tool",
    "tool_search",
    "transform_tool",
    "with_approval",
    "with_formatted_output",
    "with_middleware",
    "with_model_output",
]

__version__ = "0.2.0"


_install_lazy_names(globals(), _LAZY, moved=_MOVED)

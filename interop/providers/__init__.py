"""Neutral tools with the raw provider SDKs (no agent framework): OpenAI Chat Completions and
Responses, Anthropic Messages, Google Gemini.

Each provider has a descriptor function (a plain dict; no SDK import needed) and a toolset that
carries the descriptors and dispatches the model's calls back to the tools, returning the
follow-up messages. Strict schemas come from `interop.jsonschema.compile_openai_strict` /
`compile_anthropic_strict` (the names this module used to re-export still resolve, with a
`DeprecationWarning`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING as _TYPE_CHECKING

from interop import jsonschema as _jsonschema
from interop._lazy import install_lazy_names as _install_lazy_names

if _TYPE_CHECKING:  # the names of `_MOVED` (`X as X`): old code still type-checks until they go
    from interop.jsonschema import ANTHROPIC_STRICT_LIMITS as ANTHROPIC_STRICT_LIMITS
    from interop.jsonschema import OPENAI_STRICT_LIMITS as OPENAI_STRICT_LIMITS
    from interop.jsonschema import StrictSchema as StrictSchema
    from interop.jsonschema import compile_anthropic_strict as compile_anthropic_strict
    from interop.jsonschema import compile_openai_strict as compile_openai_strict
    from interop.jsonschema import is_anthropic_strict as is_anthropic_strict
    from interop.jsonschema import is_openai_strict as is_openai_strict
    from interop.jsonschema import resolve_strict as resolve_strict

from ._anthropic import AnthropicToolset, check_anthropic_strict_limits, to_anthropic_tool
from ._dispatch import Dispatcher, DispatchError, ToolCall, ToolOutcome
from ._gemini import GeminiToolset, to_gemini_function_declaration
from ._openai import OpenAIToolset, to_openai_chat_tool, to_openai_responses_tool

__all__ = [
    "AnthropicToolset",
    "DispatchError",
    "Dispatcher",
    "GeminiToolset",
    "OpenAIToolset",
    "ToolCall",
    "ToolOutcome",
    "check_anthropic_strict_limits",
    "to_anthropic_tool",
    "to_gemini_function_declaration",
    "to_openai_chat_tool",
    "to_openai_responses_tool",
]

_MOVED = tuple(name for name in _jsonschema.__all__ if "strict" in name.lower())
"""The strict compilers this module used to re-export: they live in `interop.jsonschema`."""

_install_lazy_names(globals(), {}, moved=dict.fromkeys(_MOVED, "interop.jsonschema"))

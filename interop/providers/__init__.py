"""Neutral tools with the raw provider SDKs (no agent framework): OpenAI Chat Completions and
Responses, Anthropic Messages, Google Gemini.

Each provider has a descriptor function (a plain dict; no SDK import needed) and a toolset that
carries the descriptors and dispatches the model's calls back to the tools, returning the
follow-up messages. Strict schemas come from `interop.bridge.compile_openai_strict` /
`compile_anthropic_strict`.
"""

from __future__ import annotations

from interop.bridge import (
    ANTHROPIC_STRICT_LIMITS,
    OPENAI_STRICT_LIMITS,
    StrictSchema,
    compile_anthropic_strict,
    compile_openai_strict,
    is_anthropic_strict,
    is_openai_strict,
    resolve_strict,
)

from ._anthropic import AnthropicToolset, check_anthropic_strict_limits, to_anthropic_tool
from ._dispatch import Dispatcher, DispatchError, ToolCall, ToolOutcome
from ._gemini import GeminiToolset, to_gemini_function_declaration
from ._openai import OpenAIToolset, to_openai_chat_tool, to_openai_responses_tool

__all__ = [
    "ANTHROPIC_STRICT_LIMITS",
    "OPENAI_STRICT_LIMITS",
    "AnthropicToolset",
    "DispatchError",
    "Dispatcher",
    "GeminiToolset",
    "OpenAIToolset",
    "StrictSchema",
    "ToolCall",
    "ToolOutcome",
    "check_anthropic_strict_limits",
    "compile_anthropic_strict",
    "compile_openai_strict",
    "is_anthropic_strict",
    "is_openai_strict",
    "resolve_strict",
    "to_anthropic_tool",
    "to_gemini_function_declaration",
    "to_openai_chat_tool",
    "to_openai_responses_tool",
]

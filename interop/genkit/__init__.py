"""Genkit adapter: neutral tools as Genkit tools and back.

- `to_genkit(tool, ai=None, ...)` / `to_genkit_tools(tools, ai=None, ...)`: `genkit.Tool`s for
  `ai.generate(tools=[...])`, registered on the `Genkit` instance `ai` when given (referable by
  name, visible in its tooling). The neutral JSON Schemas are sent as they are.
- `from_genkit(tool)` / `from_genkit_tools(tools)`: tools defined with `@ai.tool` or
  `genkit.tool(...)` as neutral tools, usable from every other framework.

Context: a converted tool's `execute` gets the `generate(context=...)` dict unless a `context=`
hook maps the `ToolRunContext` to something else. Approval is a Genkit interrupt; resume with
`resume_restart=approve(interrupt)` (or `deny(interrupt, reason)`).
"""

from __future__ import annotations

from interop._kit import require_extra

require_extra(__name__, "genkit", "genkit")

from ._from import CONTEXT_KEY, from_genkit, from_genkit_tools
from ._to import (
    APPROVAL_KEY,
    META_KEY,
    ContextHook,
    approve,
    default_context,
    deny,
    to_genkit,
    to_genkit_tools,
)

__all__ = [
    "APPROVAL_KEY",
    "CONTEXT_KEY",
    "META_KEY",
    "ContextHook",
    "approve",
    "default_context",
    "deny",
    "from_genkit",
    "from_genkit_tools",
    "to_genkit",
    "to_genkit_tools",
]

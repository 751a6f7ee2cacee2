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

# Each submodule lists its public names in its own `__all__`; the package re-exports exactly those.
from . import _from, _to
from ._from import *  # noqa: F403
from ._to import *  # noqa: F403

__all__ = [*_from.__all__, *_to.__all__]

"""Anthropic SDK tool-runner adapter: neutral tools as `client.beta.messages.tool_runner` tools,
and back (extra `anthropic`).

- `to_anthropic(tool)` / `to_anthropic_tools(tools)`: a `BetaFunctionTool` (or, for
  `AsyncAnthropic`, a `BetaAsyncFunctionTool`) sending the neutral input schema and the meta's
  Anthropic fields (`interop.providers.to_anthropic_tool`), running the tool through the core
  invocation pipeline: JSON text or content blocks, bad arguments / `ToolError` / denials as
  `is_error` tool results naming the tool and the fields. Context: the object bound with
  `run_context(obj)` around the loop, or a `context=` hook. No native confirmation: a
  `requires_approval` tool needs `approval=` or `allow_unapproved=True`.
- `from_anthropic(beta_tool)`: a neutral tool described by the tool's `to_dict()` and called
  through its `call`.

Round trips are identities: `from_anthropic(to_anthropic(t)) is t`,
`to_anthropic(from_anthropic(native)) is native`.
"""

from __future__ import annotations

from interop._kit import require_extra

require_extra(__name__, "anthropic", "anthropic")

# Each submodule lists its public names in its own `__all__`; the package re-exports exactly those.
from . import _from, _to
from ._from import *  # noqa: F403
from ._to import *  # noqa: F403

__all__ = [*_from.__all__, *_to.__all__]

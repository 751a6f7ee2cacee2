"""Google GenAI SDK adapter: neutral tools as functions for google-genai's automatic function
calling, and back (extra `google-genai`).

- `to_google_genai(tool)` / `to_google_genai_tools(tools)`: a function whose signature makes
  google-genai declare exactly the neutral input schema (or `SchemaConversionError` naming what it
  cannot declare), running the tool through the core invocation pipeline: JSON results as
  `result`, bad arguments / `ToolError` / denials as google-genai's `error` naming the tool and the
  fields. Context: the object bound with `run_context(obj)` around the call, or a `context=` hook.
  No native confirmation: a `requires_approval` tool needs `approval=` or `allow_unapproved=True`.
- `from_google_genai(fn)` / `from_google_genai(declaration, fn)`: a neutral tool described and
  called as google-genai describes and calls the function.

Round trips are identities: `from_google_genai(to_google_genai(t)) is t`,
`to_google_genai(from_google_genai(fn)) is fn`.
"""

from __future__ import annotations

from interop._kit import require_extra

require_extra(__name__, "google-genai", "google.genai", install="google-genai")

# Each submodule lists its public names in its own `__all__`; the package re-exports exactly those.
from . import _from, _to
from ._from import *  # noqa: F403
from ._to import *  # noqa: F403

__all__ = [*_from.__all__, *_to.__all__]

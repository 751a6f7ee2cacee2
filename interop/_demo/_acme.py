"""The example tool library the demo runs over by default: `interop.examples.acme_tools`.

One source, `examples/acme_tools`: a checkout reaches it through the symlink
`interop/examples/acme_tools`, a wheel ships a copy there (pyproject's `force-include`).
"""

from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["load_acme"]


def load_acme() -> ModuleType:
    """The `interop.examples.acme_tools` module (its `TOOLS` and `AcmeContext`)."""
    return importlib.import_module("interop.examples.acme_tools")

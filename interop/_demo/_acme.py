"""The example tool library the demo runs over by default (`examples/acme_tools`).

An installed wheel carries it inside the package, as `interop._demo.acme_tools` (pyproject's
`force-include`: one source, the example itself). A checkout imports the example: installed
(editable, as `make` does) or straight from `examples/acme_tools/src`.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

__all__ = ["load_acme"]


def load_acme() -> ModuleType:
    """The `acme_tools` module (its `TOOLS` and `AcmeContext`)."""
    try:
        return importlib.import_module("interop._demo.acme_tools")
    except ImportError:
        pass
    try:
        return importlib.import_module("acme_tools")
    except ImportError:
        src = Path(__file__).resolve().parents[2] / "examples" / "acme_tools" / "src"
        if not (src / "acme_tools").is_dir():
            raise
        sys.path.insert(0, str(src))
        return importlib.import_module("acme_tools")

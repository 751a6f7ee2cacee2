"""Whether a package is really installed (its own environment may be elsewhere)."""

from __future__ import annotations

import importlib.util


def module_installed(module: str) -> bool:
    """Whether `module` can be imported from an installed package.

    A tests/<name> folder is a namespace package of that name (no origin), so it does not count.
    """
    try:
        spec = importlib.util.find_spec(module)
    except ModuleNotFoundError:
        return False
    return spec is not None and spec.origin is not None

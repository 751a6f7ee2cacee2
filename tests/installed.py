"""Whether a package is really installed (its own environment may be elsewhere)."""

from __future__ import annotations

import importlib.metadata
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


def distribution_installed(*distributions: str) -> bool:
    """Whether every distribution named is installed here (by its metadata: a tests/<name> folder,
    a namespace package of that name, has none)."""
    try:
        for name in distributions:
            importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return False
    return True

"""Exceptions whose text cannot be formatted (`str()` raises), for the failing-tool tests: the core
pipeline's (tests/core/test_core_failures.py) and every framework's loop
(tests/matrix/test_mx_trust_failures.py)."""

from __future__ import annotations

import interop


class Unprintable(Exception):
    """An exception whose text cannot be formatted."""

    def __str__(self) -> str:
        raise ValueError("__str__ failed")


class UnprintableToolError(interop.ToolError):
    """A model-facing tool error whose text cannot be formatted."""

    def __str__(self) -> str:
        raise ValueError("__str__ failed")

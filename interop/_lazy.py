"""Public names loaded on first use (PEP 562): the `__getattr__` and `__dir__` of `interop` and
`interop.bridge`, so importing either costs only what is used."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any


def lazy_names(
    namespace: dict[str, Any], where: Mapping[str, str], public: list[str]
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """The module-level `__getattr__` and `__dir__` for the module whose globals are `namespace`:
    a name of `where` is imported from its module (relative to the package) when first used."""
    module_name = namespace["__name__"]
    package = namespace["__package__"]

    def __getattr__(name: str) -> object:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {module_name!r} has no attribute {name!r}")
        from importlib import import_module

        value = getattr(import_module(module, package), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(public))

    return __getattr__, __dir__

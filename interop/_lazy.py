"""Public names loaded on first use (PEP 562): the `__getattr__` and `__dir__` of `interop`,
`interop.bridge` and `interop.jsonschema`, so importing one costs only what is used."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any


def lazy_names(
    namespace: dict[str, Any],
    where: Mapping[str, str],
    public: list[str],
    *,
    moved: Mapping[str, str] | None = None,
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """The module-level `__getattr__` and `__dir__` for the module whose globals are `namespace`:
    a name of `where` is imported from its module (relative to the package) when first used; a
    name of `moved` (name -> the public module it moved to) is found there, with a
    `DeprecationWarning` on every use (never cached here, nor listed by `dir`)."""
    module_name = namespace["__name__"]
    package = namespace["__package__"]
    moved = moved or {}

    def __getattr__(name: str) -> object:
        from importlib import import_module

        module = where.get(name)
        if module is None:
            new_home = moved.get(name)
            if new_home is None:
                raise AttributeError(f"module {module_name!r} has no attribute {name!r}")
            import warnings

            if new_home.rpartition(".")[2].startswith("_"):  # an internal of the project's own adapters
                message = (
                    f"`{module_name}.{name}` is no longer public (it lives in `{new_home}`, which may "
                    "change without notice); the old name will be removed"
                )
            else:
                message = f"`{module_name}.{name}` moved to `{new_home}.{name}`; the old name will be removed"
            warnings.warn(message, DeprecationWarning, stacklevel=2)
            return getattr(import_module(new_home), name)
        value = getattr(import_module(module, package), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(public))

    return __getattr__, __dir__

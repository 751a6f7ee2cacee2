"""Public names loaded on first use (PEP 562), so importing a module costs only what is used.

A module that loads its names this way keeps three lists: the imports under `if TYPE_CHECKING:`
(what type checkers and readers see), a table `_LAZY` (name -> the module it lives in, relative to
the package) and `__all__`; its last line, `install_lazy_names(globals(), _LAZY, ...)`, gives it
the module-level `__getattr__` and `__dir__`. They are installed by a call, not defined, so type
checkers see no catch-all `__getattr__` and a misspelt name stays an error for them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def install_lazy_names(
    namespace: dict[str, Any],
    where: Mapping[str, str],
    *,
    moved: Mapping[str, str] | None = None,
) -> None:
    """Give the module whose globals are `namespace` its `__getattr__` and `__dir__`: a name of
    `where` is imported from its module when first used (and kept in `namespace`); a name of `moved`
    (name -> the public module it moved to) is found there, with a `DeprecationWarning` on every use
    (never kept here, nor listed by `dir`, which lists the module's globals and its `__all__`)."""
    module_name = namespace["__name__"]
    package = namespace["__package__"]
    public = namespace["__all__"]
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

    namespace["__getattr__"] = __getattr__
    namespace["__dir__"] = __dir__

"""The import guard of an optional package (an adapter, the OpenAPI importer, the playground): the
modules it needs, or one clear `ImportError` saying what to install and with which extra."""

from __future__ import annotations

from importlib import import_module

__all__ = ["require_extra"]


def require_extra(package: str, extra: str, *modules: str, install: str | tuple[str, ...] = ()) -> None:
    """Import `modules` in order (the first import is the one that loads the framework); when one
    is missing, raise `ImportError` naming the distributions to install (`install`, by default
    the modules' names) and `pip install "standard-tool[<extra>]"`, chained to the original error.

    Called once, first thing in the package's `__init__` (`package` is its `__name__`)."""
    for module in modules:
        try:
            import_module(module)
        except ImportError as error:
            names = (install,) if isinstance(install, str) else install or modules
            listed = [f"`{name}`" for name in names]
            what = listed[0] if len(listed) == 1 else f"{', '.join(listed[:-1])} and {listed[-1]}"
            raise ImportError(
                f'Please install {what} to use `{package}`: `pip install "standard-tool[{extra}]"`'
            ) from error

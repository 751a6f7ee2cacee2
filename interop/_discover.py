"""Finding neutral tools in a module (what the CLI's `MODULE[:ATTR]` arguments name)."""

from __future__ import annotations

import difflib
import importlib
from collections.abc import Iterable, Mapping
from typing import Any

from ._errors import DiscoveryError
from ._protocols import StandardToolV0

__all__ = ["EXAMPLE_LIBRARY", "DiscoveryError", "find_tool", "find_tools", "is_tool"]


_FIELDS = ("name", "description", "execute", "input_schema", "output_schema", "meta")


def is_tool(obj: Any) -> bool:
    """Whether `obj` has the shape of a `StandardToolV0` (and is not a class)."""
    return not isinstance(obj, type) and all(hasattr(obj, f) for f in _FIELDS) and callable(obj.execute)


def _collect(obj: Any, out: dict[int, StandardToolV0[Any, Any, Any]]) -> None:
    if is_tool(obj):
        out.setdefault(id(obj), obj)
    elif isinstance(obj, Mapping):
        for value in obj.values():
            if is_tool(value):
                out.setdefault(id(value), value)
    elif isinstance(obj, (list, tuple)):
        for value in obj:
            if is_tool(value):
                out.setdefault(id(value), value)


EXAMPLE_LIBRARY = "interop.examples.acme_tools"
"""The example tool library every install has (what the documentation's commands use)."""


def _import_hint(module_name: str, missing: str | None) -> str:
    """What to try when `module_name` cannot be imported (`missing`: the module Python did not find)."""
    if module_name.endswith(".py") or "/" in module_name or "\\" in module_name:
        path = module_name.removesuffix(".py").replace("\\", "/").strip("/")
        return (
            f"MODULE is an import path, not a file: `{path.replace('/', '.')}`, run from the directory "
            f"that holds {path.split('/')[0] + ('/' if '/' in path else '.py')}"
        )
    if missing is not None and missing != module_name and not module_name.startswith(missing + "."):
        return (
            f"`{module_name}` imports `{missing}`, which is not installed here "
            "(install it, or the extra that brings it, in this environment)"
        )
    return (
        "MODULE is a Python import path (mypackage.tools), found from the current directory and the "
        "installed packages: run from the directory that contains it, or install it (pip install -e .); "
        f"the example library is `{EXAMPLE_LIBRARY}`"
    )


def _import(spec: str) -> tuple[Any, str | None]:
    module_name, _, attr = spec.partition(":")
    if not module_name:
        raise DiscoveryError(f"no module given in {spec!r} (expected MODULE or MODULE:ATTR)")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as e:
        raise DiscoveryError(
            f"cannot import module {module_name!r}: {e}. {_import_hint(module_name, e.name)}"
        ) from None
    except ImportError as e:  # a relative import in a file given as a path, a missing extra, ...
        raise DiscoveryError(f"cannot import module {module_name!r}: {e}") from None
    return module, attr or None


def find_tools(spec: str) -> list[StandardToolV0[Any, Any, Any]]:
    """The tools `MODULE[:ATTR]` names: a tool, a list/tuple/dict of tools, or every tool a module exports."""
    module, attr = _import(spec)
    found: dict[int, StandardToolV0[Any, Any, Any]] = {}
    if attr is not None:
        if not hasattr(module, attr):
            raise DiscoveryError(f"module {module.__name__!r} has no attribute {attr!r}")
        _collect(getattr(module, attr), found)
    else:
        names: Iterable[str] = getattr(module, "__all__", None) or [
            n for n in vars(module) if not n.startswith("_")
        ]
        for name in names:
            _collect(getattr(module, name, None), found)
    if not found:
        raise DiscoveryError(
            f"no tools found in {spec!r}: a tool is a function decorated with `@interop.tool` (or any "
            "object with name, description, input_schema, output_schema, meta and execute), exported by "
            "the module, or a list or dict of them named as MODULE:ATTR"
        )
    return list(found.values())


def find_tool(spec: str) -> StandardToolV0[Any, Any, Any]:
    """One tool: `MODULE:ATTR` where ATTR is a tool, or the name of a tool the module exports."""
    module, attr = _import(spec)
    if attr is None:
        raise DiscoveryError(f"name a tool: expected MODULE:TOOL, got {spec!r}")
    obj: Any = getattr(module, attr, None)
    if is_tool(obj):
        found: StandardToolV0[Any, Any, Any] = obj
        return found
    tools = find_tools(module.__name__)
    for candidate in tools:
        if candidate.name == attr:
            return candidate
    names = [t.name for t in tools]
    close = difflib.get_close_matches(attr, names, n=1)
    hint = f"did you mean {close[0]!r}? " if close else ""
    raise DiscoveryError(
        f"no tool named {attr!r} in module {module.__name__!r}: {hint}its tools are {', '.join(names)}"
    )

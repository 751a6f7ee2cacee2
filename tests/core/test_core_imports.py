"""`import interop` stays light (no framework, no jsonschema until needed) and its exports are complete."""

from __future__ import annotations

import ast
import inspect
import json
import re
import subprocess
import sys
import types
from pathlib import Path

import pytest

import interop
import interop.bridge

FRAMEWORKS: tuple[str, ...] = (
    "langchain_core",
    "langchain",
    "langgraph",
    "pydantic_ai",
    "llama_index",
    "agents",
    "mcp",
    "openai",
)
FRAMEWORKS += ("smolagents", "claude_agent_sdk", "crewai")  # more frameworks II (issue 21)


def _loaded_after(code: str) -> set[str]:
    script = f"import sys, json\n{code}\nprint(json.dumps(sorted({{m.split('.')[0] for m in sys.modules}})))"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


def test_import_interop_imports_no_framework_nor_jsonschema() -> None:
    loaded = _loaded_after("import interop, interop.bridge")
    assert not loaded & set(FRAMEWORKS)
    assert "jsonschema" not in loaded
    assert "msgspec" not in loaded
    # asyncio is imported lazily, on the first async bridge (a third of the import cost); some
    # pydantic-core versions import it themselves (2.41.4, with pydantic 2.12.2), which is not ours to avoid
    if "asyncio" not in _loaded_after("import pydantic"):
        assert "asyncio" not in loaded


def test_using_pydantic_tools_still_imports_no_jsonschema() -> None:
    code = (
        "import interop\n"
        "@interop.tool\n"
        "def f(a: int) -> int:\n    return a\n"
        "interop.call(f, {'a': 1})\n"
        "for t in ('draft-2020-12', 'draft-07', 'openapi-3.0'): interop.input_json_schema(f, t)\n"
    )
    loaded = _loaded_after(code)
    assert "jsonschema" not in loaded
    assert not loaded & set(FRAMEWORKS)


def test_jsonschema_is_imported_once_a_raw_dict_schema_is_used() -> None:
    loaded = _loaded_after("import interop\ninterop.as_schema({'type': 'object'})")
    assert "jsonschema" in loaded
    assert not loaded & set(FRAMEWORKS)


def _isort_key(name: str) -> tuple[int, str]:
    """ruff RUF022's isort-style order: CONSTANTS, then Classes, then the rest."""
    if name.isupper() or re.fullmatch(r"[A-Z0-9_]+", name):
        return (0, name)
    if name[0].isupper():
        return (1, name)
    return (2, name)


def _public_names(module: types.ModuleType) -> set[str]:
    return {
        name
        for name, value in vars(module).items()
        if not name.startswith("_") and not inspect.ismodule(value) and name not in {"annotations"}
    }


def test_interop_all_is_sorted_and_complete() -> None:
    exported = interop.__all__
    assert exported == sorted(exported, key=_isort_key)
    assert len(set(exported)) == len(exported)
    for name in exported:
        assert hasattr(interop, name), name
    assert _public_names(interop) == set(exported)


DESIGN_CORE = {
    "StandardSchemaV1",
    "StandardToolV0",
    "StandardTool",
    "standard_tool",
    "tool",
    "FromContext",
    "with_formatted_output",
    "call",
    "acall",
    "input_json_schema",
    "output_json_schema",
    "StandardToolValidationError",
    "ToolError",
    "as_schema",
    "ToolMeta",
}

DESIGN_BRIDGE = {
    "get_origin",
    "set_origin",
    "run_sync",
    "call",
    "acall",
    "is_async_tool",
    "to_json_text",
    "to_jsonable",
    "describe_error",
    "is_model_facing_error",
    "check_name",
    "resolve_name",
    "Rename",
    "requires_approval",
    "Invoker",
    "Outcome",
    "Options",
    "ToolOptions",
    "split_options",
    "register_control_flow",
    "is_control_flow",
    "json_safe_meta",
    "meta_flag",
    "meta_tags",
    "input_json_schema",
    "output_json_schema",
    "copy_json",
}


def test_design_names_are_exported() -> None:
    assert DESIGN_CORE <= set(interop.__all__)
    assert DESIGN_BRIDGE <= set(interop.bridge.__all__)


def test_bridge_all_is_sorted_and_complete() -> None:
    exported = interop.bridge.__all__
    assert exported == sorted(exported, key=_isort_key)
    for name in exported:
        assert hasattr(interop.bridge, name), name
    assert _public_names(interop.bridge) == set(exported)
    # the bridge re-exports the core's functions, it does not redefine them
    assert interop.bridge.call is interop.call
    assert interop.bridge.ApprovalRequest is interop.ApprovalRequest


def test_py_typed_marker_ships() -> None:
    assert (Path(interop.__file__).parent / "py.typed").exists()


MOVED = {
    "ApprovalCallback": "interop.bridge",
    "ApprovalRequiredError": "interop.errors",
    "Issue": "interop.protocols",
    "SchemaConversionError": "interop.errors",
    "ToolNameError": "interop.errors",
}


def test_interop_exports_what_a_tool_author_and_a_framework_user_need() -> None:
    """At most 38 names (round 3 added `ToolSet`, `with_middleware`, `ToolInvocation`); the protocols' detail types, the conversion-time errors and adapter
    machinery live in `interop.protocols`, `interop.errors` and `interop.bridge`."""
    assert len(interop.__all__) <= 38
    assert not set(MOVED) & set(interop.__all__)
    assert not set(MOVED) & set(dir(interop))


def test_names_moved_out_of_interop_still_resolve_with_a_deprecation_warning() -> None:
    import importlib
    import warnings

    for name, home in MOVED.items():
        with pytest.warns(
            DeprecationWarning, match=rf"`interop\.{name}` moved to `{re.escape(home)}\.{name}`"
        ):
            value = getattr(interop, name)
        assert value is getattr(importlib.import_module(home), name)
        with pytest.warns(DeprecationWarning):  # every use warns: the name is not cached on `interop`
            exec(f"from interop import {name}", {})
        assert name not in vars(interop)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(AttributeError, match="no attribute 'ToolNameErr'"):
            interop.ToolNameErr  # type: ignore[attr-defined]  # a misspelt name is an error for mypy too


@pytest.mark.parametrize("module_name", ["interop", "interop.bridge", "interop.providers"])
def test_moved_names_are_still_seen_by_type_checkers(module_name: str) -> None:
    """A name a module moved away still resolves (with a warning) and type-checks until it goes:
    every name of its `_MOVED` is imported `X as X` under `TYPE_CHECKING` (the lazy names give
    type checkers no catch-all `__getattr__`)."""
    module = pytest.importorskip(module_name)
    tree = ast.parse(Path(module.__file__).read_text())
    seen = {
        alias.asname
        for node in tree.body
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        for imported in ast.walk(node)
        if isinstance(imported, ast.ImportFrom)
        for alias in imported.names
        if alias.asname == alias.name
    }
    moved = set(module._MOVED)
    assert moved, module_name
    assert moved <= seen, sorted(moved - seen)


def test_the_error_tree_is_whole_in_interop_errors() -> None:
    import interop.errors as errors
    from interop.bridge import ArgumentsNotJSON

    parents = {
        "StandardToolValidationError": Exception,
        "ArgumentsNotJSON": errors.StandardToolValidationError,
        "ToolError": Exception,
        "ApprovalDeniedError": errors.ToolError,
        "InteropError": Exception,
        "ToolNameError": errors.InteropError,
        "ApprovalRequiredError": errors.InteropError,
        "SchemaConversionError": errors.InteropError,
        "DiscoveryError": errors.InteropError,
    }
    assert set(errors.__all__) == set(parents)
    for name, parent in parents.items():
        cls = getattr(errors, name)
        assert cls.__bases__[0] is parent, name
        assert name in (errors.__doc__ or ""), name
    # the same classes wherever they are exported
    assert errors.ArgumentsNotJSON is ArgumentsNotJSON
    for name in ("ToolError", "StandardToolValidationError", "ApprovalDeniedError", "InteropError"):
        assert getattr(interop, name) is getattr(errors, name)
    from interop.bridge import find_tool

    with pytest.raises(errors.DiscoveryError):
        find_tool("interop:no_such_tool")

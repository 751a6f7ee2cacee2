"""The public surface (issue 37, item 6): `interop.bridge` keeps at most 45 names, the JSON Schema
toolkit is the public module `interop.jsonschema`, and every name that left a module still works,
with a `DeprecationWarning` saying where it lives now. The project's own code uses no such name."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import interop
import interop.bridge
import interop.jsonschema

PACKAGE = Path(interop.__file__).parent


def test_the_adapter_api_keeps_at_most_45_names() -> None:
    assert len(interop.bridge.__all__) <= 45
    assert not set(interop.bridge._MOVED) & set(interop.bridge.__all__)


@pytest.mark.parametrize("name", sorted(interop.bridge._MOVED))
def test_a_name_that_left_the_bridge_still_resolves_with_a_warning(name: str) -> None:
    home = interop.bridge._MOVED[name]
    with pytest.warns(DeprecationWarning, match=rf"`interop\.bridge\.{name}`.*`{home}"):
        value = getattr(interop.bridge, name)
    assert value is getattr(importlib.import_module(home), name)
    assert name not in vars(interop.bridge)  # never cached: every use warns
    assert name not in dir(interop.bridge)


def test_the_toolkit_names_moved_to_interop_jsonschema() -> None:
    toolkit = {name for name, home in interop.bridge._MOVED.items() if home == "interop.jsonschema"}
    assert {"inline_refs", "deref", "compile_openai_strict", "resolve_strict", "StrictSchema"} <= toolkit
    assert toolkit <= set(interop.jsonschema.__all__)


def test_jsonschema_all_is_sorted_complete_and_loaded_on_first_use() -> None:
    exported = interop.jsonschema.__all__
    assert len(set(exported)) == len(exported)
    for name in exported:
        assert getattr(interop.jsonschema, name) is not None, name
    out = subprocess.run(
        [sys.executable, "-c", "import sys, interop.jsonschema; print('interop._strict' in sys.modules)"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.strip() == "False"  # importing the module loads no compiler


STRICT = (
    "ANTHROPIC_STRICT_LIMITS",
    "OPENAI_STRICT_LIMITS",
    "StrictSchema",
    "compile_anthropic_strict",
    "compile_openai_strict",
    "is_anthropic_strict",
    "is_openai_strict",
    "resolve_strict",
)


@pytest.mark.parametrize("name", STRICT)
def test_providers_no_longer_reexport_the_strict_compilers(name: str) -> None:
    import interop.providers

    assert name not in interop.providers.__all__
    with pytest.warns(
        DeprecationWarning, match=rf"`interop\.providers\.{name}` moved to `interop\.jsonschema\.{name}`"
    ):
        value = getattr(interop.providers, name)
    assert value is getattr(interop.jsonschema, name)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(AttributeError):
            interop.providers.compile_gemini_strict  # type: ignore[attr-defined]


def _uses_of_moved_names(path: Path) -> list[str]:
    moved = interop.bridge._MOVED
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module == "interop.bridge":
            found += [f"{path}:{node.lineno} {a.name}" for a in node.names if a.name in moved]
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "bridge"
            and node.attr in moved
        ):
            found.append(f"{path}:{node.lineno} bridge.{node.attr}")
    return found


def test_the_project_uses_no_deprecated_bridge_name() -> None:
    found = [use for path in sorted(PACKAGE.rglob("*.py")) for use in _uses_of_moved_names(path)]
    assert found == []


def test_google_adk_imports_no_other_adapter() -> None:
    """`interop.google_adk` imported `interop.providers` for Gemini's schema dialect (the one
    adapter-to-adapter import of a framework adapter): the dialect is in `interop.jsonschema` now."""
    adapters = {p.name for p in PACKAGE.iterdir() if p.is_dir() and not p.name.startswith("_")}
    found = []
    for path in sorted((PACKAGE / "google_adk").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            modules = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.module:
                modules = [node.module]
            for module in modules:
                parts = module.split(".")
                if parts[0] == "interop" and len(parts) > 1 and parts[1] in adapters - {"google_adk"}:
                    found.append(f"{path.name}:{getattr(node, 'lineno', 0)} {module}")
    assert found == []

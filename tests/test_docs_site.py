"""The documentation site builds strictly (mkdocs build --strict: no broken link, no missing page,
no reference that does not resolve), has a page per framework, and its API reference documents
every public name of `interop` and of the core's public modules."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mkdocs")
pytest.importorskip("mkdocstrings")

import interop

ROOT = Path(__file__).resolve().parents[1]
FRAMEWORK_PAGES = (
    "langchain pydantic-ai llamaindex openai-agents mcp google-adk genkit crewai smolagents "
    "claude-agent-sdk strands agno agent-framework haystack dspy providers semantic-kernel "
    "google-genai anthropic autogen ag2"
).split()
USER_PAGES = {
    "openapi": "serving/openapi",
    "playground": "serving/playground",
    "telemetry": "concepts/tracing",
    "temporal": "durable/temporal",
}
"""The user page of each subpackage that is not a framework adapter (an adapter's is frameworks/<name>)."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    r = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-5000:]
    return out


def _inventory(site: Path) -> set[str]:
    from mkdocstrings import Inventory

    with (site / "objects.inv").open("rb") as f:
        return set(Inventory.parse_sphinx(f))


def test_every_public_name_of_interop_is_in_the_reference(site: Path) -> None:
    names = _inventory(site)
    missing = [n for n in interop.__all__ if f"interop.{n}" not in names]
    assert not missing, f"not in the API reference: {missing}"


def test_the_core_modules_and_every_adapter_have_a_reference_page(site: Path) -> None:
    names = _inventory(site)
    core = [
        f"interop.{p.stem}" for p in (ROOT / "interop").glob("*.py") if not p.name.startswith("_")
    ]  # errors, protocols, bridge, and every public module that lands (policies, jsonschema, ...)
    assert {"interop.errors", "interop.protocols", "interop.bridge"} <= set(core)
    for name in core:
        module = importlib.import_module(name)
        missing = [n for n in module.__all__ if f"{name}.{n}" not in names]
        assert not missing, f"{name}: not in the API reference: {missing}"
    adapters = [
        p.name
        for p in (ROOT / "interop").iterdir()
        if (p / "__init__.py").is_file() and not p.name.startswith("_")
    ]
    for adapter in adapters:
        if adapter != "examples":
            assert (site / "reference" / adapter / "index.html").is_file(), adapter


def test_a_page_per_framework(site: Path) -> None:
    for page in FRAMEWORK_PAGES:
        html = (site / "frameworks" / page / "index.html").read_text(encoding="utf-8")
        assert 'id="a-complete-program"' in html, page
    for md in (ROOT / "docs" / "frameworks").glob("*.md"):  # pages added by each framework's developer
        if md.stem != "index":
            html = (site / "frameworks" / md.stem / "index.html").read_text(encoding="utf-8")
            assert 'id="a-complete-program"' in html, md.name


def test_every_adapter_and_server_package_has_a_user_page_that_links_its_reference(site: Path) -> None:
    packages = [
        p.name
        for p in (ROOT / "interop").iterdir()
        if (p / "__init__.py").is_file() and not p.name.startswith("_") and p.name != "examples"
    ]
    for package in packages:
        page = USER_PAGES.get(package, f"frameworks/{package.replace('_', '-')}")
        html = site / page / "index.html"
        assert html.is_file(), f"interop.{package} has no page ({page}.md)"
        assert f"reference/{package}/" in html.read_text(encoding="utf-8"), (
            f"{page}.md: no link to the reference"
        )


def test_the_example_programs_have_pages(site: Path) -> None:
    for program in (ROOT / "examples" / "frameworks").glob("*.py"):
        page = site / "examples" / "frameworks" / program.stem / "index.html"
        assert program.name in page.read_text(encoding="utf-8")

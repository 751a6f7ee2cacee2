"""The distribution: sdist and wheel built from a clean source tree, their metadata checked as PyPI
would (twine), and the wheel installed into a fresh environment where `interop` works from any
directory: `--help`, the demo (its example library ships inside the wheel) and `interop demo` over
a user's own module."""

from __future__ import annotations

import email
import os
import re
import subprocess
import sys
import tarfile
import textwrap
import zipfile
from pathlib import Path

import pytest

import interop

ROOT = Path(__file__).resolve().parents[1]
UV = [sys.executable, "-m", "uv"]


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    env["UV_PYTHON_DOWNLOADS"] = "never"
    env["OPENAI_AGENTS_DISABLE_TRACING"] = "1"
    return env


def _run(cmd: list[str], cwd: Path, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    r = subprocess.run(
        cmd, cwd=cwd, env=_env(), capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL
    )
    assert r.returncode == 0, f"{' '.join(cmd)}\n{r.stdout[-3000:]}\n{r.stderr[-3000:]}"
    return r


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`python -m build`: the sdist, then the wheel built from that sdist (so the sdist is complete)."""
    out = tmp_path_factory.mktemp("dist")
    _run([sys.executable, "-m", "build", "--installer", "uv", "--outdir", str(out), str(ROOT)], cwd=out)
    return out


def _wheel(dist: Path) -> Path:
    (wheel,) = dist.glob("standard_tool-*.whl")
    return wheel


def test_twine_check_passes(dist: Path) -> None:
    files = sorted(str(p) for p in dist.iterdir())
    assert len(files) == 2
    _run([sys.executable, "-m", "twine", "check", "--strict", *files], cwd=dist)


def test_wheel_metadata(dist: Path) -> None:
    wheel = _wheel(dist)
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        info = f"standard_tool-{interop.__version__}.dist-info"
        meta = email.message_from_bytes(z.read(f"{info}/METADATA"))
        entry_points = z.read(f"{info}/entry_points.txt").decode()
    assert meta["Name"] == "standard-tool"
    assert meta["Version"] == interop.__version__  # the one version source: interop/__init__.py
    assert meta["License-Expression"] == "MIT"
    assert f"{info}/licenses/LICENSE" in names
    assert meta["Requires-Python"] == ">=3.10"
    assert meta["Description-Content-Type"] == "text/markdown"
    assert "pip install standard-tool" in meta.get_payload()
    classifiers = meta.get_all("Classifier") or []
    assert "Typing :: Typed" in classifiers
    assert "Programming Language :: Python :: 3.10" in classifiers
    assert meta.get_all("Project-URL")
    extras = set(meta.get_all("Provides-Extra") or [])
    assert {"langchain", "pydantic-ai", "llamaindex", "openai-agents", "mcp", "all"} <= extras
    requires = meta.get_all("Requires-Dist") or []
    assert not any(r.startswith("interop") for r in requires)  # never the unrelated PyPI project
    assert "interop = interop.__main__:main" in entry_points
    # the package, typed, with the demo's example library; no tests, no examples tree
    assert "interop/py.typed" in names
    assert "interop/examples/acme_tools/tools.py" in names
    assert not any(n.startswith(("tests/", "examples/", "benchmarks/")) for n in names)


def test_sdist_holds_what_the_wheel_is_built_from(dist: Path) -> None:
    (sdist,) = dist.glob("standard_tool-*.tar.gz")
    with tarfile.open(sdist) as t:
        names = {n.split("/", 1)[1] for n in t.getnames() if "/" in n}
    assert {"LICENSE", "README.md", "pyproject.toml", "interop/py.typed"} <= names
    assert "examples/acme_tools/src/acme_tools/tools.py" in names
    assert not any(n.startswith((".venv", ".git/")) for n in names)


USER_MODULE = '''
from interop import tool


@tool
def add(a: int, b: int) -> int:
    """Add two numbers."""
    return a + b
'''


def _install_and_try(dist: Path, tmp_path: Path, extras: str, frameworks: int) -> None:
    venv = tmp_path / "venv"
    _run([*UV, "venv", "--quiet", "--python", sys.executable, str(venv)], cwd=tmp_path)
    bin_dir = venv / "bin"
    spec = f"{_wheel(dist)}[{extras}]" if extras else str(_wheel(dist))
    _run(
        [
            *UV,
            "pip",
            "install",
            "--quiet",
            "--python",
            str(bin_dir / "python"),
            spec,
            "-c",
            str(ROOT / "constraints.txt"),
        ],
        cwd=tmp_path,
    )
    elsewhere = tmp_path / "elsewhere"  # not the project: nothing of the checkout is importable here
    elsewhere.mkdir()
    (elsewhere / "user_tools.py").write_text(textwrap.dedent(USER_MODULE))
    where = _run([str(bin_dir / "python"), "-c", "import interop; print(interop.__file__)"], cwd=elsewhere)
    assert where.stdout.strip().startswith(str(venv)), where.stdout

    interop_cmd = str(bin_dir / "interop")
    assert "Neutral tools for every agent framework" in _run([interop_cmd, "--help"], cwd=elsewhere).stdout
    demo = _run([interop_cmd, "demo"], cwd=elsewhere).stdout
    assert f"summary: {frameworks}/{frameworks} frameworks finished their loop" in demo
    assert "from interop.examples.acme_tools" in demo
    mine = _run([interop_cmd, "demo", "user_tools"], cwd=elsewhere).stdout
    assert (
        f"summary: {frameworks}/{frameworks} frameworks finished their loop with the bad call corrected"
        in mine
    )
    docs = _run([interop_cmd, "docs", "interop.examples.acme_tools"], cwd=elsewhere).stdout
    assert docs.startswith("# Tools in `interop.examples.acme_tools`")


def test_installed_wheel_core_only(dist: Path, tmp_path: Path) -> None:
    """The core alone: pydantic and jsonschema, no framework; the demo says what to install."""
    venv = tmp_path / "venv"
    _run([*UV, "venv", "--quiet", "--python", sys.executable, str(venv)], cwd=tmp_path)
    python, interop_cmd = str(venv / "bin" / "python"), str(venv / "bin" / "interop")
    _run([*UV, "pip", "install", "--quiet", "--python", python, str(_wheel(dist))], cwd=tmp_path)
    listed = _run([*UV, "pip", "list", "--python", python], cwd=tmp_path).stdout
    assert "langchain" not in listed and "mcp" not in listed and "pydantic " in listed
    assert "get_weather" in _run([interop_cmd, "list", "interop.examples.acme_tools"], cwd=tmp_path).stdout
    demo = subprocess.run(
        [interop_cmd, "demo"], cwd=tmp_path, env=_env(), capture_output=True, text=True, timeout=300
    )
    assert demo.returncode == 1 and "Traceback" not in demo.stdout + demo.stderr
    assert 'no framework is installed: pip install "standard-tool[all]"' in demo.stdout


def test_installed_wheel_core_and_two_extras_work_from_another_directory(dist: Path, tmp_path: Path) -> None:
    _install_and_try(dist, tmp_path, "pydantic-ai,mcp", frameworks=2)


def test_the_get_started_page_works_from_the_wheel_in_an_empty_directory(dist: Path, tmp_path: Path) -> None:
    """A new user's first hour: the wheel with the extras docs/get-started/first-steps.md names,
    installed in a fresh environment, and every block of that page run as the page says (the
    files it says to save, the commands, the programs and what they print) from an empty
    directory, with that environment's python and `interop` command; the demo over the user's
    module included (the suite runs the page in the development environment too)."""
    from snippets import blocks, run, saved_files

    page = ROOT / "docs" / "get-started" / "first-steps.md"
    install = next(b for b in blocks(page) if b.lang == "sh" and "pip install" in b.code)
    extras = re.search(r"standard-tool\[([\w,-]+)\]", install.code)
    assert extras, install.code
    venv = tmp_path / "venv"
    _run([*UV, "venv", "--quiet", "--python", sys.executable, str(venv)], cwd=tmp_path)
    python = str(venv / "bin" / "python")
    spec = f"{_wheel(dist)}[{extras.group(1)}]"
    _run(
        [*UV, "pip", "install", "--quiet", "--python", python, spec, "-c", str(ROOT / "constraints.txt")],
        cwd=tmp_path,
    )

    user_dir = tmp_path / "user"
    user_dir.mkdir()
    page_blocks = blocks(page)
    ran = 0
    for block in page_blocks:
        serves = "interop serve" in block.code  # until Ctrl+C: tests/cli/test_cli_serve.py
        if block.lang not in ("python", "sh") or block.line == install.line or serves:
            continue
        r = run(block, user_dir, saved_files(block, page_blocks), python=python)
        assert r.returncode == 0, f"{block.name} failed:\n{r.stdout[-3000:]}\n{r.stderr[-4000:]}"
        if block.prints is not None:
            assert r.stdout == block.prints, (
                f"{block.name} printed:\n{r.stdout}\nthe page says:\n{block.prints}"
            )
        if "interop demo" in block.code:
            assert "summary: 3/3 frameworks finished their loop with the bad call corrected" in r.stdout
        ran += 1
    assert ran >= 4


@pytest.mark.heavy
def test_installed_wheel_with_every_extra(dist: Path, tmp_path: Path) -> None:
    _install_and_try(dist, tmp_path, "all", frameworks=5)


def test_install_hints_name_the_distribution() -> None:
    """`pip install "interop[...]"` installs an unrelated PyPI project: every hint (the package's
    messages, the README, the documentation site) names standard-tool."""
    wrong = re.compile(r"""pip install\s+["'`]?interop(\[|["'`\s]|$)""")
    texts = [
        *(ROOT / "interop").rglob("*.py"),
        ROOT / "README.md",
        ROOT / "CONTRIBUTING.md",
        *(ROOT / "docs").rglob("*.md"),
    ]
    offenders = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted(texts)
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if wrong.search(line)
    ]
    assert not offenders, 'say `pip install "standard-tool[...]"` in: ' + ", ".join(offenders)


def test_every_extra_resolves_on_the_oldest_python(tmp_path: Path) -> None:
    """`[all]` on Python 3.10 installs what works there (extras whose frameworks need 3.11 carry
    `python_version` markers) instead of failing to resolve."""
    out = _run(
        [
            *UV,
            "pip",
            "compile",
            "--quiet",
            "--no-header",
            "--python-version",
            "3.10",
            "--extra",
            "all",
            str(ROOT / "pyproject.toml"),
        ],
        cwd=tmp_path,
    ).stdout
    pinned = {line.split("==")[0].lower() for line in out.splitlines() if "==" in line}
    assert {"pydantic", "jsonschema", "llama-index-core", "openai-agents", "mcp"} <= pinned
    assert not {"langchain-core", "pydantic-ai-slim"} & pinned  # 3.11+ only

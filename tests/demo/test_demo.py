"""`interop demo` (what `make demo` runs): every framework's real loop finishes, the bad call is
shown to the model as an error and corrected, and the context reaches the tools. `interop demo
MODULE` does the same over a user's own module, from any directory."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from interop._demo import run_demo, scenario_for
from interop._demo._drivers import DRIVERS
from interop._demo._script import SCRIPT

ROOT = Path(__file__).resolve().parents[2]
INTEROP = str(Path(sys.executable).with_name("interop"))

USER_MODULE = '''
"""A user's tool module, outside the project."""
from typing import Annotated, Literal

from pydantic import BaseModel, Field

from interop import FromContext, ToolError, tool


class Line(BaseModel):
    sku: str = Field(description="Product code, e.g. 'PEN-7'", pattern="^[A-Z]+-[0-9]+$")
    qty: int = Field(ge=1, le=9)


@tool
def add(a: int, b: int) -> int:
    """Add two numbers."""
    return a + b


@tool
def quote(lines: Annotated[list[Line], Field(min_length=1)], currency: Literal["EUR", "USD"] = "EUR") -> dict:
    """Price some lines."""
    return {"total": sum(line.qty for line in lines) * 2, "currency": currency}


@tool
def me(ctx: Annotated[dict | None, FromContext] = None) -> str:
    """Who is calling."""
    return (ctx or {}).get("user", "nobody")


@tool(meta={"requires_approval": True})
def wipe(path: str) -> str:
    """Delete everything, once a human agrees."""
    raise ToolError("never called by the demo")


@tool(meta={"destructive": True})
def drop_table(name: str) -> str:
    """Drop a table."""
    raise ToolError("never called by the demo")
'''


@pytest.fixture
def user_dir(tmp_path: Path) -> Path:
    (tmp_path / "shop_tools.py").write_text(textwrap.dedent(USER_MODULE))
    (tmp_path / "broken_tools.py").write_text("import no_such_dependency_xyz\n")
    (tmp_path / "exploding_tools.py").write_text("raise RuntimeError('boom at import')\n")
    (tmp_path / "db_tools.py").write_text(textwrap.dedent(DB_MODULE))
    return tmp_path


DB_MODULE = '''
"""Tools over a database handle the demo's --context-factory opens once; one tool is broken."""
import sqlite3
from contextlib import contextmanager
from typing import Annotated

from interop import FromContext, ToolError, tool


@contextmanager
def open_db():
    db = sqlite3.connect(":memory:", check_same_thread=False)
    db.execute("create table notes (text)")
    db.executemany("insert into notes values (?)", [("a",), ("b",), ("c",)])
    print("db opened")
    yield db
    db.close()
    print("db closed")


@tool
def count_notes(db: Annotated[sqlite3.Connection, FromContext]) -> int:
    """Count the notes."""
    return db.execute("select count(*) from notes").fetchone()[0]


@tool
def last_note(db: Annotated[sqlite3.Connection, FromContext]) -> str:
    """The newest note (broken: the column is misspelt, so every call is an error the model reads)."""
    try:
        return db.execute("select txt from notes").fetchone()[0]
    except sqlite3.Error as e:
        raise ToolError(str(e)) from None
'''


def test_demo_context_factory_and_a_tool_that_fails_in_every_loop(user_dir: Path) -> None:
    """`--context-factory`: entered once around the whole demo, its value every call's context; a
    tool that errored in every framework's loop fails the demo (exit 1), named with its error."""
    r = subprocess.run(
        [
            INTEROP,
            "demo",
            "db_tools",
            "--context-factory",
            "db_tools:open_db",
            "--only",
            "mcp",
            "--only",
            "langchain",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=user_dir,
    )
    assert r.returncode == 1, r.stdout + r.stderr
    assert r.stdout.count("db opened") == 1 and r.stdout.rstrip().endswith("db closed")
    assert r.stdout.count("✓ count_notes") == 2  # the connection reached the tool in both loops
    assert "summary: 2/2 frameworks finished their loop" in r.stdout
    assert "FAILED: last_note returned an error in every framework's loop" in r.stdout
    assert "no such column: txt" in r.stdout and "input_examples" in r.stdout
    assert "FAILED: count_notes" not in r.stdout


@pytest.mark.parametrize("framework", list(DRIVERS))
def test_each_framework_loop_finishes(framework: str) -> None:
    _module, driver = DRIVERS[framework]
    run = driver(scenario_for())
    assert run.error is None
    assert len(run.observations) == len(SCRIPT)
    errors = [o for o in run.observations if o.is_error]
    assert [o.call.tool for o in errors] == ["convert_currency"]
    assert "amount" in errors[0].shown
    assert '"customer":"ann"' in run.observations[3].shown.replace(" ", "")
    # The chart reaches the model as an image block of its framework, never as base64 text.
    chart = next(o for o in run.observations if o.call.tool == "sales_chart")
    assert chart.shown.startswith("[image image/png, ") and "iVBOR" not in chart.shown, chart.shown
    assert run.schema_seen is not None and "amount" in run.schema_seen["properties"]
    assert run.final
    assert run.ok


def test_run_demo_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_demo(only=["pydantic-ai", "mcp"]) == 0
    out = capsys.readouterr().out
    assert "summary: 2/2 frameworks finished" in out
    assert "shown to the model" in out


def test_demo_command_end_to_end() -> None:
    r = subprocess.run(
        [sys.executable, "-m", "interop", "demo"], capture_output=True, text=True, timeout=300, cwd=ROOT
    )
    assert r.returncode == 0, r.stdout + r.stderr
    assert "summary: 5/5 frameworks finished their loop" in r.stdout


def test_demo_over_a_user_module_from_another_directory(user_dir: Path) -> None:
    """The console script, run where the user's module is (not the project): every loop finishes."""
    r = subprocess.run(
        [INTEROP, "demo", "shop_tools", "--context", '{"user": "ann"}'],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=user_dir,
    )
    assert r.returncode == 0, r.stdout + r.stderr
    assert "framework-free tools from shop_tools" in r.stdout
    assert "note: wipe: not called (it asks for approval)" in r.stdout
    assert "note: drop_table: not called (it is marked destructive)" in r.stdout
    assert "never called by the demo" not in r.stdout
    assert "summary: 5/5 frameworks finished their loop with the bad call corrected" in r.stdout
    assert r.stdout.count("✗ add") == 5  # the bad call, once per framework
    assert "PEN-7" in r.stdout  # the example value the field's description gives


def test_demo_module_scenario_calls_each_tool_once_and_corrects_one(
    user_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(user_dir))
    scenario = scenario_for("shop_tools", {"user": "ann"})
    assert [(c.tool, c.note) for c in scenario.calls] == [
        ("add", "bad call"),
        ("add", "corrected"),
        ("quote", ""),
        ("me", ""),
    ]
    run = DRIVERS["pydantic-ai"][1](scenario)
    assert run.ok, run
    assert run.observations[-1].shown == "ann"  # the context given on the command line reached the tool


@pytest.mark.parametrize(
    ("argv", "code", "message"),
    [
        (["demo", "no_such_module_xyz"], 2, "error: cannot import module 'no_such_module_xyz'"),
        (
            ["demo", "broken_tools"],
            2,
            "error: cannot import module 'broken_tools': No module named 'no_such_dependency_xyz'",
        ),
        (["demo", "exploding_tools"], 1, "error: cannot load exploding_tools: RuntimeError: boom at import"),
        (["demo", "json"], 2, "error: no tools found in 'json'"),
        (["demo", "--only", "nope"], 2, "error: unknown framework 'nope'"),
        (["demo", "shop_tools", "--context", "{bad"], 2, "error: --context is not valid JSON"),
        (
            ["demo", "shop_tools", "--context", "{}", "--context-factory", "db_tools:open_db"],
            2,
            "error: pass --context or --context-factory, not both",
        ),
        (["demo", "--context", "{}"], 2, "error: --context and --context-factory are for MODULE's tools"),
        (
            ["demo", "db_tools", "--context-factory", "db_tools:nope"],
            2,
            "error: --context-factory: 'db_tools' has no attribute 'nope'",
        ),
    ],
)
def test_demo_failures_are_one_line(user_dir: Path, argv: list[str], code: int, message: str) -> None:
    r = subprocess.run([INTEROP, *argv], capture_output=True, text=True, timeout=120, cwd=user_dir)
    assert r.returncode == code, r.stdout + r.stderr
    assert r.stderr.startswith(message), r.stderr
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr

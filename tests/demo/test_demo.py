"""`interop demo` (what `make demo` runs): every framework's real loop finishes, the bad call is
shown to the model as an error and corrected, and the context reaches the tools."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from interop._demo import run_demo
from interop._demo._drivers import DRIVERS
from interop._demo._script import SCRIPT

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("framework", list(DRIVERS))
def test_each_framework_loop_finishes(framework: str) -> None:
    import acme_tools

    _module, driver = DRIVERS[framework]
    run = driver(acme_tools.TOOLS)
    assert run.error is None
    assert len(run.observations) == len(SCRIPT)
    errors = [o for o in run.observations if o.is_error]
    assert [o.call.tool for o in errors] == ["convert_currency"]
    assert "amount" in errors[0].shown
    assert '"customer":"ann"' in run.observations[3].shown.replace(" ", "")
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

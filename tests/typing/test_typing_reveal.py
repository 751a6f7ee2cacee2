"""What a type checker sees of a typed tool module: mypy (and pyright, when installed) over
`reveal_weather.py` reveal `Weather`, never `Any`; and the `assert_type` module's runtime agrees.

`make typecheck` (mypy) checks `check_types.py` itself (its `assert_type`s and negative checks);
pyright checks its `assert_type`s here.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

HERE = Path(__file__).parent
EXAMPLE = HERE / "reveal_weather.py"
REVEALS = 8  # the reveal_type calls in the example


def _revealed_lines() -> list[int]:
    return [
        i
        for i, line in enumerate(EXAMPLE.read_text().splitlines(), 1)
        if "reveal_type(" in line and "import" not in line
    ]


def _check(revealed: dict[int, str]) -> None:
    assert sorted(revealed) == _revealed_lines() and len(revealed) == REVEALS, revealed
    for line, shown in revealed.items():
        assert "Weather" in shown, (line, shown)
        assert "Any" not in shown, (line, shown)


def test_the_assert_type_checks_hold_at_run_time() -> None:
    import check_types

    check_types.checks()


def test_mypy_reveals_weather_not_any() -> None:
    from mypy import api

    # a cache kept between runs (per checkout), so a run after the first takes a second or two
    key = hashlib.sha1(str(HERE.resolve()).encode()).hexdigest()[:12]
    cache = Path(tempfile.gettempdir()) / f"interop-typing-mypy-{key}"
    stdout, stderr, status = api.run(
        ["--config-file=", "--strict", "--cache-dir", str(cache), "--no-error-summary", str(EXAMPLE)]
    )
    assert status == 0, stdout + stderr
    revealed = {
        int(m.group(1)): m.group(2) for m in re.finditer(r':(\d+): note: Revealed type is "(.*)"', stdout)
    }
    _check(revealed)
    assert "FunctionTool[[city: str], reveal_weather.Weather]" in revealed[_revealed_lines()[0]]


def test_pyright_reveals_weather_not_any_and_the_assert_type_checks_hold() -> None:
    pytest.importorskip("pyright", reason="pyright (a dev dependency) is not installed")
    if shutil.which("node") is None:
        pytest.skip("pyright needs node (Debian's nodejs)")
    checks = HERE / "check_types.py"
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "pyright",
            "--outputjson",
            "--pythonpath",
            sys.executable,
            str(EXAMPLE),
            str(checks),
        ],
        capture_output=True,
        text=True,
        timeout=240,
    )
    report = json.loads(out.stdout)
    assert report["summary"]["filesAnalyzed"] == 2, report["summary"]
    errors = [d for d in report["generalDiagnostics"] if d["severity"] == "error"]
    assert not errors, errors  # an `assert_type` that does not hold is an error
    revealed = {
        d["range"]["start"]["line"] + 1: d["message"].rpartition(" is ")[2].strip('"')
        for d in report["generalDiagnostics"]
        if d["severity"] == "information" and d["message"].startswith("Type of") and d["file"] == str(EXAMPLE)
    }
    _check(revealed)

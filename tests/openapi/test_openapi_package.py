"""The package's face: the serving page's first block runs as written and prints what it says, the import guard names the extra,
and `import interop` does not load the OpenAPI machinery."""

from __future__ import annotations

import contextlib
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

import interop.openapi

PAGE = Path(__file__).resolve().parents[2] / "docs" / "serving" / "openapi.md"


def test_the_serving_page_runs_as_written() -> None:
    code = re.search(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.DOTALL)
    assert code is not None
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code.group(1), str(PAGE), "exec"), {"__name__": "readme"})
    first, second = out.getvalue().splitlines()
    assert first == "{'id': 7, 'q': 'lamp'}"
    assert second.startswith("deletePet True {'type': 'object', 'properties': {'petId'")


def test_public_names() -> None:
    assert {"from_openapi", "from_asgi", "ToolHTTPError", "ToolRequestError", "OpenAPIError"} <= set(
        interop.openapi.__all__
    )
    assert issubclass(interop.openapi.ToolHTTPError, interop.ToolError)
    assert issubclass(interop.openapi.OpenAPIError, interop.InteropError)


def test_import_guard_names_the_extra() -> None:
    code = (
        "import sys; sys.modules['httpx'] = None\n"
        "try:\n    import interop.openapi\nexcept ImportError as e:\n    print(e)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert 'pip install "standard-tool[openapi]"' in result.stdout


def test_import_interop_does_not_load_it() -> None:
    code = "import sys, interop; print(sorted(m for m in ('httpx', 'yaml', 'referencing', 'interop.openapi') if m in sys.modules))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


@pytest.mark.parametrize("name", ["from_openapi", "from_asgi"])
def test_docstrings(name: str) -> None:
    assert getattr(interop.openapi, name).__doc__

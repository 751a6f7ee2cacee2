"""The `interop` command: every subcommand, good and bad invocations, run as a real subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from acme_tool_names import ACME_TOOL_NAMES
from interop_cli import interop_cli

import interop
from interop._cli import main


def test_list_prints_every_tool_with_meta() -> None:
    r = interop_cli("list", "acme_tools")
    assert r.returncode == 0, r.stderr
    for name in ACME_TOOL_NAMES:
        assert name in r.stdout
    assert "requires_approval=true" in r.stdout
    assert "(Current weather)" in r.stdout


def test_list_attr_names_a_list() -> None:
    r = interop_cli("list", "acme_tools:TOOLS")
    assert r.returncode == 0
    assert r.stdout.count("\n    ") >= 6


def test_schema_targets(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema", "acme_tools:place_order"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert schema["type"] == "object" and "$defs" in schema
    assert main(["schema", "acme_tools:place_order", "--target", "draft-07"]) == 0
    assert "definitions" in json.loads(capsys.readouterr().out)
    assert main(["schema", "acme_tools:place_order", "--target", "openapi-3.0"]) == 0
    text = capsys.readouterr().out
    assert "$ref" not in text and "$defs" not in text
    assert main(["schema", "acme_tools:get_weather", "--output"]) == 0
    assert json.loads(capsys.readouterr().out)["title"] == "Weather"


@pytest.mark.parametrize("provider", ["openai", "openai-strict", "anthropic", "gemini"])
def test_schema_provider_descriptors(provider: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema", "acme_tools:place_order", "--provider", provider]) == 0
    descriptor = json.loads(capsys.readouterr().out)
    text = json.dumps(descriptor)
    assert "place_order" in text and "ship_to" in text
    if provider == "openai-strict":
        assert descriptor["function"]["strict"] is True
    if provider == "gemini":
        assert "$ref" not in text and "additionalProperties" not in text


def test_schema_unknown_target_is_a_usage_error() -> None:
    r = interop_cli("schema", "acme_tools:get_weather", "--target", "draft-03")
    assert r.returncode == 2
    assert "invalid choice" in r.stderr and "Traceback" not in r.stderr


def test_call_validates_runs_and_prints_json() -> None:
    r = interop_cli("call", "acme_tools:get_weather", '{"city": "Rome", "units": "F"}')
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == {"city": "Rome", "temperature": 75.2, "units": "F", "conditions": "sunny"}


def test_call_reads_stdin_and_context() -> None:
    r = interop_cli("call", "acme_tools:whoami", "--context", '{"user": "ann", "locale": "fr"}', stdin="{}")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == {"user": "ann", "locale": "fr"}


def test_call_validation_error_is_one_clear_line_and_nonzero() -> None:
    r = interop_cli(
        "call", "acme_tools:place_order", '{"items": [{"sku": "A", "quantity": 0}], "ship_to": {}}'
    )
    assert r.returncode == 1
    assert "Traceback" not in r.stderr
    assert r.stderr.startswith("error: place_order: input validation failed: items.0.quantity:")
    assert "ship_to.street: Field required" in r.stderr


def test_call_tool_error() -> None:
    r = interop_cli("call", "acme_tools:get_weather", '{"city": "Atlantis"}')
    assert r.returncode == 1
    assert "unknown city" in r.stderr and "Traceback" not in r.stderr


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["call", "no_such_module:x", "{}"], "cannot import module 'no_such_module'"),
        (["call", "acme_tools:nope", "{}"], "no tool named 'nope'"),
        (["call", "acme_tools:get_weather", "{not json"], "the input is not valid JSON"),
        (["call", "acme_tools:whoami", "{}", "--context", "{bad"], "--context is not valid JSON"),
        (["call", "acme_tools", "{}"], "expected MODULE:TOOL"),
        (["list", "json"], "no tools found in 'json'"),
        (["list", "acme_tools:missing"], "has no attribute 'missing'"),
        (["docs", "no_such_module"], "cannot import module"),
        (["frobnicate"], "invalid choice"),
        (["call", "acme_tools:get_wether", "{}"], "did you mean 'get_weather'? its tools are get_weather, "),
        (["list", "acme_toolz"], "the example library is `interop.examples.acme_tools`"),
        (["list", "acme_tools.py"], "MODULE is an import path, not a file: `acme_tools`"),
        (["list", "mypkg/tools.py"], "`mypkg.tools`, run from the directory that holds mypkg/"),
        (["list", "json"], "a tool is a function decorated with `@interop.tool`"),
    ],
)
def test_bad_invocations(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1


def test_console_script_is_installed() -> None:
    exe = Path(sys.executable).with_name("interop")
    r = subprocess.run([str(exe), "list", "acme_tools"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and "get_weather" in r.stdout


def test_call_context_factory_enters_a_context_manager_once_on_the_calling_thread() -> None:
    r = interop_cli(
        "call", "tests.cli.cli_context:answer", "{}", "--context-factory", "tests.cli.cli_context:open_db"
    )
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == 42  # the thread-bound sqlite handle worked: no thread hop
    assert "db closed" in r.stderr  # entered for the process's lifetime, then exited
    r = interop_cli(
        "call", "tests.cli.cli_context:who", "{}", "--context-factory", "tests.cli.cli_context:open_async"
    )
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == "async-ann" and "async context closed" in r.stderr
    r = interop_cli(
        "call", "tests.cli.cli_context:who", "{}", "--context-factory", "tests.cli.cli_context:plain"
    )
    assert json.loads(r.stdout) == "plain-bob"


def test_call_context_factory_errors_are_one_line() -> None:
    r = interop_cli(
        "call", "tests.cli.cli_context:who", "{}", "--context-factory", "tests.cli.cli_context:nope"
    )
    assert r.returncode == 2 and "Traceback" not in r.stderr and "has no attribute 'nope'" in r.stderr
    r = interop_cli("call", "tests.cli.cli_context:who", "{}", "--context", "{}", "--context-factory", "x:y")
    assert r.returncode == 2 and "not both" in r.stderr


def test_version() -> None:
    r = interop_cli("--version")
    assert r.returncode == 0 and r.stdout.startswith(f"interop {interop.__version__} (standard-tool; Python ")


def test_a_bare_command_prints_its_usage() -> None:
    r = interop_cli()
    assert r.returncode == 2 and r.stderr == ""
    assert r.stdout.startswith("usage: interop [-h] [--version] COMMAND ...")
    for command in ("demo", "list", "schema", "call", "docs", "serve", "playground"):
        assert f"\n    {command}" in r.stdout
    assert "interop list interop.examples.acme_tools" in r.stdout


def test_the_example_library_has_a_public_name_that_works_from_anywhere(tmp_path: Path) -> None:
    """What the documentation's commands use: no checkout, no extra install."""
    r = interop_cli("call", "interop.examples.acme_tools:get_weather", '{"city": "Rome"}', cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["conditions"] == "sunny"


def test_list_says_when_a_tool_has_no_description(tmp_path: Path) -> None:
    (tmp_path / "bare_tools.py").write_text(
        "from interop import tool\n\n@tool\ndef add(a: int, b: int) -> int:\n    return a + b\n"
    )
    r = interop_cli("list", "bare_tools", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert (
        "add\n    (no description: a model picks tools by their description: give the function a docstring)"
        in r.stdout
    )


def test_call_timeout_stops_a_slow_tool(tmp_path: Path) -> None:
    (tmp_path / "slow_tools.py").write_text(
        "import asyncio\nimport interop\n\n\n@interop.tool\nasync def nap(seconds: float) -> str:\n"
        '    """Sleep."""\n    await asyncio.sleep(seconds)\n    return "rested"\n',
        encoding="utf-8",
    )
    r = interop_cli("call", "slow_tools:nap", '{"seconds": 5}', "--timeout", "0.2", cwd=tmp_path, timeout=60)
    assert r.returncode == 1 and "did not finish within 0.2 s" in r.stderr
    r = interop_cli("call", "slow_tools:nap", '{"seconds": 0}', "--timeout", "2", cwd=tmp_path, timeout=60)
    assert r.returncode == 0 and "rested" in r.stdout
    r = interop_cli("call", "slow_tools:nap", "{}", "--timeout", "0", cwd=tmp_path, timeout=60)
    assert r.returncode != 0 and "--timeout must be a positive number" in r.stderr

"""Each per-framework example script under examples/frameworks runs offline and prints what it promises."""

from __future__ import annotations

import importlib.metadata
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "frameworks"

EXPECTED = {
    "langchain_agent.py": ['whoami: {"user":"ann"', "It rains in Oslo, ann."],
    "pydantic_ai_agent.py": ['get_weather: {"city":"Rome","temperature":75.2', "Sunny in Rome."],
    "llamaindex_agent.py": ['whoami: {"user":"ann"', "Cloudy in Paris."],
    "openai_agents_run.py": ['c1: {"amount":"8.50","currency":"GBP"', 'c2: {"user":"ann"'],
    "mcp_roundtrip.py": ["'delete_file'", "'conditions': 'sunny'", '"whoami"'],
    "raw_openai.py": ["tools sent: ['get_weather'", 'tool result: {"user":"ann"', "You are ann."],
}
EXPECTED["agno_agent.py"] = ['whoami: {"user":"ann"', "paused: True ['delete_file']", "delete_file: {\"deleted\""]
EXPECTED["agent_framework_agent.py"] = ["approval asked for: ['delete_file']", 'call_whoami: {"user":"ann"']
EXPECTED["strands_agent.py"] = ["interrupted for: ['delete_file']", 't_whoami: {"user": "ann"', "Deleted /tmp"]
STRANDS_ONLY = {"strands_agent.py"}
"""Scripts that run in the Strands environment (`make test-strands`), skipped where Strands is absent."""


def _strands_installed() -> bool:
    try:
        importlib.metadata.version("strands-agents")
    except importlib.metadata.PackageNotFoundError:
        return False
    return True


def test_every_script_is_covered() -> None:
    assert sorted(p.name for p in EXAMPLES.glob("*.py")) == sorted(EXPECTED)


@pytest.mark.parametrize("script", sorted(EXPECTED))
def test_example_script(script: str) -> None:
    if script in STRANDS_ONLY and not _strands_installed():
        pytest.skip("Strands runs in its own environment (make test-strands)")
    r = subprocess.run([sys.executable, str(EXAMPLES / script)], capture_output=True, text=True, timeout=180)
    assert r.returncode == 0, r.stderr[-3000:]
    for expected in EXPECTED[script]:
        assert expected in r.stdout, r.stdout

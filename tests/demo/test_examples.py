"""Each per-framework example script under examples/frameworks runs offline and prints what it promises."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from installed import module_installed

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "frameworks"

EXPECTED = {
    "langchain_agent.py": ['whoami: {"user":"ann"', "It rains in Oslo, ann."],
    "pydantic_ai_agent.py": ['get_weather: {"city":"Rome","temperature":75.2', "Sunny in Rome."],
    "llamaindex_agent.py": ['whoami: {"user":"ann"', "Cloudy in Paris."],
    "openai_agents_run.py": ['c1: {"amount":"8.50","currency":"GBP"', 'c2: {"user":"ann"'],
    "mcp_roundtrip.py": ["'delete_file'", "'conditions': 'sunny'", '"whoami"'],
    "raw_openai.py": ["tools sent: ['get_weather'", 'tool result: {"user":"ann"', "You are ann."],
    "haystack_agent.py": ['whoami: {"user":"ann"', "was not approved", "It rains in Oslo, ann."],
    "dspy_react.py": ['whoami: {"user":"ann"', "amount: Input should be greater than 0", "8.50 GBP, ann."],
    "google_adk_agent.py": ["whoami: {'user': 'ann', 'locale': 'nb'}", "confirmation: ['delete_file']", "rejected"],
    "genkit_generate.py": ["whoami: {'user': 'ann', 'locale': 'it'}", "'delete_file' was not approved", "Sunny"],
    "smolagents_agent.py": [
        'get_weather: {"city":"Oslo"',
        "'delete_file' was not approved",
        'whoami: {"user":"ann"',
    ],
    "claude_agent_sdk_server.py": [
        "tools listed: ['get_weather'",
        "delete_file: denied (not today)",
        'whoami: {"user":"ann"',
        "get_weather: Invalid arguments for tool 'get_weather': units: ",
    ],
    "crewai_crew.py": ['get_weather: {"city":"Oslo"', "blocked by hook", 'whoami: {"user":"ann"'],
}
NEEDS = {"crewai_crew.py": "crewai.tools", "strands_agent.py": "strands", "semantic_kernel_agent.py": "semantic_kernel.kernel"}
"""Scripts for a framework that lives in an environment of its own (`make test-crewai`, `make test-strands`,
`make test-semantic-kernel`)."""

EXPECTED["agno_agent.py"] = ['whoami: {"user":"ann"', "paused: True ['delete_file']", "delete_file: {\"deleted\""]
EXPECTED["agent_framework_agent.py"] = ["approval asked for: ['delete_file']", 'call_whoami: {"user":"ann"']
EXPECTED["semantic_kernel_agent.py"] = [
    "get_weather: An error occurred while invoking the function acme-get_weather: Invalid arguments for tool 'get_weather': units:",
    'whoami: {"user":"ann"',
    "approval asked: delete_file {'path': '/etc/passwd'}",
    "delete_file: {\"deleted\":\"/tmp/old.log\"",
    "delete_file: An error occurred while invoking the function acme-delete_file: The call to tool 'delete_file' was not approved",
    'imported: price {"sku": {"type": "string"}, "quantity": {"default": 1, "type": "integer"}}',
    "price: 750",
]
EXPECTED["autogen_agent.py"] = [
    "get_weather (error): Invalid arguments for tool 'get_weather': units:",
    'whoami: {"user":"ann"',
    "approval asked: delete_file {'path': '/etc/passwd'}",
    "delete_file (error): The call to tool 'delete_file' was not approved",
    'delete_file: {"deleted":"/tmp/old.log"',
]
EXPECTED["ag2_agent.py"] = [
    "get_weather (error): Invalid arguments for tool 'get_weather': units:",
    'whoami: {"user":"ann"',
    'asked: `delete_file`, {"path": "/etc/passwd"}',
    "delete_file (error): The call to tool 'delete_file' was not approved",
    'delete_file: {"deleted":"/tmp/old.log"',
]
EXPECTED["google_genai_agent.py"] = [
    "get_weather (error): Failed to invoke function get_weather with converted arguments",
    "because of error Invalid arguments for tool 'get_weather': units:",
    'whoami: {"user":"ann"',
    "approval asked: delete_file {'path': '/etc/passwd'}",
    "delete_file (error): Failed to invoke function delete_file",
    "The call to tool 'delete_file' was not approved",
    'delete_file: {"deleted":"/tmp/old.log","remaining":["/etc/passwd"]}',
    "Deleted /tmp/old.log for ann",
]
EXPECTED["anthropic_runner.py"] = [
    "get_weather (error): Invalid arguments for tool 'get_weather': units:",
    'whoami: {"user":"ann"',
    "approval asked: delete_file {'path': '/etc/passwd'}",
    "delete_file (error): The call to tool 'delete_file' was not approved",
    'delete_file: {"deleted":"/tmp/old.log","remaining":["/etc/passwd"]}',
    "Deleted /tmp/old.log for ann",
]
EXPECTED["strands_agent.py"] = ["interrupted for: ['delete_file']", 't_whoami: {"user": "ann"', "Deleted /tmp"]


def test_every_script_is_covered() -> None:
    assert sorted(p.name for p in EXAMPLES.glob("*.py")) == sorted(EXPECTED)


@pytest.mark.parametrize("script", sorted(EXPECTED))
def test_example_script(script: str) -> None:
    if script in NEEDS and not module_installed(NEEDS[script]):
        pytest.skip(f"{NEEDS[script]} is not installed here (its own environment)")
    r = subprocess.run([sys.executable, str(EXAMPLES / script)], capture_output=True, text=True, timeout=180)
    assert r.returncode == 0, r.stderr[-3000:]
    for expected in EXPECTED[script]:
        assert expected in r.stdout, r.stdout



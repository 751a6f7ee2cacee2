"""Every optional package's import guard (`interop._extras.require_extra`, one helper for all):
with its framework missing, `import interop.<package>` raises the same `ImportError` as the
hand-written guards did, chained to the original error."""

from __future__ import annotations

import importlib
import importlib.util
import sys

import pytest

# the package, the modules its guard imports (in order), the message: the hand-written guards' texts
GUARDS: list[tuple[str, tuple[str, ...], str]] = [
    ("ag2", ("ag2",), 'Please install `ag2` to use `interop.ag2`: `pip install "standard-tool[ag2]"`'),
    (
        "agent_framework",
        ("agent_framework",),
        "Please install `agent-framework-core` to use `interop.agent_framework`: "
        '`pip install "standard-tool[agent-framework]"`',
    ),
    ("agno", ("agno",), 'Please install `agno` to use `interop.agno`: `pip install "standard-tool[agno]"`'),
    (
        "anthropic",
        ("anthropic",),
        'Please install `anthropic` to use `interop.anthropic`: `pip install "standard-tool[anthropic]"`',
    ),
    (
        "autogen",
        ("autogen_core",),
        'Please install `autogen-core` to use `interop.autogen`: `pip install "standard-tool[autogen]"`',
    ),
    (
        "claude_agent_sdk",
        ("claude_agent_sdk",),
        "Please install `claude-agent-sdk` to use `interop.claude_agent_sdk`: "
        '`pip install "standard-tool[claude-agent-sdk]"`',
    ),
    (
        "crewai",
        ("crewai.tools",),
        'Please install `crewai` to use `interop.crewai`: `pip install "standard-tool[crewai]"`',
    ),
    ("dspy", ("dspy",), 'Please install `dspy` to use `interop.dspy`: `pip install "standard-tool[dspy]"`'),
    (
        "genkit",
        ("genkit",),
        'Please install `genkit` to use `interop.genkit`: `pip install "standard-tool[genkit]"`',
    ),
    (
        "google_adk",
        ("google.adk",),
        'Please install `google-adk` to use `interop.google_adk`: `pip install "standard-tool[google-adk]"`',
    ),
    (
        "google_genai",
        ("google.genai",),
        "Please install `google-genai` to use `interop.google_genai`: "
        '`pip install "standard-tool[google-genai]"`',
    ),
    (
        "haystack",
        ("haystack",),
        'Please install `haystack-ai` to use `interop.haystack`: `pip install "standard-tool[haystack]"`',
    ),
    (
        "langchain",
        ("langchain_core.tools.base",),
        'Please install `langchain-core` to use `interop.langchain`: `pip install "standard-tool[langchain]"`',
    ),
    (
        "llamaindex",
        ("llama_index.core",),
        "Please install `llama-index-core` to use `interop.llamaindex`: "
        '`pip install "standard-tool[llamaindex]"`',
    ),
    ("mcp", ("mcp",), 'Please install `mcp` to use `interop.mcp`: `pip install "standard-tool[mcp]"`'),
    (
        "openai_agents",
        ("agents",),
        "Please install `openai-agents` to use `interop.openai_agents`: "
        '`pip install "standard-tool[openai-agents]"`',
    ),
    (
        "openapi",
        ("httpx", "referencing", "yaml"),
        "Please install `httpx`, `referencing` and `pyyaml` to use `interop.openapi`: "
        '`pip install "standard-tool[openapi]"`',
    ),
    (
        "playground",
        ("starlette", "uvicorn"),
        "Please install `starlette` and `uvicorn` to use `interop.playground`: "
        '`pip install "standard-tool[playground]"`',
    ),
    (
        "pydantic_ai",
        ("pydantic_ai",),
        "Please install `pydantic-ai-slim` to use `interop.pydantic_ai`: "
        '`pip install "standard-tool[pydantic-ai]"`',
    ),
    (
        "semantic_kernel",
        ("semantic_kernel",),
        "Please install `semantic-kernel` to use `interop.semantic_kernel`: "
        '`pip install "standard-tool[semantic-kernel]"`',
    ),
    (
        "smolagents",
        ("smolagents",),
        'Please install `smolagents` to use `interop.smolagents`: `pip install "standard-tool[smolagents]"`',
    ),
    (
        "strands",
        ("strands",),
        'Please install `strands-agents` to use `interop.strands`: `pip install "standard-tool[strands]"`',
    ),
    (
        "temporal",
        ("temporalio",),
        'Please install `temporalio` to use `interop.temporal`: `pip install "standard-tool[temporal]"`',
    ),
]


@pytest.mark.parametrize(
    ("package", "missing", "message"),
    [(package, module, message) for package, modules, message in GUARDS for module in modules],
    ids=lambda v: v if isinstance(v, str) and " " not in v else "",
)
def test_a_missing_framework_names_what_to_install(
    package: str, missing: str, message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    modules = next(mods for name, mods, _ in GUARDS if name == package)
    for earlier in modules[: modules.index(missing)]:  # the guard imports in order: an earlier one must be there
        if importlib.util.find_spec(earlier.split(".")[0]) is None:
            pytest.skip(f"{earlier} is not installed here (the guard stops at it first)")
    monkeypatch.setitem(sys.modules, missing, None)  # `import missing` now raises ImportError
    monkeypatch.delitem(sys.modules, f"interop.{package}", raising=False)
    with pytest.raises(ImportError) as raised:
        importlib.import_module(f"interop.{package}")
    assert str(raised.value) == message
    assert isinstance(raised.value.__cause__, ImportError)
    assert missing in str(raised.value.__cause__)


def test_every_optional_package_has_its_guard_here() -> None:
    """A new adapter's guard joins the table above (its message is part of the public behaviour)."""
    from pathlib import Path

    root = Path(importlib.import_module("interop").__file__ or "").parent
    guarded = sorted(
        p.parent.name for p in root.glob("*/__init__.py") if "require_extra(" in p.read_text(encoding="utf-8")
    )
    assert guarded == sorted(package for package, _, _ in GUARDS)

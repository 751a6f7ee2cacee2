"""CrewAI tests run in CrewAI's own environment (`make test-crewai`: `.venv-crewai`, built from
`constraints-crewai.txt`); elsewhere this folder is not collected.

Nothing leaves a temporary folder and nothing calls home: CrewAI's data and config folders
(kickoff task outputs, its credentials key) go to a temporary XDG home, and its telemetry,
tracing and first-run prompts are off. Set before CrewAI is imported.
"""

from __future__ import annotations

import importlib.util
import os
import tempfile

_HOME = tempfile.mkdtemp(prefix="interop-crewai-")
for _key, _value in {
    "HOME": _HOME,  # CrewAI's settings live under Path.home() / ".config" / "crewai"
    "XDG_DATA_HOME": os.path.join(_HOME, "data"),
    "XDG_CONFIG_HOME": os.path.join(_HOME, "config"),
    "XDG_CACHE_HOME": os.path.join(_HOME, "cache"),
    "CREWAI_STORAGE_DIR": "interop-tests",
    "CREWAI_TESTING": "true",
    "CREWAI_DISABLE_TELEMETRY": "true",
    "CREWAI_DISABLE_TRACKING": "true",
    "CREWAI_TRACING_ENABLED": "false",
    "OTEL_SDK_DISABLED": "true",
    "LITELLM_LOCAL_MODEL_COST_MAP": "True",
    "OPENAI_API_KEY": "sk-test-offline",
}.items():
    os.environ[_key] = _value

try:  # a submodule: this folder itself is a namespace package called crewai
    _HAVE_CREWAI = importlib.util.find_spec("crewai.tools") is not None
except ModuleNotFoundError:
    _HAVE_CREWAI = False
if not _HAVE_CREWAI:
    collect_ignore_glob = ["test_*.py"]

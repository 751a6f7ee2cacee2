"""The README's "Durable runs" examples (examples/durable) run as written: each starts itself twice,
the second process resumes (or recovers) what the first left in the store, and prints it.
Heavy (three interpreter starts each, importing the frameworks): `make test` covers the same
behaviours in process with the fast tests of the other test_durable_* files.

The DBOS example uses DBOS's SQLite system database here (the Postgres variant is
test_durable_dbos.py); the LangGraph and Google ADK ones also run against the test cluster's
PostgreSQL.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "durable"

EXPECTED = {
    "langgraph_approval.py": [
        "paused: send_payment {'to': 'bob', 'amount': 500}",
        "resumed: ann paid 500 to bob",
    ],
    "pydantic_ai_deferred.py": [
        "paused: [('send_payment', {'to': 'bob', 'amount': 500})]",
        "resumed: Done: ann paid 500 to bob",
    ],
    "pydantic_ai_dbos.py": ["sending payment: 500 to bob for ann", "recovered: Done: ann paid 500 to bob"],
    "openai_agents_runstate.py": [
        "paused: ['send_payment']; key saved: False",
        "resumed: Done: ann paid 500 to bob",
    ],
    "google_adk_confirmation.py": [
        "paused: send_payment {'to': 'bob', 'amount': 500}",
        "resumed: Done: ann paid 500 to bob",
    ],
    "pydantic_ai_prefect.py": ["sending payment: 500 to bob for ann", "Done: ann paid 500 to bob"],
}
pytestmark = pytest.mark.timeout(600)


def _run(script: str, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / script), *args], capture_output=True, text=True, timeout=500
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_every_example_is_covered() -> None:
    assert sorted(p.name for p in EXAMPLES.glob("*.py")) == sorted(EXPECTED)


@pytest.mark.heavy
@pytest.mark.parametrize("script", sorted(set(EXPECTED) - {"pydantic_ai_prefect.py"}))
def test_example(script: str) -> None:
    out = _run(script)
    for expected in EXPECTED[script]:
        assert expected in out, out
    if script == "pydantic_ai_dbos.py":  # recovery replayed the recorded step: the tool ran once
        assert out.count("sending payment") == 1, out


@pytest.mark.heavy
def test_langgraph_example_on_postgres(postgres, pg_db) -> None:
    out = _run("langgraph_approval.py", postgres.url(pg_db))
    for expected in EXPECTED["langgraph_approval.py"]:
        assert expected in out, out


@pytest.mark.heavy
def test_google_adk_example_on_postgres(postgres, pg_db) -> None:
    out = _run("google_adk_confirmation.py", postgres.url(pg_db, driver="postgresql+psycopg"))
    for expected in EXPECTED["google_adk_confirmation.py"]:
        assert expected in out, out


@pytest.mark.skipif(importlib.util.find_spec("prefect") is None, reason="Prefect is not installed")
def test_prefect_example(prefect_server, tmp_path, monkeypatch) -> None:
    """Not heavy: it runs in `make test-prefect` (Prefect's own environment), against the session's
    Prefect server (the example starts a temporary one itself when PREFECT_API_URL is unset)."""
    for name, value in {**prefect_server.env(), "PREFECT_LOCAL_STORAGE_PATH": str(tmp_path)}.items():
        monkeypatch.setenv(name, value)
    out = _run("pydantic_ai_prefect.py")
    for expected in EXPECTED["pydantic_ai_prefect.py"]:
        assert expected in out, out
    assert out.count("sending payment") == 1, out

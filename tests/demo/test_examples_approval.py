"""Each offline approval example (examples/approval) approves one call and rejects one, in its
framework's own way, and a call that needs no approval runs unasked."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "approval"

REJECTED = {
    "langchain_approval.py": "never touch /etc",
    "pydantic_ai_approval.py": "never touch /etc",
    "openai_agents_approval.py": "never touch /etc",
    "llamaindex_approval.py": "never touch /etc",
    "providers_approval.py": "never touch /etc",
    "mcp_approval.py": "was not approved",
}


def test_every_approval_example_is_covered() -> None:
    assert sorted(p.name for p in EXAMPLES.glob("*_approval.py")) == sorted(REJECTED)


@pytest.mark.parametrize("script", sorted(REJECTED))
def test_approval_example(script: str) -> None:
    r = subprocess.run(
        [sys.executable, str(EXAMPLES / script)], capture_output=True, text=True, timeout=180, cwd=EXAMPLES
    )
    assert r.returncode == 0, r.stderr[-3000:]
    lines = r.stdout.splitlines()
    asked = [line for line in lines if line.startswith("asks:")]
    assert len(asked) == 2 and "/tmp/cache" not in "".join(asked), r.stdout  # only the gated calls
    assert any(line.startswith("c0") and "deleted /srv/old" in line for line in lines), r.stdout
    assert any(line.startswith("c1") and REJECTED[script] in line for line in lines), r.stdout
    assert any(line.startswith("c2") and "deleted /tmp/cache" in line for line in lines), r.stdout
    (deleted,) = [line for line in lines if line.startswith("deleted:")]
    assert "/srv/old" in deleted and "/tmp/cache" in deleted and "/etc/passwd" not in deleted

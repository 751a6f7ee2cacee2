"""The `secret` fixture the durable and Temporal tests share: a unique credential (`sk-live-<hex>`)
the context carries, put in the environment ('the vault') where the tools and child processes
read it, and looked for in every store and history afterwards."""

from __future__ import annotations

import uuid
from typing import Any

import pytest


def secret_fixture(env: str) -> Any:
    """A `secret` fixture that sets the environment variable `env` to a new unique credential."""

    @pytest.fixture
    def secret(monkeypatch: pytest.MonkeyPatch) -> str:
        value = f"sk-live-{uuid.uuid4().hex}"
        monkeypatch.setenv(env, value)
        return value

    return secret

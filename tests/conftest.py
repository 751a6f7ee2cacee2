"""Shared pytest setup: async tests run on asyncio through anyio's plugin."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("OPENAI_AGENTS_DISABLE_TRACING", "1")
os.environ.setdefault("OPENAI_API_KEY", "sk-test-offline")


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"

"""Fixtures: one playground server per module and test file, one headless Chromium per session."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from pg_harness import Server, have_browser, new_driver, start_server


@pytest.fixture(scope="module")
def acme_server() -> Iterator[Server]:
    """acme_tools with one AcmeContext (user ann) for the server's lifetime."""
    server = start_server("acme_tools", "--context-factory", "pg_context:acme")
    yield server
    server.stop()


@pytest.fixture(scope="module")
def extra_server() -> Iterator[Server]:
    server = start_server("pg_tools:TOOLS")
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not have_browser():
        message = "Debian's chromium and chromium-driver are not installed (make test installs them)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    driver = new_driver()
    yield driver
    driver.quit()

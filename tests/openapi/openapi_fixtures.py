"""The published OpenAPI documents the tests read, shipped as compressed fixtures (see
fixtures/README.md for where each comes from and its license), and a recording mock transport."""

from __future__ import annotations

import functools
import json
import lzma
import tarfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

FIXTURES = Path(__file__).parent / "fixtures"
README_EXAMPLES = FIXTURES / "readme-oas-examples-8.2.2.tar.xz"
GITHUB = FIXTURES / "api.github.com-octokit-openapi-23.0.2.json.xz"


@functools.cache
def _readme_texts() -> dict[str, str]:
    with tarfile.open(README_EXAMPLES) as tf:
        return {
            m.name: tf.extractfile(m).read().decode("utf-8")  # type: ignore[union-attr]
            for m in tf.getmembers()
            if m.isfile() and m.name.endswith(".json")
        }


def readme_names() -> list[str]:
    """Every document of @readme/oas-examples shipped here (`3.0/json/petstore.json`, ...)."""
    return sorted(_readme_texts())


def readme_doc(name: str) -> dict[str, Any]:
    """A fresh copy of one document of @readme/oas-examples."""
    return json.loads(_readme_texts()[name])


@functools.cache
def _github_text() -> str:
    return lzma.decompress(GITHUB.read_bytes()).decode("utf-8")


def github_doc() -> dict[str, Any]:
    """GitHub's REST API description (api.github.com, OpenAPI 3.0.3), as @octokit/openapi ships it."""
    return json.loads(_github_text())


class Recorder:
    """An `httpx.MockTransport` handler that records each request and answers with `reply`."""

    def __init__(self, reply: Callable[[httpx.Request], httpx.Response] | None = None) -> None:
        self.requests: list[httpx.Request] = []
        self.reply = reply or (lambda request: httpx.Response(200, json={"ok": True}))

    def __call__(self, request: httpx.Request) -> httpx.Response:
        request.read()
        self.requests.append(request)
        return self.reply(request)

    def client(self, base_url: str = "") -> httpx.AsyncClient:
        return httpx.AsyncClient(transport=httpx.MockTransport(self), base_url=base_url)

    @property
    def last(self) -> httpx.Request:
        return self.requests[-1]

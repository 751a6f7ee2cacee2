"""A tool-search evaluation set over GitHub's REST API: the 1,223 operations of the OpenAPI
document the OpenAPI tests ship (`tests/openapi/fixtures/api.github.com-octokit-openapi-23.0.2.json.xz`)
and 199 requests written the way a user asks an agent (casual words, abbreviations such as "repo"
and "PR", no operation's summary copied), each with the operations that answer it (by
`operationId`; several when more than one would do). The requests are data: `github_search_queries.json`.

Used by `test_shaping_search_github.py` (our ranking must keep its recall) and by
`benchmarks/bench_scale.py` (recall@1, recall@5 and MRR next to FastMCP's BM25 search transform
over FastMCP's own conversion of the same document).
"""

from __future__ import annotations

import json
import lzma
from pathlib import Path
from typing import Any

GITHUB_DOCUMENT = (
    Path(__file__).resolve().parent.parent / "openapi/fixtures/api.github.com-octokit-openapi-23.0.2.json.xz"
)

QUERIES_FILE = Path(__file__).resolve().with_name("github_search_queries.json")


def _load_queries() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The requests and the operationIds that answer each, from `github_search_queries.json` (grouped
    by area there: issues, pull requests, repositories, ...), in the file's order."""
    groups: dict[str, list[tuple[str, list[str]]]] = json.loads(QUERIES_FILE.read_text(encoding="utf-8"))
    return tuple((query, tuple(answers)) for group in groups.values() for query, answers in group)


QUERIES: tuple[tuple[str, tuple[str, ...]], ...] = _load_queries()


def github_document() -> dict[str, Any]:
    """GitHub's OpenAPI document (the one the OpenAPI tests ship)."""
    document: dict[str, Any] = json.loads(lzma.decompress(GITHUB_DOCUMENT.read_bytes()))
    return document


def operation_ids(document: dict[str, Any]) -> set[str]:
    """Every operationId of the document."""
    return {
        op["operationId"]
        for item in document["paths"].values()
        for op in item.values()
        if isinstance(op, dict) and "operationId" in op
    }


def rank_of(found: list[str], wanted: tuple[str, ...]) -> int | None:
    """The 1-based rank of the first expected operation among `found` (None: not found)."""
    for i, name in enumerate(found, 1):
        if name in wanted:
            return i
    return None


def scores(ranks: list[int | None]) -> dict[str, float]:
    """recall@1, recall@5 and MRR (at 5) of the ranks of each query's first expected operation."""
    n = len(ranks)
    return {
        "recall@1": sum(r == 1 for r in ranks) / n,
        "recall@5": sum(r is not None and r <= 5 for r in ranks) / n,
        "mrr": sum(1 / r for r in ranks if r is not None and r <= 5) / n,
    }

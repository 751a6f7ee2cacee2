"""Two-hop paths: source A -> neutral -> B -> neutral -> target C, with the matrix checks.

A hop through a framework is `from_B(to_B(neutral))`, which the origin stash makes an identity
(the very same neutral tool comes back); a hop through MCP is real: the tool is served by
`build_server` and consumed again over a session (`mcp_tools`), so everything must survive the
wire (schema, title, meta through `_meta`, context through request `_meta`, errors as `isError`).

Default: B in {pydantic-ai, mcp} for every A and C over a sample of specs; `-m heavy`: every B
and every spec.
"""

from __future__ import annotations

import contextlib

import pytest
from _corpus import SPECS, by_name
from _harness import FRAMEWORKS, convert, hop, mcp_target, source_tools
from _harness_gaps import gap_reason
from test_mx_matrix import check_spec

from interop.bridge import get_origin

SAMPLE = [
    by_name(n)
    for n in (
        "add_ints",
        "nested_model",
        "discriminated",
        "datetime_in",
        "search_web",
        "delete_file",
        "greet_ctx",
        "ctx_optional",
        "output_model",
        "context_named_args",
    )
]


async def _run(source: str, middle: str, target: str, specs: list) -> None:
    problems: list[str] = []
    async with source_tools(source, specs) as tools:
        async with hop(middle, [tools[s.name][1] for s in specs]) as hopped:
            neutrals = [hopped[s.name] for s in specs]
            if middle != "mcp":  # the stash makes a framework hop an identity (or comes home)
                for s in specs:
                    native_src, neutral = tools[s.name]
                    assert hopped[s.name] is neutral or get_origin(hopped[s.name]) is native_src
            else:
                assert all(get_origin(hopped[s.name]) is not None for s in specs)
            manager = mcp_target(neutrals) if target == "mcp" else contextlib.nullcontext(None)
            async with manager as mcp:
                for spec in specs:
                    native_src, _ = tools[spec.name]
                    neutral = hopped[spec.name]
                    target_native = None if target == "mcp" else convert(target, neutral)
                    checks = await check_spec(source, target, spec, native_src, neutral, target_native, mcp)
                    problems += [
                        f"{source}->{middle}->{target} {spec.name}.{c}: {d}"
                        for c, d in checks.items()
                        if d is not None and gap_reason(source, target, spec.name, c) is None
                    ]
    assert not problems, "\n".join(problems)


@pytest.mark.anyio
@pytest.mark.parametrize("target", FRAMEWORKS)
@pytest.mark.parametrize("middle", ["pydantic-ai", "mcp"])
@pytest.mark.parametrize("source", FRAMEWORKS)
async def test_mx_two_hops(source: str, middle: str, target: str) -> None:
    await _run(source, middle, target, SAMPLE)


@pytest.mark.heavy
@pytest.mark.anyio
@pytest.mark.parametrize("target", FRAMEWORKS)
@pytest.mark.parametrize("middle", [f for f in FRAMEWORKS if f != "neutral"])
@pytest.mark.parametrize("source", FRAMEWORKS)
async def test_mx_two_hops_exhaustive(source: str, middle: str, target: str) -> None:
    await _run(source, middle, target, SPECS)

"""The conversion matrix: every source framework x every target framework over the corpus.

For each (source, target) cell, each corpus spec is built in the source's own idiom, converted
source -> neutral (`from_X`) -> target (`to_Y`), and checked: name, description, title (where
carried), the input JSON Schema the target's model sees against the source's (after
`_harness.NORMALIZATION`), meta (native slot, or the origin stash where the target has none),
the valid arguments' result through the target's native call path, and the invalid arguments'
error through the target's native error channel (the function never runs). The results are
collected into `tests/matrix/MATRIX.md` (see `conftest.py`).
"""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from _corpus import CALLS, SPECS, Spec
from _harness import FRAMEWORKS, call_target, canon, convert, mcp_target, source_tools, view
from _harness_gaps import gap_reason
from _harness_results import RESULTS, CellResult

import interop.bridge
from interop.bridge import json_safe_meta

META_SLOT = {"neutral", "langchain", "pydantic-ai", "mcp"}  # sources whose native idiom carries meta
TITLE_SLOT = {"neutral", "mcp"}  # sources whose native idiom carries a title
META_SLOT |= {"agent-framework"}  # `@tool(additional_properties=...)`
TITLE_SLOT |= {"agno"}  # `@tool(title=...)`


STR_RESULTS = {"openai-agents", "llamaindex"}
STR_RESULTS |= {"agno"}  # Agno `str()`s what its own tools return
"""Frameworks whose native tools show a non-str result to the model as `str(result)`."""
STR_RESULTS |= {"smolagents", "crewai"}
STR_RESULTS |= {"autogen"}  # a native FunctionTool's `return_value_as_string` is `str(result)`
TITLE_SLOT |= {"claude-agent-sdk"}  # `annotations.title`
META_SLOT |= {"semantic-kernel"}  # `KernelFunctionFromMethod(additional_metadata=...)`
STR_RESULTS |= {"semantic-kernel"}  # its loop sends `str(FunctionResultContent.result)`


def expected_result(source: str, home: bool, spec: Spec) -> Any:
    """What the model reads for the valid call.

    A native tool going home (`to_X(from_X(native)) is native`) keeps its framework's own result
    formatting: OpenAI Agents `@function_tool` and LlamaIndex `FunctionTool` give `str(result)`.
    """
    if home and source in STR_RESULTS and not isinstance(spec.expected, str):
        return str(spec.expected)
    return spec.expected


def source_args(native_src: Any, args: dict[str, Any]) -> dict[str, Any]:
    """The arguments a model sends after seeing the source's schema.

    pydantic-ai flattens a function whose only parameter is a model, dataclass or TypedDict: the
    model's fields are the tool's arguments (its validator also takes the wrapped form, but the
    advertised schema, which MCP and other validators enforce, is the flat one).
    """
    single = getattr(getattr(native_src, "function_schema", None), "single_arg_name", None)
    if single and set(args) == {single} and isinstance(args[single], dict):
        return dict(args[single])
    return args


def calls_of(name: str) -> list[tuple[str, Any, Any]]:
    return [c for c in CALLS if c[0] == name]


async def check_spec(
    source: str, target: str, spec: Spec, native_src: Any, neutral: Any, target_native: Any, mcp: Any
) -> dict[str, str | None]:
    """check name -> None (passed) or the failure text."""
    out: dict[str, str | None] = {}
    src = view("neutral" if source == "mcp" else source, native_src)
    tgt = view("mcp", None, mcp.listed[spec.name]) if target == "mcp" else view(target, target_native)

    def check(name: str, ok: bool, detail: str) -> None:
        out[name] = None if ok else detail

    check("name", tgt.name == src.name == spec.name, f"{src.name!r} -> {tgt.name!r}")
    check(
        "description",
        tgt.description == src.description == neutral.description,
        f"{src.description!r} -> {tgt.description!r}",
    )
    want_title = spec.title if source in TITLE_SLOT else None
    check(
        "title",
        neutral.title == want_title and tgt.title == want_title,
        f"{want_title!r} -> {neutral.title!r} -> {tgt.title!r}",
    )
    from _harness import normalize

    expected = src.schema
    strict_targets = ("pydantic-ai", "autogen")  # meta strict sends our strict compilation
    if target in strict_targets and tgt.meta.get("strict") is True and target_native is not native_src:
        # meta strict: pydantic-ai is sent our strict compilation of the neutral schema (the OpenAI
        # Agents path's form, which keeps optional fields optional); the neutral schema itself is
        # checked against the source in the (source, neutral) cell
        neutral_schema = interop.input_json_schema(neutral)
        expected = interop.bridge.compile_openai_strict(neutral_schema, tool_name=tgt.name).schema
    if target == "anthropic" and tgt.meta.get("strict") is True and target_native is not native_src:
        # meta strict: the runner is sent our Anthropic strict compilation (interop.providers')
        neutral_schema = interop.input_json_schema(neutral)
        expected = interop.bridge.compile_anthropic_strict(neutral_schema, tool_name=tgt.name).schema
    a, b = normalize(expected), normalize(tgt.schema)
    check("schema", a == b, f"source {a} != target {b}")
    want_meta = json_safe_meta(neutral.meta)
    meta_ok = tgt.meta == want_meta
    if source in META_SLOT:
        meta_ok = meta_ok and all(neutral.meta.get(k) == v for k, v in spec.meta.items())
    check("meta", meta_ok, f"spec {spec.meta} -> neutral {dict(neutral.meta)} -> target {tgt.meta}")

    ctx = spec.context_value
    name = spec.name
    before = len(calls_of(spec.name))
    try:
        valid = source_args(native_src, spec.valid)
        res = await call_target(target, name if target == "mcp" else target_native, valid, ctx, mcp)
    except Exception as e:
        check("valid", False, f"raised {type(e).__name__}: {e}")
    else:
        want = expected_result(source, target_native is native_src, spec)
        got = canon(res.text)
        new = calls_of(spec.name)[before:]
        ok = not res.error and got == canon(want) and len(new) == 1
        if ok and spec.context:
            ok = new[0][2] == spec.context_value
        check("valid", ok, f"error={res.error} text={res.text[:200]!r} want={want!r} calls={new}")
    if spec.invalid is not None:
        before = len(calls_of(spec.name))
        try:
            res = await call_target(
                target, name if target == "mcp" else target_native, spec.invalid, ctx, mcp
            )
        except Exception as e:
            check("invalid", False, f"raised {type(e).__name__}: {e}")
        else:
            new = calls_of(spec.name)[before:]
            check("invalid", res.error and not new, f"error={res.error} text={res.text[:200]!r} calls={new}")
            check(
                "invalid-names-tool",
                not res.error or spec.name in res.text or res.tool_name == spec.name,
                f"error text does not name the tool: {res.text[:200]!r}",
            )
    return out


async def run_cell(source: str, target: str, specs: list[Spec]) -> CellResult:
    cell = CellResult(source, target)
    async with source_tools(source, specs) as tools:
        neutrals = [tools[s.name][1] for s in specs]
        manager = mcp_target(neutrals) if target == "mcp" else contextlib.nullcontext(None)
        async with manager as mcp:
            for spec in specs:
                native_src, neutral = tools[spec.name]
                target_native = None if target == "mcp" else convert(target, neutral)
                checks = await check_spec(source, target, spec, native_src, neutral, target_native, mcp)
                cell.add(spec.name, checks, lambda check, s=spec: gap_reason(source, target, s.name, check))
    return cell


@pytest.mark.anyio
@pytest.mark.parametrize("target", FRAMEWORKS)
@pytest.mark.parametrize("source", FRAMEWORKS)
async def test_mx_cell(source: str, target: str) -> None:
    cell = await run_cell(source, target, SPECS)
    RESULTS[(source, target)] = cell
    assert cell.total == len(SPECS) >= 40
    undocumented = cell.undocumented()
    assert not undocumented, "\n".join(f"{s}.{c}: {d}" for s, c, d in undocumented)

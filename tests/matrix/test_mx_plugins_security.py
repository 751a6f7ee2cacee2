"""The security suite for the frameworks in their own `fw_<name>` modules (Strands, Agno,
Microsoft Agent Framework), in whichever environment they are installed (Strands runs in its own,
where the LangChain- and LlamaIndex-based `test_mx_security.py` cannot).

- A model cannot set the context of a native tool through its arguments.
- No context value appears in an emitted schema or an error message; a forged context key is
  refused or ignored.
- `requires_approval` pauses the framework's real run before the tool runs (Strands interrupts,
  Agno `requires_confirmation`, Agent Framework `approval_mode`, AG2's human-in-the-loop question;
  AutoGen has no confirmation step, so the conversion refuses), a deny callback refuses it, and a
  native approval flag travels into the neutral tool and back.
- Cancelling the framework's agent run cancels an in-flight async tool.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from _corpus import CALLS, by_name
from _harness import (
    ALL_FRAMEWORKS,
    BASE_FRAMEWORKS,
    PLUGINS,
    call_target,
    convert,
    from_native,
    source_tools,
    view,
)
from _probes import cancel_when_started, model_cannot_set_the_context, slow_tool

import interop
import interop.bridge
from interop.errors import ApprovalRequiredError

SECRET = "SECRET-5d1e0b"
NATIVE_CTX_NAMES = ["context", "ctx", "config", "caller", "deps", "runtime", "run_context", "tool_context"]
NATIVE_CTX_NAMES += ["cancellation_token", "__ctx__"]  # AutoGen's token, AG2's injected context option
PLUGIN_NAMES = [f for f in ALL_FRAMEWORKS if f not in BASE_FRAMEWORKS]
"""Every `fw_<name>` framework; those not installed here are skipped (conftest)."""


@pytest.mark.anyio
@pytest.mark.parametrize("source", PLUGIN_NAMES)
async def test_mx_model_cannot_set_a_plugin_native_tools_context(source: str) -> None:
    spec = by_name("greet_ctx")
    async with source_tools(source, [spec]) as tools:
        _, neutral = tools[spec.name]
        await model_cannot_set_the_context(neutral, NATIVE_CTX_NAMES)
        if getattr(PLUGINS[source], "NATIVE_CONTEXT", True):  # AutoGen passes a tool no per-call data
            out = await interop.acall(neutral, {"name": "Bo"}, {"user": "ada"})
            assert out == "hi Bo from ada" and CALLS[-1][2] == {"user": "ada"}


@interop.tool(context="caller")
def ctx_tool(n: int, caller: Any = None) -> int:
    """Uses a secret from the context."""
    assert caller == {"api_key": SECRET}
    return n


@pytest.mark.anyio
@pytest.mark.parametrize("target", PLUGIN_NAMES)
async def test_mx_plugin_secrets_never_in_schemas_or_errors(target: str) -> None:
    context = {"api_key": SECRET}
    native = convert(target, ctx_tool)
    seen = view(target, native)
    assert SECRET not in json.dumps(seen.schema) + seen.description + json.dumps(seen.meta, default=str)
    ok = await call_target(target, native, {"n": 3}, context)
    assert not ok.error and ok.text == "3", ok.text
    out = await call_target(target, native, {"n": "x"}, context)
    assert out.error and "ctx_tool" in out.text and SECRET not in out.text, out.text
    for forged in ({"n": 1, "api_key": "forged"}, {"n": 1, "caller": "forged"}):
        # refused, or run with the real secret (the tool asserts it got SECRET)
        out = await call_target(target, native, forged, context)
        assert SECRET not in out.text and (out.error or out.text == "1"), out.text


RAN: list[str] = []


async def wipe(path: str) -> str:
    """Delete everything under a path."""
    RAN.append(path)
    return "wiped"


def _deny(request: Any) -> bool:
    return False


@pytest.mark.anyio
@pytest.mark.parametrize("framework", PLUGIN_NAMES)
async def test_mx_plugin_requires_approval_is_enforced(framework: str) -> None:
    module = PLUGINS[framework]
    RAN.clear()
    gated = interop.tool(wipe, meta={"requires_approval": True})
    if getattr(module, "NATIVE_APPROVAL", True):
        # the framework's own pause: the run stops before the tool runs
        assert await module.paused_for_approval(convert(framework, gated), {"path": "/"})
    else:  # no confirmation step in the framework: the conversion itself refuses (fail closed)
        with pytest.raises(ApprovalRequiredError):
            convert(framework, gated)
    # a callback decides instead (here: deny): an error the model reads, the tool never runs
    out = await call_target(framework, convert(framework, gated, approval=_deny), {"path": "/"}, None)
    assert out.error and "wipe" in out.text, out.text
    # a predicate the framework cannot serve per call is refused, or asked about natively
    picky = interop.tool(wipe, meta={"requires_approval": lambda input, ctx: input.path == "/"})
    try:
        native = convert(framework, picky)
    except ApprovalRequiredError:
        pass
    else:
        assert await module.paused_for_approval(native, {"path": "/"})
        ok = await call_target(framework, native, {"path": "/tmp/x"}, None)
        assert not ok.error and RAN == ["/tmp/x"], ok.text
        RAN.clear()
    # a native approval flag travels into the neutral tool, and home again
    if module.native_gated is not None:
        neutral = from_native(framework, module.native_gated(wipe))
        assert interop.bridge.requires_approval(neutral)
        assert await module.paused_for_approval(convert(framework, neutral), {"path": "/"})
    assert RAN == []


@pytest.mark.anyio
@pytest.mark.parametrize("framework", PLUGIN_NAMES)
async def test_mx_cancelling_a_plugin_run_cancels_the_tool(framework: str) -> None:
    slow, state = slow_tool()
    await cancel_when_started(PLUGINS[framework].run_calling(convert(framework, slow), {"n": 1}), state)

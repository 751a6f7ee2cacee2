"""The playground's pieces in-process, on real tools: running, approval, context factories,
rendering, the parked-call store, the asset check and the build (wheel, missing npm)."""

from __future__ import annotations

import asyncio
import dataclasses
import os
import shutil
import subprocess
import sys
import zipfile
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path

import pg_tools
import pytest
from acme_tools import AcmeContext, delete_file, get_weather, place_order, whoami

from interop import tool

pytest.importorskip("starlette")
from interop import File, Image
from interop.playground import AssetsMissingError, check_assets, load_context_factory, open_context, run_tool
from interop.playground._approval import PendingApprovals
from interop.playground._assets import STATIC_DIR
from interop.playground._render import page_value
from interop.playground._views import badges, tool_reference

ROOT = Path(__file__).resolve().parents[2]


def arun(coro):
    return asyncio.run(coro)


# ---- run_tool -----------------------------------------------------------------------------------


def test_run_ok_invalid_tool_error() -> None:
    ok = arun(run_tool(get_weather, {"city": "Rome"}, None))
    assert ok.status == "ok" and ok.value == {
        "city": "Rome",
        "temperature": 24.0,
        "units": "C",
        "conditions": "sunny",
    }
    assert ok.model_output == '{"city":"Rome","temperature":24.0,"units":"C","conditions":"sunny"}'
    bad = arun(run_tool(place_order, {"items": [], "ship_to": {"street": "s", "city": "c"}}, None))
    assert bad.status == "invalid" and bad.target == "input"
    assert [(i.path, i.message) for i in bad.issues] == [
        (("items",), "List should have at least 1 item after validation, not 0")
    ]
    err = arun(run_tool(get_weather, {"city": "Nowhere"}, None))
    assert err.status == "tool_error" and err.model_output.startswith("Error from tool 'get_weather'")


def test_run_passes_the_context_by_identity() -> None:
    ctx = AcmeContext(user="dora", locale="de")
    assert arun(run_tool(whoami, {}, ctx)).value == {"user": "dora", "locale": "de"}


def test_approval_stops_the_run_until_approved() -> None:
    ctx = AcmeContext()
    asked = arun(run_tool(delete_file, {"path": "/tmp/report.txt"}, ctx))
    assert asked.status == "approval_required" and asked.to_json()["input"] == {"path": "/tmp/report.txt"}
    assert "/tmp/report.txt" in ctx.files  # nothing ran
    done = arun(run_tool(delete_file, {"path": "/tmp/report.txt"}, ctx, approved=True))
    assert done.status == "ok" and "/tmp/report.txt" not in ctx.files


def test_an_output_that_fails_its_schema_is_invalid_output() -> None:
    @tool
    def liar() -> int:
        """Claims an int, returns text."""
        return "not a number"  # type: ignore[return-value]

    result = arun(run_tool(liar, {}, None))
    assert result.status == "invalid" and result.target == "output"


def test_a_raising_approval_predicate_runs_nothing() -> None:
    ran: list[int] = []

    def broken(input, context) -> bool:
        raise KeyError("oops")

    @tool
    def act(n: int) -> int:
        """Act."""
        ran.append(n)
        return n

    gated = dataclasses.replace(act, meta={"requires_approval": broken})
    result = arun(run_tool(gated, {"n": 1}, None))
    assert result.status == "approval_required"  # a predicate that fails cannot clear a call
    assert ran == []


@pytest.mark.parametrize(
    ("flag", "needed"),
    [
        (None, False),
        (False, False),
        (True, True),
        (lambda i, c: i.n > 1, True),
        (lambda i, c: False, False),
        (lambda i, c: None, True),  # a sloppy predicate errs on the safe side
        (lambda i, c: "no", True),
    ],
)
def test_approval_is_the_pipelines_rule(flag, needed: bool) -> None:
    ran: list[int] = []

    @tool
    def act(n: int) -> int:
        """Act."""
        ran.append(n)
        return n

    gated = dataclasses.replace(act, meta={} if flag is None else {"requires_approval": flag})
    result = arun(run_tool(gated, {"n": 2}, None))
    assert result.status == ("approval_required" if needed else "ok")
    assert ran == ([] if needed else [2])


def test_async_approval_predicate_gets_validated_input_and_context() -> None:
    seen = []

    async def predicate(input, context) -> bool:
        seen.append((input.amount, context))
        return True

    gated = dataclasses.replace(pg_tools.transfer, meta={"requires_approval": predicate})
    parked = arun(run_tool(gated, {"account": "A", "amount": "250"}, "ctx"))
    assert parked.status == "approval_required" and parked.input == {"account": "A", "amount": "250"}
    assert seen == [(250.0, "ctx")]  # the predicate saw the validated input


# ---- the parked calls ---------------------------------------------------------------------------


def test_pending_calls_are_single_use_copies_that_expire() -> None:
    store = PendingApprovals()
    args = {"path": "/x"}
    call = store.park("delete_file", args)
    args["path"] = "/changed"
    taken = store.take(call.id)
    assert taken is not None and taken.input == {"path": "/x"}
    assert store.take(call.id) is None
    expiring = PendingApprovals(ttl=0.0)
    assert expiring.take(expiring.park("t", {}).id) is None
    small = PendingApprovals(limit=2)
    first = small.park("t", 1)
    small.park("t", 2)
    small.park("t", 3)
    assert len(small) == 2 and small.take(first.id) is None


# ---- context factories --------------------------------------------------------------------------

events: list[str] = []


@contextmanager
def sync_cm():
    events.append("enter")
    yield "sync-value"
    events.append("exit")


@asynccontextmanager
async def async_cm():
    events.append("aenter")
    yield "async-value"
    events.append("aexit")


async def coroutine_factory() -> str:
    return "awaited-value"


@pytest.mark.parametrize(
    ("factory", "value", "log"),
    [
        (None, None, []),
        (sync_cm, "sync-value", ["enter", "exit"]),
        (async_cm, "async-value", ["aenter", "aexit"]),
        (lambda: {"user": "x"}, {"user": "x"}, []),
        (coroutine_factory, "awaited-value", []),
    ],
)
def test_open_context(factory, value, log) -> None:
    events.clear()

    async def use():
        async with open_context(factory) as ctx:
            assert events == log[:1]
            return ctx

    assert arun(use()) == value
    assert events == log


def test_load_context_factory() -> None:
    assert load_context_factory("pg_context:acme").__name__ == "acme"
    assert load_context_factory("pg_tools:ConditionalTool.execute").__name__ == "execute"
    for spec, message in [
        ("pg_context", "expects PKG.MOD:FN"),
        (":acme", "expects PKG.MOD:FN"),
        ("nope_mod:fn", "cannot import module 'nope_mod'"),
        ("pg_context:missing", "has no attribute 'missing'"),
        ("pg_tools:CALLS", "is not callable"),
    ]:
        with pytest.raises(ValueError, match=message):
            load_context_factory(spec)


# ---- rendering and views ------------------------------------------------------------------------


def test_page_value_and_what_a_model_is_shown() -> None:
    png = Image(b"\x89PNG", "image/png")
    assert page_value(png) == {"type": "image", "media_type": "image/png", "data": "iVBORw=="}
    assert page_value(b"\x00") == {"type": "file", "media_type": "application/octet-stream", "data": "AA=="}
    named = page_value({"report": File(b"a", "text/csv", "r.csv"), "n": (1, 2)})
    assert named == {
        "report": {"type": "file", "media_type": "text/csv", "data": "YQ==", "name": "r.csv"},
        "n": [1, 2],
    }
    shown = arun(run_tool(pg_tools.chart, {}, None))
    assert shown.status == "ok" and (shown.model_output or "").startswith("[image: image/png")


def test_badges() -> None:
    labels = [b["label"] for b in badges({**delete_file.meta, "group": "fs"})]
    assert labels == ["destructive", "idempotent", "requires approval", "group: fs", "#files"]
    assert [b["label"] for b in badges(pg_tools.transfer.meta)] == ["approval: conditional", "#money"]


def test_tool_reference() -> None:
    import acme_tools

    assert tool_reference(place_order, acme_tools) == ("from acme_tools import place_order", "place_order")
    assert tool_reference(place_order, None) == ("", "place_order")


# ---- assets and the build -----------------------------------------------------------------------


def test_the_built_asset_is_there() -> None:
    assert check_assets() == STATIC_DIR
    assert (STATIC_DIR / "vendor" / "jsoneditor.js").stat().st_size > 100_000


def test_a_missing_asset_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(AssetsMissingError, match=r"front-end asset is missing \(jsoneditor.js in .*\).*npm"):
        check_assets(tmp_path)


def test_import_interop_does_not_import_the_playground() -> None:
    code = "import sys, interop; print(sorted(m for m in ('interop.playground', 'starlette', 'uvicorn') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_wheel_ships_the_asset_and_not_the_npm_project(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(tmp_path)],
        cwd=ROOT, check=True, capture_output=True, timeout=300,
    )  # fmt: skip
    (wheel,) = tmp_path.glob("*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for path in ("vendor/jsoneditor.js", "vendor/jsoneditor.LICENSE.txt", "index.html", "playground.js"):
        assert f"interop/playground/static/{path}" in names
    assert not [n for n in names if "_frontend" in n or "node_modules" in n]


def test_a_build_without_npm_fails_clearly(tmp_path: Path) -> None:
    (tmp_path / "interop" / "playground" / "_frontend").mkdir(parents=True)
    for name in ("package.json", "package-lock.json"):
        shutil.copy(
            ROOT / "interop" / "playground" / "_frontend" / name,
            tmp_path / "interop" / "playground" / "_frontend",
        )
    shutil.copy(ROOT / "hatch_build.py", tmp_path)
    env = {k: v for k, v in os.environ.items() if k != "PATH"} | {"PATH": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "hatch_build.py"], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert done.returncode == 1
    assert "npm is not on PATH" in done.stderr and "INTEROP_SKIP_PLAYGROUND_ASSETS" in done.stderr

"""`interop.code_mode` with the real Monty sandbox: programs that call tools through the pipeline."""

from __future__ import annotations

import asyncio
import contextvars
import threading
import time
from dataclasses import dataclass
from typing import Annotated, Any, Literal

import pytest
from pydantic import BaseModel, Field

import interop
from interop import FromContext, Image, ToolError
from interop.errors import ToolNameError

pytest.importorskip("pydantic_monty")

pytestmark = pytest.mark.anyio

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64


class Weather(BaseModel):
    city: str
    temp_c: float = Field(description="Temperature in Celsius")
    conditions: Literal["sunny", "rain", "snow"]


CALLS: list[tuple[str, Any]] = []


@interop.tool
def get_weather(city: str, days: int = 1) -> Weather:
    """Current weather for a city.

    Args:
        city: The city's name.
        days: How many days of forecast.
    """
    CALLS.append(("get_weather", city))
    temps = {"Paris": 18.0, "Oslo": 2.5, "Lima": 21.0}
    return Weather(city=city, temp_c=temps.get(city, 10.0), conditions="sunny" if city != "Oslo" else "snow")


@interop.tool
async def to_fahrenheit(celsius: float) -> float:
    """Celsius to Fahrenheit."""
    CALLS.append(("to_fahrenheit", celsius))
    await asyncio.sleep(0.01)
    return celsius * 9 / 5 + 32


@pytest.fixture(autouse=True)
def _reset() -> None:
    CALLS.clear()


async def run(tool: Any, code: str, context: Any = None) -> Any:
    return await interop.acall(tool, {"code": code}, context)


# ------------------------------------------------------------------------------------ the description


def test_description_shows_typed_stubs_with_docstrings() -> None:
    tool = interop.code_mode([get_weather, to_fahrenheit])
    assert tool.name == "run_code"
    d = tool.description
    assert "class GetWeatherResult(TypedDict):" in d
    assert "    temp_c: float  # Temperature in Celsius" in d
    assert "    conditions: Literal['sunny', 'rain', 'snow']" in d
    assert "async def get_weather(city: str, days: int = 1) -> GetWeatherResult:" in d
    assert "Current weather for a city." in d
    assert "city: The city's name." in d
    assert 'async def to_fahrenheit(celsius: float) -> float:\n    """Celsius to Fahrenheit."""' in d
    assert interop.input_json_schema(tool)["required"] == ["code"]


def test_stubs_for_awkward_names_and_schemas() -> None:
    send = interop.standard_tool(
        name="mail.send",
        description="Send a mail.",
        execute=lambda args: args,
        input_schema={
            "type": "object",
            "properties": {"from": {"type": "string"}, "to": {"type": "array", "items": {"type": "string"}}},
            "required": ["from", "to"],
        },
    )
    printer = interop.standard_tool(
        name="print",
        description="Print a document.",
        execute=lambda args: "ok",
        input_schema={
            "type": "object",
            "properties": {
                "doc": {"$ref": "#/$defs/Doc"},
                "copies": {"type": ["integer", "null"], "default": None},
            },
            "required": ["doc"],
            "$defs": {
                "Doc": {
                    "type": "object",
                    "properties": {
                        "title": {"type": "string"},
                        "parts": {"type": "array", "items": {"$ref": "#/$defs/Doc"}},
                    },
                    "required": ["title"],
                }
            },
        },
    )
    d = interop.code_mode([send, printer]).description
    assert "MailSendArgs = TypedDict('MailSendArgs', {" in d
    assert "    'from': str," in d
    assert "async def mail_send(args: MailSendArgs, /) -> Any:" in d
    assert "class Doc(TypedDict):" in d
    assert "    parts: NotRequired[list[Doc]]" in d
    assert "async def print_(doc: Doc, copies: int | None = None) -> Any:" in d


async def test_duplicate_names_and_bad_limits_are_refused() -> None:
    with pytest.raises(ToolNameError):
        interop.code_mode([get_weather, get_weather])
    with pytest.raises(ValueError, match="timeout"):
        interop.code_mode([get_weather], timeout=0)
    with pytest.raises(ValueError, match="max_memory"):
        interop.code_mode([get_weather], max_memory=10)
    with pytest.raises(TypeError, match="unknown option 'colour'"):
        interop.code_mode([get_weather], colour="red")  # type: ignore[call-arg]
    with pytest.raises(
        TypeError, match="unknown option 'rename'; known: allow_unapproved, approval, errors, threaded"
    ):
        interop.code_mode([get_weather], rename="x")  # type: ignore[call-arg]


# ------------------------------------------------------------------------------------ programs


async def test_a_program_combining_two_tools_sync_and_async() -> None:
    tool = interop.code_mode([get_weather, to_fahrenheit])
    out = await run(
        tool,
        "w = await get_weather('Paris')\n"
        "f = await to_fahrenheit(w['temp_c'])\n"
        "print(w['city'], w['conditions'])\n"
        "round(f, 1)",
    )
    assert out == "Paris sunny\nResult: 64.4"
    assert CALLS == [("get_weather", "Paris"), ("to_fahrenheit", 18.0)]


async def test_gather_runs_calls_at_once() -> None:
    started: list[float] = []

    @interop.tool
    async def slow(n: int) -> int:
        """Wait a moment."""
        started.append(time.perf_counter())
        await asyncio.sleep(0.2)
        return n * 2

    tool = interop.code_mode([slow])
    t = time.perf_counter()
    out = await run(tool, "import asyncio\nawait asyncio.gather(*[slow(i) for i in range(5)])")
    assert out == "[0,2,4,6,8]"
    assert time.perf_counter() - t < 0.8  # five 0.2 s calls, at once
    assert max(started) - min(started) < 0.1


async def test_sync_entry_point_works_too() -> None:
    tool = interop.code_mode([get_weather])
    assert interop.call(tool, {"code": "(await get_weather('Oslo'))['conditions']"}) == "snow"


async def test_a_tool_as_a_value_and_keyword_calls() -> None:
    tool = interop.code_mode([get_weather])
    out = await run(tool, "f = get_weather\nw = await f(city='Lima', days=2)\nw['temp_c']")
    assert out == "21.0"


async def test_a_call_never_awaited_does_not_run_and_is_reported() -> None:
    tool = interop.code_mode([get_weather])
    out = await run(tool, "get_weather('Paris')\n'done'")
    assert CALLS == []
    assert out.startswith("done\n[note: 1 tool call(s) never awaited did not run: get_weather")


async def test_no_output() -> None:
    tool = interop.code_mode([get_weather])
    assert "no output" in await run(tool, "x = 1")


async def test_program_errors_reach_the_model_as_tool_errors() -> None:
    tool = interop.code_mode([get_weather])
    with pytest.raises(ToolError, match=r"(?s)raised an exception.*line 2.*ZeroDivisionError"):
        await run(tool, "print('before')\n1 / 0")
    with pytest.raises(ToolError, match="Output before it stopped:\nbefore"):
        await run(tool, "print('before')\n1 / 0")
    with pytest.raises(ToolError, match="not valid Python"):
        await run(tool, "def (:")
    with pytest.raises(ToolError, match=r"NameError: name 'get_wether' is not defined"):
        await run(tool, "await get_wether('Paris')")


# ------------------------------------------------------------------------------------ validation


async def test_bad_inner_arguments_raise_in_the_program_naming_the_field() -> None:
    tool = interop.code_mode([get_weather])
    with pytest.raises(ToolError) as caught:
        await run(tool, "await get_weather('Paris', days='many')")
    assert (
        "ValueError: Invalid arguments for tool 'get_weather': days: Input should be a valid integer"
        in str(caught.value)
    )
    assert CALLS == []  # never called with invalid input
    out = await run(
        tool,
        "try:\n    await get_weather(days=2)\nexcept ValueError as e:\n    print('fixing:', e)\n"
        "(await get_weather('Oslo'))['city']",
    )
    assert "fixing: Invalid arguments for tool 'get_weather': city: Field required" in out
    assert out.endswith("Result: Oslo")
    with pytest.raises(
        ToolError, match=r"TypeError: get_weather\(\) takes 2 positional arguments but 3 were given"
    ):
        await run(tool, "await get_weather('a', 1, 2)")
    with pytest.raises(ToolError, match=r"got multiple values for argument 'city'"):
        await run(tool, "await get_weather('a', city='b')")


async def test_an_invalid_output_is_an_error_in_the_program() -> None:
    liar = interop.standard_tool(
        name="liar",
        description="Says it returns an int.",
        execute=lambda args: "not a number",
        input_schema={"type": "object", "properties": {}},
        output_schema=int,
    )
    tool = interop.code_mode([liar])
    out = await run(tool, "try:\n    await liar()\nexcept RuntimeError as e:\n    print(e)")
    assert "Tool 'liar' produced an invalid result" in out


async def test_a_tool_error_is_a_runtime_error_the_program_can_catch() -> None:
    @interop.tool
    def fails(x: int) -> int:
        """Always fails."""
        raise ToolError(f"no data for {x}")

    tool = interop.code_mode([fails])
    out = await run(tool, "try:\n    await fails(3)\nexcept RuntimeError as e:\n    print('caught:', e)")
    assert out == "caught: Error from tool 'fails': no data for 3\n"


async def test_an_unexpected_exception_stops_the_program_and_propagates() -> None:
    @interop.tool
    def crashes() -> int:
        """Has a bug."""
        raise KeyError("bug")

    tool = interop.code_mode([crashes])
    with pytest.raises(KeyError, match="bug"):
        await run(tool, "try:\n    await crashes()\nexcept Exception:\n    print('swallowed')")
    masked = interop.code_mode([crashes], errors="masked")
    out = await run(masked, "try:\n    await crashes()\nexcept RuntimeError as e:\n    print(e)")
    assert "internal error" in out and "bug" not in out


# ------------------------------------------------------------------------------------ context


@dataclass
class Deps:
    user: str
    secret: str


@interop.tool
def whoami(deps: Annotated[Deps, FromContext]) -> str:
    """The current user."""
    return deps.user


async def test_the_callers_context_reaches_inner_tools_and_not_the_program() -> None:
    tool = interop.code_mode([whoami])
    deps = Deps("ada", "s3cr3t")
    assert await run(tool, "await whoami()", deps) == "ada"
    assert "whoami(" in tool.description and "deps" not in tool.description
    for probe in ("deps", "context", "secret"):
        with pytest.raises(ToolError, match="NameError"):
            await run(tool, probe, deps)


# ------------------------------------------------------------------------------------ approval


@interop.tool(meta={"requires_approval": True})
def delete_file(path: str) -> str:
    """Delete a file."""
    CALLS.append(("delete_file", path))
    return f"deleted {path}"


async def test_an_approval_required_inner_tool_with_nobody_to_ask_is_denied() -> None:
    tool = interop.code_mode([delete_file])  # builds: the channel comes with each call
    assert "asks for approval" in tool.description
    out = await run(tool, "try:\n    await delete_file('/x')\nexcept PermissionError as e:\n    print(e)")
    assert "The call to tool 'delete_file' was not approved: nobody could be asked" in out
    assert "It did not run." in out and CALLS == []
    # allow_unapproved=True on the outer call is for the outer call only
    out = await interop.acall(
        tool,
        {"code": "try:\n    await delete_file('/x')\nexcept PermissionError:\n    print('no')"},
        allow_unapproved=True,
    )
    assert out == "no\n" and CALLS == []
    opted_out = interop.code_mode([delete_file], allow_unapproved=True)
    assert await run(opted_out, "await delete_file('/y')") == "deleted /y"


async def test_an_inner_call_denied_did_not_run_approved_ran() -> None:
    asked: list[interop.ApprovalRequest] = []

    def decide(request: interop.ApprovalRequest) -> bool:
        asked.append(request)
        return request.input["path"] == "/tmp/ok"

    tool = interop.code_mode([delete_file, get_weather], approval=decide)
    deps = Deps("ada", "s")
    out = await run(
        tool,
        "try:\n    await delete_file('/etc/passwd')\nexcept PermissionError as e:\n    print('denied:', e)\n"
        "await delete_file('/tmp/ok')",
        deps,
    )
    assert "denied: The call to tool 'delete_file' was not approved. It did not run." in out
    assert out.endswith("Result: deleted /tmp/ok")
    assert CALLS == [("delete_file", "/tmp/ok")]
    assert [r.input for r in asked] == [{"path": "/etc/passwd"}, {"path": "/tmp/ok"}]
    assert all(r.context is deps and r.tool_name == "delete_file" for r in asked)
    await run(tool, "await get_weather('Paris')")  # no approval needed: not asked
    assert len(asked) == 2


async def test_a_toolset_brings_its_approval_to_the_inner_calls() -> None:
    asked: list[Any] = []

    def decide(request: interop.ApprovalRequest) -> bool:
        asked.append(request.input)
        return True

    tools = interop.ToolSet([delete_file, get_weather], approval=decide)
    tool = interop.code_mode(tools)  # no approval= here: the set's (explicit, before any channel)
    out = await run(tool, "await delete_file('/tmp/a')")
    assert out.endswith("deleted /tmp/a") and asked == [{"path": "/tmp/a"}]
    with pytest.raises(ToolNameError):
        interop.code_mode(tools.prefix("x_") + tools.filter(names="get_weather").prefix("x_"))


async def test_an_async_approval_callback_and_an_approved_outer_call() -> None:
    async def deny(request: interop.ApprovalRequest) -> bool:
        await asyncio.sleep(0)
        return False

    # the outer code tool approved by its own layer: an inner call is still asked on its own
    tool = interop.with_approval(interop.code_mode([delete_file], approval=deny), lambda r: True)
    out = await run(tool, "try:\n    await delete_file('/x')\nexcept PermissionError:\n    print('no')")
    assert out == "no\n" and CALLS == []


# ------------------------------------------------------------------------------------ content


@interop.tool
def chart(title: str) -> Image:
    """Draw a chart."""
    return Image(PNG, "image/png")


async def test_images_from_inner_tools_come_back_as_content() -> None:
    tool = interop.code_mode([chart])
    out = await run(tool, "c = await chart('sales')\nprint(c.media_type)\n[c, 'the sales chart']")
    assert isinstance(out, list) and out[1:] == [Image(PNG, "image/png")]
    assert out[0].startswith("image/png\nResult: [")
    assert "[image: image/png, 72 bytes]" in out[0]
    with pytest.raises(ToolError, match="AttributeError"):
        await run(tool, "(await chart('x')).data")  # the bytes never enter the sandbox


async def test_a_tools_model_output_is_what_the_program_sees() -> None:
    @interop.tool
    def account() -> dict[str, str]:
        """The account."""
        return {"owner": "ada", "api_key": "sk-live-123"}

    shown = interop.with_model_output(account, lambda v: f"account of {v['owner']}")
    out = await run(interop.code_mode([shown]), "await account()")
    assert out == "account of ada"


# ------------------------------------------------------------------------------------ tool search


async def test_deferred_tools_are_found_with_tool_search_and_callable() -> None:
    hidden = interop.transform_tool(get_weather, meta={**get_weather.meta, "defer_loading": True})
    tool = interop.code_mode([to_fahrenheit, hidden])
    d = tool.description
    assert "async def get_weather" not in d and "1 more tools are not listed" in d
    assert "async def tool_search(query: str, limit: int = 5) -> list[ToolMatch]:" in d
    out = await run(tool, "found = await tool_search('weather for a city')\nfound[0]['name']")
    assert out == "get_weather"
    stub = await run(tool, "(await tool_search('weather'))[0]['stub']")
    assert "class GetWeatherResult(TypedDict):" in stub and "async def get_weather(city: str" in stub
    assert await run(tool, "(await get_weather('Oslo'))['temp_c']") == "2.5"


# ------------------------------------------------------------------------------------ the sandbox holds


@pytest.mark.parametrize(
    ("code", "refusal"),
    [
        ("import os\nos.environ['HOME']", "not supported"),
        ("import os\nos.getenv('HOME')", "not supported"),
        ("import subprocess", "ModuleNotFoundError: No module named 'subprocess'"),
        ("import socket", "ModuleNotFoundError: No module named 'socket'"),
        ("import interop", "ModuleNotFoundError: No module named 'interop'"),
        ("open('/etc/passwd').read()", "PermissionError"),
        ("open('/tmp/escape.txt', 'w').write('x')", "PermissionError"),
        ("__import__('os')", "NameError: name '__import__' is not defined"),
        ("().__class__.__bases__[0].__subclasses__()", "AttributeError"),
        ("(1).__class__", "AttributeError"),
        ("type(1).__subclasses__()", "AttributeError"),
        ("get_weather.__globals__", "AttributeError"),
        ("globals()", "NameError: name 'globals' is not defined"),
        ("vars()", "NameError: name 'vars' is not defined"),
        ("breakpoint()", "NameError"),
        ("import sys\nsys.modules", "AttributeError"),
    ],
)
async def test_escapes_are_refused(code: str, refusal: str) -> None:
    tool = interop.code_mode([get_weather])
    with pytest.raises(ToolError, match="The program raised an exception") as caught:
        await run(tool, code)
    assert refusal in str(caught.value)
    assert not __import__("os").path.exists("/tmp/escape.txt")
    assert await run(tool, "(await get_weather('Paris'))['city']") == "Paris"  # the host goes on


async def test_an_infinite_loop_is_stopped_at_the_time_limit() -> None:
    tool = interop.code_mode([get_weather], timeout=1)
    t = time.perf_counter()
    with pytest.raises(ToolError, match=r"stopped: it ran longer than its time limit \(1 s\)"):
        await run(tool, "print('start')\nwhile True:\n    pass")
    assert time.perf_counter() - t < 3
    assert await run(tool, "1 + 1") == "2"


async def test_a_slow_tool_counts_against_the_time_limit() -> None:
    release = threading.Event()

    @interop.tool
    def hangs() -> str:
        """Never answers in time."""
        release.wait(5)
        return "late"

    tool = interop.code_mode([hangs], timeout=0.5)
    t = time.perf_counter()
    with pytest.raises(ToolError, match=r"time limit.*waiting for a tool call"):
        await run(tool, "await hangs()")
    release.set()
    assert time.perf_counter() - t < 2


async def test_a_gigabyte_allocation_is_refused() -> None:
    tool = interop.code_mode([get_weather], max_memory=64 * 1024 * 1024)
    for code in (
        "x = 'a' * (1024 ** 3)\nlen(x)",
        "x = [0] * (1024 ** 3)",
        "x = []\nwhile True:\n    x.append('y' * 4096)",
    ):
        with pytest.raises(ToolError, match=r"needed more memory than its limit \(64.0 MiB\)"):
            await run(tool, code)
    assert await run(tool, "len('a' * 1000)") == "1000"


async def test_output_is_cut_at_the_output_limit() -> None:
    tool = interop.code_mode([get_weather], max_output=1000, max_memory=512 * 1024 * 1024)
    out = await run(tool, "print('x' * (100 * 1024 * 1024))")
    assert out.startswith("x" * 1000 + "\n[... 104,856,601 more characters not shown")
    assert len(out) < 1200
    many = await run(tool, "for i in range(100000):\n    print(i)\n'end'")
    assert "more characters not shown" in many and len(many) < 1200
    big = await run(tool, "'y' * 5000")
    assert big.startswith("y" * 1000) and "4,000 more characters" in big


async def test_deep_recursion_is_an_error_not_a_crash() -> None:
    tool = interop.code_mode([get_weather])
    with pytest.raises(ToolError, match="RecursionError"):
        await run(tool, "def f(n):\n    return f(n + 1)\nf(0)")


async def test_too_many_tool_calls_stop_the_program() -> None:
    from interop import _code_mode

    @interop.tool
    def tick() -> int:
        """Tick."""
        return 1

    tool = interop.code_mode([tick])
    with pytest.raises(ToolError, match=f"more than {_code_mode.MAX_CALLS} tool calls"):
        await run(tool, "n = 0\nwhile True:\n    n += await tick()")


async def test_cancelling_the_outer_call_stops_the_program() -> None:
    tool = interop.code_mode([get_weather], timeout=20)
    task = asyncio.ensure_future(run(tool, "while True:\n    pass"))
    await asyncio.sleep(0.3)
    task.cancel()
    t = time.perf_counter()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert time.perf_counter() - t < 2
    assert await run(tool, "'still here'") == "still here"


async def test_programs_run_concurrently_and_are_isolated() -> None:
    tool = interop.code_mode([get_weather])
    outs = await asyncio.gather(*(run(tool, f"secret = {i}\nsecret") for i in range(6)))
    assert outs == [str(i) for i in range(6)]
    with pytest.raises(ToolError, match="NameError"):
        await run(tool, "secret")


REQUEST_ID: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="unset")


@interop.tool
async def request_id_async() -> str:
    """The request id (async)."""
    return REQUEST_ID.get()


@interop.tool
def request_id_sync() -> str:
    """The request id (sync, on a worker thread)."""
    return REQUEST_ID.get()


async def test_inner_calls_run_in_the_callers_context_variables() -> None:
    tool = interop.code_mode([request_id_async, request_id_sync])
    token = REQUEST_ID.set("req-7")
    try:
        out = await run(tool, "import asyncio\nawait asyncio.gather(request_id_async(), request_id_sync())")
    finally:
        REQUEST_ID.reset(token)
    assert out == '["req-7","req-7"]'


@pytest.mark.parametrize(
    ("code", "shown"),
    [
        ("...", "Ellipsis"),
        ("type(1)", "<class 'int'>"),
        ("{1, 2}", "[1,2]"),
        ("import datetime\ndatetime.date(2024, 1, 2)", '"2024-01-02"'),
        ("class A:\n    def __init__(self):\n        self.y = 2\nA()", '{"__class__":"A","y":2}'),
        ("{(1, 2): 3}", '{"(1, 2)":3}'),
        ("print", "print"),
    ],
)
async def test_any_final_value_is_shown(code: str, shown: str) -> None:
    assert await run(interop.code_mode([get_weather]), code) == shown


async def test_a_program_waits_for_a_free_worker_within_its_time_limit() -> None:
    from interop import _code_mode

    sandbox = _code_mode._Sandbox.get()
    taken = 0
    try:
        while sandbox.free.acquire(blocking=False):
            taken += 1
        tool = interop.code_mode([get_weather], timeout=0.3)
        with pytest.raises(ToolError, match=r"did not run: no sandbox worker was free within its time limit"):
            await run(tool, "1")
        sandbox.free.release()
        taken -= 1
        assert await run(tool, "2") == "2"
    finally:
        for _ in range(taken):
            sandbox.free.release()


ROOT_REF = {
    "$ref": "#/$defs/Args",
    "$defs": {
        "Args": {
            "type": "object",
            "properties": {"a": {"type": "integer"}, "b": {"type": "string", "default": "x"}},
            "required": ["a"],
        }
    },
}


def _schema_tool(schema: dict[str, Any]) -> Any:
    return interop.standard_tool(name="t", description="T.", execute=lambda args: args, input_schema=schema)


@pytest.mark.parametrize(
    ("schema", "signature"),
    [
        (
            ROOT_REF,
            "async def t(a: int, b: str = 'x') -> Any:",
        ),
        (
            {
                "type": "object",
                "properties": {
                    "n": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
                    "tags": {"type": "array", "items": {"enum": ["x", "y"]}},
                    "scores": {"type": "object", "additionalProperties": {"type": "number"}},
                },
            },
            "async def t(n: int | None = ..., tags: list[Literal['x', 'y']] = ..., scores: dict[str, float] = ...) -> Any:",
        ),
        ({"type": "object", "additionalProperties": True}, "async def t(**kwargs: Any) -> Any:"),
        ({"type": "object", "properties": {}}, "async def t() -> Any:"),
    ],
)
async def test_stub_signatures(schema: dict[str, Any], signature: str) -> None:
    tool = interop.code_mode([_schema_tool(schema)])
    assert signature in tool.description


async def test_a_root_ref_schema_binds_positional_arguments() -> None:
    tool = interop.code_mode([_schema_tool(ROOT_REF)])
    assert await run(tool, "await t(3)") == '{"a":3}'


def test_the_sandbox_is_imported_only_when_a_code_tool_is_built() -> None:
    import subprocess
    import sys

    probe = (
        "import sys, interop\n"
        "interop.code_mode\n"
        "assert 'pydantic_monty' not in sys.modules, 'imported with interop'\n"
        "sys.modules['pydantic_monty'] = None  # as if the extra were not installed\n"
        "try:\n"
        "    interop.code_mode([])\n"
        "except ImportError as e:\n"
        "    print(e)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "pip install 'standard-tool[code-mode]'" in done.stdout


async def test_a_code_tool_inside_a_code_tool() -> None:
    inner = interop.code_mode([get_weather], name="weather_code")
    outer = interop.code_mode([inner, to_fahrenheit])
    assert "async def weather_code(code: str) -> Any:" in outer.description
    out = await run(
        outer,
        "t = await weather_code(\"(await get_weather('Lima'))['temp_c']\")\nawait to_fahrenheit(float(t))",
    )
    assert out == "69.8"
    with pytest.raises(
        ToolError, match=r"(?s)RuntimeError: Error from tool 'weather_code': The program raised.*NameError"
    ):
        await run(outer, "await weather_code('nope')")

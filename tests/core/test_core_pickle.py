"""`copy.deepcopy` and `pickle` of tools: built with `@tool` or `standard_tool`, and wrapped."""

from __future__ import annotations

import copy
import pickle
import subprocess
import sys
from pathlib import Path

import pytest
from pickle_tools import Args, add, allow, divide, raw, shown

import interop


def test_a_module_level_tool_pickles_by_reference() -> None:
    assert pickle.loads(pickle.dumps(add)) is add  # @tool: the decorated name is the tool
    again = pickle.loads(pickle.dumps(divide))  # standard_tool: rebuilt from its recipe
    assert again.name == "divide" and interop.call(again, {"a": 6, "b": 4}) == 1.5


def test_a_built_tool_pickles_by_its_recipe() -> None:
    from pickle_tools import run_divide

    local = interop.standard_tool(
        name="divide2", description="d", input_schema=Args, output_schema=float, execute=run_divide
    )
    again = pickle.loads(pickle.dumps(local))
    assert again is not local and again.name == "divide2"
    assert interop.call(again, {"a": 6, "b": 3}) == 2.0
    assert interop.input_json_schema(again) == interop.input_json_schema(local)


def test_wrapped_tools_pickle_as_the_call_that_built_them() -> None:
    for wrapped in (
        interop.with_approval(add, allow),
        interop.with_model_output(add, shown),
        interop.with_formatted_output(divide),
        interop.transform_tool(add, name="plus", args={"b": interop.ArgTransform(default=10, hide=True)}),
    ):
        again = pickle.loads(pickle.dumps(wrapped))
        assert again.name == wrapped.name and interop.input_json_schema(again) == interop.input_json_schema(
            wrapped
        )
        assert interop.call(again, {"a": 1}) == interop.call(wrapped, {"a": 1})


def test_a_tool_built_from_a_lambda_says_why_it_cannot_be_pickled() -> None:
    with pytest.raises((pickle.PicklingError, AttributeError, TypeError)):
        pickle.dumps(raw)


def test_deepcopy_gives_an_independent_tool() -> None:
    for tool in (add, divide, raw, interop.with_approval(add, allow)):
        copied = copy.deepcopy(tool)
        assert copied is not tool and copied.name == tool.name
        assert copied.meta == tool.meta and copied.meta is not tool.meta
        assert interop.input_json_schema(copied) == interop.input_json_schema(tool)
    assert interop.call(copy.deepcopy(add), {"a": 2}) == 3
    assert copy.copy(add).name == "add"


def test_a_tool_crosses_a_process_boundary() -> None:
    code = (
        "import pickle, sys; sys.path.insert(0, sys.argv[1]); import interop; "
        "t = pickle.loads(sys.stdin.buffer.read()); print(interop.call(t, {'a': 40, 'b': 2}))"
    )
    here = str(Path(__file__).parent)
    out = subprocess.run(
        [sys.executable, "-c", code, here], input=pickle.dumps(add), capture_output=True, timeout=120
    )
    assert out.returncode == 0, out.stderr.decode()
    assert out.stdout.decode().strip() == "42"

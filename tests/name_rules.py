"""`assert_name_rules`: the tool-name checks every framework's `to_X` tests make (a name the
framework cannot take is refused and can be renamed; two tools of one name are refused)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import interop
from interop.errors import ToolNameError


def named(name: str, value: Any = "") -> Any:
    """A neutral tool called `name` that returns `value`."""
    return interop.standard_tool(name=name, description="Returns a value.", execute=lambda _i: value)


def assert_name_rules(
    convert: Callable[..., Any],
    convert_all: Callable[[list[Any]], Any],
    *,
    bad: str,
    good: str,
    name_of: Callable[[Any], str] = lambda native: native.name,
    match: str | None = None,
    match_all: str | None = None,
) -> None:
    """`convert` (to_X) refuses a tool named `bad` with a `ToolNameError` (matching `match`) and
    converts it renamed `good` (`name_of` reads the native tool's name); `convert_all` (to_X_tools)
    refuses the same tool twice and two tools of one name (matching `match_all`)."""
    tool = named(bad)
    with pytest.raises(ToolNameError, match=match):
        convert(tool)
    assert name_of(convert(tool, rename=good)) == good
    twin = named(good)
    for pair in ([twin, twin], [twin, named(good, 2)]):
        with pytest.raises(ToolNameError, match=match_all):
            convert_all(pair)

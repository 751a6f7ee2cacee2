"""What a model and a human are shown, exactly (issue 38, item 13): bytes in data as standard
base64, keys that collide in JSON refused, approval prompts complete and escaped.

Over real MCP sessions: tests/mcp/test_mcp_trust_details.py.
"""

from __future__ import annotations

import base64
import dataclasses
import enum
import json
from typing import Any

import pytest

import interop
from interop import bridge
from interop.bridge import ResultNotJSON, escaped_json, escaped_text, to_json_text, to_jsonable

DATA = b"\xfb\xff\xfe\x00>?"
STANDARD = base64.b64encode(DATA).decode()


@dataclasses.dataclass
class Record:
    name: str
    data: bytes


class Dict(dict):  # type: ignore[type-arg]
    pass


class Color(enum.Enum):
    RED = "red"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ({"data": DATA}, {"data": STANDARD}),
        ([DATA, bytearray(DATA), (DATA,)], [STANDARD, STANDARD, [STANDARD]]),
        ({"r": Record("a", DATA)}, {"r": {"name": "a", "data": STANDARD}}),
        (Dict(x=DATA), {"x": STANDARD}),
        ({"s": frozenset([DATA])}, {"s": [STANDARD]}),
        ({DATA: 1}, {STANDARD: 1}),
        ({"deep": [[[{"d": DATA}]]]}, {"deep": [[[{"d": STANDARD}]]]}),
    ],
    ids=["dict", "list", "dataclass", "dict-subclass", "set", "key", "deep"],
)
def test_bytes_nested_in_data_are_standard_base64(value: Any, expected: Any) -> None:
    assert to_jsonable(value) == expected
    assert json.loads(to_json_text(value)) == expected
    assert base64.b64decode(STANDARD) == DATA


def test_data_without_bytes_is_not_copied() -> None:
    from interop._results import _prepared

    record = Record("x", b"")
    value = {"a": [1, {"b": "c", "d": [None, 2.5]}], "e": "plain", "r": [record]}
    record.data = "text"  # type: ignore[assignment]
    assert _prepared(value, None) is value


@pytest.mark.parametrize(
    ("value", "named"),
    [
        ({1: "a", "1": "b"}, "1 and '1'"),
        ({True: "a", "true": "b"}, "True and 'true'"),
        ({"outer": {Color.RED: 1, "red": 2}}, "<Color.RED: 'red'> and 'red'"),
        ({1.0: "a", "1.0": "b"}, "1.0 and '1.0'"),
    ],
)
def test_keys_that_collide_in_json_are_an_output_error(value: Any, named: str) -> None:
    for encode in (to_jsonable, to_json_text):
        with pytest.raises(ResultNotJSON, match="same JSON key") as info:
            encode(value, tool_name="t")
        assert named in str(info.value) and info.value.tool_name == "t"
    assert to_jsonable({1: "a", 2: "b"}) == {"1": "a", "2": "b"}  # distinct keys: as before


@pytest.mark.anyio
async def test_a_colliding_result_reaches_the_model_as_an_output_error() -> None:
    @interop.tool
    def clash() -> dict[Any, str]:
        """Collides."""
        return {1: "int", "1": "str"}

    invoker = bridge.Invoker(clash, name="clash", target="test", options=bridge.Options())
    for outcome in (invoker.invoke({}), await invoker.ainvoke({})):
        assert outcome.status == "error" and outcome.error_kind == "output"
        assert "1 and '1'" in outcome.text and "'clash'" in outcome.text


def test_escaped_json_is_complete_and_escapes_what_hides_or_reorders_text() -> None:
    value = {
        "path": "safe\u202egpj.exe",
        "zero": "a\u200bb\ufeff",
        "tags": "x\U000e0041\U000e0042",  # tag characters ("ASCII smuggling")
        "term": "\x1b[2J\x7f",
        "lines": "one\u2028two\u00a0three",
        "long": "y" * 50_000 + " end",
        "ok": "é ü 中文 😀",
    }
    text = escaped_json(value, indent=2)
    assert json.loads(text) == value and "y" * 50_000 + " end" in text
    for hidden in ("\u202e", "\u200b", "\ufeff", "\U000e0041", "\x1b", "\x7f", "\u2028", "\u00a0"):
        assert hidden not in text
    assert "\\u202e" in text and "\\udb40\\udc41" in text and "é ü 中文 😀" in text
    assert escaped_text("a\u202e\nb") == "a\\u202e\\u000ab" and escaped_text("plain") == "plain"


def test_a_value_inside_itself_is_refused_by_the_encoder_not_walked_forever() -> None:
    twice: list[Any] = []
    twice.extend([twice, twice])  # walked naively: 2**256 visits
    selfish: dict[str, Any] = {"data": DATA}
    selfish["me"] = selfish
    for value in (twice, selfish):
        for encode in (to_jsonable, to_json_text):
            with pytest.raises(ResultNotJSON, match="circular reference"):
                encode(value)

"""`ToolResultText` (the text a model reads with the structured value attached) as frameworks
copy it: Semantic Kernel snapshots every result with `copy.deepcopy`."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from typing import Any

import pytest

from interop import Image
from interop._kit import ToolResultText


@dataclasses.dataclass
class Box:
    items: list[int]


def test_a_deep_copy_keeps_the_text_and_parts_and_copies_the_value_at_every_level() -> None:
    value: dict[str, Any] = {"a": [1, {"b": [2.5, None, True]}], "c": {"d": "e"}, "f": 3}
    image = Image(b"\x89PNG", "image/png")
    text = ToolResultText('{"a": 1}', value, ("here", image))
    copied = copy.deepcopy(text)
    assert type(copied) is ToolResultText and str(copied) == '{"a": 1}' and copied == text
    assert copied.parts == ("here", image)
    assert copied.value == value and copied.value is not value
    assert copied.value["a"] is not value["a"] and copied.value["a"][1] is not value["a"][1]
    assert copied.value["c"] is not value["c"]
    value["a"][1]["b"].append(9)  # a later change to the original does not reach the copy
    value["c"]["d"] = "x"
    assert copied.value == {"a": [1, {"b": [2.5, None, True]}], "c": {"d": "e"}, "f": 3}


@pytest.mark.parametrize(
    "value",
    [
        Box([1, 2]),  # not JSON data: copied as copy.deepcopy copies it
        {1: [1], 2: [2]},  # keys that are not strings
        {"box": Box([3])},  # JSON data holding something else
        ({"t": [1]},),  # a tuple
        {"s": {1, 2}},
    ],
)
def test_other_values_are_copied_as_deepcopy_copies_them(value: Any) -> None:
    copied = copy.deepcopy(ToolResultText("t", value)).value
    assert copied == value and copied is not value
    assert copy.deepcopy(value) == copied


def test_a_value_holding_one_object_twice_keeps_it_shared_where_deepcopy_would() -> None:
    box = Box([1])
    copied = copy.deepcopy(ToolResultText("t", [box, box])).value
    assert copied[0] is copied[1] and copied[0] is not box  # the memo is passed on


def test_a_subclass_is_copied_as_itself_and_pickles_keep_the_value() -> None:
    class Mine(ToolResultText):
        __slots__ = ()

    copied = copy.deepcopy(Mine("t", {"k": [1]}))
    assert type(copied) is Mine and copied.value == {"k": [1]}
    loaded = pickle.loads(pickle.dumps(ToolResultText("t", {"k": [1]}, ("t",))))
    assert loaded.value == {"k": [1]} and loaded.parts == ("t",)
    shallow = copy.copy(ToolResultText("t", {"k": [1]}))
    assert shallow.value == {"k": [1]}

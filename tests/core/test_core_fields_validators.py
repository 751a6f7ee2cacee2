"""`interop._schema.fields_validators`: a `@tool`'s arguments validated into the dict of their
values without the model instance (`Invoker.validate_ahead`), and, for parameters of JSON's own
types, from the JSON text in one pass (`Invoker.validate_ahead_json`). Both must accept and refuse
exactly what the model accepts and refuses after parsing the text, with the same values."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import pydantic
import pytest
from pydantic import Field, model_validator
from pydantic_core import from_json

from interop._schema import fields_validators

TYPES: list[Any] = [
    int, float, str, bool, type(None), list[int], dict[str, int], int | None, int | str,
    str | int, float | int, int | float, Literal["a", "b"], Literal[1, 2],
    Literal[True], Any, Annotated[int, Field(ge=0)], Annotated[str, Field(pattern=r"^\d+$")],
    Annotated[str, Field(max_length=3)], list[float | None], bool | int, int | bool,
    dict[str, list[str]], list[Any], dict[str, Any], list[str] | None, str | float,
    bool | str, Annotated[float, Field(gt=0, multiple_of=0.5)],
    Annotated[list[int], Field(min_length=1)],
]  # fmt: skip
VALUES = [
    "0", "1", "-1", "1.0", "1.5", "1e20", "1e400", '"1"', '"1.0"', '"abc"', '""', "true", "false",
    "null", "[]", "[1]", '["1"]', "{}", '{"a":1}', "NaN", "Infinity", "12345678901234567890123",
    '"true"', '"2020-01-01"', '" 1 "', '"1_000"', "[1.0]", "[null]", '{"a":"1"}', '{"a":[1]}', '"a"',
    '"b"', "2", '"inf"', "0.5", "[true]", '"1e3"', "-0.0", '"\\u00e9"', '"1234"', '"yes"', '"0"',
]  # fmt: skip
TEXTS = ['{"x": ' + v + "}" for v in VALUES] + [
    "{}",
    '{"x": 1, "y": 2}',
    '{"x": 1, "x": "a"}',
    "[1]",
    "1",
    "null",
    '"x"',
    "{",
    "",
    ' {"x": 1} ',
]


def _model(tp: Any) -> type[pydantic.BaseModel]:
    return pydantic.create_model(  # type: ignore[no-any-return, call-overload]
        "arguments", __config__=pydantic.ConfigDict(extra="forbid"), x=(tp, ...)
    )


def _answer(run: Any) -> Any:
    try:
        return "ok", repr(run())
    except ValueError as e:
        if isinstance(e, pydantic.ValidationError):
            return "refused", [(x["type"], x["loc"]) for x in e.errors()]
        return "refused", "not JSON"


@pytest.mark.parametrize("tp", TYPES, ids=repr)
def test_the_fields_validators_accept_and_refuse_what_the_model_does(tp: Any) -> None:
    model = _model(tp)
    of_dict, of_json = fields_validators(model, model.__pydantic_validator__.validate_python)
    assert of_json is not None  # JSON's own types: validated from the text in one pass
    for text in TEXTS:
        try:
            parsed = from_json(text)
        except ValueError:
            assert _answer(lambda: of_json(text))[0] == "refused"
            continue
        by_model = _answer(lambda: model.model_validate(parsed).__dict__)
        if isinstance(parsed, dict):  # the dict validator: the same values, the same errors
            assert _answer(lambda: of_dict(parsed)[0]) == by_model, text
        by_json = _answer(lambda: of_json(text)[0])
        # a refusal sends the caller its usual way (the model's answer, its errors): what the one
        # pass accepts must be what the model accepts, with the same values. (pydantic-core 2.27,
        # the lowest supported, refuses in JSON a float written as an integer beyond 64 bits that
        # the model accepts once parsed: the usual way then accepts it.)
        if by_json[0] == "ok":
            assert by_model[0] == "ok", text
            if "nan" not in by_json[1]:
                assert by_json == by_model, text


class Inner(pydantic.BaseModel):
    n: int


class Checked(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(extra="forbid")
    a: int

    @model_validator(mode="after")
    def positive(self) -> Checked:
        if self.a < 0:
            raise ValueError("negative")
        return self


def test_what_is_not_json_s_own_types_has_no_one_pass_and_a_model_with_more_than_fields_builds_it() -> None:
    for tp in (Inner, list[Inner], Annotated[str, pydantic.Strict()], pydantic.StrictInt, tuple[int, int]):
        model = _model(tp)
        of_dict, of_json = fields_validators(model, model.__pydantic_validator__.validate_python)
        assert of_json is None, tp
    nested = _model(list[Inner])
    of_dict, _ = fields_validators(nested, nested.__pydantic_validator__.validate_python)
    assert of_dict({"x": [{"n": "1"}]})[0] == {"x": [Inner(n=1)]}
    with pytest.raises(pydantic.ValidationError) as raised:
        of_dict({"x": [{"n": "z"}]})
    assert raised.value.errors()[0]["loc"] == ("x", 0, "n")
    of_dict, of_json = fields_validators(Checked, Checked.__pydantic_validator__.validate_python)
    assert of_json is None and of_dict({"a": 1})[0] == {"a": 1}
    with pytest.raises(pydantic.ValidationError):  # the model's own validator still runs
        of_dict({"a": -1})

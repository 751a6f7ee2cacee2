"""Defects in the schema core found from outside, each pinned by a test (issue 14, item 8), and
the per-schema metaschema check paid once (item 7)."""

from __future__ import annotations

import copy
import datetime
import gc
import json
import subprocess
import sys
import uuid
import weakref
from typing import Annotated, Any

import jsonschema
import pydantic
import pytest
from openapi_schema_validator import OAS30Validator
from pydantic import BaseModel, Field, NegativeInt, PositiveFloat, PositiveInt

import interop
from interop.bridge import NAME_RULES, check_name, resolve_name
from interop.errors import ToolNameError
from interop.protocols import Success
from interop.providers import to_gemini_function_declaration

# ---------------------------------------------------------------------------------------------- format

FORMATTED = {
    "type": "object",
    "properties": {
        "when": {"type": "string", "format": "date-time"},
        "id": {"type": "string", "format": "uuid"},
        "mail": {"type": "string", "format": "email"},
        "site": {"type": "string", "format": "uri"},
        "day": {"type": "string", "format": "date"},
    },
    "required": ["when", "id"],
}
# what a real tool behind such a schema (pydantic: datetime, UUID) accepts, but format checkers refuse
ACCEPTED_BY_THE_TOOL = {"when": "2024-01-02T03:04:05", "id": "12345678123456781234567812345678"}


class RealTool(BaseModel):
    when: datetime.datetime
    id: uuid.UUID


def test_a_consumed_raw_schema_does_not_assert_format() -> None:
    RealTool.model_validate(ACCEPTED_BY_THE_TOOL)  # the real tool takes these values
    schema = interop.as_schema(FORMATTED).__standard_schema__
    assert schema.validate(ACCEPTED_BY_THE_TOOL) == Success(ACCEPTED_BY_THE_TOOL)
    odd = {**ACCEPTED_BY_THE_TOOL, "mail": "not an address", "site": "::", "day": "2024-13-45"}
    assert isinstance(schema.validate(odd), Success)
    draft07 = {**FORMATTED, "$schema": "http://json-schema.org/draft-07/schema#"}
    assert isinstance(interop.as_schema(draft07).__standard_schema__.validate(ACCEPTED_BY_THE_TOOL), Success)
    # the other keywords are still asserted
    failure = schema.validate({"when": 5, "id": "x"})
    assert not isinstance(failure, Success) and [i.path for i in failure.issues] == [("when",)]


_FORMAT_PACKAGES = (
    "rfc3339_validator",
    "rfc3986_validator",
    "rfc3987",
    "fqdn",
    "idna",
    "isoduration",
    "uri_template",
)


def test_format_verdicts_do_not_depend_on_the_optional_format_packages() -> None:
    values = [
        ACCEPTED_BY_THE_TOOL,
        {"when": "yesterday", "id": "nope", "site": "::"},
        {"when": 1, "id": None},
    ]
    script = (
        "import json, sys\n"
        f"for name in {_FORMAT_PACKAGES!r}: sys.modules[name] = None  # as if not installed\n"
        "import interop\n"
        f"schema = interop.as_schema({FORMATTED!r}).__standard_schema__\n"
        f"print(json.dumps([type(schema.validate(v)).__name__ for v in {values!r}]))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    without = json.loads(out.stdout.strip().splitlines()[-1])
    schema = interop.as_schema(FORMATTED).__standard_schema__
    assert without == [type(schema.validate(v)).__name__ for v in values] == ["Success", "Success", "Failure"]


# ---------------------------------------------------------------------------------------------- bounds


class Bounded(BaseModel):
    at_least_5: Annotated[PositiveInt, Field(ge=5)]  # exclusiveMinimum 0 and minimum 5: minimum binds
    above_5: Annotated[int, Field(ge=0, gt=5)]  # exclusive binds
    at_most_minus_5: Annotated[NegativeInt, Field(le=-5)]  # exclusiveMaximum 0 and maximum -5
    below_3: Annotated[int, Field(le=10, lt=3)]
    tie: Annotated[int, Field(ge=2, gt=2)]  # on a tie the exclusive bound binds
    positive: PositiveFloat


def _accepts(field: str, value: Any) -> bool:
    base = {"at_least_5": 5, "above_5": 6, "at_most_minus_5": -5, "below_3": 2, "tie": 3, "positive": 1.0}
    try:
        Bounded.model_validate({**base, field: value})
    except pydantic.ValidationError:
        return False
    return True


INTEGER_FIELDS = ("at_least_5", "above_5", "at_most_minus_5", "below_3", "tie")


def test_openapi_3_0_shows_the_binding_bound() -> None:
    schema = interop.as_schema(Bounded).__standard_schema__.json_schema.input(target="openapi-3.0")
    props = schema["properties"]
    assert props["at_least_5"] == {"type": "integer", "minimum": 5}
    assert props["above_5"] == {"type": "integer", "minimum": 5, "exclusiveMinimum": True}
    assert props["at_most_minus_5"] == {"type": "integer", "maximum": -5}
    assert props["below_3"] == {"type": "integer", "maximum": 3, "exclusiveMaximum": True}
    assert props["tie"] == {"type": "integer", "minimum": 2, "exclusiveMinimum": True}
    assert props["positive"] == {"type": "number", "minimum": 0, "exclusiveMinimum": True}
    for name in INTEGER_FIELDS:  # an OpenAPI 3.0 validator and the tool agree on every value
        validator = OAS30Validator(props[name])
        for value in range(-12, 13):
            assert validator.is_valid(value) == _accepts(name, value), (name, value)


def _gemini_accepts(prop: dict[str, Any], value: float) -> bool:
    return bool(prop.get("minimum", -1e9) <= value <= prop.get("maximum", 1e9))


@pytest.mark.parametrize("mode", ["parameters", "parameters_json_schema"])
def test_gemini_shows_the_binding_bound(mode: str) -> None:
    tool = interop.standard_tool(name="bounded", description="d", execute=lambda x: x, input_schema=Bounded)
    declaration = to_gemini_function_declaration(tool, mode=mode)  # type: ignore[arg-type]
    props = declaration["parameters" if mode == "parameters" else "parametersJsonSchema"]["properties"]
    for name in INTEGER_FIELDS:  # Gemini has no exclusive bounds: on integers they become inclusive
        assert "exclusiveMinimum" not in props[name] and "exclusiveMaximum" not in props[name]
        for value in range(-12, 13):
            assert _gemini_accepts(props[name], value) == _accepts(name, value), (name, value)
    assert props["positive"]["minimum"] == 0 and "exclusiveMinimum: 0" in props["positive"]["description"]


# ---------------------------------------------------------------------------------------------- cache


def test_as_schema_cache_lets_per_request_model_types_be_collected() -> None:
    from interop._schema import _cache

    held_type = pydantic.create_model("Held", q=(str, ...))
    held = interop.as_schema(held_type)
    first = pydantic.create_model("PerRequest", q=(str, ...))
    assert interop.as_schema(first) is interop.as_schema(first)  # still a cache
    gone = weakref.ref(first)
    del first
    for i in range(_cache.size + 20):  # one model type per request, as `create_model` users do
        interop.as_schema(pydantic.create_model(f"PerRequest{i}", q=(str, ...)))
    gc.collect()
    assert gone() is None
    assert interop.as_schema(held_type) is held  # a schema something still holds stays cached


# ---------------------------------------------------------------------------------------------- names


@pytest.mark.parametrize("rule", sorted(NAME_RULES))
def test_tool_names_with_a_trailing_newline_are_refused(rule: str) -> None:
    assert check_name("get_weather", rule) == "get_weather"
    for bad in ("get_weather\n", "get_weather\r\n", "\nget_weather"):
        with pytest.raises(ToolNameError):
            check_name(bad, rule)
        with pytest.raises(ToolNameError):
            resolve_name("ok", rule, rename=bad)


# ---------------------------------------------------------------------------------------------- metaschema check


def test_a_raw_schema_is_checked_against_its_metaschema_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[Any] = []
    original = jsonschema.Draft202012Validator.check_schema

    def counting(cls: Any, schema: Any, *args: Any, **kwargs: Any) -> None:
        calls.append(schema)
        original(schema, *args, **kwargs)

    monkeypatch.setattr(jsonschema.Draft202012Validator, "check_schema", classmethod(counting))
    marker = str(uuid.uuid4())  # a shape no other test has checked
    schema = {"type": "object", "properties": {"q": {"type": "string"}, marker: {"type": "integer"}}}
    # what a consumed tool list looks like: one shape, each tool with its own title and descriptions
    variants = [
        {**copy.deepcopy(schema), "title": f"tool_{i}_args", "description": f"Tool number {i}."}
        for i in range(50)
    ]
    variants.append(dict(reversed(list(copy.deepcopy(variants[0]).items()))))  # key order is no matter
    built = [interop.as_schema(v) for v in variants]
    assert len(calls) == 1
    # every one still validates, with clear issues
    assert built[7].__standard_schema__.validate({"q": "x"}) == Success({"q": "x"})
    failure = built[8].__standard_schema__.validate({"q": 1})
    assert not isinstance(failure, Success) and failure.issues[0].path == ("q",)
    # an invalid schema is refused every time, never remembered as checked, even when it differs
    # from a checked one only in an annotation (a title must be a string)
    for bad in (
        {"type": 12, "title": marker},
        {**schema, "title": 5},
        {**schema, "properties": {"q": {"title": []}}},
    ):
        for _ in range(2):
            with pytest.raises(jsonschema.SchemaError):
                interop.as_schema(bad)
    # a property named like an annotation is a name, not an annotation: shapes stay apart
    titled = {"type": "object", "properties": {"title": {"type": "string"}}, "required": ["title"]}
    assert interop.as_schema(titled).__standard_schema__.validate({}) != Success({})

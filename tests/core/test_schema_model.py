"""`bridge.schema_model`: a pydantic class that reports a given JSON Schema and accepts any arguments."""

from __future__ import annotations

import copy
import pickle

from interop.bridge import SchemaModel, schema_model

SCHEMA = {
    "type": "object",
    "properties": {"city": {"type": "string", "minLength": 1}, "days": {"type": "integer"}},
    "required": ["city"],
    "additionalProperties": False,
}


def test_reports_the_schema_as_given_and_a_fresh_copy_each_time() -> None:
    model = schema_model("weather_arguments", SCHEMA, module=__name__)
    first = model.model_json_schema()
    assert first == SCHEMA
    first["properties"]["city"]["minLength"] = 99  # a caller mutating what it got
    assert model.model_json_schema() == SCHEMA
    assert SCHEMA["properties"]["city"]["minLength"] == 1  # type: ignore[index]


def test_accepts_any_arguments_unchanged_validation_is_the_tools_job() -> None:
    model = schema_model("weather_arguments", SCHEMA)
    sent = {"city": "", "days": "three", "extra": [1, {"x": None}]}  # invalid for SCHEMA: kept as sent
    assert model.model_validate(sent).model_dump() == sent
    assert model(**sent).model_dump() == sent


def test_one_class_per_tool_named_as_asked() -> None:
    a = schema_model("a_arguments", {"type": "object", "properties": {}}, module=__name__)
    b = schema_model("b_arguments", SCHEMA, module=__name__)
    assert a is not b and issubclass(a, SchemaModel) and issubclass(b, SchemaModel)
    assert (a.__name__, a.__qualname__, a.__module__) == ("a_arguments", "a_arguments", __name__)
    assert a.model_json_schema() != b.model_json_schema()
    assert copy.deepcopy(b.model_validate({"city": "Oslo"})).model_dump() == {"city": "Oslo"}
    assert pickle.loads(pickle.dumps(SchemaModel.model_validate({"city": "Oslo"}))).model_dump() == {
        "city": "Oslo"
    }

"""Hidden stays hidden through a transform, whatever validates the base (JSON Schema, pydantic)."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict, Field

import interop
from interop import ArgTransform, StandardToolValidationError, transform_tool
from interop.bridge import approval_rule, input_json_schema

SECRET = "SECRET-KEY-123"


def _json_schema_base() -> Any:
    return interop.standard_tool(
        name="search",
        description="Search.",
        input_schema={
            "type": "object",
            "properties": {"q": {"type": "string"}, "api_key": {"type": "string", "maxLength": 5}},
            "required": ["q", "api_key"],
        },
        execute=lambda value: value,
    )


def test_a_hidden_value_is_never_quoted_in_an_error() -> None:
    t = transform_tool(_json_schema_base(), args={"api_key": ArgTransform(from_context=lambda c: c["key"])})
    with pytest.raises(StandardToolValidationError) as info:
        interop.call(t, {"q": 3}, {"key": SECRET})
    text = str(info.value)
    assert SECRET not in text and "api_key" in text and "not shown" in text and "q: 3 is not" in text
    quoting = interop.standard_tool(  # a validator that quotes the whole input at the root
        name="whole",
        description="d",
        input_schema={
            "type": "object",
            "properties": {"q": {"type": "string"}, "api_key": {"type": "string"}},
            "not": {"required": ["q", "api_key"]},
        },
        execute=lambda value: value,
    )
    hidden = transform_tool(quoting, args={"api_key": ArgTransform(from_context=lambda c: c["key"])})
    with pytest.raises(StandardToolValidationError) as info:
        interop.call(hidden, {"q": "x"}, {"key": SECRET})
    assert SECRET not in str(info.value) and "<hidden>" in str(info.value)


class Search(BaseModel):
    model_config = ConfigDict(populate_by_name=True)
    q: str
    api_key: str = Field("public", alias="apiKey")


def test_a_hidden_argument_cannot_be_set_under_its_other_spelling() -> None:
    base = interop.standard_tool(name="s", description="d", input_schema=Search, execute=lambda v: v.api_key)
    assert "additionalProperties" not in input_json_schema(base)  # the base's schema is open
    t = transform_tool(base, args={"apiKey": ArgTransform(hide=True)})  # keeps the base default
    assert input_json_schema(t)["additionalProperties"] is False
    with pytest.raises(StandardToolValidationError, match="api_key: unexpected argument"):
        interop.call(t, {"q": "x", "api_key": "attacker"})
    assert interop.call(t, {"q": "x"}) == "public"
    renamed_only = transform_tool(base, args={"q": ArgTransform(name="query")})  # nothing hidden: open
    assert "additionalProperties" not in input_json_schema(renamed_only)


def test_renaming_onto_a_hidden_arguments_name_is_refused_when_built() -> None:
    with pytest.raises(ValueError, match="two arguments would be called 'api_key'"):
        transform_tool(
            _json_schema_base(),
            args={"q": ArgTransform(name="api_key"), "api_key": ArgTransform(hide=True, default="k")},
        )


@interop.tool(meta={"requires_approval": lambda input, context: input.path.startswith("/etc")})
def wipe(path: str, user: str) -> str:
    """Wipe a path as a user."""
    return f"{user} wiped {path}"


def test_a_conditional_predicate_gets_the_validated_input_after_a_transform() -> None:
    t = transform_tool(wipe, args={"user": ArgTransform(from_context=lambda c: c["user"])})
    rule = approval_rule(t.meta)
    assert callable(rule)
    assert rule({"path": "/etc/x"}, {"user": "ann"}) is True
    assert rule({"path": "/tmp/x"}, {"user": "ann"}) is False
    asked: list[Any] = []
    gated = interop.with_approval(t, lambda request: asked.append(request.input) or False)
    assert interop.call(gated, {"path": "/tmp/x"}, {"user": "ann"}) == "ann wiped /tmp/x"
    with pytest.raises(interop.ApprovalDeniedError):
        interop.call(gated, {"path": "/etc/x"}, {"user": "ann"})
    assert asked == [{"path": "/etc/x"}]  # the approver sees what the model sent

"""Keeping the run context out of a serialized `RunState` (durable approvals).

A run paused for approval is saved with `state.to_string()` / `state.to_json()` and resumed,
maybe in another process, with `RunState.from_string(agent, text, ...)`. By default the SDK writes
the run context into that JSON: a mapping as it is, a pydantic model through `model_dump()`, a
dataclass through `asdict()`. A context holding a credential or a user's data would then sit
wherever the state is stored. Pass a context serializer that writes nothing of it (or only a
reference to rebuild it from), and rebuild the context when resuming:

    text = state.to_string(context_serializer=omit_context)
    ...
    state = await RunState.from_string(agent, text, context_deserializer=lambda _: load_context())

    text = state.to_string(context_serializer=keep_context_fields("user_id"))
    ...
    state = await RunState.from_string(agent, text, context_deserializer=lambda d: load_context(d["user_id"]))

The SDK calls a context serializer only for a context that is not a mapping: a `dict` context is
always written as it is. Give a run whose state is stored an object (a dataclass) as its context.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["keep_context_fields", "omit_context"]


def omit_context(context: Any) -> dict[str, Any]:
    """A `RunState` context serializer that writes nothing of the context (`context_serializer=omit_context`)."""
    return {}


def keep_context_fields(*names: str) -> Callable[[Any], Mapping[str, Any]]:
    """A `RunState` context serializer that writes only the named attributes (a reference, such as
    a user id, from which `context_deserializer` rebuilds the context when the run resumes)."""

    def serialize(context: Any) -> Mapping[str, Any]:
        return {name: getattr(context, name) for name in names}

    return serialize

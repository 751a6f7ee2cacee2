"""The digest that binds an approval to the call a human saw.

A paused approval travels through stores the pipeline does not control (a LangGraph checkpoint,
pydantic-ai's message history, a UI). The human approves what was shown: the tool, the call id
and the arguments. `args_digest` is a SHA-256 over those three (arguments as canonical JSON); the
request shown carries it, the decision echoes it, and the resumed call runs only when the digest
of the arguments it would run with is the same. A store that changed the arguments in between
(or a decision meant for another call) cannot approve them.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

__all__ = ["DIGEST_PREFIX", "args_digest", "same_digest"]

DIGEST_PREFIX = "sha256:"


def _canonical(value: Any) -> str:
    from ._results import to_jsonable  # lazy: the encoder loads pydantic-core

    try:
        data = to_jsonable(value)
    except Exception:  # a value with no JSON form: its repr still tells two values apart
        data = repr(value)
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True, default=repr)


def args_digest(tool_name: str, tool_call_id: str | None, arguments: Any) -> str:
    """`"sha256:<hex>"` over the tool's name, the call id and the arguments (canonical JSON)."""
    canonical = json.dumps(
        ["interop-call/v1", tool_name, tool_call_id, _canonical(arguments)], separators=(",", ":")
    )
    return DIGEST_PREFIX + hashlib.sha256(canonical.encode()).hexdigest()


def same_digest(given: Any, expected: str) -> bool:
    """Whether `given` (from a decision) is the digest `expected` (constant time)."""
    import hmac

    return isinstance(given, str) and hmac.compare_digest(given.encode(), expected.encode())

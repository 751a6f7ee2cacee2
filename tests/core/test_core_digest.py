"""`ApprovalRequest.args_digest`: what binds a paused approval to the call a human saw."""

from __future__ import annotations

import interop
from interop import ApprovalRequest


@interop.tool
def pay(to: str, amount: int) -> str:
    """Pay."""
    return f"{to} {amount}"


def test_the_digest_tells_calls_apart_and_ignores_key_order() -> None:
    a = ApprovalRequest(pay, {"to": "bob", "amount": 5}, None, tool_call_id="c1")
    same = ApprovalRequest(pay, {"amount": 5, "to": "bob"}, {"secret": 1}, tool_call_id="c1")
    assert a.args_digest == same.args_digest and a.args_digest.startswith("sha256:")
    others = [
        ApprovalRequest(pay, {"to": "bob", "amount": 500}, None, tool_call_id="c1"),
        ApprovalRequest(pay, {"to": "bob", "amount": 5}, None, tool_call_id="c2"),
        ApprovalRequest(pay, {"to": "bob", "amount": 5}, None, tool_call_id="c1", name="pay2"),
        ApprovalRequest(pay, {"to": "bob", "amount": "5"}, None, tool_call_id="c1"),
    ]
    assert len({a.args_digest, *(o.args_digest for o in others)}) == 5
    assert a.digest_matches(a.args_digest) and not any(a.digest_matches(o.args_digest) for o in others)
    assert not a.digest_matches(None) and not a.digest_matches(a.args_digest.upper())


def test_the_context_never_enters_the_digest() -> None:
    one = ApprovalRequest(pay, {"to": "bob", "amount": 5}, {"token": "a"}, tool_call_id="c")
    two = ApprovalRequest(pay, {"to": "bob", "amount": 5}, {"token": "b"}, tool_call_id="c")
    assert one.args_digest == two.args_digest


def test_a_value_with_no_json_form_still_has_a_digest() -> None:
    request = ApprovalRequest(pay, {"to": object()}, None)
    assert request.args_digest.startswith("sha256:")

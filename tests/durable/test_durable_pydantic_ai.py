"""pydantic-ai deferred approval: `DeferredToolRequests` + the message history serialized with
pydantic-ai's own adapters (`ModelMessagesTypeAdapter`), resumed with `approval_results` (`DeferredToolResults` bound to the arguments shown).

Fast: serialized to JSON text, resumed by a new agent and a new converted toolset (the same tool
list) in this process. Heavy: resumed by a new process after the first was killed with SIGKILL.
Approve runs the tool once (with the context rebuilt by the `context=` hook from `deps`); deny
does not run it. The secret is not in the serialized state.
"""

from __future__ import annotations

import pytest
from durable_harness import assert_decided, calls, kill_then_resume
from pai_payments import approval_agent, pause, resume

pytestmark = pytest.mark.timeout(600)
APPROVED = 'done [success]: {"sent":500,"to":"bob"}'
DENIED = "done [denied]: not this month"


@pytest.mark.parametrize("decision", ["approve", "deny"])
def test_deferred_approval_resumes_from_json(counter, secret, decision):
    stored, approvals = pause(approval_agent(str(counter)))
    assert approvals == ["send_payment"]
    assert calls(counter) == [] and secret not in stored

    done = resume(approval_agent(str(counter)), stored, decision)  # a new agent and converted toolset
    assert_decided(counter, decision, done.output, approved=APPROVED, refused=DENIED)
    assert secret not in done.all_messages_json().decode()


@pytest.mark.heavy
@pytest.mark.parametrize("decision", ["approve", "deny"])
def test_deferred_approval_survives_sigkill(tmp_path, counter, secret, decision):
    done = kill_then_resume("pai_child.py", decision, tmp_path, counter, secret, pending="approvals")
    assert_decided(counter, decision, done["output"], approved=APPROVED, refused=DENIED)

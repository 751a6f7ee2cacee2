"""pydantic-ai child: a deferred approval serialized with pydantic-ai's own adapters.

argv: MODE STATE COUNTER
  start          run until the converted tool asks for approval (`DeferredToolRequests`), write the
                 message history (`ModelMessagesTypeAdapter`) and the requests to STATE, wait to be killed
  approve | deny read STATE, resume with `approval_results(...)` (`DeferredToolResults` bound to the arguments shown) in this new process
The context is rebuilt by a `context=` hook from `deps` (a user id): nothing of it is in STATE.
The agent, the serialization and the resumption are the in-process test's (`pai_payments`).
"""

from __future__ import annotations

import sys
from pathlib import Path

from durable_common import emit, hang
from pai_payments import approval_agent, pause, resume

MODE, STATE, COUNTER = sys.argv[1:4]

if MODE == "start":
    text, approvals = pause(approval_agent(COUNTER))
    Path(STATE).write_text(text)
    hang("paused", approvals=approvals)

result = resume(approval_agent(COUNTER), Path(STATE).read_text(), MODE)
emit("done", output=result.output)

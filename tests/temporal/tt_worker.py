"""A client of a Temporal dev server and a worker on a task queue, for the tests and their child
processes: `serving(address, task_queue, workflows, activities)`. It imports only temporalio (a
fresh child process uses nothing of the project before its own workflow runs)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from datetime import timedelta
from typing import Any

from temporalio.client import Client
from temporalio.worker import Worker


@asynccontextmanager
async def serving(
    address: str,
    task_queue: str,
    workflows: Sequence[type],
    activities: Sequence[Any],
    *,
    plugins: Sequence[Any] = (),
    worker_plugins: Sequence[Any] = (),
    **options: Any,
) -> AsyncIterator[Client]:
    """Connect to the server at `address` (with the client `plugins`), run a worker polling
    `task_queue` with these workflows and activities (and `options`); the client, while it runs.
    A sticky queue times out after 1 s: another worker takes a workflow over quickly."""
    client = await Client.connect(address, plugins=list(plugins))
    async with Worker(
        client,
        task_queue=task_queue,
        workflows=list(workflows),
        activities=list(activities),
        plugins=list(worker_plugins),
        sticky_queue_schedule_to_start_timeout=timedelta(seconds=1),
        **options,
    ):
        yield client

"""Google ADK child: a converted tool's confirmation pending in ADK's SQL session service
(`DatabaseSessionService`), answered by another process.

argv: MODE URL COUNTER
  start            create the session (state: the user id only), run until the converted tool's
                   confirmation request is stored, then wait to be killed
  approve | reject open the same store in this new process (new session service, agent and
                   converted tool), read the pending request from the stored session, answer it
                   with the `adk_request_confirmation` function response, run to the end
  URL              a SQLAlchemy async URL: sqlite+aiosqlite:///FILE or postgresql+psycopg://...
"""

from __future__ import annotations

import asyncio
import os
import sys

from adk_model import close, make_runner, resume, start
from durable_common import emit, hang

MODE, URL, COUNTER = sys.argv[1:4]


async def main() -> None:
    runner = make_runner(URL, COUNTER)
    if MODE == "start":
        requests = await start(runner, {"user_id": "u1"})
        hang(
            "paused",
            pid=os.getpid(),
            requests=[(r.args or {}).get("originalFunctionCall") for r in requests],
        )
    pending, responses, final = await resume(runner, MODE == "approve")
    await close(runner)
    emit(
        "done",
        pid=os.getpid(),
        pending=[(r.args or {}).get("originalFunctionCall") for r in pending],
        responses=responses,
        final=final,
    )


asyncio.run(main())

"""acme_tools served over MCP (in-process here; `interop serve interop.examples.acme_tools --transport http` for real),
consumed back as neutral tools, then handed to pydantic-ai."""

import asyncio

from pydantic_ai import Agent
from pydantic_ai.models.test import TestModel

from interop import acall
from interop.examples.acme_tools import TOOLS
from interop.mcp import build_server, mcp_tools
from interop.pydantic_ai import to_pydantic_ai


async def main():
    server = build_server(TOOLS, name="acme", allow_unapproved=False, approval=lambda request: False)
    async with mcp_tools(server) as remote:  # one client session for every call
        print([t.name for t in remote])
        weather = next(t for t in remote if t.name == "get_weather")
        print(await acall(weather, {"city": "Rome"}))
        whoami = next(t for t in remote if t.name == "whoami")
        agent = Agent(TestModel(), tools=[to_pydantic_ai(whoami)])  # TestModel calls every tool once
        print((await agent.run("weather?")).output)


asyncio.run(main())

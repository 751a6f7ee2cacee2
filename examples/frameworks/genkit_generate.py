"""acme_tools in Genkit's generate loop, driven offline by a model defined with ai.define_model.

The tools are registered on the Genkit instance (referable by name). delete_file requires
approval: the generate is interrupted, and resumes with `resume_restart=approve(...)` or `deny(...)`.
"""

import asyncio
import os
from typing import Any

os.environ.setdefault("OTEL_SDK_DISABLED", "true")

from genkit import FinishReason, Genkit, Message, ModelRequest, ModelResponse, Part, ToolRequest

from interop.examples.acme_tools import TOOLS
from interop.genkit import deny, to_genkit_tools

SCRIPT: list[str | list[tuple[str, dict[str, Any]]]] = [  # tool calls per turn, then the answer
    [("get_weather", {"city": "Rome"}), ("whoami", {})],
    [("delete_file", {"path": "/tmp/old.log"})],
    "Sunny in Rome, ann; the log was kept.",
]

ai = Genkit()


async def scripted(request: ModelRequest, ctx) -> ModelResponse:
    """A model answering from SCRIPT: tool requests, then text."""
    step = SCRIPT.pop(0)
    if isinstance(step, str):
        parts = [Part(text=step)]
    else:
        parts = [Part(tool_request=ToolRequest(name=n, input=i, ref=n)) for n, i in step]
    return ModelResponse(message=Message(role="model", content=parts), finish_reason=FinishReason.STOP)


ai.define_model(name="scripted", fn=scripted)


def show(response):
    for message in response.messages:
        for part in message.content if message.role == "tool" else []:
            if part.tool_response is not None:
                print(f"{part.tool_response.name}: {part.tool_response.output}")


async def main():
    names = [t.name for t in to_genkit_tools(TOOLS, ai)]  # registered on ai: referable by name
    context: dict[str, object] = {"user": "ann", "locale": "it"}  # the neutral context (never seen or set by the model)
    first = await ai.generate(
        model="scripted", prompt="Weather in Rome? Clean up.", tools=names, context=context
    )
    print(f"finish: {first.finish_reason}; interrupted: {[p.tool_request.name for p in first.interrupts]}")
    # the human says no: the model reads the denial, and the generate goes on
    last = await ai.generate(
        model="scripted",
        messages=first.messages,
        tools=names,
        context=context,
        resume_restart=[deny(p, "not today") for p in first.interrupts],
    )
    show(last)
    print(last.text)


asyncio.run(main())

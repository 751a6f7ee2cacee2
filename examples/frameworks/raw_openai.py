"""acme_tools with the raw `openai` SDK (no framework): descriptors + dispatch, against a local mock transport."""

import json
from collections.abc import Iterator
from typing import Any

import httpx2
from openai import OpenAI

from interop.examples.acme_tools import TOOLS, AcmeContext
from interop.providers import OpenAIToolset

turn: Iterator[dict[str, Any]] = iter(
    [
        {"tool_calls": [{"id": "c1", "type": "function", "function": {"name": "whoami", "arguments": "{}"}}]},
        {"content": "You are ann."},
    ]
)


def fake_api(request: httpx2.Request) -> httpx2.Response:
    sent = json.loads(request.content)
    print("tools sent:", [t["function"]["name"] for t in sent["tools"]])
    message = {"role": "assistant", "content": None, **next(turn)}
    body = {
        "id": "x",
        "object": "chat.completion",
        "created": 0,
        "model": "m",
        "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
    }
    return httpx2.Response(200, json=body)


client = OpenAI(api_key="offline", http_client=httpx2.Client(transport=httpx2.MockTransport(fake_api)))
toolset = OpenAIToolset([t for t in TOOLS if t.name != "delete_file"])
messages: list[Any] = [{"role": "user", "content": "Who am I?"}]
while True:
    completion = client.chat.completions.create(model="m", messages=messages, tools=toolset.tools)
    message = completion.choices[0].message
    if not message.tool_calls:
        print(message.content)
        break
    messages += [
        message.model_dump(exclude_none=True),
        *toolset.dispatch(completion, context=AcmeContext(user="ann")),
    ]
    print("tool result:", messages[-1]["content"])

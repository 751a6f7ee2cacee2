"""acme_tools in the Anthropic SDK's tool runner, driven offline: the real Anthropic client talks
to a scripted Messages API (an HTTP transport replaying the model's turns), no API key.

The tool runner has no confirmation step for tools: delete_file (requires_approval) is converted
with an approval callback standing in for a human, who allows /tmp and refuses the rest.
"""

from typing import Any

import anthropic
import httpx2

from interop.anthropic import run_context, to_anthropic_tools
from interop.examples.acme_tools import TOOLS

TURNS = [  # what the model answers, one Messages API request after another
    [("get_weather", {"city": "Oslo", "units": "K"})],  # a bad argument: the model is told, and retries
    [("get_weather", {"city": "Oslo"}), ("whoami", {})],
    [("delete_file", {"path": "/etc/passwd"}), ("delete_file", {"path": "/tmp/old.log"})],
    "Deleted /tmp/old.log for ann; it rains in Oslo.",
]


def messages_api(request: httpx2.Request) -> httpx2.Response:
    """The scripted Messages API: the next turn, as the real one sends it."""
    turn = TURNS.pop(0)
    if isinstance(turn, str):
        content: list[dict[str, Any]] = [{"type": "text", "text": turn}]
        stop = "end_turn"
    else:
        content = [
            {"type": "tool_use", "id": f"toolu_{len(TURNS)}{i}", "name": n, "input": a}
            for i, (n, a) in enumerate(turn)
        ]
        stop = "tool_use"
    message: dict[str, Any] = {
        "id": f"msg_{len(TURNS)}",
        "type": "message",
        "role": "assistant",
        "model": "claude-sonnet-4-5",
        "content": content,
        "stop_reason": stop,
        "stop_sequence": None,
        "usage": {"input_tokens": 0, "output_tokens": 0},
    }
    return httpx2.Response(200, json=message)


def human(request):
    print(f"approval asked: {request.tool_name} {dict(request.input)}")
    return request.input["path"].startswith("/tmp/")


client = anthropic.Anthropic(
    api_key="offline", http_client=httpx2.Client(transport=httpx2.MockTransport(messages_api))
)
runner = client.beta.messages.tool_runner(
    model="claude-sonnet-4-5",
    max_tokens=1024,
    messages=[{"role": "user", "content": "Weather in Oslo, then clean up"}],
    tools=to_anthropic_tools(
        TOOLS, approval=human, asynchronous=False
    ),  # BetaFunctionTools (async tools run to completion)
)

context = {"user": "ann", "files": {"/tmp/old.log": "...", "/etc/passwd": "..."}}
with run_context(context):  # the neutral context of every call in this run
    for message in runner:
        answer = runner.generate_tool_call_response()  # the tool results the runner sends back
        names = {block.id: block.name for block in message.content if block.type == "tool_use"}
        results: list[Any] = list(answer["content"]) if answer else []
        for result in results:
            name = names[result["tool_use_id"]] + (" (error)" if result.get("is_error") else "")
            print(f"{name}: {result['content']}")
print(message.content[0].text)

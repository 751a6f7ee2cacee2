"""acme_tools in google-genai's automatic function calling, driven offline: the real genai.Client
talks to a scripted Gemini API (an httpx transport replaying the model's turns), no API key.

google-genai has no confirmation step for tools: delete_file (requires_approval) is converted with
an approval callback standing in for a human, who allows /tmp and refuses the rest.
"""

import json
from typing import Any

import httpx
from google import genai
from google.genai import types

from interop.examples.acme_tools import TOOLS
from interop.google_genai import run_context, to_google_genai_tools

TURNS = [  # what the model answers, one generateContent request after another
    [("get_weather", {"city": "Oslo", "units": "K"})],  # a bad argument: the model is told, and retries
    [("get_weather", {"city": "Oslo"}), ("whoami", {})],
    [("delete_file", {"path": "/etc/passwd"}), ("delete_file", {"path": "/tmp/old.log"})],
    "Deleted /tmp/old.log for ann; it rains in Oslo.",
]


def gemini(request: httpx.Request) -> httpx.Response:
    """The scripted Gemini API: the next turn, as the real one sends it."""
    turn = TURNS.pop(0)
    if isinstance(turn, str):
        parts: list[dict[str, Any]] = [{"text": turn}]
    else:
        parts = [{"functionCall": {"name": name, "args": args}} for name, args in turn]
    return httpx.Response(200, json={"candidates": [{"content": {"role": "model", "parts": parts}}]})


def human(request):
    print(f"approval asked: {request.tool_name} {dict(request.input)}")
    return request.input["path"].startswith("/tmp/")


client = genai.Client(
    api_key="offline",
    http_options=types.HttpOptions(httpx_client=httpx.Client(transport=httpx.MockTransport(gemini))),
)
# plain sync functions, for client.chats / client.models (the async tools run to completion)
tools = to_google_genai_tools(TOOLS, approval=human, asynchronous=False)

context = {"user": "ann", "files": {"/tmp/old.log": "...", "/etc/passwd": "..."}}
chat = client.chats.create(model="gemini-2.5-flash", config=types.GenerateContentConfig(tools=[*tools]))
with run_context(context):  # the neutral context of every call in this run
    response = chat.send_message("Weather in Oslo, then clean up")
for content in chat.get_history():  # the function responses google-genai sent the model
    for part in content.parts:
        if part.function_response:
            answer = part.function_response.response or {}
            if "error" in answer:
                print(f"{part.function_response.name} (error): {answer['error']}")
            else:
                print(f"{part.function_response.name}: {json.dumps(answer['result'], separators=(',', ':'))}")
print(response.text)

"""Raw provider SDKs (OpenAI Chat here; Anthropic and Gemini toolsets alike): an approval= callback."""

import json

from _tools import DELETED, delete_path

from interop import ApprovalDeniedError, ApprovalRequest
from interop.providers import OpenAIToolset


def ask_a_human(request: ApprovalRequest) -> bool:
    print(f"asks: {request.tool_name} {request.input}")
    if request.input["path"] == "/srv/old":
        return True
    raise ApprovalDeniedError(request.tool_name, "never touch /etc")


toolset = OpenAIToolset([delete_path], approval=ask_a_human, parallel=False)
# what completion.choices[0].message.tool_calls holds when the model asks for three calls at once
tool_calls = [
    {
        "id": f"c{i}",
        "type": "function",
        "function": {"name": "delete_path", "arguments": json.dumps({"path": p})},
    }
    for i, p in enumerate(["/srv/old", "/etc/passwd", "/tmp/cache"])
]
for message in toolset.dispatch(tool_calls):  # append these to `messages` and call the model again
    print(f"{message['tool_call_id']}: {message['content']}")
print("deleted:", sorted(DELETED))

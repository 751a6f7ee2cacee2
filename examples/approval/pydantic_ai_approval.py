"""pydantic-ai: gated calls end the run with DeferredToolRequests; resume with approval_results
(pydantic-ai's DeferredToolResults, each approval bound to the arguments shown)."""

from _tools import DELETED, delete_path
from pydantic_ai import Agent, DeferredToolRequests, ToolDenied
from pydantic_ai.messages import ModelResponse, TextPart, ToolCallPart
from pydantic_ai.models.function import FunctionModel

from interop.pydantic_ai import approval_results, to_pydantic_ai

paths = ["/srv/old", "/etc/passwd", "/tmp/cache"]


def model(messages, info):
    if len(messages) == 1:
        return ModelResponse(
            parts=[
                ToolCallPart("delete_path", {"path": p}, tool_call_id=f"c{i}") for i, p in enumerate(paths)
            ]
        )
    return ModelResponse(parts=[TextPart("Cleaned up.")])


agent = Agent(
    FunctionModel(model), tools=[to_pydantic_ai(delete_path)], output_type=[str, DeferredToolRequests]
)
first = agent.run_sync("clean up")
assert isinstance(first.output, DeferredToolRequests)
for call in first.output.approvals:  # only the calls that need approval (not /tmp/cache)
    print(f"asks: {call.tool_name} {call.args}")
results = approval_results(first.output, {"c0": True, "c1": ToolDenied("never touch /etc")})
second = agent.run_sync(message_history=first.all_messages(), deferred_tool_results=results)
for message in second.all_messages():
    for part in getattr(message, "parts", []):
        if part.part_kind == "tool-return":
            print(f"{part.tool_call_id}: {part.model_response_str()}")
print("deleted:", DELETED)
print(second.output)

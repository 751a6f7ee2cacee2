"""`model`: an offline pydantic-ai model that calls `whoami`, then answers."""

from pydantic_ai.messages import ModelResponse, TextPart, ToolCallPart
from pydantic_ai.models.function import FunctionModel

_turns = iter(
    [ModelResponse(parts=[ToolCallPart("whoami", {})]), ModelResponse(parts=[TextPart("You are ann.")])]
)
model = FunctionModel(lambda messages, info: next(_turns))

"""acme_tools in a pydantic-ai Agent, driven offline by a scripted FunctionModel."""

from pydantic_ai import Agent
from pydantic_ai.messages import ModelResponse, TextPart, ToolCallPart, ToolReturnPart
from pydantic_ai.models.function import FunctionModel

from interop.examples.acme_tools import TOOLS, AcmeContext
from interop.pydantic_ai import to_pydantic_ai_toolset

calls = iter([ToolCallPart("get_weather", {"city": "Rome", "units": "F"}), ToolCallPart("whoami", {})])


def model(messages, info):
    for part in messages[-1].parts:
        if isinstance(part, ToolReturnPart):
            print(f"{part.tool_name}: {part.model_response_str()}")
    nxt = next(calls, None)
    return ModelResponse(parts=[nxt] if nxt else [TextPart("Sunny in Rome.")])


agent = Agent(FunctionModel(model), deps_type=AcmeContext, toolsets=[to_pydantic_ai_toolset(TOOLS)])
print(agent.run_sync("Weather in Rome?", deps=AcmeContext(user="ann")).output)  # deps -> context

"""acme_tools in an OpenAI Agents SDK Runner, driven offline by the SDK's ScriptedModel."""

from agents import Agent, Runner
from agents.testing import ScriptedModel, assistant_message, function_call
from agents.tracing import set_tracing_disabled

from interop.examples.acme_tools import TOOLS, AcmeContext
from interop.openai_agents import to_openai_agents_tools

set_tracing_disabled(True)
model = ScriptedModel(
    [
        [function_call("convert_currency", {"amount": 10, "source": "EUR", "target": "GBP"}, call_id="c1")],
        [function_call("whoami", {}, call_id="c2")],
        [assistant_message("10 EUR is 8.50 GBP.")],
    ]
)
agent = Agent(name="acme", model=model, tools=to_openai_agents_tools(TOOLS))  # delete_file -> needs_approval
result = Runner.run_sync(agent, "Convert 10 EUR to GBP", context=AcmeContext(user="ann"))
last = model.calls[-1].input  # everything the model was sent on its final turn
for item in last if isinstance(last, list) else []:
    if isinstance(item, dict) and item.get("type") == "function_call_output":
        print(f"{item['call_id']}: {item['output']}")
print(result.final_output)

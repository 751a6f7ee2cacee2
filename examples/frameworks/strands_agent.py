"""acme_tools in a Strands Agent, driven offline by a scripted Model; delete_file raises a Strands
interrupt for approval and the agent resumes with the human's answer.

Strands needs its own environment (mcp<2.2): `make test-strands` runs this script there."""

import json
import os

os.environ.setdefault("OTEL_SDK_DISABLED", "true")

from strands import Agent
from strands.models import Model

from interop.examples.acme_tools import TOOLS, AcmeContext
from interop.strands import CONTEXT_KEY, to_strands_tools


class Scripted(Model):
    """Calls get_weather, whoami and delete_file (one per turn), then answers."""

    def __init__(self):
        self.steps = [
            ("get_weather", {"city": "Rome"}),
            ("whoami", {}),
            ("delete_file", {"path": "/tmp/old.log"}),
            "Deleted /tmp/old.log for ann.",
        ]

    def update_config(self, **config):
        pass

    def get_config(self):
        return {}

    async def structured_output(self, output_model, prompt, system_prompt=None, **kw):
        raise NotImplementedError
        yield

    async def stream(self, messages, tool_specs=None, system_prompt=None, **kw):
        step = self.steps.pop(0)
        yield {"messageStart": {"role": "assistant"}}
        if isinstance(step, str):
            yield {"contentBlockDelta": {"delta": {"text": step}}}
            yield {"contentBlockStop": {}}
            yield {"messageStop": {"stopReason": "end_turn"}}
            return
        name, args = step
        yield {"contentBlockStart": {"start": {"toolUse": {"toolUseId": f"t_{name}", "name": name}}}}
        yield {"contentBlockDelta": {"delta": {"toolUse": {"input": json.dumps(args)}}}}
        yield {"contentBlockStop": {}}
        yield {"messageStop": {"stopReason": "tool_use"}}


agent = Agent(model=Scripted(), tools=to_strands_tools(TOOLS), callback_handler=None)
state = {CONTEXT_KEY: AcmeContext(user="ann")}  # invocation_state[CONTEXT_KEY] -> context
result = agent("Weather in Rome, then clean up", invocation_state=state)
print("interrupted for:", [i.reason["tool"] for i in result.interrupts])  # reason: tool, args, ...
answers = [{"interruptResponse": {"interruptId": i.id, "response": "approve"}} for i in result.interrupts]
result = agent(answers, invocation_state=state)
for message in agent.messages:
    for block in message["content"]:
        if "toolResult" in block:
            r = block["toolResult"]
            shown = [json.dumps(c["json"]) if "json" in c else c.get("text") for c in r["content"]]
            print(f"{r['toolUseId']}: {' '.join(shown)}")
print(str(result).strip())

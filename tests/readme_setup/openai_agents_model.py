"""`model`: the OpenAI Agents SDK's offline ScriptedModel, calling `whoami`, then answering."""

from agents.testing import ScriptedModel, assistant_message, function_call
from agents.tracing import set_tracing_disabled

set_tracing_disabled(True)
model = ScriptedModel([[function_call("whoami", {}, call_id="c1")], [assistant_message("You are ann.")]])

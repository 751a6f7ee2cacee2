"""acme_tools in a dspy.ReAct program, driven offline by DSPy's own DummyLM."""

import os

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # no network at import

import dspy
from dspy.utils.dummies import DummyLM

from interop.dspy import run_context, to_dspy_tools
from interop.examples.acme_tools import TOOLS, AcmeContext


def step(tool, **args):
    return {"next_thought": f"call {tool}", "next_tool_name": tool, "next_tool_args": args}


lm = DummyLM(
    [
        step("convert_currency", amount=10, source="EUR", target="GBP"),
        step("convert_currency", amount=-1, source="EUR", target="GBP"),  # bad arguments: an observation
        step("whoami"),
        step("delete_file", path="/tmp/report.txt"),
        step("finish"),
        {"reasoning": "done", "answer": "10 EUR is 8.50 GBP, ann."},
    ]
)
# DSPy has no approval mechanism: delete_file needs a callback (here: a human who says no)
program = dspy.ReAct("question -> answer", tools=to_dspy_tools(TOOLS, approval=lambda request: False))
with dspy.context(lm=lm), run_context(AcmeContext(user="ann")):  # the neutral context: a DSPy setting
    pred = program(question="Convert 10 EUR to GBP")
for key, value in pred.trajectory.items():
    if key.startswith("observation_"):
        print(f"{pred.trajectory['tool_name_' + key.split('_')[1]]}: {value}")
print(pred.answer)

"""acme_tools in a CrewAI crew (native function calling), driven offline by a scripted BaseLLM.

CrewAI installs in its own environment (`make test-crewai` builds `.venv-crewai`).
"""

import io
import json
import os
import sys
import tempfile

home = tempfile.mkdtemp()  # CrewAI keeps kickoff outputs and settings under $HOME / XDG folders
os.environ.update(HOME=home, XDG_DATA_HOME=home, XDG_CONFIG_HOME=home, CREWAI_TESTING="true",
                  CREWAI_DISABLE_TELEMETRY="true", CREWAI_DISABLE_TRACKING="true", OTEL_SDK_DISABLED="true")  # fmt: skip

from crewai import Agent, BaseLLM, Crew, Task  # noqa: E402

from interop.crewai import to_crewai_tools  # noqa: E402
from interop.examples.acme_tools import TOOLS  # noqa: E402

steps = iter(
    [
        [("get_weather", {"city": "Oslo", "units": None})],  # strict mode: null for "not given"
        [("delete_file", {"path": "/tmp/a.txt"})],
        [("whoami", {})],
        "Rain in Oslo; the file stays.",
    ]
)


class Scripted(BaseLLM):
    def call(self, messages, tools=None, callbacks=None, available_functions=None, **kwargs):
        for message in messages:
            if message.get("role") == "tool" and message is messages[-1]:
                print(f"{message.get('name')}: {message['content']}")
        step = next(steps)
        if isinstance(step, str):
            return step
        return [
            {"id": n, "type": "function", "function": {"name": n, "arguments": json.dumps(a)}}
            for n, a in step
        ]

    def supports_function_calling(self):
        return True


sys.stdin = io.StringIO("no\n")  # the human at the console refuses the deletion
agent = Agent(
    role="assistant", goal="help", backstory="-", llm=Scripted(model="scripted"), tools=to_crewai_tools(TOOLS)
)
crew = Crew(
    agents=[agent],
    tasks=[Task(description="Weather in Oslo? Delete /tmp/a.txt.", expected_output="-", agent=agent)],
)
print(crew.kickoff(inputs={"user": "ann"}).raw)  # the kickoff inputs are the neutral context
